import 'server-only';
/**
 * The imagery assets of scenes as stored (table scene_imagery) and where they may be read from (IMAGERY_ROOT): the
 * part of imagery the catalogue's STAC import and scene query need, apart from lib/server/imagery (registration,
 * tiles, the WMTS), which itself builds on the catalogue — so neither folder imports the other in a loop.
 */
export {
  HAS_IMAGERY_SQL,
  IMAGERY_ROLES,
  dropImagery,
  imageryLayers,
  imageryRasterSchema,
  putImageryAsset,
  saveRaster,
  saveStretch,
  servedAsset,
  type ImageryAsset,
  type ImageryRaster,
  type ImageryStretch,
} from './assets';
export { fileHref, imageryRoot, isUnderRoot, OutsideRoot, resolveImageryHref } from './roots';
