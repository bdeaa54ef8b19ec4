import 'server-only';
/**
 * Runs a STAC item search through the shared query builder (`sceneConditions`, the same WHERE clauses
 * as the portal's search), sorted and paged by keyset, and shapes the ItemCollection with its `next`
 * link (present exactly when more items follow) and `numberMatched` (exact up to
 * STAC_LIMITS.exactCountMax, else omitted with the planner's estimate in `portal:number_matched_estimate`).
 */
import { STAC_LIMITS } from '../../shared/contracts/stac';
import { SCENE_COLUMNS, sceneConditions, type SceneRow } from '../catalogue';
import { whereSql } from '../db/where';
import type { Queryable, SqlParam } from '../db/types';
import { toStacItem, type StacItem } from './items';
import { MEDIA, stacRoot, type StacLink } from './links';
import type { StacSearch } from './search-request';
import { afterSql, encodeToken, keyColumnsSql, orderBySql } from './sort';

export interface ItemCollection {
  type: 'FeatureCollection';
  features: StacItem[];
  links: StacLink[];
  numberReturned: number;
  numberMatched?: number;
  'portal:number_matched_estimate'?: number;
}

type KeyedRow = SceneRow & Record<`k${number}`, string>;

/** Exact count up to the threshold, else the planner's row estimate (at least threshold + 1). */
async function matched(db: Queryable, where: string, params: readonly SqlParam[]): Promise<{ exact: boolean; n: number }> {
  const cap = STAC_LIMITS.exactCountMax;
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM scenes s ${where} LIMIT ${cap + 1}) x`, params);
  const n = row?.n ?? 0;
  if (n <= cap) return { exact: true, n };
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM scenes s ${where}`, params);
  const doc = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  const estimate = Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
  return { exact: false, n: Math.max(estimate, cap + 1) };
}

export interface PageOptions {
  /** The request's own address (GET): `next` repeats it with the new token. */
  getUrl?: URL;
  /** POST /search: `next` is a POST link whose body merges the token into the request's body. */
  post?: boolean;
  /** Links of the page besides `next` (self, root, parent, …). */
  links: StacLink[];
}

export async function searchItems(db: Queryable, search: StacSearch, options: PageOptions): Promise<ItemCollection> {
  const params: SqlParam[] = [];
  const conditions = sceneConditions(search.query, params);
  const where = whereSql(conditions);
  const countParams = params.slice();
  const page = search.after ? [...conditions, afterSql(search.sort, search.after, params)] : conditions;
  const rows = await db.query<KeyedRow>(
    `SELECT ${SCENE_COLUMNS}, ${keyColumnsSql(search.sort)} FROM scenes s ${whereSql(page)}
      ORDER BY ${orderBySql(search.sort)} LIMIT ${search.limit + 1}`,
    params,
  );
  const more = rows.length > search.limit;
  const shown = rows.slice(0, search.limit);
  const links = [...options.links];
  if (more) {
    const last = shown[shown.length - 1]!;
    const token = encodeToken(
      search.sort,
      search.sort.map((_, i) => String(last[`k${i}`])),
    );
    if (options.post) {
      links.push({ rel: 'next', href: `${stacRoot()}/search`, type: MEDIA.geojson, method: 'POST', body: { token }, merge: true });
    } else if (options.getUrl) {
      const next = new URL(`${stacRoot()}${options.getUrl.pathname.replace(/^\/api\/stac\/v1/, '')}`);
      for (const [k, v] of options.getUrl.searchParams) if (k !== 'token') next.searchParams.append(k, v);
      next.searchParams.set('token', token);
      links.push({ rel: 'next', href: next.toString(), type: MEDIA.geojson, method: 'GET' });
    }
  }
  const count = await matched(db, where, countParams);
  const out: ItemCollection = {
    type: 'FeatureCollection',
    features: shown.map((r) => toStacItem(r)),
    links,
    numberReturned: shown.length,
  };
  if (count.exact) out.numberMatched = count.n;
  else out['portal:number_matched_estimate'] = count.n;
  return out;
}

/** One item of a collection, or null. */
export async function findItem(db: Queryable, collection: string, id: string): Promise<StacItem | null> {
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ ids: [id], collections: [collection] }, params));
  const [row] = await db.query<SceneRow>(`SELECT ${SCENE_COLUMNS} FROM scenes s ${where}`, params);
  return row ? toStacItem(row) : null;
}
