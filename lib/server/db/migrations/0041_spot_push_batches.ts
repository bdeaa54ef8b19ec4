import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0041_spot_push_batches',
  sql: `
      -- Spot push batches (issue 35.3; spec §7 /api/push/v1/spotbatch, _v2, _v3): for a quarter and a spot type (a
      -- monitoring theme, or 'verification'), one batch per push user whose spot grants name that type, of the
      -- quarter's spots inside the grants' regions (region-code prefix rule). One batch per quarter, type and user,
      -- ever (the job that cuts them may run twice). Delivery: fetched_at is set when the owner first fetches the
      -- batch's spots (vector or Excel), fetch_count counts every fetch by the owner.
      CREATE TABLE push_spot_batches (
        id           bigserial        PRIMARY KEY,
        user_id      bigint           NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        quarter      text             NOT NULL CHECK (quarter ~ '^[0-9]{4}Q[1-4]$'),
        spot_type    text             NOT NULL CHECK (spot_type ~ '^[a-z][a-z0-9_-]{0,39}$'),
        region_codes text[]           NOT NULL CHECK (cardinality(region_codes) BETWEEN 1 AND 1280),
        spot_count   integer          NOT NULL CHECK (spot_count > 0),
        area_m2      double precision NOT NULL CHECK (area_m2 >= 0),
        created_at   timestamptz      NOT NULL DEFAULT now(),
        -- The administrator who asked for the cut (null: the demo data or the system).
        cut_by       bigint           REFERENCES users (id) ON DELETE SET NULL,
        -- Cut by the demo data's seed (replaced when the demo spots or cases it carries are generated again).
        demo         boolean          NOT NULL DEFAULT false,
        fetched_at   timestamptz,
        fetch_count  integer          NOT NULL DEFAULT 0 CHECK (fetch_count >= 0),
        UNIQUE (quarter, spot_type, user_id)
      );
      CREATE INDEX push_spot_batches_user_idx ON push_spot_batches (user_id, created_at DESC, id DESC);
      CREATE INDEX push_spot_batches_list_idx ON push_spot_batches (created_at DESC, id DESC);

      -- What a batch delivered, as it was when cut (the demo themes and verification cases are regenerated; a batch
      -- keeps its spots). spot_id / case_id link to the live monitoring spot or verification case while it exists:
      -- the verification case's link is how part 1 of verification shows which push batch brought it.
      CREATE TABLE push_spot_batch_items (
        batch_id    bigint           NOT NULL REFERENCES push_spot_batches (id) ON DELETE CASCADE,
        ref         text             NOT NULL CHECK (length(ref) BETWEEN 1 AND 40),
        spot_id     bigint           REFERENCES spots (id) ON DELETE SET NULL,
        case_id     bigint           REFERENCES verification_cases (id) ON DELETE SET NULL,
        label       text             NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
        xzqdm       text             NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        kind        text             NOT NULL CHECK (length(kind) BETWEEN 1 AND 20),
        stage       text             NOT NULL CHECK (length(stage) BETWEEN 1 AND 20),
        area_m2     double precision NOT NULL CHECK (area_m2 >= 0),
        detected_on date,
        geom        geometry(Geometry, 4326) NOT NULL,
        center      geometry(Point, 4326)    NOT NULL,
        PRIMARY KEY (batch_id, ref),
        CHECK (spot_id IS NULL OR case_id IS NULL)
      );
      CREATE INDEX push_spot_batch_items_case_idx ON push_spot_batch_items (case_id) WHERE case_id IS NOT NULL;
      CREATE INDEX push_spot_batch_items_spot_idx ON push_spot_batch_items (spot_id) WHERE spot_id IS NOT NULL;
    `,
};
