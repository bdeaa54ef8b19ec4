import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0016_catalogue_uploads',
  sql: `
      -- Uploads of the image query (spec §4 modes SHP 3 and FILE 5): an area (shapefile, GeoJSON, KML/KMZ,
      -- dissolved into one multipolygon) or a scene list (file names FLIE_NAMES 1, orbit/path/row OPR 2,
      -- path/row PR 3), one line per entry. The unguessable id is the key a browser session holds; a row
      -- lives until expires_at (CATALOGUE_LIMITS.uploadTtlHours) and is purged by later uploads.
      CREATE TABLE catalogue_uploads (
        id          uuid PRIMARY KEY,
        kind        text NOT NULL CHECK (kind IN ('area', 'scenes')),
        name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        geom        geometry(MultiPolygon, 4326) CHECK (geom IS NULL OR ST_IsValid(geom)),
        area_km2    double precision CHECK (area_km2 >= 0),
        list_type   smallint CHECK (list_type IN (1, 2, 3)),
        details     jsonb NOT NULL DEFAULT '{}'::jsonb,
        CHECK ((kind = 'area') = (geom IS NOT NULL)),
        CHECK ((kind = 'scenes') = (list_type IS NOT NULL))
      );
      CREATE INDEX catalogue_uploads_expires_idx ON catalogue_uploads (expires_at);
      CREATE TABLE catalogue_upload_lines (
        upload_id   uuid NOT NULL REFERENCES catalogue_uploads (id) ON DELETE CASCADE,
        line_no     integer NOT NULL CHECK (line_no >= 1),
        text        text NOT NULL CHECK (length(text) <= 1000),
        file_name   text CHECK (length(file_name) BETWEEN 1 AND 255),
        orbit       integer CHECK (orbit >= 0),
        path        integer CHECK (path >= 0),
        "row"       integer CHECK ("row" >= 0),
        PRIMARY KEY (upload_id, line_no)
      );
      -- Scene lists by path/row (and orbit) find their scenes through this index.
      CREATE INDEX scenes_path_row_idx ON scenes (path, "row", orbit_number);
    `,
};
