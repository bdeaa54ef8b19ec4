import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0035_verification_county_versions',
  sql: `
      -- A version per county of the verification cases (issue 33 budget: the figures of a province within 50 ms while
      -- reviewers work). Every statement writing cases raises the version of each county it touched, in the same
      -- transaction, so the counts kept per county (lib/server/verification/cache.ts) are recomputed for those counties
      -- only — and exactly when the write becomes visible: a reader sees the new rows and the new version together.
      -- The row '*' stands for everything (batches written, cases truncated). The sum of all versions changes with any
      -- committed write (each only grows), which makes it the cheap "has anything changed" number.
      CREATE TABLE verification_county_versions (
        xzqdm text PRIMARY KEY,
        version bigint NOT NULL
      );
      INSERT INTO verification_county_versions (xzqdm, version)
        SELECT DISTINCT xzqdm, 1 FROM verification_cases UNION ALL SELECT '*', 1;

      -- One function for the three statement triggers: transition tables need one trigger per event. Counties are
      -- raised in code order, so two statements over several counties lock their rows in the same order.
      CREATE FUNCTION verification_counties_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'verification_batches' OR TG_OP = 'TRUNCATE' THEN
          UPDATE verification_county_versions SET version = version + 1 WHERE xzqdm = '*';
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO verification_county_versions AS t (xzqdm, version)
            SELECT DISTINCT xzqdm, 1 FROM verification_new_rows ORDER BY 1
            ON CONFLICT (xzqdm) DO UPDATE SET version = t.version + 1;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO verification_county_versions AS t (xzqdm, version)
            SELECT xzqdm, 1 FROM (SELECT xzqdm FROM verification_new_rows UNION SELECT xzqdm FROM verification_old_rows) s ORDER BY 1
            ON CONFLICT (xzqdm) DO UPDATE SET version = t.version + 1;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO verification_county_versions AS t (xzqdm, version)
            SELECT DISTINCT xzqdm, 1 FROM verification_old_rows ORDER BY 1
            ON CONFLICT (xzqdm) DO UPDATE SET version = t.version + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER verification_cases_inserted AFTER INSERT ON verification_cases
        REFERENCING NEW TABLE AS verification_new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_counties_changed();
      CREATE TRIGGER verification_cases_updated AFTER UPDATE ON verification_cases
        REFERENCING OLD TABLE AS verification_old_rows NEW TABLE AS verification_new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION verification_counties_changed();
      CREATE TRIGGER verification_cases_deleted AFTER DELETE ON verification_cases
        REFERENCING OLD TABLE AS verification_old_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_counties_changed();
      CREATE TRIGGER verification_cases_truncated AFTER TRUNCATE ON verification_cases
        FOR EACH STATEMENT EXECUTE FUNCTION verification_counties_changed();
      CREATE TRIGGER verification_batches_versioned AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON verification_batches
        FOR EACH STATEMENT EXECUTE FUNCTION verification_counties_changed();
      -- The change counter of 0032 (a sequence every write drew before it committed, so a move had to draw again
      -- after) is replaced by the versions above, which become visible with the write itself.
      DROP TRIGGER verification_cases_changed ON verification_cases;
      DROP TRIGGER verification_batches_changed ON verification_batches;
      DROP FUNCTION verification_changed();
      DROP SEQUENCE verification_change_seq;
    `,
};
