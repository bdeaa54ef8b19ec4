import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0047_scene_imagery',
  sql: `
      -- Imagery of scenes (issue 37, docs/adr/0033-imagery-tiles.md): a scene's cloud-optimised GeoTIFF assets, served
      -- by the satellite-image WMTS (lib/server/imagery). href is a file: URL under IMAGERY_ROOT; the raster facts
      -- (size, bands, CRS, transform, overviews) are read once at registration, the per-band stretch (2nd and 98th
      -- percentiles) once on first use, and kept here. No foreign key: the scene table is to be partitioned by month.
      CREATE TABLE scene_imagery (
        scene_id   text        NOT NULL,
        asset_key  text        NOT NULL CHECK (asset_key ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
        href       text        NOT NULL CHECK (length(href) BETWEEN 1 AND 2048),
        roles      text[]      NOT NULL,
        raster     jsonb,
        stretch    jsonb,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scene_id, asset_key)
      );
    `,
};
