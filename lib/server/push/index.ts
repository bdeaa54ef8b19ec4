import 'server-only';
/** Push delivery (issue 35.1–2): push users and grants, image push batches cut per load, their figures. */
export { deletePushUser, getPushUser, listPushUsers, mayRead, putPushUser, readPushUser } from './grants';
export { batchCoverage, batchDetail, batchFootprints, cutImageBatches, listBatches, PUSH_CUT_JOB } from './batches';
export { pushStatistics, pushStatisticsExport } from './statistics';
export { pushJobHandlers } from './jobs';
export { pushSeed } from './seed';
export {
  caseArrivals,
  cutSpotBatches,
  listSpotBatches,
  pageForVersion,
  queueSpotCut,
  SPOT_CUT_JOB,
  spotBatchVector,
  spotBatchWorkbook,
} from './spot-batches';
export { spotBatchJobHandlers } from './spot-jobs';
export { imageTypeList, spotTypeList } from './types';
export { acknowledgeBatch, listDeliveries, redeliverBatch } from './delivery';
export { batchItemCollection, pushFeedXml, PUSH_DELIVERY_SCHEME } from './feed';
export { batchExport, batchManifest, exportableBatch, manifestFile } from './exports';
