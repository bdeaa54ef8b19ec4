import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0005_news',
  sql: `
      -- News of spec types 0 notice, 1 trend, 2 GEO dynamic info, 3 cooperation, 4 organization, 5 media.
      -- Bodies are sanitized HTML (lib/server/news/sanitize.ts) when saved and again when rendered.
      CREATE TABLE news (
        id           bigserial   PRIMARY KEY,
        slug         text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        type         smallint    NOT NULL CHECK (type BETWEEN 0 AND 5),
        status       text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        title_zh     text        NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 200),
        title_en     text        NOT NULL CHECK (length(title_en) BETWEEN 1 AND 300),
        summary_zh   text        NOT NULL DEFAULT '',
        summary_en   text        NOT NULL DEFAULT '',
        body_zh      text        NOT NULL,
        body_en      text        NOT NULL,
        -- Plain text of the bodies, for search.
        text_zh      text        NOT NULL DEFAULT '',
        text_en      text        NOT NULL DEFAULT '',
        source_zh    text,
        source_en    text,
        tags         text[]      NOT NULL DEFAULT '{}',
        highlight    boolean     NOT NULL DEFAULT false,
        demo         boolean     NOT NULL DEFAULT false,
        published_at timestamptz,
        created_by   bigint      REFERENCES users (id),
        updated_by   bigint      REFERENCES users (id),
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        CHECK (status = 'draft' OR published_at IS NOT NULL)
      );
      -- Lists: published items of a type, newest first (id breaks ties so pages never overlap).
      CREATE INDEX news_published_idx ON news (type, published_at DESC, id DESC) WHERE status = 'published';
    `,
};
