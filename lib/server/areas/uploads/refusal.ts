import 'server-only';
import { API_CODES } from '../../../shared/contracts/api';
import { AREA_UPLOAD_LIMITS, uploadErrorKey } from '../../../shared/contracts/uploads';
import { ApiError } from '../../api/errors';

/** The reasons an upload is refused; each has its message under Upload.errors. */
export type Refusal =
  | 'noFile'
  | 'wrongType'
  | 'unreadable'
  | 'noPolygons'
  | 'missingShp'
  | 'missingShx'
  | 'missingDbf'
  | 'manyShapefiles'
  | 'missingKml'
  | 'badPrj'
  | 'notLonLat'
  | 'outOfRange'
  | 'zipBomb'
  | 'tooLarge'
  | 'tooManyVertices'
  | 'tooManyPolygons'
  | 'tooManyInputVertices'
  | 'tooManyCrossings'
  | 'tooManyOverlaps'
  | 'uncheckable'
  | 'tooSlow'
  | 'emptyArea';

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A refused upload: the reason (for tests and logs) and its localized message. */
export class UploadRefused extends ApiError {
  constructor(
    readonly reason: Refusal,
    values: Record<string, string | number> = {},
  ) {
    const status = reason === 'tooLarge' ? 413 : 200;
    const code = reason === 'tooLarge' ? API_CODES.TOO_LARGE : API_CODES.INVALID_INPUT;
    const defaults: Record<string, number> =
      reason === 'tooLarge'
        ? { mb: MB(AREA_UPLOAD_LIMITS.maxFileBytes) }
        : reason === 'zipBomb'
          ? { mb: MB(AREA_UPLOAD_LIMITS.maxUncompressedBytes) }
          : reason === 'tooManyVertices'
            ? { max: AREA_UPLOAD_LIMITS.maxVertices }
            : {};
    super(code, uploadErrorKey(reason), { ...defaults, ...values }, status);
    this.name = 'UploadRefused';
  }
}

export const refuse = (reason: Refusal, values?: Record<string, string | number>): never => {
  throw new UploadRefused(reason, values);
};
