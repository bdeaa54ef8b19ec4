import 'server-only';
/** The satellite pages for the API and the content pages; all SQL of the satellite domain but the analyses. */
import type { Locale } from '@/i18n/routing';
import type { Page } from '../news/repository';
import type { SatelliteDetail, SatelliteListQuery, SatelliteSummary } from '../../shared/contracts/satellites';
import type { BilingualText } from '../../shared/satellites/data-file';
import type {
  MemberStatus,
  MissionStatus,
  OperatorType,
  OrbitType,
  SatelliteArea,
  SatelliteGroup,
  SensorKind,
} from '../../shared/satellites/model';
import type { Queryable } from '../db/types';
import { inLocale } from '../../shared/locale';

export const pick = (locale: Locale, zh: string | null, en: string | null): string | null => (locale === 'en' ? (en ?? zh) : (zh ?? en));
export const pickText = (locale: Locale, text: BilingualText) => (locale === 'en' ? text.en : text.zh);

interface SummaryRow {
  slug: string;
  area: SatelliteArea;
  sat_group: SatelliteGroup;
  countries: string[];
  name_zh: string;
  name_en: string;
  short_name: string;
  operator_type: OperatorType;
  status: MissionStatus | null;
  first_launch_year: number | null;
  spacecraft: number;
  active_spacecraft: number;
  fleet_active_count: number | null;
  best_resolution_m: number | null;
  max_swath_km: number | null;
  sensor_kinds: SensorKind[];
}

/** Per-satellite figures aggregated from its spacecraft and sensors. */
const SUMMARY_COLUMNS = `s.slug, s.area, s.sat_group, s.countries, s.name_zh, s.name_en, s.short_name, s.operator_type, s.status,
  s.fleet_active_count,
  (SELECT min(m.launch_year)::int FROM satellite_members m WHERE m.satellite_slug = s.slug) AS first_launch_year,
  (SELECT count(*)::int FROM satellite_members m WHERE m.satellite_slug = s.slug) AS spacecraft,
  (SELECT count(*)::int FROM satellite_members m WHERE m.satellite_slug = s.slug AND m.status = 'active') AS active_spacecraft,
  (SELECT min(x.best_resolution_m) FROM satellite_sensors x WHERE x.satellite_slug = s.slug) AS best_resolution_m,
  (SELECT max(x.swath_km) FROM satellite_sensors x WHERE x.satellite_slug = s.slug) AS max_swath_km,
  ARRAY(SELECT x.kind FROM satellite_sensors x WHERE x.satellite_slug = s.slug GROUP BY x.kind ORDER BY min(x.sort)) AS sensor_kinds`;

function toSummary(row: SummaryRow, locale: Locale): SatelliteSummary {
  return {
    slug: row.slug,
    area: row.area,
    group: row.sat_group,
    countries: row.countries,
    name: locale === 'en' ? row.name_en : row.name_zh,
    shortName: row.short_name,
    operatorType: row.operator_type,
    status: row.status,
    firstLaunchYear: row.first_launch_year,
    spacecraft: row.spacecraft,
    activeSpacecraft: row.active_spacecraft,
    fleetActiveCount: row.fleet_active_count,
    bestResolutionM: row.best_resolution_m,
    maxSwathKm: row.max_swath_km,
    sensorKinds: row.sensor_kinds,
  };
}

/** The satellite pages in registry order, optionally of one area (cn | global) and group. */
export async function listSatellites(db: Queryable, query: SatelliteListQuery, locale: Locale): Promise<Page<SatelliteSummary>> {
  const rows = await db.query<SummaryRow & { total: number }>(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
     FROM satellites s
     WHERE ($1::text IS NULL OR s.area = $1) AND ($2::text IS NULL OR s.sat_group = $2)
     ORDER BY s.sort LIMIT $3 OFFSET $4`,
    [query.country ?? null, query.group ?? null, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM satellites s WHERE ($1::text IS NULL OR s.area = $1) AND ($2::text IS NULL OR s.sat_group = $2)`,
      [query.country ?? null, query.group ?? null],
    );
    total = count?.n ?? 0;
  }
  return { list: rows.map((r) => toSummary(r, locale)), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

interface DetailRow extends SummaryRow {
  agency_zh: string | null;
  agency_en: string | null;
  operator_zh: string | null;
  operator_en: string | null;
  orbit_type: OrbitType;
  altitude_km: number | null;
  inclination_deg: number | null;
  local_time_zh: string | null;
  local_time_en: string | null;
  repeat_days: number | null;
  revisit_zh: string | null;
  revisit_en: string | null;
  design_life_zh: string | null;
  design_life_en: string | null;
  fleet_note_zh: string | null;
  fleet_note_en: string | null;
  description_zh: string;
  description_en: string;
  sources: { title: string; url: string }[];
  tle_snapshot: string;
  typical_images: boolean;
}

interface MemberRow {
  name: string;
  name_zh: string | null;
  norad: number | null;
  cospar: string | null;
  launch_date: string | null;
  launch_year: number | null;
  status: MemberStatus;
  note_zh: string | null;
  note_en: string | null;
  tle_epoch: Date | null;
  tle_inclination_deg: number | null;
  tle_mean_altitude_km: number | null;
  tle_perigee_km: number | null;
  tle_apogee_km: number | null;
}

interface SensorRow {
  code: string;
  name_zh: string;
  name_en: string;
  kind: SensorKind;
  bands_zh: string | null;
  bands_en: string | null;
  resolution_zh: string | null;
  resolution_en: string | null;
  best_resolution_m: number | null;
  swath_km: number | null;
  swath_zh: string | null;
  swath_en: string | null;
  max_off_nadir_deg: number | null;
}

/** One satellite page with its spacecraft and sensors; null when the slug is unknown. */
export async function findSatellite(db: Queryable, slug: string, locale: Locale): Promise<SatelliteDetail | null> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${SUMMARY_COLUMNS}, s.agency_zh, s.agency_en, s.operator_zh, s.operator_en, s.orbit_type, s.altitude_km,
            s.inclination_deg, s.local_time_zh, s.local_time_en, s.repeat_days, s.revisit_zh, s.revisit_en, s.design_life_zh,
            s.design_life_en, s.fleet_note_zh, s.fleet_note_en, s.description_zh, s.description_en, s.sources, s.tle_snapshot,
            (s.imagery IS NOT NULL) AS typical_images
     FROM satellites s WHERE s.slug = $1`,
    [slug],
  );
  if (!row) return null;
  const members = await db.query<MemberRow>(
    `SELECT name, name_zh, norad, cospar, launch_date::text AS launch_date, launch_year, status, note_zh, note_en, tle_epoch,
            tle_inclination_deg, tle_mean_altitude_km, tle_perigee_km, tle_apogee_km
     FROM satellite_members WHERE satellite_slug = $1 ORDER BY sort`,
    [slug],
  );
  const sensors = await db.query<SensorRow>(
    `SELECT code, name_zh, name_en, kind, bands_zh, bands_en, resolution_zh, resolution_en, best_resolution_m, swath_km, swath_zh, swath_en,
            max_off_nadir_deg
     FROM satellite_sensors WHERE satellite_slug = $1 ORDER BY sort`,
    [slug],
  );
  return {
    ...toSummary(row, locale),
    agency: pick(locale, row.agency_zh, row.agency_en),
    operator: pick(locale, row.operator_zh, row.operator_en),
    orbit: {
      type: row.orbit_type,
      altitudeKm: row.altitude_km,
      inclinationDeg: row.inclination_deg,
      localTime: pick(locale, row.local_time_zh, row.local_time_en),
      repeatDays: row.repeat_days,
    },
    revisit: pick(locale, row.revisit_zh, row.revisit_en),
    designLife: pick(locale, row.design_life_zh, row.design_life_en),
    fleet:
      row.fleet_active_count !== null
        ? { activeCount: row.fleet_active_count, note: pick(locale, row.fleet_note_zh, row.fleet_note_en) ?? '' }
        : null,
    description: locale === 'en' ? row.description_en : row.description_zh,
    members: members.map((m) => ({
      name: inLocale(locale, m.name_zh, null) ?? m.name,
      norad: m.norad,
      cospar: m.cospar,
      launchDate: m.launch_date,
      launchYear: m.launch_year,
      status: m.status,
      note: pick(locale, m.note_zh, m.note_en),
      tle:
        m.tle_epoch && m.tle_inclination_deg !== null && m.tle_perigee_km !== null && m.tle_apogee_km !== null
          ? {
              epoch: new Date(m.tle_epoch).toISOString(),
              inclinationDeg: m.tle_inclination_deg,
              meanAltitudeKm: m.tle_mean_altitude_km,
              perigeeKm: m.tle_perigee_km,
              apogeeKm: m.tle_apogee_km,
            }
          : null,
    })),
    sensors: sensors.map((x) => ({
      code: x.code,
      name: locale === 'en' ? x.name_en : x.name_zh,
      kind: x.kind,
      bands: pick(locale, x.bands_zh, x.bands_en),
      resolution: pick(locale, x.resolution_zh, x.resolution_en),
      bestResolutionM: x.best_resolution_m,
      swathKm: x.swath_km,
      swath: pick(locale, x.swath_zh, x.swath_en),
      maxOffNadirDeg: x.max_off_nadir_deg,
    })),
    sources: row.sources,
    tleSnapshot: row.tle_snapshot,
    typicalImages: row.typical_images,
  };
}
