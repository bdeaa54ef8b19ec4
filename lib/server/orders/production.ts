import 'server-only';
/**
 * Order production on the job queue (issue 19). One job per item ('order.produce_item'):
 * - the order moves from submitted to in production when its first item is taken up;
 * - an online scene is packaged at once; an offline one is first recalled from the archive (the job
 *   comes back after ORDER_OFFLINE_DELAY_SECONDS) and then packaged;
 * - each item becomes ready or fails on its own; when no item is waiting any more the order becomes
 *   ready (at least one ready item) or production failed (none), and a ready order queues its e-mail.
 * Every effect is written in the transaction that completes the job (lib/server/jobs/runner.ts), after
 * re-reading the order under lock: a cancelled order's jobs do nothing.
 */
import type { Scene } from '../../shared/contracts/catalogue';
import { ORDER_ITEM_STATUS, ORDER_STATUS, type OrderStatus } from '../../shared/orders/model';
import type { Database, Queryable } from '../db/types';
import { getFileStore, type FileStore } from '../files';
import { enqueueJobs } from '../jobs/enqueue';
import { PermanentJobError, type ClaimedJob, type JobHandler, type JobHandlers, type JobStep, type PeriodicTask } from '../jobs/runner';
import { translateMessage } from '../i18n';
import { transportFor } from '../messaging';
import { getEnv } from '../env';
import { PRODUCE_ITEM_JOB } from './enqueue';
import { buildPackage } from './package';
import { deleteUnusedPackages, releasePackages } from './retention';
import { countHistory } from '../workflow';
import { changeOrderStatus, lockOrder } from './status';

export const NOTIFY_READY_JOB = 'order.notify_ready';

/** A failure that retrying will not fix: the item fails with this message key at once. */
export class ItemFailure extends PermanentJobError {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

export interface ProductionOptions {
  offlineDelaySeconds: number;
  store: FileStore;
  /** Tests (and fault drills) make chosen items fail: a message key, or null to produce normally. */
  failItem?: (item: { sceneId: string; attempts: number }) => string | null;
}

const ACTIVE: readonly OrderStatus[] = [ORDER_STATUS.SUBMITTED, ORDER_STATUS.IN_PRODUCTION];

/** Under the order's lock: takes a submitted order into production; false when the order is no longer active. */
async function startProduction(tx: Queryable, orderId: number): Promise<boolean> {
  const status = await lockOrder(tx, orderId);
  if (status === null || !ACTIVE.includes(status)) return false;
  if (status === ORDER_STATUS.SUBMITTED)
    await changeOrderStatus(tx, orderId, { to: ORDER_STATUS.IN_PRODUCTION, actor: 'system', actorId: null });
  return true;
}

/** When no item is waiting or in production any more: ready (≥ 1 ready item) or production failed. */
export async function settleOrder(tx: Queryable, orderId: number): Promise<void> {
  const status = await lockOrder(tx, orderId);
  if (status !== ORDER_STATUS.IN_PRODUCTION) return;
  const [counts] = await tx.query<{ open: number; ready: number }>(
    `SELECT count(*) FILTER (WHERE status IN (${ORDER_ITEM_STATUS.WAITING}, ${ORDER_ITEM_STATUS.PRODUCING}))::int AS open,
            count(*) FILTER (WHERE status = ${ORDER_ITEM_STATUS.READY})::int AS ready
       FROM order_items WHERE order_id = $1`,
    [orderId],
  );
  if (!counts || counts.open > 0) return;
  if (counts.ready > 0) {
    await changeOrderStatus(tx, orderId, { to: ORDER_STATUS.READY, actor: 'system', actorId: null });
    const round = await countHistory(tx, 'order', orderId);
    await enqueueJobs(tx, [{ kind: NOTIFY_READY_JOB, payload: { orderId }, dedupeKey: `order-ready:${orderId}:${round}` }]);
  } else {
    await changeOrderStatus(tx, orderId, { to: ORDER_STATUS.FAILED, actor: 'system', actorId: null });
  }
}

async function failItem(tx: Queryable, itemId: number, orderId: number, messageKey: string): Promise<void> {
  await tx.query(`UPDATE order_items SET status = ${ORDER_ITEM_STATUS.FAILED}, failure = $2 WHERE id = $1 AND status IN (1, 2)`, [
    itemId,
    messageKey,
  ]);
  await settleOrder(tx, orderId);
}

interface ItemRow {
  id: string;
  order_id: string;
  order_code: string;
  order_status: number;
  status: number;
  online: boolean;
  attempts: number;
  scene: Scene;
}

async function loadItem(db: Queryable, itemId: number): Promise<ItemRow | null> {
  const [row] = await db.query<ItemRow>(
    `SELECT i.id::text AS id, i.order_id::text AS order_id, o.code AS order_code, o.status AS order_status, i.status, i.online, i.attempts, i.scene
       FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = $1`,
    [itemId],
  );
  return row ?? null;
}

export function produceItemHandler(options: ProductionOptions): JobHandler {
  return {
    async run(db: Database, job: ClaimedJob): Promise<JobStep> {
      const itemId = Number(job.payload.itemId);
      const item = await loadItem(db, itemId);
      // Gone, finished, or its order is no longer active: nothing to do.
      if (
        !item ||
        !ACTIVE.includes(item.order_status as OrderStatus) ||
        item.status === ORDER_ITEM_STATUS.READY ||
        item.status === ORDER_ITEM_STATUS.FAILED
      ) {
        return {};
      }
      const orderId = Number(item.order_id);
      const begin = async (tx: Queryable) => {
        if (!(await startProduction(tx, orderId))) return false;
        await tx.query(
          `UPDATE order_items SET status = ${ORDER_ITEM_STATUS.PRODUCING} WHERE id = $1 AND status = ${ORDER_ITEM_STATUS.WAITING}`,
          [itemId],
        );
        return true;
      };
      const recallUntil = typeof job.payload.recallUntil === 'string' ? Date.parse(job.payload.recallUntil) : null;
      if (!item.online && recallUntil === null && options.offlineDelaySeconds > 0) {
        const runAt = new Date(Date.now() + options.offlineDelaySeconds * 1000);
        return {
          commit: async (tx) => void (await begin(tx)),
          later: { runAt, payload: { ...job.payload, recallUntil: runAt.toISOString() } },
        };
      }
      const injected = options.failItem?.({ sceneId: item.scene.id, attempts: item.attempts }) ?? null;
      if (injected) throw new ItemFailure(injected);
      const built = await buildPackage(db, options.store, item.scene, item.order_code);
      return {
        commit: async (tx) => {
          if (!(await begin(tx))) return;
          await tx.query(
            `UPDATE order_items SET status = ${ORDER_ITEM_STATUS.READY}, package_key = $2, package_bytes = $3, ready_at = now(), failure = NULL
              WHERE id = $1 AND status = ${ORDER_ITEM_STATUS.PRODUCING}`,
            [itemId, built.key, built.bytes],
          );
          await settleOrder(tx, orderId);
        },
      };
    },
    async onFailure(tx, job, error) {
      const item = await loadItem(tx, Number(job.payload.itemId));
      if (!item) return;
      const key = error instanceof ItemFailure ? error.messageKey : 'Orders.failures.production';
      if (!(await startProduction(tx, Number(item.order_id)))) return;
      await failItem(tx, Number(item.id), Number(item.order_id), key);
    },
  };
}

/** The owner is told by e-mail (both languages; the outbox when no SMTP is configured). */
export const notifyReadyHandler: JobHandler = {
  async run(db, job) {
    const [order] = await db.query<{ code: string; item_count: number; ready: number; email: string | null }>(
      `SELECT o.code, o.item_count, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.status = ${ORDER_ITEM_STATUS.READY}) AS ready,
              coalesce(nullif(o.contact_email, ''), u.email) AS email
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
      [Number(job.payload.orderId)],
    );
    if (!order?.email) return {};
    const values = {
      code: order.code,
      ready: order.ready,
      total: order.item_count,
      url: `${getEnv().SITE_URL}/chinese/personal/personalCenter/myOrder/${job.payload.orderId}`,
    };
    const subject = `${translateMessage('zh', 'Orders.email.readySubject', values)} / ${translateMessage('en', 'Orders.email.readySubject', values)}`;
    const body = `${translateMessage('zh', 'Orders.email.readyBody', values)}\n\n${translateMessage('en', 'Orders.email.readyBody', {
      ...values,
      url: values.url.replace('/chinese/', '/english/'),
    })}`;
    // Sent as the job completes: the outbox row commits with it (SMTP may repeat after a crash, never skip).
    const transport = transportFor('email');
    return { commit: (tx) => transport.send(tx, { channel: 'email', recipient: order.email!.toLowerCase(), subject, body }) };
  },
};

export function orderJobHandlers(options: Partial<ProductionOptions> = {}): JobHandlers {
  return {
    [PRODUCE_ITEM_JOB]: produceItemHandler({
      offlineDelaySeconds: options.offlineDelaySeconds ?? getEnv().ORDER_OFFLINE_DELAY_SECONDS,
      store: options.store ?? getFileStore(),
      failItem: options.failItem,
    }),
    [NOTIFY_READY_JOB]: notifyReadyHandler,
  };
}

/**
 * Ready orders past their retention (ORDER_LIMITS.retentionDays) expire: their links stop working and
 * their packages are deleted (retention.ts). Run by the worker on every pass; each order changes in its
 * own transaction (under its lock, recorded).
 */
export async function expireOrders(db: Database, limit = 100, store: FileStore = getFileStore()): Promise<number> {
  const due = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM orders WHERE status = ${ORDER_STATUS.READY} AND expires_at < now() ORDER BY expires_at LIMIT $1`,
    [limit],
  );
  let expired = 0;
  const released: string[] = [];
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Still ready and still due under the lock (another worker may have done it).
      const [still] = await tx.query(
        `SELECT 1 FROM orders WHERE id = $1 AND status = ${ORDER_STATUS.READY} AND expires_at < now() FOR UPDATE`,
        [id],
      );
      if (!still) return;
      await changeOrderStatus(tx, Number(id), { to: ORDER_STATUS.EXPIRED, actor: 'system', actorId: null });
      released.push(...(await releasePackages(tx, Number(id))));
      expired++;
    });
  }
  await deleteUnusedPackages(db, store, released);
  return expired;
}

/** The orders' work on every pass of the job worker (registered in lib/server/composition/jobs.ts). */
export const ORDER_PERIODIC_TASKS: readonly PeriodicTask[] = [{ name: 'expire orders', run: (db) => expireOrders(db) }];
