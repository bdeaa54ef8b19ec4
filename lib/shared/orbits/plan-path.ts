/**
 * The orbital prediction screen's address for the part of an image query search its scenes leave uncovered
 * (the coverage analysis' input: filter and checked ids), run at once. Kept apart from plan.ts so the image
 * query does not load the prediction's contracts.
 */
import type { CoverageScenesBody } from '../contracts/coverage';

export function uncoveredPlanPath(coverage: CoverageScenesBody): string {
  const params = new URLSearchParams({ area: 'uncovered', cov: JSON.stringify(coverage), run: '1' });
  return `/applicationExtend/orbitalPredict?${params.toString()}`;
}
