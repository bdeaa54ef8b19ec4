import 'server-only';
/**
 * Matching a load's new scenes to the subscriptions (issue 35.4). A load announces the window its scenes were
 * written in (lib/server/catalogue/loads.ts); the match job selects, per active subscription, the scenes of that
 * window that its saved search selects — the WHERE clauses are the image query's own (sceneConditions), with the
 * same area SQL — and records each as a (subscription, scene) row, unique, so a scene is delivered once per
 * subscription however many jobs or workers match it. Webhook subscriptions with undelivered scenes get a delivery
 * queued in the same transaction (./deliveries.ts); digests collect theirs when due; the feed reads them.
 *
 * A load's match is cut into slices of MATCH_SLICE subscriptions, one job each (MATCH_SLICE_JOB), so several workers
 * share a large load and a failure retries one slice, not the whole match. Measured (`npm run bench -- push`, 100,000
 * scenes and 1,000 subscriptions on PostgreSQL): one job for every subscription took 112 s in one transaction.
 */
import { sceneConditions } from '../catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { whereSql } from '../db/where';
import { enqueueJobs } from '../jobs/enqueue';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { log } from '../log';
import { queueWebhookDelivery } from './deliveries';
import type { SubscriptionQuery } from '../../shared/contracts/subscriptions';

export const MATCH_JOB = 'subscriptions.match';
export const MATCH_SLICE_JOB = 'subscriptions.match_slice';
/** Subscriptions matched by one slice job. */
export const MATCH_SLICE = 25;

export interface LoadWindow {
  /** ISO instants, both included. */
  from: string;
  to: string;
}

/**
 * Records the window's scenes each active subscription selects (those with ids in `ids` when given); queues webhook
 * deliveries. Returns the new rows.
 */
export async function matchLoad(
  tx: Queryable,
  window: LoadWindow,
  ids?: readonly string[],
): Promise<{ subscriptions: number; matched: number }> {
  const subs = await tx.query<{ id: string; query: SubscriptionQuery; delivery: string; created_at: Date | string }>(
    `SELECT id::text AS id, query, delivery, created_at FROM subscriptions
      WHERE status = 'active' AND kind = 'search' AND ($1::bigint[] IS NULL OR id = ANY ($1::bigint[]))
      ORDER BY id`,
    [ids ? [...ids] : null],
  );
  let matched = 0;
  for (const sub of subs) {
    // New to the subscription: loaded in the window, and not before the subscription was made.
    const params: SqlParam[] = [sub.id, window.from, window.to, new Date(sub.created_at).toISOString()];
    const conditions = [
      's.loaded_at >= greatest($2::timestamptz, $4::timestamptz)',
      's.loaded_at <= $3::timestamptz',
      ...sceneConditions({ filter: sub.query.filter }, params),
    ];
    const rows = await tx.query<{ scene_id: string }>(
      `INSERT INTO subscription_items (subscription_id, scene_id)
       SELECT $1::bigint, s.id FROM scenes s ${whereSql(conditions)}
       ORDER BY s.id -- one order for every worker, so two matching the same load wait on each other, never deadlock
       ON CONFLICT (subscription_id, scene_id) DO NOTHING
       RETURNING scene_id`,
      params,
    );
    matched += rows.length;
    if (sub.delivery === 'webhook') await queueWebhookDelivery(tx, sub.id);
  }
  return { subscriptions: subs.length, matched };
}

const instant = (value: unknown) => {
  const text = String(value ?? '');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(text) || Number.isNaN(Date.parse(text))) throw new Error(`bad load window instant ${text}`);
  return text;
};

/**
 * The load's job: queues one slice job per MATCH_SLICE active subscriptions (those made after the window cannot match
 * it). Each slice is written as its job completes (one transaction with marking it done).
 */
export const matchHandler: JobHandler = {
  async run(db, job) {
    const window = { from: instant(job.payload.from), to: instant(job.payload.to) };
    const loadId = String(job.payload.loadId ?? '');
    if (!/^[1-9]\d{0,17}$/.test(loadId)) throw new PermanentJobError(`bad load id ${loadId}`);
    const subs = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM subscriptions WHERE status = 'active' AND kind = 'search' AND created_at <= $1::timestamptz ORDER BY id`,
      [window.to],
    );
    const slices: string[][] = [];
    for (let i = 0; i < subs.length; i += MATCH_SLICE) slices.push(subs.slice(i, i + MATCH_SLICE).map((r) => r.id));
    return {
      commit: async (tx) => {
        await enqueueJobs(
          tx,
          slices.map((ids) => ({
            kind: MATCH_SLICE_JOB,
            payload: { ...window, loadId, ids: ids.join(',') },
            dedupeKey: `${MATCH_SLICE_JOB}:${loadId}:${ids[0]}`,
          })),
        );
        log.info('subscriptions: load queued for matching', { ...window, loadId, subscriptions: subs.length, slices: slices.length });
      },
    };
  },
};

export const matchSliceHandler: JobHandler = {
  async run(_db, job) {
    const window = { from: instant(job.payload.from), to: instant(job.payload.to) };
    const ids = String(job.payload.ids ?? '').split(',');
    if (ids.length > MATCH_SLICE || !ids.every((id) => /^[1-9]\d{0,17}$/.test(id))) throw new PermanentJobError('bad slice');
    return {
      commit: async (tx) => {
        const result = await matchLoad(tx, window, ids);
        log.info('subscriptions matched a slice of a load', { ...window, ...result });
      },
    };
  },
};
