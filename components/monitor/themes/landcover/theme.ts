/** The land-cover theme (MOD_056): light-to-dark green statistics, spots coloured by change type. */
import { PERMISSIONS } from '@/lib/shared/permissions';
import type { MonitorTheme } from '../../theme';

export const LANDCOVER_THEME: MonitorTheme = {
  id: 'landcover',
  permission: PERMISSIONS.LANDCOVER,
  path: '/monitor/landcover',
  ramp: 'green',
  spotLayer: 'cloudPlatform:spot_meta',
  gridLayer: 'cloudPlatform:grid_statistics_default',
  stageDictionary: 'SPOT_META_STAGE',
  typeDictionary: 'SPOT_META_TYPE',
  gridLevel: 13,
};
