import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0011_web_mercator_tile',
  sql: `
      -- The one Web-Mercator tile rule (x from the longitude, y from the latitude, for a zoom with n = 2^zoom
      -- tiles a side), used by the grid statistics, the grid map layer and the bench. Inlined by the planner.
      CREATE FUNCTION web_mercator_tile_x(lon float8, n float8) RETURNS int
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT floor((lon + 180) / 360 * n)::int $$;
      CREATE FUNCTION web_mercator_tile_y(lat float8, n float8) RETURNS int
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT floor((1 - ln(tan(radians(lat)) + 1 / cos(radians(lat))) / pi()) / 2 * n)::int $$;
    `,
};
