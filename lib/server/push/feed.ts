import 'server-only';
/**
 * The pull feed of a push user (issue 35.2: dedicated lines and provincial nodes poll it with their token, the
 * session token sent in the `token` header as every API call takes it):
 *
 * - `GET /api/push/v1/feed/atom` — an Atom feed (RFC 4287) of my batches, newest first, paged (RFC 5005 `next`
 *   links), `?unacknowledged=1` for those not yet fetched. Each entry links to the batch's ItemCollection and carries
 *   its delivery status as a category (`unacknowledged` / `acknowledged`, scheme PUSH_DELIVERY_SCHEME) and as a
 *   `push:delivery` element (acknowledged time, re-delivery count and time).
 * - `GET /api/push/v1/feed/batch/{id}` — the batch's scenes as a STAC ItemCollection, each scene serialised as the
 *   STAC API serialises it (lib/server/stac/items.ts), paged by `limit`/`page`. Serving its last page (the one without
 *   a `next` link) acknowledges the batch, once (lib/server/push/delivery.ts).
 *
 * The feed is the owner's: another user's batch (administrators' included — their fetch must not acknowledge a
 * delivery) is "not found", like an unknown one. Scenes regenerated away since the batch was cut are left out.
 */
import type { Locale } from '../../../i18n/routing';
import { pushFeedBatchPath, PUSH_FEED_PATH, type BatchItemsQuery, type PushFeedQuery } from '../../shared/contracts/push';
import { notFound } from '../api/errors';
import { SCENE_COLUMNS, type SceneRow } from '../catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { translateMessage } from '../i18n';
import { toStacItem, type StacItem } from '../stac/items';
import { MEDIA, siteOrigin, stacRoot, type StacLink } from '../stac/links';
import { BATCH_COLUMNS, BATCH_FROM, toSummary, type BatchRow } from './batches';
import { acknowledgeBatch, DELIVERY_COLUMNS, deliveryCondition, toDelivery, type DeliveryRow } from './delivery';

/** Scheme of the entries' delivery category and namespace of their `push:delivery` element. */
export const PUSH_DELIVERY_SCHEME = 'urn:rscloud:push:delivery';
export const ATOM_MEDIA = 'application/atom+xml';

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const iso = (d: Date | string | number) => new Date(d).toISOString();

function feedHref(query: PushFeedQuery, pageNum: number): string {
  const url = new URL(PUSH_FEED_PATH, siteOrigin());
  if (query.unacknowledged) url.searchParams.set('unacknowledged', '1');
  if (pageNum > 1) url.searchParams.set('pageNum', String(pageNum));
  if (query.pageSize !== undefined) url.searchParams.set('pageSize', String(query.pageSize));
  return url.toString();
}

/** The Atom feed of the user's batches (XML text). */
export async function pushFeedXml(db: Queryable, userId: string, query: PushFeedQuery, locale: Locale): Promise<string> {
  const params: SqlParam[] = [userId];
  const where = ['b.user_id = $1::bigint', query.unacknowledged ? deliveryCondition('pending') : null].filter(Boolean).join(' AND ');
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_batches b WHERE ${where}`, params);
  const rows = await db.query<BatchRow & DeliveryRow>(
    `SELECT ${BATCH_COLUMNS}, ${DELIVERY_COLUMNS} FROM ${BATCH_FROM} WHERE ${where}
      ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  const total = count?.n ?? 0;
  const t = (key: string, values?: Record<string, string | number>) => translateMessage(locale, `Push.feed.${key}`, values);
  const entries = rows.map((row) => {
    const batch = toSummary(row);
    const delivery = toDelivery(row);
    const acknowledged = delivery.acknowledgedAt !== null;
    const updated = iso(Math.max(new Date(row.created_at).getTime(), row.redelivered_at ? new Date(row.redelivered_at).getTime() : 0));
    const term = acknowledged ? 'acknowledged' : 'unacknowledged';
    const attributes = [
      `acknowledged="${acknowledged}"`,
      delivery.acknowledgedAt ? `acknowledgedAt="${delivery.acknowledgedAt}"` : null,
      `redeliveries="${delivery.redeliveryCount}"`,
      delivery.redeliveredAt ? `redeliveredAt="${delivery.redeliveredAt}"` : null,
      `scenes="${batch.sceneCount}"`,
    ].filter(Boolean);
    const summary = t('entry', {
      scenes: batch.sceneCount,
      km2: Math.round(batch.footprintKm2),
      size: Math.round(batch.sizeMb),
      pct: batch.coveredPct,
    });
    return `  <entry>
    <id>urn:rscloud:push-batch:${xml(batch.id)}</id>
    <title>${xml(t('entryTitle', { id: batch.id, scenes: batch.sceneCount }))}</title>
    <published>${batch.createdAt}</published>
    <updated>${updated}</updated>
    <link rel="alternate" type="${MEDIA.geojson}" href="${xml(new URL(pushFeedBatchPath(batch.id), siteOrigin()).toString())}"/>
    <category scheme="${PUSH_DELIVERY_SCHEME}" term="${term}" label="${xml(t(term))}"/>
    <push:delivery ${attributes.join(' ')}/>
    <summary>${xml(summary)}</summary>
  </entry>`;
  });
  const newest = rows.reduce(
    (latest, r) => Math.max(latest, new Date(r.created_at).getTime(), r.redelivered_at ? new Date(r.redelivered_at).getTime() : 0),
    0,
  );
  const links = [
    `<link rel="self" type="${ATOM_MEDIA}" href="${xml(feedHref(query, query.pageNum))}"/>`,
    `<link rel="first" type="${ATOM_MEDIA}" href="${xml(feedHref(query, 1))}"/>`,
    query.pageNum > 1 ? `<link rel="previous" type="${ATOM_MEDIA}" href="${xml(feedHref(query, query.pageNum - 1))}"/>` : null,
    query.pageNum * query.pageSize < total
      ? `<link rel="next" type="${ATOM_MEDIA}" href="${xml(feedHref(query, query.pageNum + 1))}"/>`
      : null,
  ].filter(Boolean);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:push="${PUSH_DELIVERY_SCHEME}">
  <id>urn:rscloud:push-feed:${xml(userId)}${query.unacknowledged ? ':unacknowledged' : ''}</id>
  <title>${xml(t(query.unacknowledged ? 'titleUnacknowledged' : 'title', { username: rows[0]?.username ?? '' }))}</title>
  <updated>${iso(newest > 0 ? newest : Date.now())}</updated>
  ${links.join('\n  ')}
  <author><name>${xml(t('author'))}</name></author>
  <push:total>${total}</push:total>
${entries.join('\n')}
</feed>
`;
}

/** A page of a batch's scenes as a STAC ItemCollection, with the batch's delivery status after this fetch. */
export interface BatchItemCollection {
  type: 'FeatureCollection';
  features: StacItem[];
  links: StacLink[];
  numberMatched: number;
  numberReturned: number;
  'portal:batch': { id: string; createdAt: string; sceneCount: number; acknowledgedAt: string | null; redeliveryCount: number };
}

/** The owner's batch as an ItemCollection page; the last page acknowledges it. Another's or an unknown batch: not found. */
export async function batchItemCollection(db: Queryable, userId: string, id: string, query: BatchItemsQuery): Promise<BatchItemCollection> {
  const [batch] = await db.query<BatchRow & DeliveryRow>(
    `SELECT ${BATCH_COLUMNS}, ${DELIVERY_COLUMNS} FROM ${BATCH_FROM} WHERE b.id = $1::bigint AND b.user_id = $2::bigint`,
    [id, userId],
  );
  if (!batch) throw notFound();
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint`,
    [batch.id],
  );
  const rows = await db.query<SceneRow>(
    `SELECT ${SCENE_COLUMNS} FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint
      ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
    [batch.id, query.limit, (query.page - 1) * query.limit],
  );
  const matched = count?.n ?? 0;
  const offset = (query.page - 1) * query.limit;
  const more = offset + rows.length < matched;
  const page = (n: number) => {
    const url = new URL(pushFeedBatchPath(batch.id), siteOrigin());
    if (n > 1) url.searchParams.set('page', String(n));
    url.searchParams.set('limit', String(query.limit));
    return url.toString();
  };
  // Served to the end (not a page past it): the batch is delivered.
  const reachedEnd = !more && (rows.length > 0 || offset === 0);
  const delivery = reachedEnd ? await acknowledgeBatch(db, batch.id) : toDelivery(batch);
  const links: StacLink[] = [
    { rel: 'self', href: page(query.page), type: MEDIA.geojson },
    { rel: 'root', href: stacRoot(), type: MEDIA.json },
    { rel: 'up', href: new URL(PUSH_FEED_PATH, siteOrigin()).toString(), type: ATOM_MEDIA },
  ];
  if (more) links.push({ rel: 'next', href: page(query.page + 1), type: MEDIA.geojson, method: 'GET' });
  if (query.page > 1) links.push({ rel: 'prev', href: page(query.page - 1), type: MEDIA.geojson, method: 'GET' });
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => toStacItem(r)),
    links,
    numberMatched: matched,
    numberReturned: rows.length,
    'portal:batch': {
      id: batch.id,
      createdAt: iso(batch.created_at),
      sceneCount: batch.scene_count,
      acknowledgedAt: delivery.acknowledgedAt,
      redeliveryCount: delivery.redeliveryCount,
    },
  };
}
