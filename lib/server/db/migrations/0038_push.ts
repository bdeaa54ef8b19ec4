import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0038_push',
  sql: `
      -- Loads of new scenes (issue 35.2): every demo generation and STAC import is one load, and the scenes it
      -- inserted carry its id (an imported scene updated later keeps the load that brought it). When a load
      -- commits, a job (catalogue.scenes_loaded) tells whoever delivers new scenes: the push batches below.
      CREATE TABLE scene_loads (
        id          bigserial   PRIMARY KEY,
        source      text        NOT NULL CHECK (source IN ('demo', 'imported')),
        started_at  timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        scene_count integer     NOT NULL DEFAULT 0 CHECK (scene_count >= 0)
      );
      ALTER TABLE scenes ADD COLUMN load_id bigint;
      CREATE INDEX scenes_load_idx ON scenes (load_id) WHERE load_id IS NOT NULL;

      -- Push users (spec §3 and §6: provincial nodes and dedicated lines) and their standing grants: image types
      -- (satellites, sensors, product levels; an empty list of sensors or levels means any) and spot types (a
      -- monitoring theme or 'verification'), each for region ranges (region codes, the prefix rule of
      -- lib/shared/regions/codes.ts). Granted by administrators only.
      CREATE TABLE push_users (
        user_id    bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        kind       text        NOT NULL REFERENCES node_types (code),
        demo       boolean     NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE push_image_grants (
        id           bigserial PRIMARY KEY,
        user_id      bigint    NOT NULL REFERENCES push_users (user_id) ON DELETE CASCADE,
        satellites   text[]    NOT NULL CHECK (cardinality(satellites) BETWEEN 1 AND 64),
        sensors      text[]    NOT NULL DEFAULT '{}' CHECK (cardinality(sensors) <= 64),
        levels       text[]    NOT NULL DEFAULT '{}' CHECK (cardinality(levels) <= 16),
        region_codes text[]    NOT NULL CHECK (cardinality(region_codes) BETWEEN 1 AND 64)
      );
      CREATE INDEX push_image_grants_user_idx ON push_image_grants (user_id);
      CREATE TABLE push_spot_grants (
        id           bigserial PRIMARY KEY,
        user_id      bigint    NOT NULL REFERENCES push_users (user_id) ON DELETE CASCADE,
        spot_type    text      NOT NULL CHECK (spot_type ~ '^[a-z][a-z0-9_-]{0,39}$'),
        region_codes text[]    NOT NULL CHECK (cardinality(region_codes) BETWEEN 1 AND 64)
      );
      CREATE INDEX push_spot_grants_user_idx ON push_spot_grants (user_id);

      -- Image push batches: per load and push user, the new scenes their image grants and regions select, with the
      -- figures at cut time (scene count, footprint km², size, and the geodesic coverage of the user's regions).
      -- One batch per load and user, ever (the job that cuts them may run twice). Scene ids are not a foreign key:
      -- a batch keeps what it delivered when the demo catalogue is regenerated.
      CREATE TABLE push_batches (
        id            bigserial        PRIMARY KEY,
        user_id       bigint           NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        load_id       bigint           NOT NULL REFERENCES scene_loads (id) ON DELETE CASCADE,
        created_at    timestamptz      NOT NULL DEFAULT now(),
        scene_count   integer          NOT NULL CHECK (scene_count > 0),
        footprint_km2 double precision NOT NULL CHECK (footprint_km2 >= 0),
        size_mb       double precision NOT NULL CHECK (size_mb >= 0),
        region_codes  text[]           NOT NULL,
        region_km2    double precision NOT NULL CHECK (region_km2 >= 0),
        covered_km2   double precision NOT NULL CHECK (covered_km2 >= 0),
        covered_pct   double precision NOT NULL CHECK (covered_pct BETWEEN 0 AND 100),
        UNIQUE (load_id, user_id)
      );
      CREATE INDEX push_batches_user_idx ON push_batches (user_id, created_at DESC, id DESC);
      CREATE TABLE push_batch_scenes (
        batch_id bigint NOT NULL REFERENCES push_batches (id) ON DELETE CASCADE,
        scene_id text   NOT NULL,
        PRIMARY KEY (batch_id, scene_id)
      );
    `,
};
