import 'server-only';
/**
 * The GDAL command-line tools the imagery registration uses (gdal-bin): `gdalinfo -json` to tell a COG from a plain
 * GeoTIFF, `gdal_translate -of COG` to convert one, `gdalsrsinfo -o proj4` for the image's CRS as proj4 reads it.
 * Run as child processes (never a shell), so they cost the server no request-thread time. Tiles never call GDAL.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);
const TIMEOUT_MS = 5 * 60_000;

export class GdalMissing extends Error {}

async function gdal(command: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run(command, args, { timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new GdalMissing(`${command} not found: install GDAL (Debian/Ubuntu: apt-get install gdal-bin)`);
    throw new Error(`${command} failed: ${(e.stderr ?? e.message).trim().split('\n').slice(-3).join(' ')}`);
  }
}

const infoSchema = z.looseObject({
  size: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  metadata: z.looseObject({ IMAGE_STRUCTURE: z.record(z.string(), z.string()).optional() }).optional(),
  bands: z.array(z.looseObject({ block: z.tuple([z.number(), z.number()]), type: z.string() })).min(1),
  coordinateSystem: z.looseObject({ wkt: z.string() }).optional(),
});

export interface GdalInfo {
  width: number;
  height: number;
  bands: number;
  /** GDAL's own LAYOUT=COG mark: a file written by the COG driver. */
  isCog: boolean;
  hasCrs: boolean;
  dataType: string;
}

export async function gdalInfo(file: string): Promise<GdalInfo> {
  const info = infoSchema.parse(JSON.parse(await gdal('gdalinfo', ['-json', '-norat', '-noct', file])));
  const structure = info.metadata?.IMAGE_STRUCTURE;
  return {
    width: info.size[0],
    height: info.size[1],
    bands: info.bands.length,
    isCog: structure?.LAYOUT === 'COG',
    hasCrs: Boolean(info.coordinateSystem?.wkt),
    dataType: info.bands[0]!.type,
  };
}

/** The file's CRS as a proj4 definition (what the tiles reproject from). */
export async function proj4Of(file: string): Promise<string> {
  const text = (await gdal('gdalsrsinfo', ['-o', 'proj4', file])).trim();
  if (!text.startsWith('+')) throw new Error('the image has no coordinate reference system GDAL can state as proj4');
  return text;
}

/** Writes a tiled, DEFLATE-compressed COG with overviews (256-pixel blocks: a tile reads little more than it shows). */
export async function toCog(input: string, output: string): Promise<void> {
  await gdal('gdal_translate', [
    '-q',
    '-of',
    'COG',
    '-co',
    'COMPRESS=DEFLATE',
    '-co',
    'BLOCKSIZE=256',
    '-co',
    'OVERVIEWS=AUTO',
    input,
    output,
  ]);
}
