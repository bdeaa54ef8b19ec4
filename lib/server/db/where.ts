import 'server-only';
/** `WHERE …` (the conditions AND-ed) or the empty string. */
export function whereSql(conditions: readonly string[]): string {
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}
