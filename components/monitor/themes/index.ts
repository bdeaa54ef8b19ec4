/** The themes with parts of their own on the monitoring screen (theme-view.tsx): one line per theme folder. */
import type { ThemeView } from '../theme-view-types';
import { PLANTINGSTRUCTURE_VIEW } from './plantingstructure';
import { SURFACE_DEFORM_VIEW } from './surface-deform';

export const THEME_VIEWS: readonly ThemeView[] = [PLANTINGSTRUCTURE_VIEW, SURFACE_DEFORM_VIEW];
