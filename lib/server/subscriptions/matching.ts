import 'server-only';
/**
 * Matching a load's new scenes to the subscriptions (issue 35.4). A load announces the window its scenes were
 * written in (lib/server/catalogue/loads.ts); the match job selects, per active subscription, the scenes of that
 * window that its saved search selects — the WHERE clauses are the image query's own (sceneConditions), with the
 * same area SQL — and records each as a (subscription, scene) row, unique, so a scene is delivered once per
 * subscription however many jobs or workers match it. Webhook subscriptions with undelivered scenes get a delivery
 * queued in the same transaction (./deliveries.ts); digests collect theirs when due; the feed reads them.
 */
import { sceneConditions } from '../catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { whereSql } from '../db/where';
import type { JobHandler } from '../jobs/runner';
import { log } from '../log';
import { queueWebhookDelivery } from './deliveries';
import type { SubscriptionQuery } from '../../shared/contracts/subscriptions';

export const MATCH_JOB = 'subscriptions.match';

export interface LoadWindow {
  /** ISO instants, both included. */
  from: string;
  to: string;
}

/** Records the window's scenes each active subscription selects; queues webhook deliveries. Returns the new rows. */
export async function matchLoad(tx: Queryable, window: LoadWindow): Promise<{ subscriptions: number; matched: number }> {
  const subs = await tx.query<{ id: string; query: SubscriptionQuery; delivery: string; created_at: Date | string }>(
    `SELECT id::text AS id, query, delivery, created_at FROM subscriptions WHERE status = 'active' AND kind = 'search' ORDER BY id`,
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

/** The job: the whole match is written as the job completes (one transaction with marking it done). */
export const matchHandler: JobHandler = {
  async run(_db, job) {
    const window = { from: instant(job.payload.from), to: instant(job.payload.to) };
    return {
      commit: async (tx) => {
        const result = await matchLoad(tx, window);
        log.info('subscriptions matched a load', { ...window, ...result });
      },
    };
  },
};
