import 'server-only';
/**
 * Areas of interest (DESIGN.md "Areas of interest", docs/adr/0021-areas-of-interest.md): a search area
 * (region, extent, drawing, upload) as SQL, its checks, the uploaded-area store, and the areas stored
 * with a record. Used by the catalogue, surface deformation, orbits and applications; never imports them.
 */
export { checkArea } from './check';
export {
  countCrossings,
  DRAWN_GEOMETRY_BUDGET,
  GeometryRefused,
  guardGeometries,
  guardGeometry,
  type GeometryBudget,
  type GeometryMeasure,
  type GeometryRefusal,
} from './guard';
export {
  areaCondition,
  areaGeometrySql,
  displaySql,
  envelopeCondition,
  geoJsonSql,
  regionBoundarySql,
  requestGeometrySql,
  type FileListCondition,
  type GeoJsonGeometry,
} from './sql';
export {
  storableArea,
  storedAreaCondition,
  storedAreaSql,
  type StorableArea,
  type StorableAreaRefusal,
  type StorableSearchArea,
  type StoredAreaRef,
} from './stored';
export { getUploadedArea, uploadArea, uploadedFile, UploadRefused, type Refusal } from './uploads';
