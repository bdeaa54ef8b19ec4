import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0050_coverage_region_months',
  sql: `
      -- The spec's acquisition_report map layer (issue 36.5): per leaf region and month, the share of the region imaged
      -- at least once by any scene — the union of all its coverage cells (0045) — kept beside the cells by the same
      -- refresh (lib/server/coverage-figures/cells.ts), so a map tile reads one row per region instead of unioning.
      CREATE TABLE coverage_region_months (
        county      text             NOT NULL REFERENCES regions (code) ON DELETE CASCADE,
        month       date             NOT NULL CHECK (extract(day FROM month) = 1),
        covered_km2 double precision NOT NULL CHECK (covered_km2 >= 0),
        covered_pct double precision NOT NULL CHECK (covered_pct BETWEEN 0 AND 100),
        scenes      integer          NOT NULL CHECK (scenes >= 0),
        PRIMARY KEY (county, month)
      );
      CREATE INDEX coverage_region_months_month_idx ON coverage_region_months (month);
      -- Figures computed before this table: every month with scenes is computed again (the background duty, ADR 0032).
      INSERT INTO coverage_pending_months (month)
        SELECT DISTINCT month FROM coverage_cells ON CONFLICT DO NOTHING;
    `,
};
