import { clientMessageGroups } from '@/i18n/client-messages';
import { SURFACE_DEFORM } from '@/lib/shared/themes/surface-deform';
import type { ThemeView } from '../../theme-view-types';
import { DeformationScreen } from './screen';

/**
 * Surface deformation (ADR 0015) has a screen of its own (products and rates, not counted features); its search
 * checks its input with the image query's schemas, whose messages come along.
 */
export const SURFACE_DEFORM_VIEW: ThemeView = {
  theme: SURFACE_DEFORM.id,
  screen: DeformationScreen,
  messages: clientMessageGroups(['MapView', 'Monitor', 'Deformation', 'Catalogue', 'Coverage', 'SceneList', 'RegionPicker']),
};
