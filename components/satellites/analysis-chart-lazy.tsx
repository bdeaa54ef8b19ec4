'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
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
// data table below each chart is already in the HTML.
const AnalysisChartView = dynamic(() => import('./analysis-chart').then((m) => m.AnalysisChartView), {
  ssr: false,
  loading: () => <ChartLoading />,
});

export function AnalysisChartLazy({ chart }: { chart: AnalysisChart }) {
  return <AnalysisChartView chart={chart} />;
}
