/**
 * The shape every API contract shares: envelope, paging, and the description from which handlers
 * parse input and the OpenAPI document is generated.
 */
import { z } from 'zod';
import type { PermissionCode } from '../permissions';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });

export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
}

/** Codes in the envelope; 0 is success. HTTP status stays 200 for business and validation failures. */
export const API_CODES = {
  OK: 0,
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_LARGE: 413,
  INTERNAL: 500,
} as const;

export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, any signed-in user, or holders of a permission. */
export type ApiAccess = 'public' | 'login' | { permission: PermissionCode };

export interface ApiContract<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/region/v1/region/id/{id}`. */
  path: string;
  summary: string;
  tag: string;
  access: ApiAccess;
  query?: Query;
  body?: Body;
  params?: Params;
  /** The `data` of a successful envelope. */
  response: Response;
  /** Largest accepted body in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** Public reference data: browsers may reuse a successful answer this long (per language). */
  cacheSeconds?: number;
}

export function defineContract<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  contract: ApiContract<Q, B, P, R>,
): ApiContract<Q, B, P, R> {
  return contract;
}
