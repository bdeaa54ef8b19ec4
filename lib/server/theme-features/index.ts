import 'server-only';
/**
 * The theme features service: batches, statistics by region and batch with their trend, the feature list and one
 * feature, grid cells and dictionaries of every declared feature theme (spec §7 `/api/spot/v2` for land cover, the
 * generic theme API for the others). Every figure is computed in SQL from the stored rows (table `spots`), with the
 * measures, counted kinds and code lists of the theme's declaration (lib/shared/themes); region figures roll up
 * through lib/server/regions. Detail reads take the caller's region scope (lib/shared/spots/scope.ts).
 */
export { BATCH_COLUMNS, type BatchRow, batchOrCurrent, findBatch, listBatches, toBatch } from './batches';
export { dictionaryItems } from './dictionaries';
export { codeName, detailScope, findSpot, listSpots, rangePrefixes, type SpotListOptions } from './features';
export { announceSpotBatches, SPOT_BATCH_LOADED_JOB } from './loads';
export { countedClause, filterClauses, MEASURE_SQL, optionalMeasures, round2, scopeClause } from './filters';
export type { SpotFilters } from './filters';
export { gridPercent } from './grid';
export { spotStatistics, spotTrend } from './statistics';
