import 'server-only';
/**
 * `sortby` and keyset paging. The order is total: after the requested keys comes the id, so equal
 * keys never make an item repeat or vanish between pages. A page's `token` carries the sort keys of
 * its last item as text exactly as the database wrote them (timestamps to the microsecond, reals in
 * their shortest exact form), so the next page starts strictly after that item. Never OFFSET.
 */
import { z } from 'zod';
import { SORTABLE_NAMES } from '../../shared/cql2';
import type { StacSortKey } from '../../shared/contracts/stac';
import type { SqlParam } from '../db/types';
import { REAL_MAX } from './compile';
import { badRequest } from './errors';

interface SortField {
  /** ORDER BY expression (never null). */
  sql: string;
  /** The same value as text for the token. */
  text: string;
  cast: 'timestamptz' | 'real' | 'text';
  /** What a token value of this field must look like. */
  pattern: RegExp;
}

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const TEXT = /^[\s\S]{1,256}$/;

export const SORT_FIELDS: Readonly<Record<string, SortField>> = {
  datetime: {
    sql: 's.acquired_at',
    text: `to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: 'timestamptz',
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  },
  // Radar scenes have no cloud cover: they sort as -1, below every optical scene.
  'eo:cloud_cover': { sql: 'COALESCE(s.cloud_pct, -1::real)', text: 'COALESCE(s.cloud_pct, -1::real)::text', cast: 'real', pattern: NUMBER },
  gsd: { sql: 's.resolution_m', text: 's.resolution_m::text', cast: 'real', pattern: NUMBER },
  platform: { sql: 's.platform', text: 's.platform', cast: 'text', pattern: TEXT },
  collection: { sql: 's.collection', text: 's.collection', cast: 'text', pattern: TEXT },
  id: { sql: 's.id', text: 's.id', cast: 'text', pattern: TEXT },
};

export interface ResolvedSortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** Newest first, as the portal's search. */
export const DEFAULT_SORT: readonly StacSortKey[] = [{ field: 'datetime', direction: 'desc' }];

/** The requested keys, checked, with `id` appended (in the direction of the others when they agree). */
export function resolveSort(keys: readonly StacSortKey[] | undefined): ResolvedSortKey[] {
  const requested = keys && keys.length ? keys : DEFAULT_SORT;
  const out: ResolvedSortKey[] = [];
  for (const k of requested) {
    if (!SORT_FIELDS[k.field]) throw badRequest('badSortby', { field: k.field.slice(0, 64), allowed: SORTABLE_NAMES.join(', ') });
    if (out.some((o) => o.field === k.field)) throw badRequest('badSortby', { field: k.field, allowed: SORTABLE_NAMES.join(', ') });
    out.push({ field: k.field, direction: k.direction });
    if (k.field === 'id') return out;
  }
  const same = out.every((k) => k.direction === out[0]!.direction);
  out.push({ field: 'id', direction: same ? out[0]!.direction : 'asc' });
  return out;
}

export const sortSignature = (keys: readonly ResolvedSortKey[]) => keys.map((k) => `${k.field}:${k.direction}`).join(',');

export function orderBySql(keys: readonly ResolvedSortKey[]): string {
  return keys.map((k) => `${SORT_FIELDS[k.field]!.sql} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
}

/** The select list of the key texts: `k0, k1, …`. */
export function keyColumnsSql(keys: readonly ResolvedSortKey[]): string {
  return keys.map((k, i) => `${SORT_FIELDS[k.field]!.text} AS k${i}`).join(', ');
}

/** Strictly after the item whose keys are `values`, in the order of `keys`. */
export function afterSql(keys: readonly ResolvedSortKey[], values: readonly string[], params: SqlParam[]): string {
  const placeholders = keys.map((k, i) => {
    params.push(values[i]!);
    return `$${params.length}::${SORT_FIELDS[k.field]!.cast}`;
  });
  const exprs = keys.map((k) => SORT_FIELDS[k.field]!.sql);
  // One direction throughout: a row comparison, which an index on the keys serves as a range.
  if (keys.every((k) => k.direction === keys[0]!.direction)) {
    return `(${exprs.join(', ')}) ${keys[0]!.direction === 'asc' ? '>' : '<'} (${placeholders.join(', ')})`;
  }
  const ors = keys.map((k, i) => {
    const equal = exprs.slice(0, i).map((e, j) => `${e} = ${placeholders[j]}`);
    return `(${[...equal, `${exprs[i]} ${k.direction === 'asc' ? '>' : '<'} ${placeholders[i]}`].join(' AND ')})`;
  });
  return `(${ors.join(' OR ')})`;
}

const tokenSchema = z.object({ v: z.literal(1), s: z.string().max(400), k: z.array(z.string().max(256)).min(1).max(8) }).strict();

export function encodeToken(keys: readonly ResolvedSortKey[], values: readonly string[]): string {
  return Buffer.from(JSON.stringify({ v: 1, s: sortSignature(keys), k: values }), 'utf8').toString('base64url');
}

/** The key values of a token made for this sort order; anything else (edited, other order) is a 400. */
export function decodeToken(token: string, keys: readonly ResolvedSortKey[]): string[] {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) throw badRequest('badToken');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('badToken');
  }
  const result = tokenSchema.safeParse(parsed);
  if (!result.success) throw badRequest('badToken');
  const { s, k } = result.data;
  if (s !== sortSignature(keys) || k.length !== keys.length) throw badRequest('badToken');
  keys.forEach((key, i) => {
    const field = SORT_FIELDS[key.field]!;
    if (!field.pattern.test(k[i]!)) throw badRequest('badToken');
    // Within what the column's type holds: a forged 1e39 or year 0000 would reach PostgreSQL as a 500.
    if (field.cast === 'real' && !(Math.abs(Number(k[i])) <= REAL_MAX)) throw badRequest('badToken');
    if (field.cast === 'timestamptz') {
      const ms = Date.parse(k[i]!);
      // Date.parse rolls 30 February over; the database would refuse it. PostgreSQL has no year 0.
      if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== k[i]!.slice(0, 19) || k[i]!.startsWith('0000')) throw badRequest('badToken');
    }
  });
  return k;
}
