import 'server-only';
/**
 * The imagery assets of scenes (table scene_imagery, migration 0047): a COG per scene asset with its raster facts
 * and stretch, both established once and kept. The catalogue's import and `npm run imagery:add` write here; the
 * satellite-image WMTS reads here.
 */
import { z } from 'zod';
import type { Queryable } from '../db/types';

export const imageryRasterSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bands: z.number().int().positive(),
  transform: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
  proj4: z.string().min(1),
  nodata: z.number().nullable(),
  bitsPerSample: z.number().int().positive(),
  /** [west, south, east, north] in degrees. */
  lonLatBox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  composites: z.object({
    trueColour: z.array(z.number().int().min(0)).length(3).nullable(),
    falseColour: z.array(z.number().int().min(0)).length(3).nullable(),
  }),
});
export type ImageryRaster = z.infer<typeof imageryRasterSchema>;

const stretchSchema = z.object({ bands: z.array(z.tuple([z.number(), z.number()])) });
export type ImageryStretch = z.infer<typeof stretchSchema>;

export interface ImageryAsset {
  sceneId: string;
  key: string;
  href: string;
  roles: string[];
  /** Null until described (a STAC import registers the asset; the first tile describes it). */
  raster: ImageryRaster | null;
  stretch: ImageryStretch | null;
  /** STAC `eo:bands` common names, for the band combinations. */
  commonNames: (string | null)[];
}

interface Row {
  scene_id: string;
  asset_key: string;
  href: string;
  roles: string[];
  raster: unknown;
  stretch: unknown;
}

const toAsset = (r: Row): ImageryAsset => {
  const info = (r.raster ?? {}) as { commonNames?: unknown };
  const raster = imageryRasterSchema.safeParse(r.raster);
  const stretch = stretchSchema.safeParse(r.stretch);
  return {
    sceneId: r.scene_id,
    key: r.asset_key,
    href: r.href,
    roles: r.roles,
    raster: raster.success ? raster.data : null,
    stretch: stretch.success ? stretch.data : null,
    commonNames: Array.isArray(info.commonNames) ? info.commonNames.map((n) => (typeof n === 'string' ? n : null)) : [],
  };
};

/** The roles whose assets are served as imagery. */
export const IMAGERY_ROLES = ['data', 'visual'] as const;

/** Registers (or replaces) a scene's imagery asset; facts known at registration may come with it. */
export async function putImageryAsset(
  db: Queryable,
  asset: {
    sceneId: string;
    key: string;
    href: string;
    roles: readonly string[];
    raster?: ImageryRaster | null;
    commonNames?: (string | null)[];
  },
): Promise<void> {
  const commonNames = asset.commonNames ?? [];
  const raster = asset.raster ? { ...asset.raster, commonNames } : commonNames.length ? { commonNames } : null;
  await db.query(
    `INSERT INTO scene_imagery (scene_id, asset_key, href, roles, raster, stretch)
     VALUES ($1, $2, $3, $4::text[], $5::jsonb, NULL)
     ON CONFLICT (scene_id, asset_key) DO UPDATE
       SET href = excluded.href, roles = excluded.roles, raster = excluded.raster, stretch = NULL, updated_at = now()`,
    [asset.sceneId, asset.key, asset.href, [...asset.roles], raster === null ? null : JSON.stringify(raster)],
  );
}

/** Drops the imagery of scenes (before a re-import lists theirs again). */
export async function dropImagery(db: Queryable, sceneIds: readonly string[]): Promise<void> {
  if (sceneIds.length) await db.query(`DELETE FROM scene_imagery WHERE scene_id = ANY ($1::text[])`, [[...sceneIds]]);
}

/** The asset a scene's tiles come from: `data` (all bands, so every combination) before `visual`. */
export async function servedAsset(db: Queryable, sceneId: string): Promise<ImageryAsset | null> {
  const [row] = await db.query<Row>(
    `SELECT scene_id, asset_key, href, roles, raster, stretch FROM scene_imagery WHERE scene_id = $1
      ORDER BY ('data' = ANY (roles)) DESC, asset_key LIMIT 1`,
    [sceneId],
  );
  return row ? toAsset(row) : null;
}

/** Scenes with imagery, newest first (the layers of the WMTS capabilities), with their served asset. */
export async function imageryLayers(
  db: Queryable,
  limit: number,
): Promise<
  Array<ImageryAsset & { title: string; acquiredAt: string; satellite: string; sensor: string; bbox: [number, number, number, number] }>
> {
  const rows = await db.query<
    Row & { file_name: string; acquired_at: string; satellite: string; sensor: string; w: number; s: number; e: number; n: number }
  >(
    `SELECT DISTINCT ON (s.acquired_at, s.id) i.scene_id, i.asset_key, i.href, i.roles, i.raster, i.stretch, s.file_name,
            to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS acquired_at, s.satellite, s.sensor,
            ST_XMin(s.footprint) AS w, ST_YMin(s.footprint) AS s, ST_XMax(s.footprint) AS e, ST_YMax(s.footprint) AS n
       FROM scene_imagery i JOIN scenes s ON s.id = i.scene_id
      ORDER BY s.acquired_at DESC, s.id, ('data' = ANY (i.roles)) DESC, i.asset_key
      LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...toAsset(r),
    title: r.file_name,
    acquiredAt: r.acquired_at,
    satellite: r.satellite,
    sensor: r.sensor,
    bbox: [r.w, r.s, r.e, r.n],
  }));
}

export async function saveRaster(db: Queryable, asset: ImageryAsset, raster: ImageryRaster): Promise<void> {
  await db.query(`UPDATE scene_imagery SET raster = $3::jsonb, updated_at = now() WHERE scene_id = $1 AND asset_key = $2`, [
    asset.sceneId,
    asset.key,
    JSON.stringify({ ...raster, commonNames: asset.commonNames }),
  ]);
}

export async function saveStretch(db: Queryable, asset: ImageryAsset, stretch: ImageryStretch): Promise<void> {
  await db.query(`UPDATE scene_imagery SET stretch = $3::jsonb WHERE scene_id = $1 AND asset_key = $2`, [
    asset.sceneId,
    asset.key,
    JSON.stringify(stretch),
  ]);
}

/** SQL (on alias `s`, the scenes table) telling whether a scene has imagery. */
export const HAS_IMAGERY_SQL = `EXISTS (SELECT 1 FROM scene_imagery i WHERE i.scene_id = s.id)`;
