import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0020_theme_features',
  sql: `
      -- The declared monitoring themes (ADR 0014) keep their features in the spots table: wind turbines and
      -- steel plants are points, roads are lines, farms, PV plants and plant sites polygons. Change types
      -- belong to land cover only (NULL elsewhere; the theme declaration validates the values). Lengths
      -- (m) and capacities (MW or Mt/a, per theme) are measured or recorded when stored; names label a
      -- farm, plant or road in lists.
      ALTER TABLE spots ALTER COLUMN geom TYPE geometry(Geometry, 4326);
      ALTER TABLE spots ADD CONSTRAINT spots_geom_kind CHECK (GeometryType(geom) IN ('MULTIPOLYGON', 'POINT', 'MULTILINESTRING'));
      ALTER TABLE spots DROP CONSTRAINT spots_change_type_check;
      ALTER TABLE spots ALTER COLUMN change_type DROP NOT NULL;
      ALTER TABLE spots ADD CONSTRAINT spots_change_type_check CHECK (change_type BETWEEN 0 AND 9);
      ALTER TABLE spots
        ADD COLUMN length_m double precision CHECK (length_m >= 0),
        ADD COLUMN capacity double precision CHECK (capacity >= 0),
        ADD COLUMN name_zh text CHECK (length(name_zh) BETWEEN 1 AND 100),
        ADD COLUMN name_en text CHECK (length(name_en) BETWEEN 1 AND 100);

      -- Suitability zones of a theme (layers windmill_adaptive_zone, pvland_adaptive_zone): classes of the
      -- theme's zone dictionary, cut per county so region filters work as on the features.
      CREATE TABLE theme_zones (
        id         bigserial PRIMARY KEY,
        theme      text      NOT NULL CHECK (theme ~ '^[a-z][a-z0-9_]{1,30}$'),
        zone_class text      NOT NULL CHECK (zone_class ~ '^[A-Za-z0-9_]{1,20}$'),
        xzqdm      text      NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        area_m2    double precision NOT NULL CHECK (area_m2 >= 0),
        geom       geometry(MultiPolygon, 4326) NOT NULL,
        demo       boolean   NOT NULL DEFAULT false
      );
      CREATE INDEX theme_zones_geom_gix ON theme_zones USING gist (geom);
      CREATE INDEX theme_zones_theme_idx ON theme_zones (theme, xzqdm);
    `,
};
