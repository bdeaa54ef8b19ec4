import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0007_share',
  sql: `
      -- Stored files (lib/server/files): the bytes live in the file store (disk or S3) under storage_key;
      -- downloads go through signed, expiring links and are counted here.
      CREATE TABLE files (
        id             bigserial   PRIMARY KEY,
        storage_key    text        NOT NULL CHECK (storage_key ~ '^[a-z0-9]+(/[a-z0-9._-]+)*$' AND length(storage_key) <= 255),
        original_name  text        NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
        mime           text        NOT NULL CHECK (length(mime) BETWEEN 3 AND 127),
        size           bigint      NOT NULL CHECK (size >= 0),
        sha256         text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        -- Images only: pixel size, for width/height attributes.
        width          int         CHECK (width > 0),
        height         int         CHECK (height > 0),
        created_by     bigint      REFERENCES users (id) ON DELETE SET NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        download_count bigint      NOT NULL DEFAULT 0 CHECK (download_count >= 0)
      );
      CREATE INDEX files_sha256_idx ON files (sha256);

      -- Software pages and the file share (spec §2 "Application extension"). Bodies are sanitized HTML
      -- (lib/server/news/sanitize.ts); papers carry a citation and usually no file.
      CREATE TABLE share_items (
        id              bigserial   PRIMARY KEY,
        category        text        NOT NULL CHECK (category IN ('software', 'application', 'course', 'paper')),
        slug            text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
        title_zh        text        NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 200),
        title_en        text        NOT NULL CHECK (length(title_en) BETWEEN 1 AND 300),
        summary_zh      text        NOT NULL DEFAULT '',
        summary_en      text        NOT NULL DEFAULT '',
        body_zh         text        NOT NULL DEFAULT '',
        body_en         text        NOT NULL DEFAULT '',
        requirements_zh text        NOT NULL DEFAULT '',
        requirements_en text        NOT NULL DEFAULT '',
        -- [{version, date, zh, en}], newest first.
        changelog       jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- [{fileId, zh, en}]: captions of screenshots kept as files.
        screenshots     jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- [{title, url}]: where the facts on the page come from.
        sources         jsonb       NOT NULL DEFAULT '[]'::jsonb,
        -- Papers: {authors, venue, year, doi}.
        citation        jsonb,
        version         text        CHECK (length(version) <= 40),
        published_on    date        NOT NULL,
        file_id         bigint      REFERENCES files (id) ON DELETE SET NULL,
        login_required  boolean     NOT NULL DEFAULT false,
        demo            boolean     NOT NULL DEFAULT false,
        sort            int         NOT NULL DEFAULT 0,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX share_items_list_idx ON share_items (category, sort, published_on DESC, id DESC);

      -- News covers: an image file and its alternative text in both languages.
      ALTER TABLE news ADD COLUMN cover_file_id bigint REFERENCES files (id) ON DELETE SET NULL;
      ALTER TABLE news ADD COLUMN cover_alt_zh text CHECK (length(cover_alt_zh) <= 200);
      ALTER TABLE news ADD COLUMN cover_alt_en text CHECK (length(cover_alt_en) <= 300);
    `,
};
