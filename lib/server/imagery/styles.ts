import 'server-only';
/**
 * Band combinations of the satellite-image WMTS, as style names: `true-colour` (red, green, blue), `false-colour`
 * (near infrared, red, green: vegetation red), `band-N` (one band, 1-based, in grey) and `band-N-viridis` /
 * `band-N-rdylgn` (one band through a colour map). Which bands are red, green, blue and near infrared is the asset's
 * (from its STAC `eo:bands` common names, or the usual blue-green-red-NIR order of multispectral sensors).
 */
import type { ColourMap } from './cog.mjs';
import type { ImageryRaster } from '../scene-imagery';

export interface BandStyle {
  name: string;
  /** 0-based bands: three (RGB) or one. */
  bands: number[];
  colourMap: ColourMap | null;
}

const SINGLE = /^band-(\d{1,3})(?:-(viridis|rdylgn))?$/;

/** The styles an image offers, the default first. */
export function stylesOf(raster: ImageryRaster): BandStyle[] {
  const out: BandStyle[] = [];
  if (raster.composites.trueColour) out.push({ name: 'true-colour', bands: raster.composites.trueColour, colourMap: null });
  if (raster.composites.falseColour) out.push({ name: 'false-colour', bands: raster.composites.falseColour, colourMap: null });
  for (let b = 0; b < raster.bands; b++) out.push({ name: `band-${b + 1}`, bands: [b], colourMap: 'greys' });
  return out;
}

/** The style a request names (empty: the default), or null when the image has no such style. */
export function findBandStyle(raster: ImageryRaster, name: string): BandStyle | null {
  const styles = stylesOf(raster);
  if (name === '' || name === 'default') return styles[0] ?? null;
  const named = styles.find((s) => s.name === name);
  if (named) return named;
  const single = SINGLE.exec(name);
  if (!single) return null;
  const band = Number(single[1]) - 1;
  if (band < 0 || band >= raster.bands) return null;
  return { name, bands: [band], colourMap: (single[2] as ColourMap | undefined) ?? 'greys' };
}

/** Red, green, blue and NIR from STAC common names, else the blue-green-red-NIR order; 0-based. */
export function compositesOf(bands: number, commonNames: readonly (string | null)[] = []): ImageryRaster['composites'] {
  const find = (name: string) => {
    const at = commonNames.indexOf(name);
    return at >= 0 && at < bands ? at : null;
  };
  const blue = find('blue');
  const green = find('green');
  const red = find('red');
  const nir = find('nir');
  if (red !== null && green !== null && blue !== null)
    return { trueColour: [red, green, blue], falseColour: nir !== null ? [nir, red, green] : null };
  if (commonNames.some((n) => n)) return { trueColour: null, falseColour: null };
  if (bands >= 4) return { trueColour: [2, 1, 0], falseColour: [3, 2, 1] };
  if (bands === 3) return { trueColour: [0, 1, 2], falseColour: null };
  return { trueColour: null, falseColour: null };
}
