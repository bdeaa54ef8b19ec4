import 'server-only';
/**
 * Areas kept with a record, one stored geometry each (DESIGN.md "Areas of interest"): what a request's
 * area becomes when it is stored (`storableArea`), and a typed reference to a stored area that a search
 * takes instead of SQL text (`StoredAreaRef`, `storedAreaCondition`). A new kind of record with an area
 * (verification cases, subscriptions) adds one case to each.
 */
import { SELECT_MODES } from '../../shared/contracts/catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { requestGeometrySql } from './sql';

/** A stored area: an application's (`data_requests.area`). */
export type StoredAreaRef = { of: 'application'; id: string };

const push = (params: SqlParam[], value: SqlParam): string => {
  params.push(value);
  return `$${params.length}`;
};

/** The stored area's geometry, evaluated once per statement. */
export function storedAreaSql(ref: StoredAreaRef, params: SqlParam[]): string {
  switch (ref.of) {
    case 'application':
      return `(SELECT r.area FROM data_requests r WHERE r.id = ${push(params, ref.id)})`;
  }
}

/** Footprints on alias `s` that meet the stored area. */
export function storedAreaCondition(ref: StoredAreaRef, params: SqlParam[]): string {
  return `ST_Intersects(s.footprint, ${storedAreaSql(ref, params)})`;
}

/** The areas a record may store: regions, an uploaded area or a drawn polygon. */
export type StorableSearchArea =
  | { mode: typeof SELECT_MODES.REGION; regionCodes: readonly string[] }
  | { mode: typeof SELECT_MODES.SHP; uploadId: string }
  | { mode: typeof SELECT_MODES.DRAW; geometry: object };

export interface StorableArea {
  /** SQL of the area (a MultiPolygon) with its parameters already pushed. */
  sql: string;
  /** An upload's file name; none for regions (named in the reader's language) or a drawing. */
  label: string;
  /** The regions' codes, for an area of regions. */
  regions: string[] | null;
}

/** Why an area cannot be stored: a region that does not exist, an upload that is gone. */
export type StorableAreaRefusal = 'unknownRegion' | 'uploadNotFound';

/** The area as one valid MultiPolygon: the regions' boundaries dissolved, the upload's area, or the drawing repaired. */
export async function storableArea(
  tx: Queryable,
  area: StorableSearchArea,
  params: SqlParam[],
): Promise<StorableArea | { refused: StorableAreaRefusal }> {
  const p = (value: SqlParam) => push(params, value);
  if (area.mode === SELECT_MODES.REGION) {
    const codes = [...new Set(area.regionCodes)];
    const rows = await tx.query<{ code: string }>('SELECT code FROM regions WHERE code = ANY ($1::text[]) ORDER BY code', [codes]);
    if (rows.length !== codes.length) return { refused: 'unknownRegion' };
    return {
      sql: `(SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(geom_mid)), 3)) FROM regions WHERE code = ANY (${p(codes)}::text[]))`,
      label: '',
      regions: rows.map((r) => r.code),
    };
  }
  if (area.mode === SELECT_MODES.SHP) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT name FROM catalogue_uploads WHERE id = $1::uuid AND kind = 'area' AND expires_at > now()`,
      [area.uploadId],
    );
    if (!row) return { refused: 'uploadNotFound' };
    return {
      sql: `(SELECT geom FROM catalogue_uploads WHERE id = ${p(area.uploadId)}::uuid AND kind = 'area')`,
      label: Array.from(row.name).slice(0, 200).join(''),
      regions: null,
    };
  }
  return {
    sql: `(SELECT ST_Multi(ST_CollectionExtract(${requestGeometrySql(area.geometry, params)}, 3)))`,
    label: '',
    regions: null,
  };
}
