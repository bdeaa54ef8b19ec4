import { stretchValue } from './cog.mjs';
import { compositesOf, findBandStyle, stylesOf } from './styles';
import type { ImageryRaster } from '../scene-imagery';

const raster = (bands: number, commonNames: (string | null)[] = []): ImageryRaster => ({
  width: 10,
  height: 10,
  bands,
  transform: [0, 1, 0, 0, 0, -1],
  proj4: '+proj=longlat +datum=WGS84 +no_defs',
  nodata: null,
  bitsPerSample: 8,
  lonLatBox: [0, 0, 1, 1],
  composites: compositesOf(bands, commonNames),
});

describe('band combinations', () => {
  it('take red, green, blue and NIR from STAC common names, whatever their order', () => {
    expect(compositesOf(5, ['nir', 'red', 'green', 'blue', 'swir16'])).toEqual({ trueColour: [1, 2, 3], falseColour: [0, 1, 2] });
  });

  it('fall back to the blue-green-red-NIR order of multispectral sensors, and RGB for three bands', () => {
    expect(compositesOf(6)).toEqual({ trueColour: [2, 1, 0], falseColour: [3, 2, 1] });
    expect(compositesOf(3)).toEqual({ trueColour: [0, 1, 2], falseColour: null });
    expect(compositesOf(1)).toEqual({ trueColour: null, falseColour: null });
    // Named bands without red, green and blue (a radar or index image): no colour composite.
    expect(compositesOf(2, ['vv', 'vh'])).toEqual({ trueColour: null, falseColour: null });
  });

  it('name the styles of an image, the default first', () => {
    expect(stylesOf(raster(4)).map((s) => s.name)).toEqual(['true-colour', 'false-colour', 'band-1', 'band-2', 'band-3', 'band-4']);
    expect(stylesOf(raster(1)).map((s) => s.name)).toEqual(['band-1']);
  });

  it('find a style by name, a single band with a colour map, and nothing else', () => {
    expect(findBandStyle(raster(4), '')?.name).toBe('true-colour');
    expect(findBandStyle(raster(4), 'band-4-viridis')).toEqual({ name: 'band-4-viridis', bands: [3], colourMap: 'viridis' });
    expect(findBandStyle(raster(4), 'band-5')).toBeNull();
    expect(findBandStyle(raster(4), 'band-0')).toBeNull();
    expect(findBandStyle(raster(3), 'false-colour')).toBeNull();
    expect(findBandStyle(raster(4), 'band-1-jet')).toBeNull();
  });
});

describe('the stretch', () => {
  it('is gdal_translate -scale lo hi 0 255: linear, rounded, clamped', () => {
    expect([stretchValue(30, 30, 113), stretchValue(113, 30, 113), stretchValue(71.5, 30, 113)]).toEqual([0, 255, 128]);
    expect([stretchValue(10, 30, 113), stretchValue(200, 30, 113)]).toEqual([0, 255]);
    expect(stretchValue(5, 5, 5)).toBe(255);
  });
});
