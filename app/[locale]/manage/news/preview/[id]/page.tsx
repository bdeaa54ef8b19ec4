import { Alert, Container, Stack } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NewsArticle } from '@/components/news/news-article';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getDb } from '@/lib/server/db';
import { findNews } from '@/lib/server/news';
import { kindOfType, newsDetailPath } from '@/lib/shared/news/kinds';
import { absolutePageUrl } from '@/lib/server/site';

type Props = { params: Promise<{ locale: Locale; id: string }> };

// An editor's preview of a draft (or a published item) exactly as the detail page will show it.
// Rendered per request and never cached, so no draft can end up in a page a visitor receives.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'NewsEditor' });
  return { title: t('previewTitle'), robots: { index: false, follow: false } };
}

export default async function NewsPreviewPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  await requirePageSession(locale, `/manage/news/preview/${id}`);
  if (!/^[1-9]\d{0,17}$/.test(id)) notFound();
  const item = await findNews(await getDb(), id, locale, { includeDrafts: true });
  const kind = item ? kindOfType(item.type) : null;
  if (!item || !kind) notFound();
  const t = await getTranslations({ locale, namespace: 'NewsEditor' });
  const url = absolutePageUrl(locale, newsDetailPath(kind, id));
  return (
    <Container size={960} py="xl">
      <Stack gap="lg">
        <Alert color="yellow" role="status" title={t('previewTitle')}>
          {t('previewNote')}
        </Alert>
        <NewsArticle kind={kind} item={item} url={url} />
      </Stack>
    </Container>
  );
}
