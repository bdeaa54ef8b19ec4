import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0006_satellites',
  sql: `
      -- The satellite pages (data/satellites/satellites.json, built by scripts/satellites): one row per
      -- page (a mission or constellation), its spacecraft and its sensors. Bilingual texts side by side.
      CREATE TABLE satellites (
        slug           text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]{2,20}$'),
        area           text     NOT NULL CHECK (area IN ('cn', 'global')),
        sort           smallint NOT NULL,
        sat_group      text     NOT NULL CHECK (sat_group IN ('optical', 'hyperspectral', 'radar', 'laser', 'gravity')),
        countries      text[]   NOT NULL CHECK (cardinality(countries) BETWEEN 1 AND 4),
        name_zh        text     NOT NULL,
        name_en        text     NOT NULL,
        short_name     text     NOT NULL,
        agency_zh      text,
        agency_en      text,
        operator_zh    text,
        operator_en    text,
        operator_type  text     NOT NULL CHECK (operator_type IN ('government', 'commercial', 'public-private')),
        -- Null: not published (see data/satellites/SOURCE.md for how it is derived).
        status         text     CHECK (status IN ('operational', 'partly', 'retired')),
        orbit_type     text     NOT NULL CHECK (orbit_type IN ('sso', 'geo', 'inclined', 'polar')),
        altitude_km    double precision CHECK (altitude_km > 0),
        inclination_deg double precision CHECK (inclination_deg BETWEEN 0 AND 180),
        local_time_zh  text,
        local_time_en  text,
        repeat_days    double precision CHECK (repeat_days > 0),
        revisit_zh     text,
        revisit_en     text,
        design_life_zh text,
        design_life_en text,
        fleet_active_count int CHECK (fleet_active_count >= 0),
        fleet_note_zh  text,
        fleet_note_en  text,
        description_zh text     NOT NULL,
        description_en text     NOT NULL,
        -- Typical-image pages only: uses [{zh, en}] and scene products [{sensor, prefix, resolutionM, sceneKm, optical}].
        imagery        jsonb,
        sources        jsonb    NOT NULL,
        tle_snapshot   text     NOT NULL
      );
      CREATE INDEX satellites_area_idx ON satellites (area, sort);

      CREATE TABLE satellite_members (
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sort           smallint NOT NULL,
        name           text     NOT NULL,
        name_zh        text,
        norad          int      CHECK (norad > 0),
        cospar         text,
        launch_date    date,
        -- From the launch date, or the COSPAR designator when the date is not recorded.
        launch_year    smallint CHECK (launch_year BETWEEN 1957 AND 2100),
        launch_source  text,
        status         text     NOT NULL CHECK (status IN ('active', 'retired', 'lost', 'unlisted')),
        note_zh        text,
        note_en        text,
        -- Orbit figures computed from a CelesTrak TLE of this epoch (null: no current TLE).
        tle_epoch      timestamptz,
        tle_inclination_deg double precision,
        tle_mean_altitude_km double precision,
        tle_perigee_km double precision,
        tle_apogee_km  double precision,
        PRIMARY KEY (satellite_slug, sort)
      );
      CREATE INDEX satellite_members_year_idx ON satellite_members (launch_year);

      CREATE TABLE satellite_sensors (
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sort           smallint NOT NULL,
        code           text     NOT NULL,
        name_zh        text     NOT NULL,
        name_en        text     NOT NULL,
        kind           text     NOT NULL CHECK (kind IN ('pan-multispectral', 'multispectral', 'hyperspectral', 'thermal', 'video',
                                                         'sar', 'lidar', 'ranging', 'atmospheric')),
        bands_zh       text,
        bands_en       text,
        resolution_zh  text,
        resolution_en  text,
        best_resolution_m double precision CHECK (best_resolution_m > 0),
        swath_km       double precision CHECK (swath_km > 0),
        swath_zh       text,
        swath_en       text,
        PRIMARY KEY (satellite_slug, sort)
      );

      -- Typical-image pages: DEMO scene metadata generated deterministically by the seed (no real imagery
      -- of these satellites ships with the portal). region_code names the county at the scene centre.
      CREATE TABLE satellite_sample_scenes (
        scene_id       text     PRIMARY KEY CHECK (length(scene_id) BETWEEN 10 AND 80),
        satellite_slug text     NOT NULL REFERENCES satellites (slug) ON DELETE CASCADE,
        sensor         text     NOT NULL,
        acquired_on    date     NOT NULL,
        region_code    text     NOT NULL CHECK (region_code ~ '^[1-9][0-9]{5}$'),
        cloud_pct      numeric(4, 1) CHECK (cloud_pct BETWEEN 0 AND 100),
        resolution_m   double precision NOT NULL CHECK (resolution_m > 0),
        footprint      geometry(Polygon, 4326) NOT NULL,
        demo           boolean  NOT NULL DEFAULT true CHECK (demo)
      );
      CREATE INDEX satellite_sample_scenes_slug_idx ON satellite_sample_scenes (satellite_slug, acquired_on DESC);
    `,
};
