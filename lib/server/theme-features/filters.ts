import 'server-only';
/**
 * The SQL pieces every read of a theme's features shares (alias `s` for `spots`): the theme's filters, what its
 * statistics count, the measures of a row set and the caller's region scope.
 */
import type { RegionScope } from '../../shared/spots/scope';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import type { SqlParam } from '../db/types';

/** The filters of a call; the theme itself is the route's (resolved from its path), never a query parameter. */
export interface SpotFilters {
  stage?: string;
  tblx?: string;
  changeType?: number[];
}

export const round2 = (sql: string) => `round((${sql})::numeric, 2)::float8`;

/** Appends the shared filter clauses (alias `s`): the theme's rows, narrowed by the filters; returns them. */
export function filterClauses(theme: ThemeId, filters: SpotFilters, params: SqlParam[]): string[] {
  params.push(theme);
  const clauses = [`s.theme = $${params.length}`];
  if (filters.stage) {
    params.push(filters.stage);
    clauses.push(`s.stage = $${params.length}`);
  }
  if (filters.tblx) {
    params.push(filters.tblx);
    clauses.push(`s.tblx = $${params.length}`);
  }
  if (filters.changeType?.length) {
    params.push(filters.changeType);
    clauses.push(`s.change_type = ANY ($${params.length}::int[])`);
  }
  return clauses;
}

/**
 * Statistics count and sum only the theme's counted kinds (a wind farm groups turbines; it is not one more)
 * and, unless a stage is asked for, what still stands (a demolished plant's capacity is no capacity).
 */
export function countedClause(theme: ThemeDefinition, filters: SpotFilters, params: SqlParam[]): string[] {
  const clauses: string[] = [];
  if (theme.counted) {
    params.push([...theme.counted]);
    clauses.push(`s.tblx = ANY ($${params.length}::text[])`);
  }
  if (theme.retired && !filters.stage) {
    params.push([...theme.retired]);
    clauses.push(`s.stage <> ALL ($${params.length}::text[])`);
  }
  return clauses;
}

/** The measures of a row set (alias `s`): count, m², km of line, capacity. */
export const MEASURE_SQL = `count(*)::int AS n, sum(s.area_m2) AS a, sum(s.length_m) / 1000 AS l, sum(s.capacity) AS c`;

/** The theme's optional measures of a summed row, rounded as lists show them. */
export function optionalMeasures(theme: ThemeDefinition, row: { length?: number | null; capacity?: number | null }) {
  const out: { length?: number; capacity?: number } = {};
  if (theme.measures.includes('length')) out.length = Math.round((row.length ?? 0) * 100) / 100;
  if (theme.measures.includes('capacity')) out.capacity = Math.round((row.capacity ?? 0) * 100) / 100;
  return out;
}

/** A scope clause: null scope adds nothing; an empty scope matches nothing. */
export function scopeClause(scope: RegionScope, params: SqlParam[]): string | null {
  if (scope === null) return null;
  if (scope.length === 0) return 'FALSE';
  params.push(scope.map((p) => `${p}%`));
  return `s.xzqdm LIKE ANY ($${params.length}::text[])`;
}
