import 'server-only';
/** Exports of the image query: result list (CSV, Excel), footprints (shapefile, GeoJSON), quick-looks (zip). */
export { footprintExport } from './footprints';
export { listExport } from './list';
export { quicklookExport } from './quicklooks';
export { exportRoute } from './respond';
