import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0029_sensor_modes',
  sql: `
      -- A sensor's imaging modes where resolution and swath depend on the mode (GF-3's C-SAR: spotlight 1 m over
      -- 10 km, ultra-fine stripmap 3 m over 30 km … global observation 500 m over 650 km). satellite_sensors keeps
      -- the best resolution and the widest swath, which belong to different modes: the orbital prediction paired
      -- them (issue 32.7). kind: stripmap and ScanSAR image a continuous strip, spotlight and wave separate frames.
      CREATE TABLE satellite_sensor_modes (
        satellite_slug text     NOT NULL,
        sensor_sort    smallint NOT NULL,
        sort           smallint NOT NULL,
        code           text     NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9-]{0,9}$'),
        name_zh        text     NOT NULL,
        name_en        text     NOT NULL,
        kind           text     NOT NULL CHECK (kind IN ('stripmap', 'scansar', 'spotlight', 'wave')),
        resolution_m   double precision NOT NULL CHECK (resolution_m > 0),
        swath_km       double precision NOT NULL CHECK (swath_km > 0),
        PRIMARY KEY (satellite_slug, sensor_sort, sort),
        FOREIGN KEY (satellite_slug, sensor_sort) REFERENCES satellite_sensors (satellite_slug, sort) ON DELETE CASCADE
      );
    `,
};
