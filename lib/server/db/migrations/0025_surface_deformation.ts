import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0025_surface_deformation',
  sql: `
      -- Surface deformation (ADR 0015). InSAR products: one stack of one mission, pass, track and frame over a
      -- date range, searched by footprint (the image query's area code), dates, mission and pass, and named
      -- whole by uploaded file-name lists.
      CREATE TABLE deform_products (
        id          text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
        file_name   text NOT NULL UNIQUE CHECK (length(file_name) BETWEEN 1 AND 255),
        mission     text NOT NULL CHECK (mission ~ '^[A-Za-z0-9_]{1,20}$'),
        satellite   text NOT NULL CHECK (length(satellite) BETWEEN 1 AND 40),
        pass        text NOT NULL CHECK (pass IN ('ASC', 'DESC')),
        track       smallint NOT NULL CHECK (track BETWEEN 1 AND 999),
        frame       smallint NOT NULL CHECK (frame BETWEEN 1 AND 9999),
        date_start  date NOT NULL,
        date_end    date NOT NULL CHECK (date_end >= date_start),
        epochs      smallint NOT NULL CHECK (epochs BETWEEN 2 AND 2000),
        footprint   geometry(Polygon, 4326) NOT NULL CHECK (ST_IsValid(footprint)),
        area_km2    double precision NOT NULL CHECK (area_km2 >= 0),
        size_mb     double precision NOT NULL CHECK (size_mb >= 0),
        demo        boolean NOT NULL DEFAULT false
      );
      CREATE INDEX deform_products_footprint_gix ON deform_products USING gist (footprint);
      CREATE INDEX deform_products_dates_idx ON deform_products (date_end, date_start);

      -- The rate grid: one row per Web-Mercator level-14 tile (x, y) with data (≈ 1.9 km at 40° N; the theme's
      -- rateGrid.cellLevel), its mean velocity (mm/a, negative = subsidence), coherence, the county it lies in
      -- (area ranges and region filters), and the displacement series (mm, relative to the first epoch) at
      -- t0 + i·step_days. The series is bounded (≤ 400 epochs) and read one cell at a time.
      CREATE TABLE deform_cells (
        x           integer NOT NULL CHECK (x >= 0),
        y           integer NOT NULL CHECK (y >= 0),
        xzqdm       text NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        rate        real NOT NULL CHECK (rate BETWEEN -500 AND 500),
        coherence   real NOT NULL CHECK (coherence BETWEEN 0 AND 1),
        t0          date NOT NULL,
        step_days   smallint NOT NULL CHECK (step_days BETWEEN 1 AND 366),
        series      real[] NOT NULL CHECK (cardinality(series) BETWEEN 2 AND 400),
        geom        geometry(Polygon, 4326) NOT NULL,
        demo        boolean NOT NULL DEFAULT false,
        PRIMARY KEY (x, y)
      );
      CREATE INDEX deform_cells_geom_gix ON deform_cells USING gist (geom);
      CREATE INDEX deform_cells_xzqdm_idx ON deform_cells (xzqdm text_pattern_ops);
    `,
};
