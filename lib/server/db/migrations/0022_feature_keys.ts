import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0022_feature_keys',
  sql: `
      -- A facility listed in every snapshot batch (a turbine, a plant) carries one key across them, so its first
      -- batch (a turbine's commissioning batch) is read from the rows instead of guessed from names.
      ALTER TABLE spots ADD COLUMN feature_key text CHECK (length(feature_key) BETWEEN 1 AND 64);
      CREATE INDEX spots_feature_key_idx ON spots (theme, feature_key) WHERE feature_key IS NOT NULL;
    `,
};
