/**
 * The STAC API (`/api/stac/v1`, STAC API 1.0 + OGC API Features + CQL2 filter): limits and the shape of
 * a POST /search body. GET parameters are read into the same shape (lib/server/stac/search-request.ts).
 * Messages come from `Stac.errors` in the caller's language.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { localizedIssue } from './api';

export const STAC_LIMITS = {
  /** Items per page when `limit` is absent. */
  limitDefault: 10,
  /** Largest page; a larger `limit` is answered with this many items (OGC API Features: the server may return fewer). */
  limitMax: 1000,
  /** Up to this many matches `numberMatched` is an exact count; above it the planner's estimate is given instead. */
  exactCountMax: 10_000,
  /** `ids` in one search. */
  maxIds: 1000,
  /** `collections` in one search. */
  maxCollections: 200,
  /** `sortby` keys (id is always added last as the tie-breaker). */
  maxSortKeys: 4,
  /** Body of a POST search (a 10,000-vertex polygon is about 400 KB of JSON). */
  maxBodyBytes: 1_048_576,
} as const;

type StacErrorKey = keyof (typeof zh)['Stac']['errors'];
const issue = (key: StacErrorKey) => ({ error: localizedIssue(`Stac.errors.${key}`) });

const idPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
const collectionPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const stacItemIdSchema = z.string(issue('badIds')).regex(idPattern, issue('badIds'));
export const stacCollectionIdSchema = z.string(issue('badCollections')).regex(collectionPattern, issue('badCollections'));

export const stacSortKeySchema = z.object({
  field: z.string(issue('badSortby')).min(1, issue('badSortby')).max(64, issue('badSortby')),
  direction: z.enum(['asc', 'desc'], issue('badSortby')).default('asc'),
});
export type StacSortKey = z.output<typeof stacSortKeySchema>;

/** POST /search (and the `body` of its `next` link). Members STAC defines that we do not support are ignored. */
export const stacSearchBodySchema = z.object({
  ids: z.array(stacItemIdSchema, issue('badIds')).max(STAC_LIMITS.maxIds, issue('tooManyIds')).optional(),
  collections: z.array(stacCollectionIdSchema, issue('badCollections')).max(STAC_LIMITS.maxCollections, issue('tooManyCollections')).optional(),
  bbox: z.array(z.number(issue('badBbox')), issue('badBbox')).optional(),
  intersects: z.unknown().optional(),
  datetime: z.string(issue('badDatetime')).max(100, issue('badDatetime')).optional(),
  limit: z.number(issue('badLimit')).int(issue('badLimit')).min(1, issue('badLimit')).optional(),
  sortby: z.array(stacSortKeySchema, issue('badSortby')).max(STAC_LIMITS.maxSortKeys, issue('badSortby')).optional(),
  filter: z.unknown().optional(),
  'filter-lang': z.enum(['cql2-text', 'cql2-json'], issue('badFilterLang')).optional(),
  'filter-crs': z.literal('http://www.opengis.net/def/crs/OGC/1.3/CRS84', issue('badFilterCrs')).optional(),
  token: z.string(issue('badToken')).max(4096, issue('badToken')).optional(),
});
export type StacSearchBody = z.output<typeof stacSearchBodySchema>;
