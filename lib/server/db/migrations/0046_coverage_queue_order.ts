import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0046_coverage_queue_order',
  sql: `
      -- The coverage figures' queue is drained in batches in this order (lib/server/coverage-figures/cells.ts
      -- drainCoverage: the keys a reader asked for first, then by queue time, a month's neighbouring regions together).
      -- Without it every batch sorted the whole queue: ~300,000 keys after a first start with 100,000 demo scenes.
      CREATE INDEX coverage_pending_order_idx ON coverage_pending (queued_at, month, county);
    `,
};
