import 'server-only';
/** The typical-image pages: a satellite's imagery uses and its DEMO scenes (lib/server/satellites/scenes.ts). */
import type { Locale } from '@/i18n/routing';
import type { BilingualText } from '../../shared/satellites/data-file';
import type { SatelliteArea, TypicalImageSlug } from '../../shared/satellites/model';
import type { TypicalImageView } from '../../shared/satellites/typical-images';
import type { Queryable } from '../db/types';

interface Imagery {
  uses: BilingualText[];
  products: { sensor: string; resolutionM: number; sceneKm: number; optical: boolean }[];
}

const SVG_PRECISION = 2;
/** Degrees: enough for an outline drawn a few hundred pixels wide. */
const OUTLINE_TOLERANCE = 0.08;

export async function getTypicalImagePage(db: Queryable, slug: TypicalImageSlug, locale: Locale): Promise<TypicalImageView | null> {
  const [satellite] = await db.query<{
    area: SatelliteArea;
    name_zh: string;
    name_en: string;
    short_name: string;
    imagery: Imagery | null;
  }>('SELECT area, name_zh, name_en, short_name, imagery FROM satellites WHERE slug = $1', [slug]);
  if (!satellite?.imagery) return null;
  const scenes = await db.query<{
    scene_id: string;
    acquired_on: string;
    sensor: string;
    region_code: string;
    county_zh: string | null;
    county_en: string | null;
    city_zh: string | null;
    city_en: string | null;
    province_zh: string | null;
    province_en: string | null;
    cloud_pct: number | null;
    resolution_m: number;
    west: number;
    south: number;
    east: number;
    north: number;
    path: string;
  }>(
    `SELECT sc.scene_id, sc.acquired_on::text AS acquired_on, sc.sensor, sc.region_code,
            c.name_zh AS county_zh, c.name_en AS county_en, ci.name_zh AS city_zh, ci.name_en AS city_en,
            p.name_zh AS province_zh, p.name_en AS province_en, sc.cloud_pct, sc.resolution_m,
            ST_XMin(sc.footprint) AS west, ST_YMin(sc.footprint) AS south, ST_XMax(sc.footprint) AS east, ST_YMax(sc.footprint) AS north,
            ST_AsSVG(sc.footprint, 0, $2) AS path
     FROM satellite_sample_scenes sc
     LEFT JOIN regions c ON c.code = sc.region_code
     LEFT JOIN regions ci ON ci.code = c.parent_code AND ci.level = 'city'
     LEFT JOIN regions p ON p.code = substring(sc.region_code, 1, 2) || '0000' AND p.level = 'province'
     WHERE sc.satellite_slug = $1 AND sc.demo
     ORDER BY sc.acquired_on DESC, sc.scene_id`,
    [slug, SVG_PRECISION],
  );
  const [china] = await db.query<{ outline: string; west: number; south: number; east: number; north: number }>(
    `SELECT ST_AsSVG(ST_SimplifyPreserveTopology(geom_lo, $1), 0, $2) AS outline, min_lon AS west, min_lat AS south, max_lon AS east, max_lat AS north
     FROM regions WHERE level = 'country' ORDER BY code LIMIT 1`,
    [OUTLINE_TOLERANCE, SVG_PRECISION],
  );
  const name = (zh: string | null, en: string | null) => (locale === 'en' ? (en ?? zh) : (zh ?? en));
  return {
    slug,
    area: satellite.area,
    name: locale === 'en' ? satellite.name_en : satellite.name_zh,
    shortName: satellite.short_name,
    uses: satellite.imagery.uses.map((u) => (locale === 'en' ? u.en : u.zh)),
    products: satellite.imagery.products.map(({ sensor, resolutionM, sceneKm, optical }) => ({ sensor, resolutionM, sceneKm, optical })),
    scenes: scenes.map((s) => ({
      sceneId: s.scene_id,
      acquiredOn: s.acquired_on,
      sensor: s.sensor,
      regionCode: s.region_code,
      county: name(s.county_zh, s.county_en) ?? s.region_code,
      city: name(s.city_zh, s.city_en),
      province: name(s.province_zh, s.province_en),
      cloudPct: s.cloud_pct === null ? null : Number(s.cloud_pct),
      resolutionM: s.resolution_m,
      bbox: [s.west, s.south, s.east, s.north],
      path: s.path,
    })),
    // ST_AsSVG writes y as minus latitude, so the view box starts at minus the northern edge.
    illustration: china
      ? { viewBox: [china.west, -china.north, china.east - china.west, china.north - china.south], outline: china.outline }
      : null,
  };
}
