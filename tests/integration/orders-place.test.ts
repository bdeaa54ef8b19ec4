/**
 * placeOrder, the one way an order is made (cart submit, application approval): it copies the scenes'
 * metadata, records the first status with who, queues one production job per item, refuses more than
 * the cap in the caller's language, and the same key always finds the same order, also under concurrency.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../lib/server/api/errors';
import { translateMessage } from '../../lib/server/i18n';
import { placeOrder } from '../../lib/server/orders/place';
import { ORDER_LIMITS, ORDER_STATUS } from '../../lib/shared/orders/model';
import { withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function userId(username: string): Promise<number> {
  const [row] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return Number(row!.id);
}

async function sceneIds(n: number, online?: boolean): Promise<string[]> {
  const rows = await db().query<{ id: string }>(
    `SELECT id FROM scenes WHERE ($1::boolean IS NULL OR online = $1) ORDER BY acquired_at DESC, id LIMIT $2`,
    [online ?? null, n],
  );
  return rows.map((r) => r.id);
}

const contact = { name: '张三', phone: '13800000004', email: 'demo-personal@rscloud.example', organization: '实验室' };

describe('placeOrder', () => {
  it('copies the scenes, records who submitted, queues one job per item; the same key finds the same order', async () => {
    const user = await userId('demo-personal');
    const ids = [...(await sceneIds(2, true)), ...(await sceneIds(1, false))];
    expect(ids).toHaveLength(3);
    const key = randomUUID();
    const input = { userId: user, sceneIds: [...ids, ids[0]!], purpose: 'Land use survey', contact, idempotencyKey: key, actorId: user };
    const placed = await db().transaction((tx) => placeOrder(tx, input));
    expect(placed.created).toBe(true);
    expect(placed.code).toMatch(/^DD\d{14}$/);

    const [order] = await db().query<{ status: number; item_count: number; contact_name: string; user_id: string }>(
      'SELECT status, item_count, contact_name, user_id::text AS user_id FROM orders WHERE id = $1',
      [placed.orderId],
    );
    expect(order).toEqual({ status: ORDER_STATUS.SUBMITTED, item_count: 3, contact_name: '张三', user_id: String(user) });
    const items = await db().query<{
      scene_id: string;
      file_name: string;
      online: boolean;
      scene: { id: string; fileName: string; footprint: { type: string } };
    }>('SELECT scene_id, file_name, online, scene FROM order_items WHERE order_id = $1 ORDER BY scene_id', [placed.orderId]);
    expect(items.map((i) => i.scene_id)).toEqual([...ids].sort());
    for (const item of items) {
      expect(item.scene.id).toBe(item.scene_id);
      expect(item.scene.fileName).toBe(item.file_name);
      expect(item.scene.footprint.type).toMatch(/Polygon/);
    }
    expect(items.filter((i) => !i.online)).toHaveLength(1);
    const history = await db().query<{ from_status: number | null; to_status: number; changed_by: string }>(
      'SELECT from_status, to_status, changed_by::text AS changed_by FROM order_history WHERE order_id = $1',
      [placed.orderId],
    );
    expect(history).toEqual([{ from_status: null, to_status: ORDER_STATUS.SUBMITTED, changed_by: String(user) }]);
    const jobs = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'order.produce_item' AND (payload->>'itemId')::bigint IN (SELECT id FROM order_items WHERE order_id = $1)`,
      [placed.orderId],
    );
    expect(jobs[0]!.n).toBe(3);

    const again = await db().transaction((tx) => placeOrder(tx, { ...input, sceneIds: ids.slice(0, 1) }));
    expect(again).toEqual({ orderId: placed.orderId, code: placed.code, created: false });
    // Another user with the same key gets an order of their own.
    const hebei = await userId('demo-hebei');
    const other = await db().transaction((tx) => placeOrder(tx, { ...input, userId: hebei }));
    expect(other.created).toBe(true);
    expect(other.orderId).not.toBe(placed.orderId);
  });

  it('ten concurrent identical submits make one order', async () => {
    const user = await userId('demo-city');
    const ids = await sceneIds(2);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().transaction((tx) =>
          placeOrder(tx, { userId: user, sceneIds: ids, purpose: 'p', contact: { name: 'n' }, idempotencyKey: key }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const [n] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND idempotency_key = $2', [
      user,
      key,
    ]);
    expect(n!.n).toBe(1);
  });

  it('refuses more than the cap, and scenes no longer in the catalogue, in the caller language, storing nothing', async () => {
    const user = await userId('demo-hebei');
    const before = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const tooMany = Array.from({ length: ORDER_LIMITS.maxItemsPerOrder + 1 }, (_, i) => `S${i}`);
    const error = await db()
      .transaction((tx) =>
        placeOrder(tx, { userId: user, sceneIds: tooMany, purpose: 'p', contact: { name: 'n' }, idempotencyKey: randomUUID() }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.messageKey).toBe('Orders.errors.tooManyItems');
    expect(translateMessage('en', apiError.messageKey, apiError.values)).toBe(
      `One order holds at most ${ORDER_LIMITS.maxItemsPerOrder} scenes; order the rest in another order`,
    );
    expect(translateMessage('zh', apiError.messageKey, apiError.values)).toContain(String(ORDER_LIMITS.maxItemsPerOrder));

    const one = await sceneIds(1);
    const gone = await db()
      .transaction((tx) =>
        placeOrder(tx, {
          userId: user,
          sceneIds: [...one, 'NO-SUCH-SCENE'],
          purpose: 'p',
          contact: { name: 'n' },
          idempotencyKey: randomUUID(),
        }),
      )
      .then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone!.messageKey).toBe('Orders.errors.scenesGone');
    expect(translateMessage('en', gone!.messageKey, gone!.values)).toMatch(/^1 scene is no longer/);
    // Input the form would refuse is refused here too, in the same words.
    const noName = await db()
      .transaction((tx) =>
        placeOrder(tx, { userId: user, sceneIds: one, purpose: 'p', contact: { name: ' ' }, idempotencyKey: randomUUID() }),
      )
      .then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    expect(noName!.messageKey).toBe('Orders.errors.contactNameRequired');
    const after = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
