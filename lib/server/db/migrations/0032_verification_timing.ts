import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0032_verification_timing',
  sql: `
      -- When a verification case entered its current stage (how long it has been with whom, issue 33.4) and when it
      -- was first submitted (the on-time share of the statistics: submitted by the check's due date). Both are
      -- written with the status by the one workflow engine's caller (lib/server/verification/cases.ts), so lists and
      -- figures read them from the case row instead of scanning the history.
      ALTER TABLE verification_cases ADD COLUMN stage_since timestamptz NOT NULL DEFAULT now();
      ALTER TABLE verification_cases ADD COLUMN first_submitted_at timestamptz;
      -- Whether that first submission came by the check's due date (the figures count it without joining batches).
      ALTER TABLE verification_cases ADD COLUMN submitted_on_time boolean;
      CREATE INDEX verification_cases_status_idx ON verification_cases (status, xzqdm text_pattern_ops);
      -- The lists' default order (the most urgent first) read from an index instead of sorting every case in range.
      CREATE INDEX verification_cases_due_order_idx ON verification_cases (stage_due, id);
      -- What the counts and figures read of every case in range, as an index they can answer from alone (a fraction
      -- of the rows' width: no outline, no form).
      CREATE INDEX verification_cases_figures_idx ON verification_cases (xzqdm text_pattern_ops, status, verdict)
        INCLUDE (stage_due, area_m2, submitted_on_time, batch_id, source, change_type);

      -- A change counter of the verification data: every statement that writes cases or batches draws a number, so an
      -- answer kept under the last number drawn is still current (lib/server/verification/cache.ts). A sequence, not
      -- a counter row: drawing takes no lock, so concurrent moves never wait on each other here.
      CREATE SEQUENCE verification_change_seq;
      CREATE FUNCTION verification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM nextval('verification_change_seq');
        RETURN NULL;
      END $$;
      CREATE TRIGGER verification_cases_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON verification_cases
        FOR EACH STATEMENT EXECUTE FUNCTION verification_changed();
      CREATE TRIGGER verification_batches_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON verification_batches
        FOR EACH STATEMENT EXECUTE FUNCTION verification_changed();
    `,
};
