import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0048_shared_limits',
  sql: `
      -- What several portal processes on one PostgreSQL must count together (issue 38.1, docs/adr/0035-shared-limits.md).
      -- UNLOGGED: counts of a minute are not worth a write-ahead log record each, nor a place on a standby; a crash
      -- empties them, which only forgives the current windows.

      -- Fixed-window request counters (lib/server/api/shared-limits.ts): one row per limit, client and window.
      CREATE UNLOGGED TABLE rate_windows (
        key          text        NOT NULL,
        window_start timestamptz NOT NULL,
        count        integer     NOT NULL CHECK (count >= 0),
        expires_at   timestamptz NOT NULL,
        PRIMARY KEY (key, window_start)
      );
      CREATE INDEX rate_windows_expires_idx ON rate_windows (expires_at);

      -- In-flight bounds: per limit and client, the leases held now (token -> lease end, epoch ms). A process that
      -- dies holding one only keeps it until the lease ends.
      CREATE UNLOGGED TABLE inflight_leases (
        key        text        PRIMARY KEY,
        leases     jsonb       NOT NULL DEFAULT '{}'::jsonb,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX inflight_leases_expires_idx ON inflight_leases (expires_at);

      -- Cache tags of the rendered pages (ISR) that a process expired (revalidatePath/revalidateTag), for the other
      -- processes to expire too (scripts/shared-isr-cache.mjs). expired_at: epoch ms the tag expires at (the
      -- database's clock); recorded_at: when it was written, what the other processes read from.
      CREATE TABLE isr_tag_expirations (
        tag         text             PRIMARY KEY,
        expired_at  double precision NOT NULL,
        recorded_at timestamptz      NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX isr_tag_expirations_recorded_idx ON isr_tag_expirations (recorded_at);
  `,
};
