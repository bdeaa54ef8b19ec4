import 'server-only';
/**
 * Registering imagery (issue 37.1; `npm run imagery:add -- FILE…`, and the demo's Olinda image): a GeoTIFF becomes
 * an imported scene with a COG asset (roles data and visual) under the imagery root. A plain GeoTIFF, or a COG
 * outside the root, is converted / copied there with GDAL (`gdal_translate -of COG`, 256-pixel blocks, overviews);
 * the footprint is the raster's bounds reprojected to EPSG:4326; the stretch is computed once, here.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { beginSceneLoad, finishSceneLoad, upsertScenes } from '../catalogue';
import { markLoaded } from '../db/dataset-version';
import type { Database } from '../db/types';
import { putImageryAsset, servedAsset, fileHref, imageryRoot, isUnderRoot } from '../scene-imagery';
import { describeCog, UnservableImage } from './describe';
import { gdalInfo, toCog } from './gdal';
import { preparedAsset } from './tiles';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export interface ImageryMetadata {
  /** Scene id; unset → the file's name without extension. */
  id?: string;
  platform: string;
  sensor: string;
  /** RFC 3339 acquisition time. */
  datetime: string;
  collection?: string;
  productLevel?: string;
  cloudPct?: number | null;
  /** STAC `eo:bands` common names of the bands, in order (for the band combinations). */
  commonNames?: (string | null)[];
  /** Kept with the scene (its STAC properties). */
  properties?: Record<string, unknown>;
}

export interface Registered {
  id: string;
  cog: string;
  converted: boolean;
  width: number;
  height: number;
  bands: number;
  footprint: { type: 'Polygon'; coordinates: number[][][] };
}

export function sceneIdOf(file: string, id?: string): string {
  const candidate =
    id ??
    path
      .basename(file)
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9._:-]/g, '_');
  if (!ID_PATTERN.test(candidate)) throw new UnservableImage(`"${candidate}" is not a usable scene id (1–200 letters, digits, . _ : -)`);
  return candidate;
}

/** The COG the scene is served from: the file itself when it is a COG under the root, else a converted copy there. */
async function cogUnderRoot(file: string, id: string): Promise<{ cog: string; converted: boolean }> {
  const info = await gdalInfo(file);
  if (!info.hasCrs) throw new UnservableImage('the image has no coordinate reference system');
  if (info.isCog && isUnderRoot(fileHref(file))) return { cog: path.resolve(file), converted: false };
  const root = imageryRoot();
  await mkdir(root, { recursive: true });
  const target = path.join(root, `${id.replace(/:/g, '_')}.tif`);
  const partial = `${target}.partial-${process.pid}`;
  try {
    await toCog(file, partial);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return { cog: target, converted: true };
}

/** Registers (or re-registers) one GeoTIFF as an imported scene with imagery. */
export async function registerImagery(db: Database, file: string, meta: ImageryMetadata): Promise<Registered> {
  await stat(file);
  const id = sceneIdOf(file, meta.id);
  const when = new Date(meta.datetime);
  if (Number.isNaN(when.getTime())) throw new UnservableImage(`datetime "${meta.datetime}" is not RFC 3339`);
  const { cog, converted } = await cogUnderRoot(file, id);
  const described = await describeCog(cog, meta.commonNames ?? []);
  const href = fileHref(cog);
  const collection = (meta.collection ?? `${meta.platform}-${meta.sensor}`)
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 64);
  const loadId = await beginSceneLoad(db, 'imported');
  await db.transaction(async (tx) => {
    const { written } = await upsertScenes(
      tx,
      [
        {
          id,
          collection,
          satellite: meta.platform.toUpperCase(),
          sensor: meta.sensor.toUpperCase(),
          platform: meta.platform.toLowerCase(),
          productLevel: meta.productLevel ?? 'unknown',
          resolutionM: Math.round(described.resolution * 100) / 100,
          acquiredAt: when.toISOString(),
          cloudPct: meta.cloudPct ?? null,
          orbitNumber: null,
          path: null,
          row: null,
          geometry: JSON.stringify(described.footprint),
          sunElevation: null,
          sunAzimuth: null,
          offNadir: null,
          quicklookUrl: null,
          properties: { stac: { properties: meta.properties ?? {}, assets: {} } },
        },
      ],
      loadId,
    );
    if (written.length === 0) throw new UnservableImage(`scene ${id} exists as a demo scene, or its footprint is unusable`);
    await putImageryAsset(tx, {
      sceneId: id,
      key: 'data',
      href,
      roles: ['data', 'visual'],
      raster: described.raster,
      commonNames: meta.commonNames,
    });
    await markLoaded(tx, 'catalogue-imported', `${new Date().toISOString()} +1`);
    await finishSceneLoad(tx, loadId);
  });
  // The stretch, once, now rather than on the first tile.
  const asset = await servedAsset(db, id);
  if (asset) await preparedAsset(db, asset);
  return {
    id,
    cog,
    converted,
    width: described.raster.width,
    height: described.raster.height,
    bands: described.raster.bands,
    footprint: described.footprint,
  };
}
