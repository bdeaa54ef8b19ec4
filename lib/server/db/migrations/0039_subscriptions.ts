import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0039_subscriptions',
  sql: `
      -- Issue 35.4/35.6: subscriptions for every registered user. A subscription is a saved image-query search
      -- (query: the image query's own filter, area included) delivered by e-mail digest, an Atom feed or a signed
      -- webhook. Each matched scene is one row of subscription_items, unique per subscription, so a load delivers
      -- each new scene once per subscription however many workers match it.

      -- When a scene first came into the catalogue (an import that updates a scene keeps it): loads announce the
      -- window they wrote in, and the matcher reads the scenes of that window through this index.
      ALTER TABLE scenes ADD COLUMN loaded_at timestamptz NOT NULL DEFAULT now();
      CREATE INDEX scenes_loaded_at_idx ON scenes (loaded_at);

      CREATE TABLE subscriptions (
        id                bigserial   PRIMARY KEY,
        user_id           bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name              text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        kind              text        NOT NULL CHECK (kind IN ('search')),
        query             jsonb       NOT NULL CHECK (length(query::text) <= 600000),
        -- sha-256 of the query's canonical JSON: the same search twice is refused.
        query_hash        text        NOT NULL CHECK (query_hash ~ '^[0-9a-f]{64}$'),
        delivery          text        NOT NULL CHECK (delivery IN ('email', 'feed', 'webhook')),
        frequency         text        CHECK (frequency IN ('daily', 'weekly')),
        webhook_url       text        CHECK (length(webhook_url) <= 2048),
        webhook_secret    text        NOT NULL CHECK (length(webhook_secret) = 64),
        feed_secret       text        NOT NULL CHECK (length(feed_secret) = 64),
        status            text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'disabled')),
        disabled_reason   text        CHECK (length(disabled_reason) <= 1000),
        next_digest_at    timestamptz,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        CHECK ((delivery = 'email') = (frequency IS NOT NULL)),
        CHECK ((delivery = 'webhook') = (webhook_url IS NOT NULL)),
        UNIQUE (user_id, query_hash)
      );
      CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, id);
      CREATE INDEX subscriptions_digest_idx ON subscriptions (next_digest_at) WHERE delivery = 'email' AND status = 'active';

      -- One delivery: a webhook POST (with its retries), a digest's part, a test, or a re-send of an earlier one.
      CREATE TABLE subscription_deliveries (
        id              bigserial   PRIMARY KEY,
        subscription_id bigint      NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        kind            text        NOT NULL CHECK (kind IN ('items', 'summary', 'test', 'digest', 'resend')),
        item_count      integer     NOT NULL CHECK (item_count >= 0),
        body            text        NOT NULL CHECK (octet_length(body) <= 262144),
        status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts        integer     NOT NULL DEFAULT 0,
        response_status integer,
        last_error      text        CHECK (length(last_error) <= 1000),
        resend_of       bigint      REFERENCES subscription_deliveries (id) ON DELETE SET NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        finished_at     timestamptz
      );
      CREATE INDEX subscription_deliveries_sub_idx ON subscription_deliveries (subscription_id, id DESC);

      CREATE TABLE subscription_items (
        subscription_id bigint      NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        -- No foreign key: a demo reload replaces the scenes, and what was delivered stays delivered.
        scene_id        text        NOT NULL,
        matched_at      timestamptz NOT NULL DEFAULT now(),
        delivery_id     bigint      REFERENCES subscription_deliveries (id) ON DELETE SET NULL,
        PRIMARY KEY (subscription_id, scene_id)
      );
      CREATE INDEX subscription_items_pending_idx ON subscription_items (subscription_id) WHERE delivery_id IS NULL;
      CREATE INDEX subscription_items_recent_idx ON subscription_items (subscription_id, matched_at DESC);
    `,
};
