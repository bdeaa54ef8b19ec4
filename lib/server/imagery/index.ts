import 'server-only';
/**
 * Imagery (issue 37; docs/adr/0033-imagery-tiles.md): scenes' cloud-optimised GeoTIFF assets, their registration
 * (`npm run imagery:add`, the STAC import, the demo's Olinda image) and the satellite-image WMTS / XYZ tiles.
 */
export {
  HAS_IMAGERY_SQL,
  IMAGERY_ROLES,
  dropImagery,
  putImageryAsset,
  servedAsset,
  type ImageryAsset,
  imageryRoot,
  isUnderRoot,
  OutsideRoot,
  resolveImageryHref,
} from '../scene-imagery';
export { GdalMissing } from './gdal';
export { registerImagery, sceneIdOf, type ImageryMetadata, type Registered } from './register';
export { imageryDemoSeed, OLINDA_FILE, OLINDA_SCENE } from './seed';
export { IMAGERY_TILES_PATH, IMAGERY_WMTS_PATH, imageryWmts, imageryXyz, wmtsUrl, xyzTemplate } from './wmts';
export { resetImageryTiles } from './tiles';
