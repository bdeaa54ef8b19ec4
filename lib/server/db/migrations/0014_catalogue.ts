import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0014_catalogue',
  sql: `
      -- The imagery catalogue (docs/adr/0010-catalogue-indexes.md): one row per scene, read by the portal's
      -- search (/api/normal/v5), the STAC API (/api/stac/v1) and the map's footprint layers through one query
      -- builder (lib/server/catalogue/query.ts). Demo scenes are generated from real orbits; imported ones
      -- come from STAC items (npm run catalogue:import) and keep their extra fields in properties.
      CREATE TABLE scenes (
        id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$'),
        file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        collection    text NOT NULL CHECK (collection ~ '^[a-z0-9][a-z0-9._-]{0,63}$'),
        satellite     text NOT NULL CHECK (length(satellite) BETWEEN 1 AND 64),
        sensor        text NOT NULL CHECK (length(sensor) BETWEEN 1 AND 64),
        platform      text NOT NULL CHECK (length(platform) BETWEEN 1 AND 64),
        product_level text NOT NULL CHECK (length(product_level) BETWEEN 1 AND 32),
        resolution_m  real NOT NULL CHECK (resolution_m > 0),
        acquired_at   timestamptz NOT NULL,
        cloud_pct     real CHECK (cloud_pct BETWEEN 0 AND 100),
        orbit_number  integer CHECK (orbit_number >= 0),
        path          integer CHECK (path >= 0),
        "row"         integer CHECK ("row" >= 0),
        footprint     geometry(Geometry, 4326) NOT NULL
                      CHECK (ST_GeometryType(footprint) IN ('ST_Polygon', 'ST_MultiPolygon') AND ST_IsValid(footprint)),
        centre        geometry(Point, 4326) NOT NULL,
        area_km2      double precision NOT NULL CHECK (area_km2 >= 0),
        sun_elevation real CHECK (sun_elevation BETWEEN -90 AND 90),
        sun_azimuth   real CHECK (sun_azimuth BETWEEN 0 AND 360),
        off_nadir     real CHECK (off_nadir BETWEEN 0 AND 90),
        size_mb       real CHECK (size_mb >= 0),
        online        boolean NOT NULL DEFAULT true,
        quicklook_url text CHECK (quicklook_url ~ '^https?://'),
        source        text NOT NULL CHECK (source IN ('demo', 'imported')),
        properties    jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX scenes_footprint_gix ON scenes USING gist (footprint);
      CREATE INDEX scenes_time_idx ON scenes (acquired_at DESC, id DESC);
      CREATE INDEX scenes_collection_time_idx ON scenes (collection, acquired_at DESC, id DESC);
      CREATE INDEX scenes_satellite_sensor_idx ON scenes (satellite, sensor);
      CREATE INDEX scenes_cloud_idx ON scenes (cloud_pct, id);
      CREATE UNIQUE INDEX scenes_file_name_idx ON scenes (file_name);
    `,
};
