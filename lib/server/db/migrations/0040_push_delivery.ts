import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0040_push_delivery',
  sql: `
      -- Delivery of image push batches (issue 35.2): a dedicated line or provincial node pulls its batches with its
      -- token (an Atom feed of batches, a STAC ItemCollection per batch). The owner's first fetch of a batch's
      -- ItemCollection acknowledges it (acknowledged_at, set once); a re-delivery on request clears it again and counts.
      ALTER TABLE push_batches
        ADD COLUMN acknowledged_at  timestamptz,
        ADD COLUMN redelivery_count integer NOT NULL DEFAULT 0 CHECK (redelivery_count >= 0),
        ADD COLUMN redelivered_at   timestamptz;
      -- The feed's "?unacknowledged=1" and the administrators' "not fetched" filter.
      CREATE INDEX push_batches_pending_idx ON push_batches (user_id, created_at DESC, id DESC) WHERE acknowledged_at IS NULL;

      -- Every re-delivery that changed something: who asked, when (the administrators' record of the action).
      CREATE TABLE push_batch_redeliveries (
        id           bigserial   PRIMARY KEY,
        batch_id     bigint      NOT NULL REFERENCES push_batches (id) ON DELETE CASCADE,
        requested_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        -- The acknowledgement it cleared.
        acknowledged_at timestamptz NOT NULL
      );
      CREATE INDEX push_batch_redeliveries_batch_idx ON push_batch_redeliveries (batch_id, requested_at DESC);
    `,
};
