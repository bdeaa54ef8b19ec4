'use client';

import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';

/**
 * The news body's rich-text editor, loaded when an item is opened for editing: TipTap and its toolbar stay
 * out of every other screen's and every content page's JavaScript.
 */
export const NewsBodyField = dynamic(() => import('./news-body-editor').then((m) => m.NewsBodyEditor), {
  ssr: false,
  loading: () => <Skeleton height={300} data-testid="news-body-loading" />,
});
