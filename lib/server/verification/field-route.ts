import 'server-only';
/**
 * Field routes (issue 34.4): the order a checker visits a county's spots waiting to be checked (pushed, being
 * checked, returned) in, by the pure ordering of lib/shared/verification/field-route.ts, and the same route as a
 * GPX or KML file. Only a checker role reaching the county (or an administrator) gets one; any other county is 404
 * as a case outside the range is. The spots are counted before they are read: more than ROUTE_MAX_STOPS is refused
 * in the caller's words, so the ordering's work stays bounded.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { FieldRoute, FieldRouteQuery } from '../../shared/contracts/verification';
import { orderRoute, ROUTE_MAX_STOPS } from '../../shared/verification/field-route';
import { GPX_CONTENT_TYPE, KML_CONTENT_TYPE, routeGpx, routeKml } from '../../shared/verification/route-files';
import type { VerificationStatus } from '../../shared/workflow';
import { ApiError, notFound } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { fileResponse } from '../files/file-response';
import { translateMessage } from '../i18n';
import { nameSql } from '../regions/names';
import { rolesReaching, type VerificationActor } from './cases';

/** The stages a checker still has to visit a spot in. */
export const OPEN_FOR_CHECKING: readonly VerificationStatus[] = ['pushed', 'checking', 'returned'];

export async function fieldRoute(db: Queryable, actor: VerificationActor, query: FieldRouteQuery, locale: Locale): Promise<FieldRoute> {
  const roles = rolesReaching(actor, query.county);
  if (!roles.includes('checker') && !roles.includes('admin')) throw notFound();
  const params: SqlParam[] = [query.county, [...OPEN_FOR_CHECKING]];
  let where = `c.xzqdm = $1 AND c.status = ANY ($2::text[])`;
  if (query.batchId !== undefined) {
    params.push(String(query.batchId));
    where += ` AND c.batch_id = $${params.length}::bigint`;
  }
  const [counted] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM verification_cases c WHERE ${where}`, params);
  if (counted!.n > ROUTE_MAX_STOPS)
    throw new ApiError(API_CODES.INVALID_INPUT, 'Verification.errors.routeTooMany', { count: counted!.n, max: ROUTE_MAX_STOPS });
  const [rows, county] = await Promise.all([
    db.query<{ id: string; spot_no: string; status: VerificationStatus; status_name: string | null; lon: number; lat: number }>(
      `SELECT c.id::text AS id, c.spot_no, c.status, ${locale === 'en' ? 'd.name_en' : 'd.name_zh'} AS status_name,
              ST_X(c.center) AS lon, ST_Y(c.center) AS lat
         FROM verification_cases c LEFT JOIN dictionary_items d ON d.code = 'VERIFY_STAGE' AND d.item_value = c.status
        WHERE ${where} ORDER BY c.spot_no, c.id`,
      params,
    ),
    db.query<{ name: string | null }>(`SELECT ${nameSql(locale, 'r')} AS name FROM regions r WHERE r.code = $1`, [query.county]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const start = query.lon !== undefined && query.lat !== undefined ? ([query.lon, query.lat] as const) : null;
  const route = orderRoute(
    rows.map((r) => ({ id: r.id, position: [Number(r.lon), Number(r.lat)] as const })),
    { start },
  );
  const round = (m: number) => Math.round(m * 10) / 10;
  return {
    county: { code: query.county, name: county[0]?.name ?? query.county },
    fromPosition: route.fromPosition,
    start: [route.start[0], route.start[1]],
    stops: route.stops.map((stop, i) => {
      const r = byId.get(stop.id)!;
      return {
        id: r.id,
        spotNo: r.spot_no,
        status: r.status,
        statusName: r.status_name ?? r.status,
        position: [Number(r.lon), Number(r.lat)],
        legM: round(route.legsM[i]!),
      };
    }),
    totalM: round(route.totalM),
    nearestNeighbourM: round(route.nearestNeighbourM),
    capped: route.improvement.capped,
    maxStops: ROUTE_MAX_STOPS,
  };
}

/** The route as a GPX or KML download, names in `lang` (default: the request's language). */
export async function fieldRouteFile(
  db: Queryable,
  actor: VerificationActor,
  query: FieldRouteQuery & { format: 'gpx' | 'kml'; lang?: Locale },
  locale: Locale,
  now = new Date(),
): Promise<Response> {
  const lang = query.lang ?? locale;
  const route = await fieldRoute(db, actor, query, lang);
  const t = (key: string, values?: Record<string, string | number>) => translateMessage(lang, `VerifyRoute.${key}`, values);
  const date = now.toISOString().slice(0, 10);
  const file = {
    name: t('fileTitle', { county: route.county.name, date }),
    description: t('fileDescription', { count: route.stops.length }),
    start: route.fromPosition ? { position: route.start, name: t('fileStart') } : null,
    stops: route.stops.map((s, i) => ({
      position: s.position,
      name: t('fileStop', { n: i + 1, spotNo: s.spotNo }),
      description: t('fileStopDescription', { stage: s.statusName, county: route.county.name }),
    })),
    createdAt: now.toISOString(),
  };
  const name = `${t('fileName', { county: route.county.code, date })}.${query.format}`;
  return query.format === 'gpx'
    ? fileResponse(routeGpx(file), GPX_CONTENT_TYPE, name)
    : fileResponse(routeKml(file), KML_CONTENT_TYPE, name);
}
