'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatArea, formatDistance } from '@/lib/shared/map/measure';
import { measureSketch } from './measure-tool';
import { MIN_POINTS, type SketchState } from './sketch';
import type { MapTool } from './types';

/** The words of the draw and measure tools: tool names, results and live-region announcements. */
export function useSketchText() {
  const t = useTranslations('MapView');
  const locale = useLocale();

  const toolLabel = (tool: MapTool) => t(`tools.${tool}`);
  const length = (metres: number) => formatDistance(metres, locale);
  const area = (squareMetres: number) => formatArea(squareMetres, locale);

  function finished(done: NonNullable<SketchState['done']>): string {
    const measure = measureSketch(done.tool, done.points);
    const values = { length: length(measure.length), area: area(measure.area ?? 0) };
    return t(`announce.${done.tool}Done`, values);
  }

  /** What the live region says after the last action. */
  function announcement(state: SketchState): string {
    const event = state.event;
    if (!event) return '';
    switch (event.kind) {
      case 'started':
        return state.tool
          ? `${t('announce.started', { tool: toolLabel(state.tool) })} ${t(`hint.${state.tool}`)} ${t(`keys.${state.tool}`)}`
          : '';
      case 'pointAdded': {
        if (!state.tool) return '';
        const added = t('announce.pointAdded', { count: state.points.length });
        return state.tool === 'distance' && state.points.length > 1
          ? `${added} ${t('length', { value: length(measureSketch('distance', state.points).length) })}`
          : added;
      }
      case 'cornerSet':
        return t('announce.cornerSet');
      case 'pointRemoved':
        return t('announce.pointRemoved', { count: state.points.length });
      case 'tooFewPoints':
        return state.tool ? t('announce.tooFewPoints', { count: MIN_POINTS[state.tool] }) : '';
      case 'finished':
        return state.done ? finished(state.done) : '';
      case 'cancelled':
        return t('announce.cancelled');
      case 'cleared':
        return t('announce.cleared');
    }
  }

  return { t, toolLabel, length, area, announcement };
}
