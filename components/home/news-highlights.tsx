'use client';

import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useNewsHome } from '@/lib/client/queries/news';
import { withQueries } from '@/components/providers/query-boundary';
import { NewsHighlightsList, NewsPanel } from './home-panels';

/** The home page's news, fetched in the browser: used when the page was built without the database. */
function NewsHighlightsContent() {
  const t = useTranslations('Home');
  const { data, isPending, isError, refetch } = useNewsHome();
  return (
    <NewsPanel busy={isPending}>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Group role="alert">
          <Text c="red.8">{t('newsFailed')}</Text>
          <Button variant="light" size="xs" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Group>
      ) : (
        <NewsHighlightsList highlights={data.highlights} />
      )}
    </NewsPanel>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const NewsHighlights = withQueries(NewsHighlightsContent);
