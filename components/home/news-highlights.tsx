'use client';

import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useNewsHome } from '@/lib/client/queries/news';
import { kindOfType, newsDetailPath, newsListPath, NEWS_KINDS } from '@/lib/shared/news/kinds';
import { withQueries } from '@/components/providers/query-boundary';

/** The home page's news: highlighted items, then links to each list. */
function NewsHighlightsContent() {
  const t = useTranslations('Home');
  const news = useTranslations('News');
  const routes = useTranslations('Routes');
  const format = useFormatter();
  const { data, isPending, isError, refetch } = useNewsHome();
  const items = (data?.highlights ?? []).flatMap((item) => {
    const kind = kindOfType(item.type);
    return kind ? [{ item, kind }] : [];
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-news-title" aria-busy={isPending}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="home-news-title">
          {t('newsTitle')}
        </Title>
        <Group gap="sm">
          {Object.values(NEWS_KINDS).map((kind) => (
            <Anchor key={kind.base} component={Link} href={newsListPath(kind)} size="sm">
              {routes(kind.title)}
            </Anchor>
          ))}
        </Group>
      </Group>
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
      ) : items.length === 0 ? (
        <Text c="dimmed">{news('empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map(({ item, kind }) => (
            <li key={item.id}>
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {routes(kind.title)} ·{' '}
                  <time dateTime={item.publishedAt}>
                    {format.dateTime(new Date(item.publishedAt), { year: 'numeric', month: 'short', day: 'numeric' })}
                  </time>
                </Text>
                <Anchor component={Link} href={newsDetailPath(kind, item.id)} fw={600} c="inherit">
                  {item.title}
                </Anchor>
                <Text size="sm" lineClamp={2}>
                  {item.summary}
                </Text>
                {item.demo && (
                  <Badge size="xs" variant="outline" color="gray" w="fit-content">
                    {news('demo')}
                  </Badge>
                )}
              </Stack>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const NewsHighlights = withQueries(NewsHighlightsContent);
