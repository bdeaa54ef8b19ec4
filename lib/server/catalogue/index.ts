import 'server-only';
/**
 * The imagery catalogue service (spec §7 `/api/normal/v5/normalmeta`): its public API, the only module of
 * lib/server/catalogue that code outside it imports (tests/unit/module-boundaries.test.ts). Scenes only:
 * areas of interest (region, extent, drawing, uploaded area) are lib/server/areas'.
 */
export { allSceneIds, findScene, scenesByFileName, searchScenes } from './search';
export { SCENE_COLUMNS, quicklookPath, sceneConditions, toScene, type SceneQuery, type SceneRow, type SqlCondition } from './query';
export {
  coverageAnalysis,
  fallFigures,
  fallFiguresOf,
  geodesicInsideKm2Sql,
  geodesicKm2Sql,
  uncoveredFile,
  uncoveredRemainder,
  unionArea,
  unionAreaOf,
  type FootprintSource,
} from './coverage';
export { exportRoute, footprintExport, listExport, quicklookExport } from './exports';
export { csvDocument, csvLine, UTF8_BOM } from './exports/csv';
export { quicklookResponse, sceneQuicklook } from './quicklook';
export { quicklookSize } from './quicklook/size';
export {
  offlineByIds,
  sceneListInfo,
  sceneListTemplate,
  templateHandler,
  templateResponse,
  unmatchedLines,
  uploadedFile,
  uploadSceneList,
} from './scene-lists';
export { CATALOGUE_LAYERS } from './map-layers';
export { CATALOGUE_DATASET, catalogueSeed, catalogueSeedStep } from './demo/seed';
export { importStacText, upsertScenes, type ImportedScene } from './import';
export { SCENES_LOADED_JOB, beginSceneLoad, finishSceneLoad } from './loads';
