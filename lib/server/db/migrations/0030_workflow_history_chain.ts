import 'server-only';
import type { Migration } from './migration';
/**
 * Issue 33 point 5: a record nobody can quietly change. Every workflow_history row gets `content_hash`, the
 * SHA-256 of its canonical form (lib/shared/workflow/chain.ts), which includes `prev_hash`, the content hash of
 * the same subject's previous row (NULL for its first). The engine writes both for every new row; this
 * backfills the rows already there.
 *
 * - Lowercase hex text, not bytea: the value is part of the next row's canonical form as text, both database
 *   drivers give it back as the same string (bytea comes as a Buffer from node-postgres and a Uint8Array from
 *   PGlite), and it reads as it is shown in ad-hoc SQL and on the screens. 64 bytes instead of 32 a row.
 * - The order of a chain is the order rows were written, `id`: the engine appends under the subject's row lock,
 *   and `changed_at` (the transaction's start) can be earlier than the row before it when two changes wait on
 *   each other. The history is read by `id` too. Rows written by 0028 are in their original order.
 * - The backfill runs in SQL with core PostgreSQL's `sha256()` (PostgreSQL 11+; PGlite has it, and neither
 *   engine needs pgcrypto): one UPDATE per position in the chains (a subject's first rows, then its second …),
 *   so its cost is the number of rows, not of subjects — 50,000 rows of 10,000 subjects took 2.5 s on PGlite
 *   and 1.7 s on PostgreSQL. The canonical form below is frozen with this
 *   migration; tests/integration/workflow-chain.test.ts holds it equal to chain.ts.
 * - `changed_by` loses its foreign key: the row's hash covers who acted, and ON DELETE SET NULL would rewrite
 *   the history of other subjects when an account is deleted. The number stays; the name goes with the
 *   account (the history's reader joins users), as before.
 */
const canonical = (h: string, prevHash: string) => {
  const field = (value: string) => `coalesce(octet_length(convert_to(${value}, 'UTF8'))::text || ':' || ${value}, '-')`;
  const fields = [
    `${h}.workflow`,
    `${h}.subject_id::text`,
    `${h}.from_status`,
    `${h}.to_status`,
    `${h}.changed_by::text`,
    `${h}.actor_role`,
    `${h}.note`,
    `to_char(${h}.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    prevHash,
  ];
  return `'workflow-history/1' || ${fields.map((f) => `E'\\n' || ${field(f)}`).join(' || ')}`;
};

export const migration: Migration = {
  id: '0030_workflow_history_chain',
  sql: `
      ALTER TABLE workflow_history DROP CONSTRAINT IF EXISTS workflow_history_changed_by_fkey;
      ALTER TABLE workflow_history
        ADD COLUMN prev_hash    text CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
        ADD COLUMN content_hash text CHECK (content_hash ~ '^[0-9a-f]{64}$');

      CREATE TEMP TABLE workflow_chain_order ON COMMIT DROP AS
        SELECT id, lag(id) OVER w AS prev_id, row_number() OVER w AS position
          FROM workflow_history WINDOW w AS (PARTITION BY workflow, subject_id ORDER BY id);
      CREATE INDEX ON workflow_chain_order (position);

      DO $chain$
      DECLARE
        last_position bigint := (SELECT coalesce(max(position), 0) FROM workflow_chain_order);
      BEGIN
        FOR p IN 1..last_position LOOP
          UPDATE workflow_history h
             SET prev_hash = prev.content_hash,
                 content_hash = encode(sha256(convert_to(${canonical('h', 'prev.content_hash')}, 'UTF8')), 'hex')
            FROM workflow_chain_order c LEFT JOIN workflow_history prev ON prev.id = c.prev_id
           WHERE c.position = p AND h.id = c.id;
        END LOOP;
      END
      $chain$;

      ALTER TABLE workflow_history ALTER COLUMN content_hash SET NOT NULL;
  `,
};
