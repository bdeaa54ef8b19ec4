import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0017_region_cores',
  sql: `
      -- docs/adr/0010-catalogue-indexes.md: a two-stage region test for the image query. core lies inside
      -- the region's full boundary (geom_hi) and hull around it, both checked when built (ST_CoveredBy /
      -- ST_Covers) and a few hundred vertices each: a footprint meeting the core is in the region, one
      -- missing the hull is not, and only the rest is tested against geom_hi. Built by the regions seed
      -- (lib/server/regions/cores.ts) for the large regions only; NULL where a check failed. Rows go with
      -- their region when the regions are reloaded.
      CREATE TABLE region_cores (
        code text PRIMARY KEY REFERENCES regions (code) ON DELETE CASCADE,
        core geometry(MultiPolygon, 4326),
        hull geometry(MultiPolygon, 4326)
      );
    `,
};
