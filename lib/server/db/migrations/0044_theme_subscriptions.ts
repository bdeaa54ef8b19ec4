import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0044_theme_subscriptions',
  sql: `
      -- Issue 35.4, the second kind of subscription: the new spots of a monitoring theme in a region
      -- (query: {"theme": …, "regionCode": …}), matched when a batch of the theme's spots is loaded. Both kinds share
      -- the count per user, the refusal of a repeat (query_hash), the deliveries and the feed.
      ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_kind_check;
      ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_kind_check CHECK (kind IN ('search', 'theme'));
      -- A batch load reads the active subscriptions of its theme.
      CREATE INDEX subscriptions_theme_idx ON subscriptions ((query->>'theme'), id) WHERE kind = 'theme';

      -- An item is what the subscription delivers: a scene's id (search) or a spot's id (theme), unique per
      -- subscription as before. No foreign key either way: a demo reload replaces both.
      ALTER TABLE subscription_items RENAME COLUMN scene_id TO item_id;
    `,
};
