import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0008_about',
  sql: `
      -- Feedback (spec §6 MOD_054, §7 /api/feedback/v1): what signed-in users send, and our replies.
      -- Rate limits count these rows (per user and per hashed address), so the table is also the log.
      CREATE TABLE feedback (
        id         bigserial   PRIMARY KEY,
        user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        category   text        NOT NULL CHECK (category IN ('account', 'data', 'map', 'order', 'bug', 'suggestion', 'other')),
        title      text        NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
        content    text        NOT NULL CHECK (length(content) BETWEEN 10 AND 2000),
        contact    text        CHECK (length(contact) BETWEEN 1 AND 100),
        locale     text        NOT NULL DEFAULT 'zh' CHECK (locale IN ('zh', 'en')),
        status     text        NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'replied')),
        reply      text        CHECK (length(reply) BETWEEN 1 AND 4000),
        replied_at timestamptz,
        replied_by bigint      REFERENCES users (id) ON DELETE SET NULL,
        -- HMAC of the sender's address under a server secret: enough to rate-limit, useless to read back.
        ip_hash    text        NOT NULL,
        demo       boolean     NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'replied') = (reply IS NOT NULL AND replied_at IS NOT NULL))
      );
      CREATE INDEX feedback_user_idx ON feedback (user_id, created_at DESC, id DESC);
      CREATE INDEX feedback_ip_idx ON feedback (ip_hash, created_at DESC);

      -- Provincial nodes (data/nodes/nodes.json): one per province. The key is deferred so the regions
      -- seed can replace the regions table inside one transaction.
      CREATE TABLE provincial_nodes (
        id            bigserial PRIMARY KEY,
        province_code text      NOT NULL UNIQUE REFERENCES regions (code) DEFERRABLE INITIALLY DEFERRED
                                CHECK (province_code ~ '^[1-8][0-9]0000$'),
        name_zh       text      NOT NULL,
        name_en       text      NOT NULL,
        host_zh       text      NOT NULL,
        host_en       text      NOT NULL,
        address_zh    text      NOT NULL,
        address_en    text      NOT NULL,
        phone         text      NOT NULL,
        email         text      NOT NULL,
        website       text,
        hours_zh      text      NOT NULL,
        hours_en      text      NOT NULL,
        demo          boolean   NOT NULL DEFAULT true,
        updated_at    timestamptz NOT NULL DEFAULT now()
      );

      -- FAQ (data/faq/faq.json): plain-text answers in both languages.
      CREATE TABLE faq (
        id          bigserial   PRIMARY KEY,
        slug        text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        category    text        NOT NULL CHECK (category IN ('account', 'area', 'imagery', 'mapServices', 'monitoring', 'satellites', 'downloads', 'data')),
        question_zh text        NOT NULL CHECK (length(question_zh) BETWEEN 1 AND 200),
        question_en text        NOT NULL CHECK (length(question_en) BETWEEN 1 AND 300),
        answer_zh   text        NOT NULL CHECK (length(answer_zh) BETWEEN 1 AND 4000),
        answer_en   text        NOT NULL CHECK (length(answer_en) BETWEEN 1 AND 8000),
        sort        int         NOT NULL DEFAULT 0,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX faq_order_idx ON faq (sort, id);
    `,
};
