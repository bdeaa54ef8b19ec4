import 'server-only';
/** The imagery catalogue service (spec §7 `/api/normal/v5/normalmeta`). */
export { allSceneIds, findScene, scenesByFileName, searchScenes } from './search';
