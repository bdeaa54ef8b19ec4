import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0004_regions',
  sql: `
      -- China's administrative regions (GB/T 2260 codes), WGS84, at three levels of detail built by
      -- scripts/regions from ../shared/data/boundaries (data/regions/SOURCE.md). level is where the
      -- unit sits in the hierarchy, which the data sometimes places above its code's level.
      CREATE TABLE regions (
        code        text PRIMARY KEY CHECK (code ~ '^[1-9][0-9]{5}$'),
        name_zh     text NOT NULL,
        name_en     text,
        level       text NOT NULL CHECK (level IN ('country', 'province', 'city', 'county')),
        parent_code text REFERENCES regions (code),
        geom_lo     geometry(MultiPolygon, 4326) NOT NULL,
        geom_mid    geometry(MultiPolygon, 4326) NOT NULL,
        geom_hi     geometry(MultiPolygon, 4326) NOT NULL,
        min_lon        double precision NOT NULL,
        min_lat        double precision NOT NULL,
        max_lon        double precision NOT NULL,
        max_lat        double precision NOT NULL,
        label_point geometry(Point, 4326) NOT NULL,
        area_km2    double precision NOT NULL
      );
      CREATE INDEX regions_parent_idx ON regions (parent_code);
      CREATE INDEX regions_level_idx ON regions (level);
      CREATE INDEX regions_geom_lo_gix ON regions USING gist (geom_lo);
      CREATE INDEX regions_geom_mid_gix ON regions USING gist (geom_mid);
      CREATE INDEX regions_geom_hi_gix ON regions USING gist (geom_hi);

      -- Countries of the world (Natural Earth via world-atlas, data/world/SOURCE.md); code is the
      -- ISO 3166-1 numeric code × 1,000,000 (China 156000000), parent 0 the world.
      CREATE TABLE global_regions (
        code        text PRIMARY KEY CHECK (code ~ '^[1-9][0-9]{0,2}000000$'),
        iso_a3      text,
        name_zh     text NOT NULL,
        name_en     text NOT NULL,
        parent_code text NOT NULL DEFAULT '0',
        geom        geometry(MultiPolygon, 4326) NOT NULL,
        min_lon        double precision NOT NULL,
        min_lat        double precision NOT NULL,
        max_lon        double precision NOT NULL,
        max_lat        double precision NOT NULL,
        label_point geometry(Point, 4326) NOT NULL
      );
      CREATE INDEX global_regions_geom_gix ON global_regions USING gist (geom);

      -- Which version (content hash) of each bundled dataset is loaded, so a changed file reloads.
      CREATE TABLE dataset_versions (
        name      text PRIMARY KEY,
        version   text        NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
