import 'server-only';
/**
 * STAC API errors: `{ "code": "BadRequest", "description": "…" }` (the STAC API / OGC API exception
 * shape) with HTTP 400/404/413, the description in the caller's language from messages `Stac.errors`.
 */
import { Cql2Error, type Cql2ErrorKey } from '../../shared/cql2';
import type zh from '../../../messages/zh.json';

export type StacErrorKey = keyof (typeof zh)['Stac']['errors'];

/** Keys of the CQL2 parser must all have a message (checked by the type below). */
const _cql2KeysHaveMessages: Cql2ErrorKey extends StacErrorKey ? true : never = true;
void _cql2KeysHaveMessages;

const CODES = { 400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 413: 'PayloadTooLarge', 500: 'InternalServerError', 503: 'ServiceUnavailable' } as const;
export type StacStatus = keyof typeof CODES;

export class StacError extends Error {
  constructor(
    readonly key: StacErrorKey,
    readonly values: Record<string, string | number> = {},
    readonly status: StacStatus = 400,
  ) {
    super(key);
    this.name = 'StacError';
  }
  get code(): string {
    return CODES[this.status];
  }
}

export const badRequest = (key: StacErrorKey, values: Record<string, string | number> = {}) => new StacError(key, values, 400);
export const notFound = (key: StacErrorKey, values: Record<string, string | number> = {}) => new StacError(key, values, 404);

/** A parser error as a 400 with its own message. */
export function fromCql2(error: Cql2Error): StacError {
  return new StacError(error.key, error.values, 400);
}
