import { Container, Stack, Text, Title } from '@/components/ui/mantine-static';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { NewsSummary } from '@/lib/shared/contracts/news';
import type { NewsKind } from '@/lib/shared/news/kinds';
import { NewsList } from './news-list';

interface Props {
  kind: NewsKind;
  locale: Locale;
  /** This page (1-based) of `pages`. */
  page: number;
  pages: number;
  /** The list's length over all pages. */
  total: number;
  items: readonly NewsSummary[];
}

/** A server-rendered page of a news list, given its items (loaded by the route). */
export async function NewsListPage({ kind, locale, page, pages, total, items }: Props) {
  const t = await getTranslations({ locale, namespace: 'News' });
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  return (
    <Container size={960} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{routes(kind.title)}</Title>
          <Text c="dimmed" mt={4}>
            {t('count', { total })}
            {pages > 1 ? ` · ${t('pageOf', { page, pages })}` : ''}
          </Text>
        </div>
        <NewsList kind={kind} items={items} page={page} pages={pages} />
      </Stack>
    </Container>
  );
}
