'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

// recharts loads with the module that shows a chart, never with the page shell (as ../charts-lazy.tsx).
export const LazyStackedCropChart = dynamic(() => import('./charts').then((m) => m.StackedCropChart), {
  ssr: false,
  loading: () => <Skeleton height={240} />,
});
