/**
 * Subjects for the workflow engine's integration tests (tests/integration/workflow*.test.ts and the verification
 * cases): a user, a feedback with its first history row, an order placed the one way orders are made.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../lib/server/db/types';
import { placeOrder } from '../../lib/server/orders/place';
import { recordStart } from '../../lib/server/workflow';

export async function newUser(db: Database, username: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO users (username, password_hash) VALUES ($1, 'unused') RETURNING id::text AS id`, [
    username,
  ]);
  return row!.id;
}

export async function newFeedback(db: Database, userId: string, title: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO feedback (user_id, category, title, content, ip_hash) VALUES ($1, 'data', $2, 'Long enough content.', 'x')
       RETURNING id::text AS id`,
      [userId, title],
    );
    await recordStart(tx, 'feedback', row!.id, { role: 'owner', actorId: userId });
    return row!.id;
  });
}

export async function newOrder(db: Database, userId: string, purpose: string): Promise<string> {
  const scenes = await db.query<{ id: string }>('SELECT id FROM scenes ORDER BY acquired_at DESC, id LIMIT 2');
  const placed = await db.transaction((tx) =>
    placeOrder(tx, {
      userId: Number(userId),
      sceneIds: scenes.map((r) => r.id),
      purpose,
      contact: { name: 'Probe', phone: null, email: null, organization: null },
      idempotencyKey: randomUUID(),
      actorId: Number(userId),
    }),
  );
  return String(placed.orderId);
}
