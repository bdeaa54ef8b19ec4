import 'server-only';
/** The checks an area passes before any search with it runs (the messages are the image query's). */
import { API_CODES } from '../../shared/contracts/api';
import { SELECT_MODES, type SearchArea } from '../../shared/contracts/catalogue';
import { ApiError } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { areaGeometrySql } from './sql';

const unknownRegion = () => new ApiError(API_CODES.INVALID_INPUT, 'Catalogue.errors.unknownRegion');
const badGeometry = () => new ApiError(API_CODES.INVALID_INPUT, 'Catalogue.errors.badGeometry');
const uploadNotFound = () => new ApiError(API_CODES.INVALID_INPUT, 'Catalogue.errors.uploadNotFound');

/**
 * Checks the area before any search runs: every region code exists, a drawn shape keeps some area once
 * repaired (a degenerate ring repairs to nothing), an upload (an area, or a list for FILE) is still alive
 * and of the mode's kind.
 */
export async function checkArea(db: Queryable, filter: { area?: SearchArea | undefined }): Promise<void> {
  const area = filter.area;
  if (!area) return;
  if (area.mode === SELECT_MODES.REGION) {
    const codes = [...new Set(area.regionCodes)];
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM regions WHERE code = ANY ($1::text[])`, [codes]);
    if ((row?.n ?? 0) !== codes.length) throw unknownRegion();
  } else if (area.mode === SELECT_MODES.DRAW) {
    const params: SqlParam[] = [];
    const geometry = areaGeometrySql(area, params);
    const [row] = await db.query<{ ok: boolean }>(
      `SELECT NOT ST_IsEmpty(g) AND ST_Area(g) > 0 AS ok FROM (SELECT ${geometry} AS g) x`,
      params,
    );
    if (!row?.ok) throw badGeometry();
  } else if (area.mode === SELECT_MODES.SHP || area.mode === SELECT_MODES.FILE) {
    const kind = area.mode === SELECT_MODES.SHP ? 'area' : 'scenes';
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalogue_uploads WHERE id = $1::uuid AND kind = $2 AND expires_at > now()`,
      [area.uploadId, kind],
    );
    if ((row?.n ?? 0) === 0) throw uploadNotFound();
  }
}
