'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

/*
 * Home's live parts (news highlights, satellite showcase, platform figures) are fetched in the browser, so that the page
 * itself stays static; their code and response schemas load once the page is interactive instead of
 * delaying its first render. The skeletons keep the layout from shifting meanwhile.
 */
export const NewsHighlightsLazy = dynamic(() => import('./news-highlights').then((m) => m.NewsHighlights), {
  ssr: false,
  loading: () => <Skeleton height={260} radius="md" />,
});

export const PlatformFiguresLazy = dynamic(() => import('./platform-figures').then((m) => m.PlatformFigures), {
  ssr: false,
  loading: () => <Skeleton height={230} radius="md" />,
});

export const SatelliteShowcaseLazy = dynamic(() => import('./satellite-showcase').then((m) => m.SatelliteShowcase), {
  ssr: false,
  loading: () => <Skeleton height={220} radius="md" />,
});
