/**
 * The CQL filter of the verification layer `tb_spot_bjhs_meta` for a list's filters, so the map shows the cases the
 * list does (its attributes: province, city, xzqdm, batch_id, status, verdict, change_type, overdue, spot_no). The
 * server limits the layer to the user's range whatever the filter says.
 */
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import type { CaseListFilters } from '@/lib/client/queries/verification';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const list = (csv: string) =>
  csv
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function caseCql(filters: CaseListFilters): string | undefined {
  const parts: string[] = [];
  const region = filters.region;
  if (region && region !== COUNTRY_CODE) {
    if (region.endsWith('0000')) parts.push(`province = ${literal(region)}`);
    else if (region.endsWith('00')) parts.push(`city = ${literal(region)}`);
    else parts.push(`xzqdm = ${literal(region)}`);
  }
  if (filters.batchId && /^\d+$/.test(filters.batchId)) parts.push(`batch_id = ${filters.batchId}`);
  const stages = filters.stage ? list(filters.stage) : [];
  if (stages.length) parts.push(`status IN (${stages.map(literal).join(', ')})`);
  const verdicts = filters.verdict ? list(filters.verdict) : [];
  if (verdicts.length) parts.push(`verdict IN (${verdicts.map(literal).join(', ')})`);
  if (filters.changeType) parts.push(`change_type = ${literal(filters.changeType)}`);
  if (filters.overdue === 'true') parts.push('overdue = 1');
  if (filters.overdue === 'false') parts.push('overdue = 0');
  // The list's search is "starts with"; `%`, `_` never reach here (the spot number allows letters, digits, - and _).
  if (filters.q) parts.push(`spot_no LIKE ${literal(`${filters.q.replace(/[_%\\]/g, '\\$&')}%`)} ESCAPE '\\'`);
  return parts.length ? parts.join(' AND ') : undefined;
}
