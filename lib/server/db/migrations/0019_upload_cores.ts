import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0019_upload_cores',
  sql: `
      -- The two-stage test of the region search (0017_region_cores) for uploaded areas: an area of up to
      -- 100,000 vertices tested exactly against every footprint near it took 9-12 s at 1 M scenes (a
      -- ~1.3 ms overlay per footprint); with a verified core and hull only the footprints that graze its
      -- border are tested exactly. NULL: not built (small areas, old uploads, a failed check).
      -- geom_mid: a lighter copy (from 5,000 vertices up) for the share of the area each listed scene
      -- covers, as regions have theirs; never for membership or the coverage analysis' figures.
      ALTER TABLE catalogue_uploads
        ADD COLUMN core geometry(MultiPolygon, 4326),
        ADD COLUMN hull geometry(MultiPolygon, 4326),
        ADD COLUMN geom_mid geometry(MultiPolygon, 4326);
    `,
};
