'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

/*
 * Home's live parts (news highlights, visit figures) are fetched in the browser, so that the page
 * itself stays static; their code and response schemas load once the page is interactive instead of
 * delaying its first render. The skeletons keep the layout from shifting meanwhile.
 */
export const NewsHighlightsLazy = dynamic(() => import('./news-highlights').then((m) => m.NewsHighlights), {
  ssr: false,
  loading: () => <Skeleton height={260} radius="md" />,
});

export const VisitsPanelLazy = dynamic(() => import('./visits-panel').then((m) => m.VisitsPanel), {
  ssr: false,
  loading: () => <Skeleton height={150} radius="md" />,
});
