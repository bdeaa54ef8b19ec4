'use client';

import type { ModuleProps } from '../../monitor-context';
import type { MonitorModule } from '../../monitor-state';
import { PlantingSequence } from './sequence';
import { PlantingStatistics } from './statistics';
import { PlantingTrend } from './trend';

/**
 * The modules of a theme with a per-region structure (planting structure) that differ from the shared ones:
 * statistics, sequence and trend read the structure API; the detail (crop parcels) is the shared module.
 * Null where the shared module serves.
 */
export function StructureModule({ module, ...props }: ModuleProps & { module: MonitorModule }) {
  if (module === 'statistics') return <PlantingStatistics {...props} />;
  if (module === 'sequence') return <PlantingSequence {...props} />;
  if (module === 'trend') return <PlantingTrend {...props} />;
  return null;
}

export const hasStructureModule = (module: MonitorModule) => module === 'statistics' || module === 'sequence' || module === 'trend';
