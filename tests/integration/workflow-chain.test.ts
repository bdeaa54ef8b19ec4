/**
 * A record nobody can quietly change (issue 33.5): every workflow history row carries the SHA-256 of its
 * content and of the subject's previous row. The engine writes the chain; verifyChain finds a row edited in SQL
 * ("content") or missing ("link"); two changes at once keep one chain; migration 0030's SQL backfill gives
 * exactly the hashes the engine writes; the verify endpoints answer only the subject's owner or an administrator.
 */
import { randomUUID } from 'node:crypto';
import { GET as verifyFeedback } from '../../app/api/feedback/v1/feedback/verify/[id]/route';
import { GET as verifyOrder } from '../../app/api/order/v3/order/verify/[id]/route';
import { GET as verifyRequest } from '../../app/api/order/v3/request/verify/[id]/route';
import { GET as ownOrder } from '../../app/api/order/v3/order/detail/[id]/route';
import { POST as createRequest } from '../../app/api/order/v3/request/route';
import { MIGRATIONS } from '../../lib/server/db/migrations';
import { createSession } from '../../lib/server/session';
import { transition, verifyChain } from '../../lib/server/workflow';
import { chainCheckSchema } from '../../lib/shared/workflow/history';
import type { Queryable } from '../../lib/server/db/types';
import { call, withTestDatabase } from '../support/api';
import { newFeedback, newOrder, newUser } from '../support/workflow-subjects';

const db = withTestDatabase();
const BASE = 'http://localhost:3000';

const adminId = async () => (await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-admin'"))[0]!.id;

/** An answer to a feedback (the reply also as the history row's note, to hash texts of every kind). */
const replyIn = (tx: Queryable, id: string, actorId: string, note: string, at?: Date) =>
  transition(
    tx,
    'feedback',
    id,
    { to: 'replied', role: 'admin', actorId, note, at },
    {
      write: async (t, _from, to) => {
        await t.query('UPDATE feedback SET reply = $2, status = $3, replied_at = now(), replied_by = $4 WHERE id = $1', [
          id,
          note,
          to,
          actorId,
        ]);
      },
    },
  );
const reply = (id: string, actorId: string, note: string, at?: Date) => db().transaction((tx) => replyIn(tx, id, actorId, note, at));

const rowsOf = (workflow: string, id: string) =>
  db().query<{ id: string; prev_hash: string | null; content_hash: string }>(
    'SELECT id::text AS id, prev_hash, content_hash FROM workflow_history h WHERE workflow = $1 AND subject_id = $2 ORDER BY h.id',
    [workflow, id],
  );

async function headersOf(userId: string) {
  const { token } = await createSession(db(), userId, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: BASE, 'x-locale': 'en' };
}

describe('the history chain', () => {
  it('chains every row the engine writes to the one before it', async () => {
    const owner = await newUser(db(), 'chain-owner');
    const admin = await adminId();
    const id = await newFeedback(db(), owner, 'Chain probe');
    await reply(id, admin, 'Thanks — 谢谢, "quoted"\nand a second line 🛰');
    await reply(id, admin, 'Changed answer', new Date('2024-02-29T23:59:59.123Z'));

    const rows = await rowsOf('feedback', id);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.prev_hash).toBeNull();
    expect(rows[1]!.prev_hash).toBe(rows[0]!.content_hash);
    expect(rows[2]!.prev_hash).toBe(rows[1]!.content_hash);
    expect(new Set(rows.map((r) => r.content_hash)).size).toBe(3);
    expect(await verifyChain(db(), 'feedback', id)).toEqual({ intact: true, rows: 3, head: rows[2]!.content_hash });
  });

  it('reports a row edited in SQL as "content" at that row, and a deleted row as "link" at the next', async () => {
    const owner = await newUser(db(), 'chain-tampered');
    const admin = await adminId();
    const id = await newFeedback(db(), owner, 'Chain probe');
    for (const note of ['First answer', 'Second answer', 'Third answer']) await reply(id, admin, note);
    const rows = await rowsOf('feedback', id);
    expect(await verifyChain(db(), 'feedback', id)).toEqual({ intact: true, rows: 4, head: rows[3]!.content_hash });

    await db().query("UPDATE workflow_history SET note = 'x' WHERE id = $1", [rows[2]!.id]);
    expect(await verifyChain(db(), 'feedback', id)).toEqual({
      intact: false,
      rows: 4,
      head: rows[3]!.content_hash,
      brokenAt: { historyId: rows[2]!.id, position: 3, reason: 'content' },
    });
    // A quiet change of who or when is a change too.
    await db().query(
      "UPDATE workflow_history SET note = 'Second answer', changed_at = changed_at + interval '1 microsecond' WHERE id = $1",
      [rows[2]!.id],
    );
    expect(await verifyChain(db(), 'feedback', id)).toMatchObject({ brokenAt: { position: 3, reason: 'content' } });
    await db().query("UPDATE workflow_history SET changed_at = changed_at - interval '1 microsecond' WHERE id = $1", [rows[2]!.id]);
    expect(await verifyChain(db(), 'feedback', id)).toMatchObject({ intact: true });

    await db().query('DELETE FROM workflow_history WHERE id = $1', [rows[1]!.id]);
    expect(await verifyChain(db(), 'feedback', id)).toEqual({
      intact: false,
      rows: 3,
      head: rows[3]!.content_hash,
      brokenAt: { historyId: rows[2]!.id, position: 2, reason: 'link' },
    });
  });

  it('keeps one valid chain when changes to one subject come at once', async () => {
    const owner = await newUser(db(), 'chain-concurrent');
    const admin = await adminId();
    const id = await newFeedback(db(), owner, 'Chain probe');
    // The first change starts its transaction early and waits before changing: the second, started later, takes the
    // lock first. Their changed_at (each transaction's start) is then out of the rows' order; the chain follows the rows.
    const early = db().transaction(async (tx) => {
      await tx.query('SELECT now()');
      await new Promise((resolve) => setTimeout(resolve, 150));
      await replyIn(tx, id, admin, 'early');
    });
    const others = Array.from({ length: 6 }, (_, i) =>
      db().transaction(async (tx) => {
        await replyIn(tx, id, admin, `at once ${i}`);
        await tx.query('SELECT pg_sleep(0.02)');
      }),
    );
    await Promise.all([early, ...others]);
    const rows = await rowsOf('feedback', id);
    expect(rows).toHaveLength(8);
    rows.forEach((row, i) => expect(row.prev_hash).toBe(i === 0 ? null : rows[i - 1]!.content_hash));
    expect(await verifyChain(db(), 'feedback', id)).toEqual({ intact: true, rows: 8, head: rows[7]!.content_hash });
  });

  it('keeps the chain of others’ subjects when an account that acted on them is deleted', async () => {
    const owner = await newUser(db(), 'chain-kept');
    const leaving = await newUser(db(), 'chain-leaving-admin');
    const id = await newFeedback(db(), owner, 'Chain probe');
    await reply(id, leaving, 'Answered by an account that goes');
    await db().query('DELETE FROM users WHERE id = $1', [leaving]);
    expect(await verifyChain(db(), 'feedback', id)).toMatchObject({ intact: true, rows: 2 });
  });

  it('backfills in migration 0030 exactly the hashes the engine writes (the SQL and the TypeScript form agree)', async () => {
    const written = await db().query<{ id: string; prev_hash: string | null; content_hash: string }>(
      'SELECT id::text AS id, prev_hash, content_hash FROM workflow_history h ORDER BY h.id',
    );
    expect(written.length).toBeGreaterThan(15);
    const migration = MIGRATIONS.find((m) => m.id === '0030_workflow_history_chain')!;
    // Back to the table as 0028 left it, then 0030 again over every row.
    await db().exec(
      `ALTER TABLE workflow_history DROP COLUMN prev_hash, DROP COLUMN content_hash;
       ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES users (id) ON DELETE SET NULL NOT VALID;`,
    );
    const started = performance.now();
    await db().exec(migration.sql);
    const ms = performance.now() - started;
    const backfilled = await db().query<{ id: string; prev_hash: string | null; content_hash: string }>(
      'SELECT id::text AS id, prev_hash, content_hash FROM workflow_history h ORDER BY h.id',
    );
    // The tampered subject of the test above is backfilled as it now is; every other row is as the engine wrote it.
    const tampered = new Set(
      (
        await db().query<{ id: string }>(
          `SELECT h.id::text AS id FROM workflow_history h JOIN feedback f ON f.id = h.subject_id AND h.workflow = 'feedback'
            JOIN users u ON u.id = f.user_id WHERE u.username = 'chain-tampered'`,
        )
      ).map((r) => r.id),
    );
    const differing = backfilled.filter((row, i) => !tampered.has(row.id) && row.content_hash !== written[i]!.content_hash);
    expect(differing).toEqual([]);
    expect(backfilled.map((r) => r.id)).toEqual(written.map((r) => r.id));

    const subjects = await db().query<{ workflow: 'order' | 'request' | 'feedback'; subject_id: string }>(
      'SELECT DISTINCT workflow, subject_id::text AS subject_id FROM workflow_history',
    );
    for (const s of subjects)
      expect([s.workflow, s.subject_id, await verifyChain(db(), s.workflow, s.subject_id)]).toMatchObject([
        s.workflow,
        s.subject_id,
        { intact: true },
      ]);
    const [fk] = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE conrelid = 'workflow_history'::regclass AND contype = 'f'",
    );
    expect(fk!.n).toBe(0);
    console.info(`0030 backfilled ${backfilled.length} history rows of ${subjects.length} subjects in ${Math.round(ms)} ms`);
  });

  describe('the verify endpoints', () => {
    it('answer the owner and an administrator, and "not found" to anyone else or for no such subject', async () => {
      const owner = await newUser(db(), 'chain-api-owner');
      const other = await newUser(db(), 'chain-api-other');
      const [adminUser] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-admin'");
      const order = await newOrder(db(), owner, 'Chain probe');
      const feedback = await newFeedback(db(), owner, 'Chain probe');
      const scenes = await db().query<{ id: string }>('SELECT id FROM scenes ORDER BY id LIMIT 2');
      const created = await call(createRequest, '/api/order/v3/request', {
        headers: { ...(await headersOf(owner)), 'x-forwarded-for': '198.51.100.77' },
        body: {
          idempotencyKey: randomUUID(),
          kind: 'scenes',
          sceneIds: scenes.map((r) => r.id),
          organization: 'Hebei Institute of Surveying',
          project: 'Chain probe',
          purpose: 'Checking that the record holds.',
          contact: { name: 'Li Lei', phone: '13800000009', email: null },
        },
      });
      const request = String(created.json.data.request.id);

      const endpoints = [
        { handler: verifyOrder, path: '/api/order/v3/order/verify', id: order, owner },
        { handler: verifyFeedback, path: '/api/feedback/v1/feedback/verify', id: feedback, owner },
        { handler: verifyRequest, path: '/api/order/v3/request/verify', id: request, owner },
      ];
      for (const e of endpoints) {
        const ask = async (userId: string | null, id = e.id) =>
          call(e.handler, `${e.path}/${id}`, { headers: userId ? await headersOf(userId) : {}, params: { id } });
        const mine = await ask(e.owner);
        expect([e.path, mine.status, mine.json.code]).toEqual([e.path, 200, 0]);
        const answer = chainCheckSchema.parse(mine.json.data);
        expect(answer.intact).toBe(true);
        expect((await ask(adminUser!.id)).json.data).toEqual(mine.json.data);
        expect([e.path, (await ask(other)).json.code]).toEqual([e.path, 404]);
        expect([e.path, (await ask(e.owner, '987654321')).json.code]).toEqual([e.path, 404]);
        expect([e.path, (await ask(null)).status]).toEqual([e.path, 401]);
        expect([e.path, (await ask(e.owner, 'abc')).json.code]).toEqual([e.path, 400]);
      }

      // The order's own detail carries the same check, and shows a change made behind its back.
      const rows = await rowsOf('order', order);
      await db().query("UPDATE workflow_history SET note = 'quietly' WHERE id = $1", [rows[0]!.id]);
      const detail = await call(ownOrder, `/api/order/v3/order/detail/${order}`, {
        headers: await headersOf(owner),
        params: { id: order },
      });
      expect(detail.json.data.chain).toEqual({
        intact: false,
        rows: 1,
        head: rows[0]!.content_hash,
        brokenAt: { historyId: rows[0]!.id, position: 1, reason: 'content' },
      });
      expect((await call(verifyOrder, '/x', { headers: await headersOf(owner), params: { id: order } })).json.data).toEqual(
        detail.json.data.chain,
      );
    });
  });
});
