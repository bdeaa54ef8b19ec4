import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import type { ApiMessageKey, QualifiedMessageKey } from '../i18n';

/**
 * A failure with a localized message (a key of the Api namespace, or `Namespace.key` of another);
 * `status` is the HTTP status (200 for business failures); `headers` go on the answer.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: ApiMessageKey | QualifiedMessageKey,
    readonly values: Record<string, string | number> = {},
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(API_CODES.UNAUTHORIZED, 'unauthorized', {}, 401);
export const forbidden = () => new ApiError(API_CODES.FORBIDDEN, 'forbidden', {}, 403);
export const notFound = () => new ApiError(API_CODES.NOT_FOUND, 'notFound');
/** HTTP 416: a byte range outside a file of `size` bytes (Content-Range names the size, RFC 9110 §15.5.17). */
export const rangeNotSatisfiable = (size: number) =>
  new ApiError(API_CODES.INVALID_INPUT, 'rangeNotSatisfiable', { size }, 416, { 'content-range': `bytes */${size}` });
export const invalidInput = (detail: string) => new ApiError(API_CODES.INVALID_INPUT, 'invalidInput', { detail });
/** HTTP 429 with Retry-After (whole seconds, at least 1) and a message saying when to try again. */
export const tooManyRequests = (
  messageKey: ApiMessageKey | QualifiedMessageKey,
  retryAfterSeconds: number,
  values: Record<string, string | number> = {},
) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(API_CODES.TOO_MANY_REQUESTS, messageKey, { minutes: Math.ceil(seconds / 60), ...values }, 429, {
    'retry-after': String(seconds),
  });
};
