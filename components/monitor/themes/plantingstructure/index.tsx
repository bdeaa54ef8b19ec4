import { PLANTINGSTRUCTURE } from '@/lib/shared/themes/plantingstructure';
import type { ThemeView } from '../../theme-view-types';
import { PlantingSequence } from './sequence';
import { PlantingStatistics } from './statistics';
import { PlantingTrend } from './trend';

/**
 * The modules of a theme with a per-region structure (planting structure) that differ from the shared ones:
 * statistics, sequence and trend read the structure API; the detail (crop parcels) is the shared module.
 */
export const PLANTINGSTRUCTURE_VIEW: ThemeView = {
  theme: PLANTINGSTRUCTURE.id,
  modules: {
    statistics: (props) => <PlantingStatistics {...props} />,
    sequence: (props) => <PlantingSequence {...props} />,
    trend: (props) => <PlantingTrend {...props} />,
  },
};
