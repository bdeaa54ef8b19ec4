import { API_CODES } from '../../shared/contracts/api';
import type { ApiMessageKey } from '../i18n';

/** A failure with a localized message; `status` is the HTTP status (200 for business failures). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: ApiMessageKey,
    readonly values: Record<string, string | number> = {},
    readonly status = 200,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(API_CODES.UNAUTHORIZED, 'unauthorized', {}, 401);
export const forbidden = () => new ApiError(API_CODES.FORBIDDEN, 'forbidden', {}, 403);
export const notFound = () => new ApiError(API_CODES.NOT_FOUND, 'notFound');
export const invalidInput = (detail: string) => new ApiError(API_CODES.INVALID_INPUT, 'invalidInput', { detail });
