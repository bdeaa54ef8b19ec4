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
 *
 * Theme subscriptions are matched the same way when a batch of a theme's spots is loaded (SPOT_BATCH_LOADED_JOB,
 * lib/server/theme-features/loads.ts, handed on as THEME_MATCH_JOB): per subscription of that theme, the batch's
 * spots in the subscription's region that its owner sees on the theme's detail screens now — the screens' own
 * filter and scope SQL (filterClauses, detailScope, scopeClause), evaluated with the owner's current permissions
 * and area ranges — each recorded once. A batch that is a full inventory (a snapshot theme: every turbine standing
 * that quarter) brings as new only the features no earlier batch of the theme held.
 */
import { themeById, type ThemeId } from '../../shared/themes';
import { sceneConditions } from '../catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { whereSql } from '../db/where';
import { enqueueJobs } from '../jobs/enqueue';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { log } from '../log';
import { USER_ACCESS_COLUMNS } from '../session';
import { detailScope, filterClauses, scopeClause } from '../theme-features';
import { queueWebhookDelivery } from './deliveries';
import type { SubscriptionQuery, ThemeSubscriptionQuery } from '../../shared/contracts/subscriptions';

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
 * Records what `select` (rows of subscription id and item id, over alias `s`) brings to the subscription, each item
 * once however often it is matched; queues a webhook delivery when the subscription has one. Returns the new rows.
 */
async function recordMatches(tx: Queryable, sub: { id: string; delivery: string }, select: string, params: SqlParam[]): Promise<number> {
  const rows = await tx.query<{ item_id: string }>(
    `INSERT INTO subscription_items (subscription_id, item_id)
     ${select}
     ORDER BY s.id -- one order for every worker, so two matching the same items wait on each other, never deadlock
     ON CONFLICT (subscription_id, item_id) DO NOTHING
     RETURNING item_id`,
    params,
  );
  if (sub.delivery === 'webhook') await queueWebhookDelivery(tx, sub.id);
  return rows.length;
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
    matched += await recordMatches(tx, sub, `SELECT $1::bigint, s.id FROM scenes s ${whereSql(conditions)}`, params);
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
    const slices = slicesOf(subs.map((r) => r.id));
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

/** Active subscriptions in slices of MATCH_SLICE ids, one job each (shared by both kinds of load). */
function slicesOf(ids: readonly string[]): string[][] {
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += MATCH_SLICE) slices.push(ids.slice(i, i + MATCH_SLICE));
  return slices;
}

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

// ——— Theme subscriptions: a batch of spots ———

export const THEME_MATCH_JOB = 'subscriptions.match_theme_batch';
export const THEME_MATCH_SLICE_JOB = 'subscriptions.match_theme_batch_slice';

const batchIdOf = (payload: Record<string, unknown>) => {
  const id = String(payload.batchId ?? '');
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new PermanentJobError(`bad batch id ${id}`);
  return id;
};

/**
 * Records the spots of a published batch each active theme subscription of its theme delivers (those with ids in
 * `ids` when given); queues webhook deliveries. A batch gone (a demo reload replaced it) or not published matches
 * nothing.
 */
export async function matchSpotBatch(
  tx: Queryable,
  batchId: string,
  ids?: readonly string[],
): Promise<{ subscriptions: number; matched: number }> {
  const [batch] = await tx.query<{ theme: ThemeId }>(`SELECT theme FROM spot_batches WHERE id = $1::bigint AND status = 'published'`, [
    batchId,
  ]);
  if (!batch) return { subscriptions: 0, matched: 0 };
  const theme = themeById(batch.theme);
  if (!theme) return { subscriptions: 0, matched: 0 };
  const subs = await tx.query<{
    id: string;
    query: ThemeSubscriptionQuery;
    delivery: string;
    created_at: Date | string;
    permissions: string[];
    region_ids: string[];
  }>(
    `SELECT s.id::text AS id, s.query, s.delivery, s.created_at, ${USER_ACCESS_COLUMNS}
       FROM subscriptions s JOIN users u ON u.id = s.user_id AND u.status = 0
      WHERE s.status = 'active' AND s.kind = 'theme' AND s.query->>'theme' = $1
        AND ($2::bigint[] IS NULL OR s.id = ANY ($2::bigint[]))
      ORDER BY s.id`,
    [theme.id, ids ? [...ids] : null],
  );
  let matched = 0;
  for (const sub of subs) {
    // What the owner sees of the theme in the region on its detail screens, as of now.
    const scope = detailScope({ permissions: sub.permissions, regionIds: sub.region_ids }, theme, sub.query.regionCode);
    if (scope?.length === 0) continue;
    const params: SqlParam[] = [sub.id, batchId, new Date(sub.created_at).toISOString()];
    const conditions = [
      's.batch_id = $2::bigint',
      // Loaded after the subscription was made: an earlier batch re-announced brings nothing to a newer subscription.
      's.created_at >= $3::timestamptz',
      ...filterClauses(theme.id, {}, params),
    ];
    const scoped = scopeClause(scope, params);
    if (scoped) conditions.push(scoped);
    // A snapshot batch lists every standing feature again: only those no earlier batch held are new.
    if (theme.snapshots)
      conditions.push(`(s.feature_key IS NULL OR NOT EXISTS (
        SELECT 1 FROM spots f JOIN spot_batches fb ON fb.id = f.batch_id
         WHERE f.theme = s.theme AND f.feature_key = s.feature_key AND fb.quarter < b.quarter))`);
    matched += await recordMatches(
      tx,
      sub,
      `SELECT $1::bigint, s.id::text FROM spots s JOIN spot_batches b ON b.id = s.batch_id ${whereSql(conditions)}`,
      params,
    );
  }
  return { subscriptions: subs.length, matched };
}

/** The batch's job: one slice job per MATCH_SLICE active subscriptions of the batch's theme. */
export const themeMatchHandler: JobHandler = {
  async run(db, job) {
    const batchId = batchIdOf(job.payload);
    const subs = await db.query<{ id: string }>(
      `SELECT s.id::text AS id FROM subscriptions s JOIN spot_batches b ON b.id = $1::bigint AND s.query->>'theme' = b.theme
        WHERE s.status = 'active' AND s.kind = 'theme' ORDER BY s.id`,
      [batchId],
    );
    const slices = slicesOf(subs.map((r) => r.id));
    return {
      commit: async (tx) => {
        await enqueueJobs(
          tx,
          slices.map((ids) => ({
            kind: THEME_MATCH_SLICE_JOB,
            payload: { batchId, ids: ids.join(',') },
            dedupeKey: `${THEME_MATCH_SLICE_JOB}:${batchId}:${ids[0]}`,
          })),
        );
        log.info('subscriptions: spot batch queued for matching', { batchId, subscriptions: subs.length, slices: slices.length });
      },
    };
  },
};

export const themeMatchSliceHandler: JobHandler = {
  async run(_db, job) {
    const batchId = batchIdOf(job.payload);
    const ids = String(job.payload.ids ?? '').split(',');
    if (ids.length > MATCH_SLICE || !ids.every((id) => /^[1-9]\d{0,17}$/.test(id))) throw new PermanentJobError('bad slice');
    return {
      commit: async (tx) => {
        const result = await matchSpotBatch(tx, batchId, ids);
        log.info('subscriptions matched a slice of a spot batch', { batchId, ...result });
      },
    };
  },
};
