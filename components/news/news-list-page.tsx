import { Container, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { listNews } from '@/lib/server/news';
import { NEWS_PAGE_SIZE, type NewsKind } from '@/lib/shared/news/kinds';
import { NewsList } from './news-list';

/** A server-rendered page of a news list; pages past the end are not found. */
export async function NewsListPage({ kind, page, locale }: { kind: NewsKind; page: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'News' });
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const result = await listNews(await getDb(), kind.type, page, NEWS_PAGE_SIZE, locale);
  const pages = Math.max(1, Math.ceil(result.total / NEWS_PAGE_SIZE));
  if (page > pages) notFound();
  return (
    <Container size={960} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{routes(kind.title)}</Title>
          <Text c="dimmed" mt={4}>
            {t('count', { total: result.total })}
            {pages > 1 ? ` · ${t('pageOf', { page, pages })}` : ''}
          </Text>
        </div>
        <NewsList kind={kind} items={result.list} page={page} pages={pages} />
      </Stack>
    </Container>
  );
}
