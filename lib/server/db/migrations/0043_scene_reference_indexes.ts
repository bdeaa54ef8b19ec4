import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0043_scene_reference_indexes',
  sql: `
      -- Deleting scenes (a demo catalogue regenerated, an import withdrawn) sets or cascades every reference to
      -- them; without an index on the referencing column each deleted scene scanned the whole table. Measured:
      -- replacing 3,000 demo scenes took 41 s on PostgreSQL and 89 s on the embedded database (the verification
      -- cases' before/after images, scanned twice per scene).
      CREATE INDEX verification_cases_before_scene_idx ON verification_cases (before_scene_id) WHERE before_scene_id IS NOT NULL;
      CREATE INDEX verification_cases_after_scene_idx ON verification_cases (after_scene_id) WHERE after_scene_id IS NOT NULL;
      CREATE INDEX cart_items_scene_idx ON cart_items (scene_id);
  `,
};
