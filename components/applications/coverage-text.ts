'use client';

import { useTranslations } from 'next-intl';
import type { RequestSummary } from '@/lib/shared/contracts/requests';

/** What an application covers, in one line: its scenes, or its area and period. */
export function useCoverageText() {
  const t = useTranslations('Applications');
  return (r: Pick<RequestSummary, 'kind' | 'itemCount' | 'areaLabel' | 'dateFrom' | 'dateTo'>) =>
    r.kind === 'scenes'
      ? t('coverage.scenes', { count: r.itemCount })
      : t('coverage.area', { area: r.areaLabel ?? t('coverage.drawn'), from: r.dateFrom ?? '', to: r.dateTo ?? '' });
}
