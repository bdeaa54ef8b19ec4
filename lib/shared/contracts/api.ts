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
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

/**
 * A zod issue message that names a message key (e.g. `Feedback.errors.titleTooLong`) instead of
 * carrying text: the API wrapper and the forms translate it into the reader's language, with the
 * issue's `minimum` / `maximum` as `{min}` / `{max}`. One schema, the same words on both sides.
 */
const LOCALIZED_ISSUE_PREFIX = 'i18n:';

export const localizedIssue = (key: string) => `${LOCALIZED_ISSUE_PREFIX}${key}`;

/** The message key of a localized issue, or null for zod's own messages. */
export function localizedIssueKey(message: string): string | null {
  return message.startsWith(LOCALIZED_ISSUE_PREFIX) ? message.slice(LOCALIZED_ISSUE_PREFIX.length) : null;
}

/** `{min}` / `{max}` of a too_small / too_big issue, for the translated message. */
export function issueValues(issue: { minimum?: unknown; maximum?: unknown }): Record<string, number> {
  const values: Record<string, number> = {};
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') values.min = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') values.max = Number(issue.maximum);
  return values;
}

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
  /**
   * The answer depends only on the input, the language and the loaded datasets (public GETs): the server
   * keeps it until a dataset is loaded again (lib/server/db/data-cache.ts).
   */
  dataOnly?: boolean;
  /**
   * A body the handler reads itself (a file upload), so withApi does not parse it: described in the
   * OpenAPI document as multipart/form-data with these files, and `json` both as a part (JSON text in
   * `jsonField`) and, when the call also takes it alone, as an application/json body.
   */
  formBody?: FormBody;
  /**
   * An expensive analysis anyone may ask for (seconds of database or CPU time): admitted per client and in all
   * (lib/server/api/heavy-work.ts), refused with 503 + Retry-After beyond that. A function decides per request
   * (a search is heavy only when sorted by coverage).
   */
  heavy?: true | ((input: { body: unknown; query: unknown }) => boolean);
  /**
   * A read of published data (the catalogue's scenes) that a read replica may answer, seconds behind the primary
   * (lib/server/db/read-replica.ts). Public `dataOnly` GETs are such reads without saying so.
   */
  publishedRead?: true;
}

export interface FormBody {
  json?: { field: string; schema: z.ZodType; alsoAlone: boolean };
  files: readonly { field: string; contentType: string; required: boolean; description: string }[];
}

export function defineContract<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  contract: ApiContract<Q, B, P, R>,
): ApiContract<Q, B, P, R> {
  return contract;
}
