import 'server-only';
import type { Migration } from './migration';

/**
 * Field photos as evidence of a verification case (issue 34.1). A batch says how many photos of each view it needs
 * per spot and how far from a spot's outline a photo may be taken before it is flagged; each photo keeps its original
 * byte-for-byte (a file row with its SHA-256) and a display copy with a caption the server drew, what its EXIF said,
 * where the user tapped on the map, and the flags the server computed for the reviewers.
 */
export const migration: Migration = {
  id: '0036_verification_photos',
  sql: `
      -- Minimum photos per view kind ({"distant": 1, ...}; kinds absent need none) and the distance threshold (m).
      ALTER TABLE verification_batches
        ADD COLUMN photo_minimums jsonb NOT NULL
          DEFAULT '{"distant": 1, "close": 1, "corner_ne": 1, "corner_nw": 1, "corner_se": 1, "corner_sw": 1, "interior": 0, "drone": 0}'
          CHECK (jsonb_typeof(photo_minimums) = 'object'),
        ADD COLUMN photo_distance_m int NOT NULL DEFAULT 200 CHECK (photo_distance_m BETWEEN 1 AND 100000);

      CREATE TABLE verification_photos (
        id               bigserial   PRIMARY KEY,
        case_id          bigint      NOT NULL REFERENCES verification_cases (id) ON DELETE CASCADE,
        view_kind        text        NOT NULL CHECK (view_kind IN ('distant', 'close', 'corner_ne', 'corner_nw', 'corner_se', 'corner_sw', 'interior', 'drone')),
        uploaded_by      bigint      REFERENCES users (id) ON DELETE SET NULL,
        -- The file as sent (never re-encoded) and its hash, and the copy shown with the server's caption.
        original_file_id bigint      NOT NULL REFERENCES files (id),
        original_sha256  text        NOT NULL CHECK (original_sha256 ~ '^[0-9a-f]{64}$'),
        display_file_id  bigint      NOT NULL REFERENCES files (id),
        -- From the EXIF (null when absent).
        taken_at         timestamptz,
        position         geometry(Point, 4326),
        heading          real        CHECK (heading >= 0 AND heading < 360),
        device_make      text        CHECK (length(device_make) <= 100),
        device_model     text        CHECK (length(device_model) <= 100),
        -- Where the user tapped on the map for this photo (sent by the client, kept apart from the device's own).
        tapped           geometry(Point, 4326),
        -- Metres from the photo's position to the spot's outline (0 inside) and to the tapped position.
        distance_m       double precision CHECK (distance_m >= 0),
        tapped_gap_m     double precision CHECK (tapped_gap_m >= 0),
        flags            text[]      NOT NULL DEFAULT '{}'
                         CHECK (flags <@ ARRAY['far', 'before_push', 'no_gps', 'tap_mismatch']::text[]),
        created_at       timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX verification_photos_case_idx ON verification_photos (case_id, view_kind, id);
    `,
};
