import 'server-only';
/**
 * Reads a STAC item search — GET query parameters or a POST body — into the shared query builder's
 * `SceneQuery` plus the STAC parts (compiled CQL2 filter, sort keys, page size, token). Follows the
 * item-search rules validators check: `bbox` and `intersects` together are a 400, `intersects` takes
 * every GeoJSON type, `datetime` is RFC 3339 with open ends, `limit` defaults to 10 and is capped.
 */
import { z } from 'zod';
import { localizedIssueKey } from '../../shared/contracts/api';
import { STAC_LIMITS, stacSearchBodySchema, type StacSearchBody, type StacSortKey } from '../../shared/contracts/stac';
import { parseCql2Json, parseCql2JsonText, parseCql2Text, parseDatetimeParameter, parseGeoJsonGeometry, type Cql2Expr, type GeoJsonGeometry } from '../../shared/cql2';
import type { SceneQuery } from '../catalogue';
import { compileCql2 } from './compile';
import { badRequest, type StacErrorKey } from './errors';
import { decodeToken, resolveSort, type ResolvedSortKey } from './sort';

export interface StacSearch {
  query: SceneQuery;
  sort: ResolvedSortKey[];
  /** Items per page after the cap. */
  limit: number;
  /** Sort keys of the last item of the previous page. */
  after: string[] | null;
  /** The body as received (POST): the `next` link merges its token into it. */
  body: StacSearchBody;
}

/** A zod failure as our 400: the first issue's `Stac.errors` key. */
function zodFailure(error: z.ZodError): never {
  for (const issue of error.issues) {
    const key = localizedIssueKey(issue.message);
    if (key?.startsWith('Stac.errors.')) throw badRequest(key.slice('Stac.errors.'.length) as StacErrorKey);
  }
  throw badRequest('badBody');
}

const csv = (v: string): string[] => v.split(',').map((x) => x.trim()).filter((x) => x !== '');

function numberParam(v: string, key: StacErrorKey): number {
  if (!/^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(v)) throw badRequest(key);
  return Number(v);
}

function sortParam(v: string): StacSortKey[] {
  return csv(v).map((part) => {
    // A "+" in a query string arrives as a space; it has been trimmed with the rest.
    if (part.startsWith('-')) return { field: part.slice(1), direction: 'desc' as const };
    return { field: part.startsWith('+') ? part.slice(1) : part, direction: 'asc' as const };
  });
}

const GET_PARAMETERS = new Set(['ids', 'collections', 'bbox', 'intersects', 'datetime', 'limit', 'sortby', 'filter', 'filter-lang', 'filter-crs', 'token']);

/** The GET query string as a search body (unknown parameters such as `f` are ignored). */
export function bodyFromQuery(url: URL): unknown {
  const body: Record<string, unknown> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (!GET_PARAMETERS.has(name)) continue;
    const all = url.searchParams.getAll(name);
    if (all.length > 1) throw badRequest('repeatedParameter', { name });
    const v = all[0]!;
    switch (name) {
      case 'ids':
      case 'collections':
        body[name] = csv(v);
        break;
      case 'bbox':
        body.bbox = v.split(',').map((n) => numberParam(n, 'badBbox'));
        break;
      case 'intersects':
        try {
          body.intersects = JSON.parse(v) as unknown;
        } catch {
          throw badRequest('badGeometry', { reason: 'intersects is not valid GeoJSON' });
        }
        break;
      case 'limit':
        if (!/^\s*\d{1,9}\s*$/.test(v)) throw badRequest('badLimit');
        body.limit = Number(v);
        break;
      case 'sortby':
        body.sortby = sortParam(v);
        break;
      default:
        body[name] = v;
    }
  }
  return body;
}

function checkBbox(bbox: readonly number[]): number[] {
  if (bbox.length !== 4 && bbox.length !== 6) throw badRequest('badBbox');
  if (!bbox.every(Number.isFinite)) throw badRequest('badBbox');
  const [w, s, e, n] = bbox.length === 4 ? bbox : [bbox[0]!, bbox[1]!, bbox[3]!, bbox[4]!];
  if ([w!, e!].some((x) => x < -180 || x > 180) || [s!, n!].some((y) => y < -90 || y > 90) || s! > n!) throw badRequest('badBbox');
  if (bbox.length === 6 && bbox[2]! > bbox[5]!) throw badRequest('badBbox');
  return bbox.slice();
}

/** The last instant of the UTC day before `endExclusive` (a midnight), to the microsecond. */
function inclusiveEnd(endExclusive: string): string {
  const day = new Date(Date.parse(endExclusive) - 86_400_000).toISOString().slice(0, 10);
  return `${day}T23:59:59.999999Z`;
}

function filterOf(body: StacSearchBody): Cql2Expr | null {
  if (body.filter === undefined || body.filter === null) return null;
  const lang = body['filter-lang'] ?? (typeof body.filter === 'string' ? 'cql2-text' : 'cql2-json');
  if (lang === 'cql2-text') {
    if (typeof body.filter !== 'string') throw badRequest('badFilterLang');
    return parseCql2Text(body.filter);
  }
  return typeof body.filter === 'string' ? parseCql2JsonText(body.filter) : parseCql2Json(body.filter);
}

/** A checked search. `fixedCollection` is the collection of `/collections/{id}/items`. */
export function readSearch(raw: unknown, fixedCollection?: string): StacSearch {
  const parsed = stacSearchBodySchema.safeParse(raw);
  if (!parsed.success) zodFailure(parsed.error);
  const body = parsed.data;
  if (body.bbox !== undefined && body.intersects !== undefined) throw badRequest('bboxAndIntersects');
  const query: SceneQuery = {};
  if (body.ids) query.ids = body.ids;
  if (fixedCollection) query.collections = [fixedCollection];
  else if (body.collections) query.collections = body.collections;
  if (body.bbox) query.bbox = checkBbox(body.bbox);
  if (body.intersects !== undefined) query.intersects = parseGeoJsonGeometry(body.intersects) as GeoJsonGeometry;
  if (body.datetime !== undefined) {
    const span = parseDatetimeParameter(body.datetime);
    if (span.start) query.timeFrom = span.start;
    if (span.end) query.timeTo = span.endExclusive ? inclusiveEnd(span.end) : span.end;
  }
  const filter = filterOf(body);
  if (filter) query.cql2 = compileCql2(filter);
  const sort = resolveSort(body.sortby);
  return {
    query,
    sort,
    limit: Math.min(body.limit ?? STAC_LIMITS.limitDefault, STAC_LIMITS.limitMax),
    after: body.token ? decodeToken(body.token, sort) : null,
    body,
  };
}
