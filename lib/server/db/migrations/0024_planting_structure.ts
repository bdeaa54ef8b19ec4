import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0024_planting_structure',
  sql: `
      -- Planting structure (issue 21): the sown area of each crop per county, harvest season and crop year. A
      -- year is a batch of the theme (spot_batches), whose crop parcels of sample areas are spots rows; the
      -- crop and season codes are the theme declaration's (validated there), stored as the spots codes are.
      CREATE TABLE planting_structure (
        batch_id bigint           NOT NULL REFERENCES spot_batches (id) ON DELETE CASCADE,
        xzqdm    text             NOT NULL CHECK (xzqdm ~ '^[1-9][0-9]{5}$'),
        season   text             NOT NULL CHECK (season ~ '^[A-Za-z0-9_]{1,20}$'),
        crop     text             NOT NULL CHECK (crop ~ '^[A-Za-z0-9_]{1,20}$'),
        area_ha  double precision NOT NULL CHECK (area_ha >= 0),
        demo     boolean          NOT NULL DEFAULT false,
        PRIMARY KEY (batch_id, xzqdm, season, crop)
      );
    `,
};
