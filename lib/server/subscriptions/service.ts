import 'server-only';
/**
 * Subscriptions kept per user (issue 35.4): create, read, change, pause and delete, at most
 * SUBSCRIPTION_LIMITS.perUser each (both kinds together) and never the same search, or theme and region, twice.
 * A search subscription's query is the image query's own filter, parsed with its schema and its area checked as a
 * search's is (regions exist, a drawing passes the geometry guard and keeps an area). A theme subscription's region
 * must exist and hold something the user may see on the theme's detail screens (its permission and their area
 * ranges: detailScope, the rule the screens' API applies). A webhook URL passes the SSRF check (./webhook.ts) before
 * it is stored.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { areaGeometrySchema, CATALOGUE_LIMITS, SELECT_MODES } from '../../shared/contracts/catalogue';
import {
  FEED_PATH,
  SUBSCRIPTION_LIMITS,
  type CreateSubscriptionInput,
  type DigestFrequency,
  type Subscription,
  type SubscriptionDelivery,
  type SubscriptionQuery,
  type SubscriptionStatus,
  type ThemeSubscriptionQuery,
  type UpdateSubscriptionBody,
} from '../../shared/contracts/subscriptions';
import { themeById } from '../../shared/themes';
import { ApiError } from '../api/errors';
import { checkArea } from '../areas';
import type { Database, Queryable } from '../db/types';
import { getEnv } from '../env';
import { userAccess } from '../session';
import { detailScope } from '../theme-features';
import { newSecret } from './signature';
import { checkWebhookUrl } from './webhook';

/** What a subscription selects: a search (the image query's filter) or a theme and region. */
export type StoredQuery = { kind: 'search'; query: SubscriptionQuery } | { kind: 'theme'; query: ThemeSubscriptionQuery };

export type SubscriptionRow = StoredQuery & {
  id: string;
  user_id: string;
  name: string;
  delivery: SubscriptionDelivery;
  frequency: DigestFrequency | null;
  webhook_url: string | null;
  webhook_secret: string;
  feed_secret: string;
  status: SubscriptionStatus;
  disabled_reason: string | null;
  created_at: Date | string;
};

export const SUBSCRIPTION_COLUMNS = `s.id::text AS id, s.user_id::text AS user_id, s.name, s.kind, s.query, s.delivery, s.frequency,
  s.webhook_url, s.webhook_secret, s.feed_secret, s.status, s.disabled_reason, s.created_at`;

const refused = (key: string, values: Record<string, string | number> = {}) =>
  new ApiError(API_CODES.INVALID_INPUT, `Subscriptions.errors.${key}`, values);
const notFound = () => new ApiError(API_CODES.NOT_FOUND, 'Subscriptions.errors.notFound');

/** JSON with object keys sorted and lists of names sorted (the order of regions or collections means nothing). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.every((v) => typeof v === 'string') ? [...(value as string[])].sort() : value;
    return `[${items.map(canonicalJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A search's and a theme's queries differ in shape (`filter` against `theme`), so their hashes never meet. */
export const queryHash = (query: StoredQuery['query']) => createHash('sha256').update(canonicalJson(query)).digest('hex');

/** The Atom feed's secret address. */
export const feedUrl = (id: string, secret: string) => `${getEnv().SITE_URL}${FEED_PATH}/${id}?key=${secret}`;

/** The subscription's page in the personal centre (links of digests and summaries). */
export const subscriptionPageUrl = (locale: 'zh' | 'en', id: string) =>
  `${getEnv().SITE_URL}${locale === 'zh' ? '/chinese' : '/english'}/personal/personalCenter/mySubscription?id=${encodeURIComponent(id)}`;

function toSubscription(row: SubscriptionRow, itemCount: number, regionNames: ReadonlyMap<string, string>): Subscription {
  const common = {
    id: row.id,
    name: row.name,
    delivery: row.delivery,
    frequency: row.frequency,
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
    feedUrl: feedUrl(row.id, row.feed_secret),
    status: row.status,
    disabledReason: row.disabled_reason,
    itemCount,
    createdAt: new Date(row.created_at).toISOString(),
  };
  return row.kind === 'theme'
    ? { ...common, kind: 'theme', query: row.query, regionName: regionNames.get(row.query.regionCode) ?? row.query.regionCode }
    : { ...common, kind: 'search', query: row.query };
}

/** The names, in `locale`, of the regions theme subscriptions name. */
async function regionNamesOf(db: Queryable, rows: readonly SubscriptionRow[], locale: Locale): Promise<Map<string, string>> {
  const codes = [...new Set(rows.flatMap((r) => (r.kind === 'theme' ? [r.query.regionCode] : [])))];
  if (codes.length === 0) return new Map();
  const names = await db.query<{ code: string; name: string }>(
    `SELECT code, CASE WHEN $2 = 'zh' THEN name_zh ELSE coalesce(name_en, name_zh) END AS name FROM regions WHERE code = ANY ($1::text[])`,
    [codes, locale],
  );
  return new Map(names.map((n) => [n.code, n.name]));
}

async function present(db: Queryable, rows: readonly SubscriptionRow[], locale: Locale): Promise<Subscription[]> {
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
  const names = await regionNamesOf(db, rows, locale);
  return rows.map((r) => toSubscription(r, counts.get(r.id) ?? 0, names));
}

async function itemCounts(db: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; n: number }>(
    `SELECT subscription_id::text AS id, count(*)::int AS n FROM subscription_items WHERE subscription_id = ANY ($1::bigint[]) GROUP BY 1`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listSubscriptions(db: Queryable, userId: string, locale: Locale): Promise<{ list: Subscription[]; max: number }> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s WHERE s.user_id = $1 ORDER BY s.id DESC`,
    [userId],
  );
  return { list: await present(db, rows, locale), max: SUBSCRIPTION_LIMITS.perUser };
}

/** The caller's subscription (locked with `forUpdate`); not found also when it is someone else's. */
export async function ownSubscription(db: Queryable, userId: string, id: string, forUpdate = false): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s WHERE s.id = $1::bigint AND s.user_id = $2::bigint ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id, userId],
  );
  if (!row) throw notFound();
  return row;
}

export async function getSubscription(db: Queryable, userId: string, id: string, locale: Locale): Promise<Subscription> {
  const [subscription] = await present(db, [await ownSubscription(db, userId, id)], locale);
  return subscription!;
}

/** Refuses a webhook URL that is not https or reaches an address that is not public (SSRF). */
async function checkedWebhookUrl(url: string): Promise<string> {
  const checked = await checkWebhookUrl(url);
  if ('refused' in checked) throw refused(checked.refused);
  return checked.url.toString();
}

const digestInterval = (frequency: DigestFrequency) => (frequency === 'weekly' ? '7 days' : '1 day');

/**
 * An uploaded area lives a day: the subscription keeps the drawing it holds instead (at most the image query's
 * vertex limit, so it passes the same checks as a drawn area).
 */
async function lastingQuery(db: Queryable, query: SubscriptionQuery): Promise<SubscriptionQuery> {
  const area = query.filter.area;
  if (area?.mode !== SELECT_MODES.SHP) return query;
  const [row] = await db.query<{ geojson: string }>(
    `SELECT ST_AsGeoJSON(geom, 6) AS geojson FROM catalogue_uploads WHERE id = $1::uuid AND kind = 'area' AND expires_at > now()`,
    [area.uploadId],
  );
  if (!row) throw new ApiError(API_CODES.INVALID_INPUT, 'Catalogue.errors.uploadNotFound');
  const geometry = areaGeometrySchema.safeParse(JSON.parse(row.geojson));
  if (!geometry.success) throw refused('uploadTooDetailed', { max: CATALOGUE_LIMITS.maxVertices });
  return { ...query, filter: { ...query.filter, area: { mode: SELECT_MODES.DRAW, geometry: geometry.data } } };
}

/**
 * A theme and region the user may subscribe to: the region exists and they see some of it on the theme's detail
 * screens now (the theme's permission, an area range covering part of it). Matching applies the same rule again
 * at each batch, so a range withdrawn later delivers no more.
 */
async function checkThemeQuery(db: Queryable, userId: string, query: ThemeSubscriptionQuery): Promise<void> {
  const [region] = await db.query<{ code: string }>(`SELECT code FROM regions WHERE code = $1`, [query.regionCode]);
  if (!region) throw refused('badRegion');
  const theme = themeById(query.theme);
  const access = await userAccess(db, userId);
  if (!access || !access.permissions.includes(theme.permission)) throw refused('themeNotPermitted');
  if (detailScope(access, theme, query.regionCode)?.length === 0) throw refused('regionNotInRange');
}

/** The query as stored: a search's area made lasting and checked as a search's, or a theme and region checked. */
async function checkedQuery(db: Database, userId: string, input: CreateSubscriptionInput): Promise<StoredQuery> {
  if (input.kind === 'theme') {
    await checkThemeQuery(db, userId, input.query);
    return { kind: 'theme', query: { theme: input.query.theme, regionCode: input.query.regionCode } };
  }
  const query = await lastingQuery(db, input.query);
  // The image query's own checks: regions exist, a drawing passes the geometry guard and keeps an area.
  await checkArea(db, query.filter);
  return { kind: 'search', query };
}

export async function createSubscription(
  db: Database,
  userId: string,
  input: CreateSubscriptionInput,
  locale: Locale,
): Promise<Subscription> {
  const body = { ...input, ...(await checkedQuery(db, userId, input)) };
  const webhookUrl = body.delivery === 'webhook' ? await checkedWebhookUrl(body.webhookUrl!) : null;
  const frequency = body.delivery === 'email' ? (body.frequency ?? 'daily') : null;
  const hash = queryHash(body.query);
  const row = await db.transaction(async (tx) => {
    // One user's creations take turns, so the count below holds when the insert runs.
    await tx.query('SELECT id FROM users WHERE id = $1::bigint FOR UPDATE', [userId]);
    const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1::bigint', [userId]);
    if ((count?.n ?? 0) >= SUBSCRIPTION_LIMITS.perUser) throw refused('tooMany', { max: SUBSCRIPTION_LIMITS.perUser });
    const [inserted] = await tx.query<{ id: string }>(
      `INSERT INTO subscriptions (user_id, name, kind, query, query_hash, delivery, frequency, webhook_url, webhook_secret, feed_secret,
                                  next_digest_at)
       VALUES ($1::bigint, $2, $11, $3::jsonb, $4, $5, $6, $7, $8, $9,
               CASE WHEN $6::text IS NULL THEN NULL ELSE now() + $10::interval END)
       ON CONFLICT (user_id, query_hash) DO NOTHING
       RETURNING id::text AS id`,
      [
        userId,
        body.name,
        JSON.stringify(body.query),
        hash,
        body.delivery,
        frequency,
        webhookUrl,
        newSecret(),
        newSecret(),
        digestInterval(frequency ?? 'daily'),
        body.kind,
      ],
    );
    if (!inserted) throw refused(body.kind === 'theme' ? 'duplicateTheme' : 'duplicate');
    return ownSubscription(tx, userId, inserted.id);
  });
  const [subscription] = await present(db, [row], locale);
  return subscription!;
}

export async function updateSubscription(
  db: Database,
  userId: string,
  id: string,
  body: UpdateSubscriptionBody,
  locale: Locale,
): Promise<Subscription> {
  const current = await ownSubscription(db, userId, id);
  const delivery = body.delivery ?? current.delivery;
  const urlGiven = body.webhookUrl !== undefined && body.webhookUrl !== current.webhook_url;
  let webhookUrl = delivery === 'webhook' ? (body.webhookUrl ?? current.webhook_url) : null;
  if (delivery === 'webhook') {
    if (!webhookUrl) throw refused('webhookUrlRequired');
    // A new address is checked; so is the stored one when the subscription is resumed (its host may have moved).
    if (urlGiven || body.status === 'active' || current.delivery !== 'webhook') webhookUrl = await checkedWebhookUrl(webhookUrl);
  }
  const frequency = delivery === 'email' ? (body.frequency ?? current.frequency ?? 'daily') : null;
  const status = body.status ?? (current.status === 'disabled' && urlGiven ? 'active' : current.status);
  const row = await db.transaction(async (tx) => {
    await ownSubscription(tx, userId, id, true);
    await tx.query(
      `UPDATE subscriptions SET name = $2, delivery = $3, frequency = $4, webhook_url = $5, status = $6,
              disabled_reason = CASE WHEN $6 = 'disabled' THEN disabled_reason END,
              next_digest_at = CASE WHEN $4::text IS NULL THEN NULL
                                    WHEN frequency IS DISTINCT FROM $4 OR next_digest_at IS NULL THEN now() + $7::interval
                                    ELSE next_digest_at END,
              updated_at = now()
        WHERE id = $1::bigint`,
      [id, body.name ?? current.name, delivery, frequency, webhookUrl, status, digestInterval(frequency ?? 'daily')],
    );
    return ownSubscription(tx, userId, id);
  });
  const [subscription] = await present(db, [row], locale);
  return subscription!;
}

export async function deleteSubscription(db: Queryable, userId: string, id: string): Promise<{ deleted: boolean }> {
  const rows = await db.query(`DELETE FROM subscriptions WHERE id = $1::bigint AND user_id = $2::bigint RETURNING id`, [id, userId]);
  if (rows.length === 0) throw notFound();
  return { deleted: true };
}

/**
 * The subscription behind a feed address, or null — for an unknown id and a wrong key alike, so the answer does not
 * say whether the subscription exists. The key is compared in constant time.
 */
export async function subscriptionByFeedKey(db: Queryable, id: string, key: string): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s WHERE s.id = $1::bigint`, [id]);
  const stored = Buffer.from(row?.feed_secret ?? '0'.repeat(64));
  const given = Buffer.from(key.padEnd(64, '0').slice(0, 64));
  const same = timingSafeEqual(stored, given) && key.length === 64;
  return row && same ? row : null;
}
