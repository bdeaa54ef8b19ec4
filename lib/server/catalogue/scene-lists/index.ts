import 'server-only';
export { uploadedFile } from './multipart';
export { offlineByIds, sceneListInfo, unmatchedLines, uploadSceneList } from './store';
export { sceneListTemplate, templateHandler, templateResponse } from './templates';
