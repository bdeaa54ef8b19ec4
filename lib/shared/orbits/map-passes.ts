/**
 * Which passes the prediction map draws (issue 32.7: 93 swaths over a province made a solid mass): MAP_PASS_LIMIT
 * passes in the list's order (by time or by coverage, as the list is sorted), the counted ones before the others
 * (with stale elements none may be counted, and the map still shows where passes go), and the selected pass whatever
 * it is. Every pass stays in the list and on the timeline; selecting one draws it.
 */
import type { PassStatus } from '../contracts/orbits';

export const MAP_PASS_LIMIT = 10;

export interface MapPasses<P> {
  /** The passes to draw, in the list's order (the selected one last when it is not among the first). */
  drawn: P[];
  /** How many of them are the first in the list's order (the rest is the selected one). */
  first: number;
  /** Whether the selected pass is drawn besides them. */
  selectedExtra: boolean;
  total: number;
}

export function mapPasses<P extends { id: string; status: PassStatus }>(
  passes: readonly P[],
  selectedId: string | null,
  limit: number = MAP_PASS_LIMIT,
): MapPasses<P> {
  const counted = passes.filter((p) => p.status === 'counted');
  const chosen = new Set([...counted, ...passes.filter((p) => p.status !== 'counted')].slice(0, limit));
  const first = passes.filter((p) => chosen.has(p));
  const selected = selectedId === null ? undefined : passes.find((p) => p.id === selectedId);
  const selectedExtra = selected !== undefined && !chosen.has(selected);
  return { drawn: selectedExtra ? [...first, selected] : first, first: first.length, selectedExtra, total: passes.length };
}
