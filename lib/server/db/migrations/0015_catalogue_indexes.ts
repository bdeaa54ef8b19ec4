import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0015_catalogue_indexes',
  sql: `
      -- docs/adr/0010-catalogue-indexes.md: the time index carries the footprint, so that counting a
      -- period over a large area (a month over the whole country) is an index-only scan testing each
      -- footprint in the index instead of a bitmap AND with the footprint GiST index that selects nearly
      -- every row (1.3 s → 0.1 s at 1 M scenes). Same key as before, so pages sorted by time are unchanged.
      CREATE INDEX scenes_time_footprint_idx ON scenes (acquired_at DESC, id DESC) INCLUDE (footprint);
      DROP INDEX scenes_time_idx;
    `,
};
