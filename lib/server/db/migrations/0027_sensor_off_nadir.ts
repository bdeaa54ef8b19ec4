import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0027_sensor_off_nadir',
  sql: `
      -- Orbital prediction (issue 22): a sensor's largest off-nadir (side-looking, roll) angle from the satellite
      -- data, degrees; 0 for a sensor that only looks straight down, NULL where no source publishes it (side-looking
      -- predictions then keep that sensor to its nadir swath).
      ALTER TABLE satellite_sensors ADD COLUMN max_off_nadir_deg double precision CHECK (max_off_nadir_deg BETWEEN 0 AND 60);
    `,
};
