import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0009_spots',
  sql: `
      -- Monitoring spots (spec §3, §7 /api/spot/v2): quarterly batches per theme and the change spots
      -- found in them. Region limits match spots by the county code xzqdm (LIKE prefix), so the code
      -- gets a pattern index. area_m2 is computed from the geometry on the ellipsoid when stored.
      CREATE TABLE spot_batches (
        id           bigserial   PRIMARY KEY,
        theme        text        NOT NULL CHECK (theme ~ '^[a-z][a-z0-9_]{1,30}$'),
        quarter      text        NOT NULL CHECK (quarter ~ '^[0-9]{4}Q[1-4]$'),
        type_name_zh text        NOT NULL CHECK (length(type_name_zh) BETWEEN 1 AND 100),
        type_name_en text        NOT NULL CHECK (length(type_name_en) BETWEEN 1 AND 100),
        period_start date        NOT NULL,
        period_end   date        NOT NULL CHECK (period_end >= period_start),
        status       text        NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'published')),
        is_current   boolean     NOT NULL DEFAULT false,
        demo         boolean     NOT NULL DEFAULT false,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        UNIQUE (theme, quarter)
      );
      -- At most one current batch (currentQuarter) per theme.
      CREATE UNIQUE INDEX spot_batches_current_idx ON spot_batches (theme) WHERE is_current;

      CREATE TABLE spots (
        id           bigserial   PRIMARY KEY,
        theme        text        NOT NULL,
        batch_id     bigint      NOT NULL REFERENCES spot_batches (id) ON DELETE CASCADE,
        xzqdm        text        NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        stage        text        NOT NULL CHECK (stage ~ '^[A-Za-z0-9_]{1,20}$'),
        tblx         text        NOT NULL CHECK (tblx ~ '^[A-Za-z0-9_]{1,20}$'),
        filename     text        NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
        area_m2      double precision NOT NULL CHECK (area_m2 >= 0),
        change_type  smallint    NOT NULL CHECK (change_type BETWEEN 0 AND 3),
        landuse_type text        CHECK (landuse_type ~ '^[A-Za-z0-9_]{1,20}$'),
        geom         geometry(MultiPolygon, 4326) NOT NULL,
        -- A point inside the spot: its location in lists and the cell it counts in on grids.
        center       geometry(Point, 4326) NOT NULL,
        detected_on  date        NOT NULL,
        demo         boolean     NOT NULL DEFAULT false,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX spots_geom_gix ON spots USING gist (geom);
      CREATE INDEX spots_theme_batch_idx ON spots (theme, batch_id, xzqdm);
      CREATE INDEX spots_xzqdm_idx ON spots (xzqdm text_pattern_ops);
      CREATE INDEX spots_list_idx ON spots (theme, detected_on DESC, id DESC);

      -- Dictionaries (spec §7 /api/system/v1/dic/code/{CODE}/item/s): stage, spot type, change type, …
      CREATE TABLE dictionary_items (
        code       text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]{1,49}$'),
        item_value text NOT NULL CHECK (length(item_value) BETWEEN 1 AND 50),
        name_zh    text NOT NULL,
        name_en    text NOT NULL,
        sort       int  NOT NULL DEFAULT 0,
        PRIMARY KEY (code, item_value)
      );
    `,
};
