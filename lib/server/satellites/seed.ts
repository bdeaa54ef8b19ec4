import 'server-only';
/**
 * Loads data/satellites/satellites.json (built by scripts/satellites) into the satellite tables, once per
 * content hash and in one transaction, then (re)generates the typical-image pages' demo scenes. Runs
 * after the regions step: the scenes are centred on counties.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { satelliteDataFileSchema, type SatelliteDataFile } from '../../shared/satellites/data-file';
import { loadedVersion, markLoaded } from '../db/dataset-version';
import type { SeedStep } from '../db/seed';
import type { Queryable } from '../db/types';
import { generateScenes, SCENES_PER_SATELLITE, type County } from './scenes';

const FILE = path.join(process.cwd(), 'data/satellites/satellites.json');
/** Bump when the scene generator changes, so existing databases regenerate their demo scenes. */
const SCENES_GENERATOR = 'scenes-v1';

async function insertSatellites(tx: Queryable, data: SatelliteDataFile): Promise<void> {
  const satellites = data.satellites.map((s, i) => ({
    slug: s.slug,
    area: s.area,
    sort: i,
    sat_group: s.group,
    countries: s.countries,
    name_zh: s.name.zh,
    name_en: s.name.en,
    short_name: s.shortName,
    agency_zh: s.agency?.zh ?? null,
    agency_en: s.agency?.en ?? null,
    operator_zh: s.operator?.zh ?? null,
    operator_en: s.operator?.en ?? null,
    operator_type: s.operatorType,
    status: s.status,
    orbit_type: s.orbit.type,
    altitude_km: s.orbit.altitudeKm,
    inclination_deg: s.orbit.inclinationDeg,
    local_time_zh: s.orbit.localTime?.zh ?? null,
    local_time_en: s.orbit.localTime?.en ?? null,
    repeat_days: s.orbit.repeatDays,
    revisit_zh: s.revisit?.zh ?? null,
    revisit_en: s.revisit?.en ?? null,
    design_life_zh: s.designLife?.zh ?? null,
    design_life_en: s.designLife?.en ?? null,
    fleet_active_count: s.fleet?.activeCount ?? null,
    fleet_note_zh: s.fleet?.note.zh ?? null,
    fleet_note_en: s.fleet?.note.en ?? null,
    description_zh: s.description.zh,
    description_en: s.description.en,
    imagery: s.imagery,
    sources: s.sources,
    tle_snapshot: data.tleSnapshot,
  }));
  await tx.query(
    `INSERT INTO satellites
     SELECT r.slug, r.area, r.sort, r.sat_group, r.countries, r.name_zh, r.name_en, r.short_name, r.agency_zh, r.agency_en,
            r.operator_zh, r.operator_en, r.operator_type, r.status, r.orbit_type, r.altitude_km, r.inclination_deg,
            r.local_time_zh, r.local_time_en, r.repeat_days, r.revisit_zh, r.revisit_en, r.design_life_zh, r.design_life_en,
            r.fleet_active_count, r.fleet_note_zh, r.fleet_note_en, r.description_zh, r.description_en, r.imagery, r.sources,
            r.tle_snapshot
     FROM jsonb_to_recordset($1::jsonb) AS r(slug text, area text, sort smallint, sat_group text, countries text[], name_zh text,
          name_en text, short_name text, agency_zh text, agency_en text, operator_zh text, operator_en text, operator_type text,
          status text, orbit_type text, altitude_km double precision, inclination_deg double precision, local_time_zh text,
          local_time_en text, repeat_days double precision, revisit_zh text, revisit_en text, design_life_zh text,
          design_life_en text, fleet_active_count int, fleet_note_zh text, fleet_note_en text, description_zh text,
          description_en text, imagery jsonb, sources jsonb, tle_snapshot text)`,
    [JSON.stringify(satellites)],
  );

  const members = data.satellites.flatMap((s) =>
    s.members.map((m, i) => ({
      satellite_slug: s.slug,
      sort: i,
      name: m.name,
      name_zh: m.nameZh,
      norad: m.norad,
      cospar: m.cospar,
      launch_date: m.launchDate,
      launch_year: m.launchYear,
      launch_source: m.launchSource,
      status: m.status,
      note_zh: m.note?.zh ?? null,
      note_en: m.note?.en ?? null,
      tle_epoch: m.tle?.epoch ?? null,
      tle_inclination_deg: m.tle?.inclinationDeg ?? null,
      tle_mean_altitude_km: m.tle?.meanAltitudeKm ?? null,
      tle_perigee_km: m.tle?.perigeeKm ?? null,
      tle_apogee_km: m.tle?.apogeeKm ?? null,
    })),
  );
  await tx.query(
    `INSERT INTO satellite_members
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(satellite_slug text, sort smallint, name text, name_zh text, norad int,
          cospar text, launch_date date, launch_year smallint, launch_source text, status text, note_zh text, note_en text,
          tle_epoch timestamptz, tle_inclination_deg double precision, tle_mean_altitude_km double precision,
          tle_perigee_km double precision, tle_apogee_km double precision)`,
    [JSON.stringify(members)],
  );

  const sensors = data.satellites.flatMap((s) =>
    s.sensors.map((x, i) => ({
      satellite_slug: s.slug,
      sort: i,
      code: x.code,
      name_zh: x.name.zh,
      name_en: x.name.en,
      kind: x.kind,
      bands_zh: x.bands?.zh ?? null,
      bands_en: x.bands?.en ?? null,
      resolution_zh: x.resolution?.zh ?? null,
      resolution_en: x.resolution?.en ?? null,
      best_resolution_m: x.bestResolutionM,
      swath_km: x.swathKm,
      swath_zh: x.swath?.zh ?? null,
      swath_en: x.swath?.en ?? null,
      max_off_nadir_deg: x.maxOffNadirDeg ?? null,
    })),
  );
  await tx.query(
    `INSERT INTO satellite_sensors
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(satellite_slug text, sort smallint, code text, name_zh text, name_en text,
          kind text, bands_zh text, bands_en text, resolution_zh text, resolution_en text, best_resolution_m double precision,
          swath_km double precision, swath_zh text, swath_en text, max_off_nadir_deg double precision)`,
    [JSON.stringify(sensors)],
  );

  const modes = data.satellites.flatMap((s) =>
    s.sensors.flatMap((x, sensorSort) =>
      x.modes.map((m, i) => ({
        satellite_slug: s.slug,
        sensor_sort: sensorSort,
        sort: i,
        code: m.code,
        name_zh: m.name.zh,
        name_en: m.name.en,
        kind: m.kind,
        resolution_m: m.resolutionM,
        swath_km: m.swathKm,
      })),
    ),
  );
  if (modes.length > 0)
    await tx.query(
      `INSERT INTO satellite_sensor_modes
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(satellite_slug text, sensor_sort smallint, sort smallint, code text,
            name_zh text, name_en text, kind text, resolution_m double precision, swath_km double precision)`,
      [JSON.stringify(modes)],
    );
}

async function insertScenes(tx: Queryable, data: SatelliteDataFile): Promise<number> {
  const counties = await tx.query<County>(
    `SELECT code, ST_X(label_point) AS lon, ST_Y(label_point) AS lat FROM regions WHERE level = 'county' ORDER BY code`,
  );
  const scenes = data.satellites.flatMap((s) => generateScenes(s, counties));
  await tx.query('DELETE FROM satellite_sample_scenes');
  if (scenes.length === 0) return 0;
  await tx.query(
    `INSERT INTO satellite_sample_scenes (scene_id, satellite_slug, sensor, acquired_on, region_code, cloud_pct, resolution_m, footprint, demo)
     SELECT r."sceneId", r.slug, r.sensor, r."acquiredOn", r."regionCode", r."cloudPct", r."resolutionM",
            ST_GeomFromText(r."footprintWkt", 4326), true
     FROM jsonb_to_recordset($1::jsonb) AS r("sceneId" text, slug text, sensor text, "acquiredOn" date, "regionCode" text,
          "cloudPct" numeric, "resolutionM" double precision, "footprintWkt" text)`,
    [JSON.stringify(scenes)],
  );
  return scenes.length;
}

export const satellitesSeed: SeedStep = {
  name: 'satellites',
  async run(db, progress) {
    let raw: string;
    try {
      raw = await readFile(FILE, 'utf8');
    } catch {
      progress('no data/satellites/satellites.json: no satellite pages');
      return;
    }
    const version = createHash('sha256').update(raw).digest('hex');
    const regions = (await loadedVersion(db, 'regions')) ?? 'none';
    const scenesVersion = createHash('sha256').update(`${version}:${regions}:${SCENES_GENERATOR}:${SCENES_PER_SATELLITE}`).digest('hex');
    const satellitesCurrent = (await loadedVersion(db, 'satellites')) === version;
    const scenesCurrent = (await loadedVersion(db, 'satellite_scenes')) === scenesVersion;
    if (satellitesCurrent && scenesCurrent) return;

    const data = satelliteDataFileSchema.parse(JSON.parse(raw));
    await db.transaction(async (tx) => {
      if (!satellitesCurrent) {
        await tx.query('DELETE FROM satellites');
        await insertSatellites(tx, data);
        await markLoaded(tx, 'satellites', version);
        progress(`satellites: ${data.satellites.length} pages loaded`);
      }
      const n = await insertScenes(tx, data);
      await markLoaded(tx, 'satellite_scenes', scenesVersion);
      progress(`satellites: ${n} demo scenes generated`);
    });
  },
};
