import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0034_verification_exports',
  sql: `
      -- How far a running job has got (0–1), written by its handler while it works (lib/server/jobs/progress.ts), so
      -- whoever waits for it can show a progress bar. NULL: the handler does not report progress.
      ALTER TABLE jobs ADD COLUMN progress real CHECK (progress BETWEEN 0 AND 1);

      -- Batch exports of verification cases (issue 33.6): what a user asked for (the case list's filters, a format
      -- and a language), how many cases matched then, the job that writes the file and, once done, the file. Only
      -- the user who asked sees the export and its download link.
      CREATE TABLE verification_exports (
        id          bigserial   PRIMARY KEY,
        user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        job_id      bigint      REFERENCES jobs (id) ON DELETE SET NULL,
        format      text        NOT NULL CHECK (format IN ('csv', 'geojson', 'shp')),
        lang        text        NOT NULL CHECK (lang IN ('zh', 'en')),
        filters     jsonb       NOT NULL,
        matched     integer     NOT NULL CHECK (matched >= 0),
        row_count   integer     CHECK (row_count >= 0),
        file_id     bigint      REFERENCES files (id) ON DELETE SET NULL,
        -- A message key when the export failed.
        failure     text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX verification_exports_user_idx ON verification_exports (user_id, created_at DESC);
    `,
};
