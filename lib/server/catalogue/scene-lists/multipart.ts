import 'server-only';
/** The `file` field of a scene-list upload, read with a byte limit (lib/server/api/upload.ts). */
import { API_CODES } from '../../../shared/contracts/api';
import { multipartFile, type UploadedFile } from '../../api/upload';
import { SCENE_LIST_LIMITS } from '../../../shared/contracts/scene-lists';
import { sceneListError } from './read';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = () => sceneListError('tooLarge', { max: SCENE_LIST_LIMITS.maxBytes / 1024 / 1024 }, API_CODES.TOO_LARGE);

export function uploadedFile(request: Request): Promise<UploadedFile> {
  return multipartFile(
    request,
    { maxBodyBytes: SCENE_LIST_LIMITS.maxBytes + MULTIPART_OVERHEAD, maxFileBytes: SCENE_LIST_LIMITS.maxBytes },
    { badForm: () => sceneListError('badMultipart'), noFile: () => sceneListError('noFile'), tooLarge },
  );
}
