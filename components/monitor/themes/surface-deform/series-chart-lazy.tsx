'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

// recharts loads with the module that shows a chart, never with the page shell.
export const LazyDeformationSeriesChart = dynamic(() => import('./series-chart').then((m) => m.DeformationSeriesChart), {
  ssr: false,
  loading: () => <Skeleton height={240} />,
});
