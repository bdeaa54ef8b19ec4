import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0026_orbit_elements',
  sql: `
      -- Orbital prediction (issue 22): sets of two-line elements — the set shipped with the portal (CelesTrak's
      -- "active" group) and the ones administrators upload — each with its source and epoch span; exactly one
      -- set is current. Elements are kept as the checked lines, with their epoch for age warnings.
      CREATE TABLE tle_sets (
        id          bigserial   PRIMARY KEY,
        source      text        NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
        uploaded_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        epoch_min   timestamptz NOT NULL,
        epoch_max   timestamptz NOT NULL CHECK (epoch_max >= epoch_min),
        satellites  integer     NOT NULL CHECK (satellites BETWEEN 1 AND 20000),
        current     boolean     NOT NULL DEFAULT false
      );
      CREATE UNIQUE INDEX tle_sets_one_current ON tle_sets (current) WHERE current;
      CREATE TABLE orbit_elements (
        set_id  bigint      NOT NULL REFERENCES tle_sets (id) ON DELETE CASCADE,
        norad   integer     NOT NULL CHECK (norad BETWEEN 1 AND 999999),
        name    text        NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        epoch   timestamptz NOT NULL,
        line1   text        NOT NULL CHECK (length(line1) = 69 AND left(line1, 2) = '1 '),
        line2   text        NOT NULL CHECK (length(line2) = 69 AND left(line2, 2) = '2 '),
        PRIMARY KEY (set_id, norad)
      );
    `,
};
