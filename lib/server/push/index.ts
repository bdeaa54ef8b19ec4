import 'server-only';
/** Push delivery (issue 35.1–2): push users and grants, image push batches cut per load, their figures. */
export { deletePushUser, getPushUser, listPushUsers, mayRead, putPushUser, readPushUser } from './grants';
export { batchCoverage, batchDetail, batchFootprints, cutImageBatches, listBatches, PUSH_CUT_JOB, pushStatistics } from './batches';
export { pushJobHandlers } from './jobs';
export { pushSeed } from './seed';
export { imageTypeList, spotTypeList } from './types';
export { batchExport, batchManifest, exportableBatch, manifestFile } from './exports';
