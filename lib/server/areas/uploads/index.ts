import 'server-only';
/**
 * Uploaded areas of the image query (SHP mode, spec §4/§7 `normalmeta/upload/shp`): see
 * lib/shared/contracts/uploads.ts for the formats, coordinate systems and limits.
 */
import { AREA_UPLOAD_LIMITS, type UploadedArea } from '../../../shared/contracts/uploads';
import { multipartFile, type UploadedFile } from '../../api/upload';
import type { Database } from '../../db/types';
import { readAreaFile } from './read';
import { UploadRefused } from './refusal';
import { storeArea } from './store';

export { getUploadedArea } from './store';
export { UploadRefused, type Refusal } from './refusal';

/** The file of a multipart upload (field `file`). */
export function uploadedFile(request: Request, maxBodyBytes: number): Promise<UploadedFile> {
  return multipartFile(
    request,
    { maxBodyBytes, maxFileBytes: AREA_UPLOAD_LIMITS.maxFileBytes },
    {
      badForm: () => new UploadRefused('noFile'),
      noFile: () => new UploadRefused('noFile'),
      tooLarge: () => new UploadRefused('tooLarge'),
    },
  );
}

/** Reads, checks, dissolves and stores an uploaded area; nothing is stored when it is refused. */
export async function uploadArea(db: Database, file: UploadedFile): Promise<UploadedArea> {
  const area = await readAreaFile(file.name, file.bytes);
  return storeArea(db, file.name, area);
}
