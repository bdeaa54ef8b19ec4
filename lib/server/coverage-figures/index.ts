import 'server-only';
/**
 * Imagery coverage statistics by region and period (issue 36.1–2, 36.6; docs/adr/0032-coverage-figures.md):
 * precomputed per (leaf region, month, satellite, resolution class, cloud class) by the job queue, rolled up by union.
 */
import type { JobHandlers } from '../jobs/runner';
import { COVERAGE_LOAD_JOB, coverageLoadHandler } from './jobs';

export {
  ASKED_AT,
  COVERAGE_FIGURES_DATASET,
  QUEUE_CHUNK,
  drainCoverage,
  queueLoadKeys,
  prioritiseKeys,
  rebuildCoverage,
  refreshKey,
  refreshKeys,
  type CoverageKey,
  type DrainResult,
} from './cells';
export { coverageExport, type CoverageExportFormat } from './exports';
export { coverageStatistics, latestCoverage, measuresOf, type CoverageQuery } from './figures';
export {
  COVERAGE_LOAD_JOB,
  COVERAGE_PERIODIC_TASKS,
  DRAIN_BUDGET_MS,
  coverageDuty,
  coverageLoadHandler,
  drainInTurns,
  type CoverageDuty,
  type TurnsResult,
} from './jobs';

export function coverageJobHandlers(): JobHandlers {
  return { [COVERAGE_LOAD_JOB]: coverageLoadHandler };
}
export { coverageGrid, coverageGridTiff, type CoverageGrid, type CoverageGridQuery } from './grid';
export { COVERAGE_LAYERS } from './map-layers';
export { coverageItem, coverageVisualItem, type CoverageItemQuery } from './items';
