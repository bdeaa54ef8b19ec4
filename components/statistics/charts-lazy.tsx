'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

// recharts loads with the module that shows a chart, never with the page shell.
export const LazyRankingBarChart = dynamic(() => import('./charts').then((m) => m.RankingBarChart), {
  ssr: false,
  loading: () => <Skeleton height={200} />,
});
export const LazyTrendLineChart = dynamic(() => import('./charts').then((m) => m.TrendLineChart), {
  ssr: false,
  loading: () => <Skeleton height={280} />,
});
export const LazyStackedBarChart = dynamic(() => import('./stacked-chart').then((m) => m.StackedBarChart), {
  ssr: false,
  loading: () => <Skeleton height={240} />,
});
