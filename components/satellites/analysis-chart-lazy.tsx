'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import { useInteractive } from '@/lib/client/hooks/use-interactive';
import type { AnalysisChart } from '@/lib/shared/contracts/satellites';
import { textMarkup } from '@/components/ui/mantine-markup';
import classes from './satellites.module.css';

function ChartLoading() {
  const t = useTranslations('SatelliteAnalysis.chartStatus');
  return (
    <div className={`${classes.chartFrame} ${classes.chartLoading}`}>
      <span className={classes.spinner} aria-hidden="true" />
      <p {...textMarkup('sm', 'dimmed')}>{t('loading')}</p>
    </div>
  );
}

// recharts loads with the chart, after the page: the page's first-load script stays small and the
// data table below each chart is already in the HTML. React's lazy, not next/dynamic (whose loader would add ~2 KB
// gzip to the page's first load); the chart is drawn in the browser only, so the server renders the loading note.
const AnalysisChartView = lazy(() => import('./analysis-chart').then((m) => ({ default: m.AnalysisChartView })));

export function AnalysisChartLazy({ chart }: { chart: AnalysisChart }) {
  const interactive = useInteractive();
  if (!interactive) return <ChartLoading />;
  return (
    <Suspense fallback={<ChartLoading />}>
      <AnalysisChartView chart={chart} />
    </Suspense>
  );
}
