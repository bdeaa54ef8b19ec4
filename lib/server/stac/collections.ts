import 'server-only';
/**
 * STAC collections computed from the data: one per satellite + sensor that has scenes (imported
 * collections not declared in missions.ts included), with spatial and temporal extents and summaries
 * from an aggregate over `scenes`; titles and descriptions from the mission declaration, in English
 * with the Chinese title in `portal:title_zh`.
 */
import { findCollection } from '../../shared/catalogue/missions';
import type { Locale } from '../../../i18n/routing';
import type { Queryable } from '../db/types';
import { cachedByDatasets } from '../db/data-cache';
import { translateMessage } from '../i18n';
import { EXTENSIONS, STAC_VERSION } from './items';
import { MEDIA, stacRoot, type StacLink } from './links';
import { inLocale } from '../../shared/locale';

interface CollectionRow {
  collection: string;
  satellite: string;
  sensor: string;
  platforms: string[];
  instruments: string[];
  levels: string[];
  first: string;
  last: string;
  west: number;
  south: number;
  east: number;
  north: number;
  items: number;
  gsd_min: number;
  gsd_max: number;
  cloud_min: number | null;
  cloud_max: number | null;
  demo: number;
}

export interface StacCollection {
  type: 'Collection';
  stac_version: string;
  stac_extensions: string[];
  id: string;
  title: string;
  description: string;
  license: string;
  keywords: string[];
  providers: { name: string; roles: string[] }[];
  extent: { spatial: { bbox: number[][] }; temporal: { interval: (string | null)[][] } };
  summaries: Record<string, unknown>;
  item_assets: Record<string, unknown>;
  links: StacLink[];
  [custom: `portal:${string}`]: unknown;
}

const AGGREGATE = `
  SELECT s.collection, min(s.satellite) AS satellite, min(s.sensor) AS sensor,
         array_agg(DISTINCT s.platform ORDER BY s.platform) AS platforms,
         array_agg(DISTINCT lower(s.sensor) ORDER BY lower(s.sensor)) AS instruments,
         array_agg(DISTINCT s.product_level ORDER BY s.product_level) AS levels,
         to_char(min(s.acquired_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first,
         to_char(max(s.acquired_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last,
         min(ST_XMin(s.footprint)) AS west, min(ST_YMin(s.footprint)) AS south,
         max(ST_XMax(s.footprint)) AS east, max(ST_YMax(s.footprint)) AS north,
         count(*)::int AS items, min(s.resolution_m)::float8 AS gsd_min, max(s.resolution_m)::float8 AS gsd_max,
         min(s.cloud_pct)::float8 AS cloud_min, max(s.cloud_pct)::float8 AS cloud_max,
         count(*) FILTER (WHERE s.source = 'demo')::int AS demo
    FROM scenes s`;

const round = (n: number, d = 6) => Math.round(n * 10 ** d) / 10 ** d;

function shape(row: CollectionRow, locale: Locale): StacCollection {
  const root = stacRoot();
  const self = `${root}/collections/${encodeURIComponent(row.collection)}`;
  const spec = findCollection(row.collection);
  const title = spec ? `${spec.mission.name.en} ${spec.sensor.code}` : row.collection;
  const description = spec
    ? translateMessage(locale, 'Stac.collectionDescription', {
        name: inLocale(locale, spec.mission.name.zh, spec.mission.name.en),
        sensor: spec.sensor.code,
        level: spec.sensor.productLevel,
        gsd: spec.sensor.resolutionM,
      })
    : translateMessage(locale, 'Stac.collectionDescriptionImported', { id: row.collection });
  const summaries: Record<string, unknown> = {
    platform: row.platforms,
    instruments: row.instruments,
    gsd: { minimum: round(row.gsd_min, 2), maximum: round(row.gsd_max, 2) },
    'portal:product_level': row.levels,
  };
  if (row.cloud_min !== null && row.cloud_max !== null) summaries['eo:cloud_cover'] = { minimum: round(row.cloud_min, 1), maximum: round(row.cloud_max, 1) };
  return {
    type: 'Collection',
    stac_version: STAC_VERSION,
    stac_extensions: [EXTENSIONS.eo, EXTENSIONS.view, EXTENSIONS.sat, EXTENSIONS.proj],
    id: row.collection,
    title,
    description,
    license: 'proprietary',
    keywords: [row.satellite, row.sensor, spec?.sensor.sar ? 'SAR' : 'optical'],
    providers: [{ name: spec ? spec.mission.name.en : row.satellite, roles: ['producer'] }],
    extent: {
      spatial: { bbox: [[row.west, row.south, row.east, row.north].map((n) => round(n))] },
      temporal: { interval: [[row.first, row.last]] },
    },
    summaries,
    item_assets: {
      thumbnail: { type: 'image/png', roles: ['thumbnail'], title: 'Quick-look' },
      ...(row.demo > 0
        ? { visual: { type: 'image/png', roles: ['visual'], title: 'Quick-look (EPSG:3857, georeferenced preview)', 'proj:epsg': 3857 } }
        : {}),
    },
    links: [
      { rel: 'self', href: self, type: MEDIA.json },
      { rel: 'root', href: root, type: MEDIA.json },
      { rel: 'parent', href: root, type: MEDIA.json },
      { rel: 'items', href: `${self}/items`, type: MEDIA.geojson },
      { rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables', href: `${root}/queryables`, type: MEDIA.schema },
    ],
    'portal:title_zh': spec ? `${spec.mission.name.zh} ${spec.sensor.code}` : row.collection,
    'portal:item_count': row.items,
    'portal:demo_item_count': row.demo,
  };
}

/**
 * The aggregate of every collection, kept until a catalogue load (demo seed, `db:seed --catalogue`,
 * `catalogue:import`) marks a new dataset version: one scan of the table per load, not per request.
 */
function collectionRows(db: Queryable): Promise<CollectionRow[]> {
  return cachedByDatasets(db, 'stac collections', () => db.query<CollectionRow>(`${AGGREGATE} GROUP BY s.collection ORDER BY s.collection`));
}

/** Every collection with scenes: declared ones (missions.ts) first, then imported ones, each by id. */
export async function listCollections(db: Queryable, locale: Locale): Promise<StacCollection[]> {
  const rows = await collectionRows(db);
  const order = (id: string) => {
    const spec = findCollection(id);
    return spec ? 0 : 1;
  };
  return rows
    .map((r) => shape(r, locale))
    .sort((a, b) => order(a.id) - order(b.id) || a.id.localeCompare(b.id));
}

export async function getCollection(db: Queryable, id: string, locale: Locale): Promise<StacCollection | null> {
  const row = (await collectionRows(db)).find((r) => r.collection === id);
  return row ? shape(row, locale) : null;
}
