import 'server-only';
/**
 * The scenes of an export: those the filter matches (the same WHERE clauses as the search, from
 * ../query.ts), only the checked ones when ids are given, in the result list's order. Never more than
 * `cap`: one row past it is read to know, and then the export is refused with the count (a list cut
 * silently would look complete). An area that no longer exists is refused as the search refuses it.
 */
import { API_CODES } from '../../../shared/contracts/api';
import type { Scene } from '../../../shared/contracts/catalogue';
import type { ExportRequest } from '../../../shared/contracts/exports';
import { ApiError } from '../../api/errors';
import type { Queryable, SqlParam } from '../../db/types';
import { checkArea } from '../../areas';
import { whereSql } from '../../db/where';
import { SCENE_COLUMNS, sceneConditions, toScene, type SceneRow } from '../query';

function orderSql(sort: ExportRequest['sort'], order: ExportRequest['order']): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  // Radar scenes (no cloud figure) count as clear, as in the result list.
  if (sort === 'cloud') return `coalesce(s.cloud_pct, 0) ${dir}, s.acquired_at DESC, s.id DESC`;
  return `s.acquired_at ${dir}, s.id ${dir}`;
}

export type TooManyKey = 'Export.errors.tooManyRows' | 'Export.errors.tooManyQuicklooks';

/** The scenes to export, at most `cap` (more is refused with `tooManyKey`, none with `noRows`). */
export async function exportScenes(db: Queryable, request: ExportRequest, cap: number, tooManyKey: TooManyKey): Promise<Scene[]> {
  const { filter, sort, order } = request;
  await checkArea(db, filter);
  const ids = request.ids?.length ? [...new Set(request.ids)] : undefined;
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter, ids }, params));
  params.push(cap + 1);
  const rows = await db.query<SceneRow>(
    `SELECT ${SCENE_COLUMNS} FROM scenes s ${where} ORDER BY ${orderSql(sort, order)} LIMIT $${params.length}`,
    params,
  );
  if (rows.length > cap) {
    const countParams: SqlParam[] = [];
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scenes s ${whereSql(sceneConditions({ filter, ids }, countParams))}`,
      countParams,
    );
    throw new ApiError(API_CODES.TOO_LARGE, tooManyKey, { max: cap, count: count?.n ?? rows.length });
  }
  if (rows.length === 0) throw new ApiError(API_CODES.INVALID_INPUT, 'Export.errors.noRows');
  return rows.map((r) => toScene(r));
}
