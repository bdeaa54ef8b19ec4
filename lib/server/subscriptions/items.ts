import 'server-only';
/**
 * What a subscription delivers, as every channel shows it (issue 35.4): a search subscription's items are scenes, a
 * theme subscription's are spots. The deliveries (webhook body, digest lines) and the feed read a subscription's
 * items through here, so each channel is written once for both kinds.
 *
 * A spot names its number, theme, change type (the kind where the theme has no change types), area in km², region
 * and batch, and links to the theme's detail screen with the spot open. Items whose scene or spot is gone (a demo
 * reload replaced it) are still counted as delivered but no longer listed.
 */
import type { Locale } from '../../../i18n/routing';
import { themeById, type ThemeId } from '../../shared/themes';
import { SCENE_COLUMNS, toScene, type SceneRow } from '../catalogue';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { translateMessage } from '../i18n';
import { codeName } from '../theme-features';
import type { SubscriptionRow } from './service';

const LOCALES: readonly Locale[] = ['zh', 'en'];
const both = (of: (locale: Locale) => string) => ({ zh: of('zh'), en: of('en') });

export interface ItemView {
  id: string;
  /** The feed entry's id. */
  urn: string;
  title: (locale: Locale) => string;
  /** The line of a digest e-mail. */
  line: (locale: Locale) => string;
  /** The feed entry's summary. */
  summary: (locale: Locale) => string;
  link: (locale: Locale) => string;
  linkType: 'application/json' | 'text/html';
  /** ISO date or instant the item was acquired or detected. */
  published: string;
  bbox: [number, number, number, number];
  /** The webhook body's entry. */
  entry: Record<string, unknown>;
  matchedAt: string;
}

/** Which items: the undelivered ones (newest acquisitions first) or the latest matched (for the feed). */
type Which = 'pending' | 'recent';

type ItemSub = Pick<SubscriptionRow, 'id' | 'kind'>;

export async function subscriptionItems(db: Queryable, sub: ItemSub, which: Which, limit: number): Promise<ItemView[]> {
  return sub.kind === 'theme' ? spotItems(db, sub.id, which, limit) : sceneItems(db, sub.id, which, limit);
}

/** The noun of the kind's items in counts (mail and webhook messages): `Scenes` or `Spots`. */
export const itemNoun = (sub: Pick<SubscriptionRow, 'kind'>) => (sub.kind === 'theme' ? 'Spots' : 'Scenes');

// ——— Scenes ———

const sceneLink = (id: string) => `${getEnv().SITE_URL}/api/normal/v5/normalmeta/id/${encodeURIComponent(id)}`;

async function sceneItems(db: Queryable, subscriptionId: string, which: Which, limit: number): Promise<ItemView[]> {
  const rows = await db.query<SceneRow & { matched_at: Date | string }>(
    `SELECT ${SCENE_COLUMNS}, i.matched_at FROM subscription_items i JOIN scenes s ON s.id = i.item_id
      WHERE i.subscription_id = $1::bigint ${which === 'pending' ? 'AND i.delivery_id IS NULL' : ''}
      ORDER BY ${which === 'pending' ? 's.acquired_at DESC, s.id' : 'i.matched_at DESC, s.acquired_at DESC, s.id'} LIMIT $2`,
    [subscriptionId, limit],
  );
  return rows.map((row) => {
    const s = toScene(row);
    const link = sceneLink(s.id);
    const cloud = s.cloudPct === null ? '—' : `${s.cloudPct}%`;
    const date = s.acquiredAt.slice(0, 10);
    return {
      id: s.id,
      urn: `urn:rscloud:scene:${s.id}`,
      title: () => s.fileName,
      line: (locale) =>
        translateMessage(locale, 'Subscriptions.mail.sceneLine', {
          fileName: s.fileName,
          satellite: s.satellite,
          sensor: s.sensor,
          date,
          cloud,
          url: link,
        }),
      summary: (locale) =>
        translateMessage(locale, 'Subscriptions.feed.entry', {
          satellite: s.satellite,
          sensor: s.sensor,
          date,
          cloud,
          resolution: s.resolutionM,
        }),
      link: () => link,
      linkType: 'application/json',
      published: s.acquiredAt,
      bbox: s.bbox,
      entry: {
        id: s.id,
        fileName: s.fileName,
        collection: s.collection,
        satellite: s.satellite,
        sensor: s.sensor,
        productLevel: s.productLevel,
        resolutionM: s.resolutionM,
        acquiredAt: s.acquiredAt,
        cloudPct: s.cloudPct,
        areaKm2: s.areaKm2,
        online: s.online,
        centre: s.centre,
        bbox: s.bbox,
        link,
      },
      matchedAt: new Date(row.matched_at).toISOString(),
    };
  });
}

// ——— Spots ———

interface SpotItemRow {
  spot_id: string;
  theme: ThemeId;
  xzqdm: string;
  region_zh: string | null;
  region_en: string | null;
  tblx: string;
  change_type: number | null;
  area_m2: number;
  filename: string;
  batch_id: string;
  quarter: string;
  batch_zh: string;
  batch_en: string;
  detected_on: string;
  west: number;
  south: number;
  east: number;
  north: number;
  matched_at: Date | string;
}

/** The theme's detail screen in `locale`, on the spot's region and batch with the spot open (components/monitor/monitor-state.ts). */
export function spotScreenUrl(locale: Locale, theme: ThemeId, spot: { id: string; xzqdm: string; batchId: string }): string {
  const query = new URLSearchParams({ module: 'detail', region: spot.xzqdm, batch: spot.batchId, spot: spot.id });
  return `${getEnv().SITE_URL}${locale === 'zh' ? '/chinese' : '/english'}${themeById(theme).path}?${query}`;
}

/** km² with three significant digits (spots run from a few hundred m² to many km²). */
const km2 = (m2: number) => Number((m2 / 1e6).toPrecision(3));

async function spotItems(db: Queryable, subscriptionId: string, which: Which, limit: number): Promise<ItemView[]> {
  const rows = await db.query<SpotItemRow>(
    `SELECT s.id::text AS spot_id, s.theme, s.xzqdm, r.name_zh AS region_zh, coalesce(r.name_en, r.name_zh) AS region_en, s.tblx,
            s.change_type, s.area_m2, s.filename, b.id::text AS batch_id, b.quarter, b.type_name_zh AS batch_zh,
            b.type_name_en AS batch_en, to_char(s.detected_on, 'YYYY-MM-DD') AS detected_on,
            ST_XMin(s.geom) AS west, ST_YMin(s.geom) AS south, ST_XMax(s.geom) AS east, ST_YMax(s.geom) AS north, i.matched_at
       FROM subscription_items i JOIN spots s ON s.id = i.item_id::bigint JOIN spot_batches b ON b.id = s.batch_id
       LEFT JOIN regions r ON r.code = s.xzqdm
      WHERE i.subscription_id = $1::bigint ${which === 'pending' ? 'AND i.delivery_id IS NULL' : ''}
      ORDER BY ${which === 'pending' ? 's.detected_on DESC, s.id DESC' : 'i.matched_at DESC, s.id DESC'} LIMIT $2`,
    [subscriptionId, limit],
  );
  return rows.map((row) => {
    const theme = themeById(row.theme);
    const spot = { id: row.spot_id, xzqdm: row.xzqdm, batchId: row.batch_id };
    // The change type where the theme records one (land cover), else what the spot is (its kind).
    const change = (locale: Locale) =>
      row.change_type !== null && theme.changeTypes
        ? codeName(theme.changeTypes.items, String(row.change_type), locale)!
        : codeName(theme.kinds.items, row.tblx, locale)!;
    const region = (locale: Locale) => (locale === 'zh' ? row.region_zh : row.region_en) ?? row.xzqdm;
    const batch = (locale: Locale) => (locale === 'zh' ? row.batch_zh : row.batch_en);
    const themeName = (locale: Locale) => translateMessage(locale, `Themes.${theme.id}.title`);
    const values = (locale: Locale) => ({
      id: row.spot_id,
      theme: themeName(locale),
      change: change(locale),
      area: km2(row.area_m2),
      region: region(locale),
      batch: batch(locale),
      date: row.detected_on,
      url: spotScreenUrl(locale, theme.id, spot),
    });
    return {
      id: row.spot_id,
      urn: `urn:rscloud:spot:${row.spot_id}`,
      title: (locale) => translateMessage(locale, 'Subscriptions.feed.spotTitle', values(locale)),
      line: (locale) => translateMessage(locale, 'Subscriptions.mail.spotLine', values(locale)),
      summary: (locale) => translateMessage(locale, 'Subscriptions.feed.spotEntry', values(locale)),
      link: (locale) => spotScreenUrl(locale, theme.id, spot),
      linkType: 'text/html',
      published: row.detected_on,
      bbox: [row.west, row.south, row.east, row.north],
      entry: {
        id: row.spot_id,
        theme: theme.id,
        themeName: both(themeName),
        fileName: row.filename,
        changeType: row.change_type !== null && theme.changeTypes ? String(row.change_type) : row.tblx,
        changeTypeName: both(change),
        areaKm2: km2(row.area_m2),
        regionCode: row.xzqdm,
        regionName: both(region),
        batch: { id: row.batch_id, quarter: row.quarter, name: both(batch) },
        detectedOn: row.detected_on,
        bbox: [row.west, row.south, row.east, row.north],
        link: Object.fromEntries(LOCALES.map((l) => [l, spotScreenUrl(l, theme.id, spot)])),
      },
      matchedAt: new Date(row.matched_at).toISOString(),
    };
  });
}
