import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0049_coverage_regions_reload',
  sql: `
      -- The coverage figures are cut to the regions' boundaries (0045): a reload of the regions (a new boundary
      -- dataset: DELETE then INSERT in one transaction) drops them by cascade, and a region added or removed changes
      -- which regions are leaves. Either way every month with scenes is queued for the figures' background computation
      -- (lib/server/coverage-figures, ADR 0032), which finds its keys against the new boundaries; before, the figures
      -- stayed empty until someone started a rebuild by hand. Statement-level: once per reload, not per region.
      CREATE FUNCTION coverage_regions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO coverage_pending_months (month)
          SELECT DISTINCT date_trunc('month', s.acquired_at AT TIME ZONE 'UTC')::date FROM scenes s
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER coverage_regions_changed AFTER INSERT OR DELETE ON regions
        FOR EACH STATEMENT EXECUTE FUNCTION coverage_regions_changed();
    `,
};
