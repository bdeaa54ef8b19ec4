/**
 * Server code for the news pages (docs/adr/0007): the three pages of a news list (list, further pages,
 * detail) as functions of the list, so each list's route files are one line each. Data is loaded here
 * and handed to the components as props. Rendered from the database on first request and cached for
 * five minutes (ISR); nothing at build time, which has no database.
 */
import { Container } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { findNews, listNews } from '@/lib/server/news';
import { NEWS_PAGE_SIZE, newsDetailPath, newsListPath, type NewsKind } from '@/lib/shared/news/kinds';
import { defaultOgImage, pageAlternates } from '@/lib/shared/seo';
import { NewsArticle } from '@/components/news/news-article';
import { NewsListPage } from '@/components/news/news-list-page';
import { absolutePageUrl } from '@/lib/server/site';
import { pageNumber } from '@/components/ui/link-pagination';

export async function newsListMetadata(locale: Locale, kind: NewsKind, page = 1): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'News' });
  const list = routes(kind.title);
  return {
    title: page > 1 ? t('pageTitle', { list, page }) : list,
    description: t('listDescription', { list }),
    alternates: pageAlternates(locale, newsListPath(kind, page)),
  };
}

export function renderNewsList(locale: Locale, kind: NewsKind) {
  setRequestLocale(locale);
  return renderPage(locale, kind, 1);
}

export function renderNewsListPage(locale: Locale, kind: NewsKind, n: string) {
  const page = pageNumber(n);
  if (!page) notFound();
  if (page === 1) permanentRedirect(`${LOCALE_PREFIXES[locale]}${kind.base}`);
  setRequestLocale(locale);
  return renderPage(locale, kind, page);
}

/** One page of the list; pages past the end are not found. */
async function renderPage(locale: Locale, kind: NewsKind, page: number) {
  const { list, total } = await listNews(await getDb(), kind.type, page, NEWS_PAGE_SIZE, locale);
  const pages = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
  if (page > pages) notFound();
  return <NewsListPage kind={kind} locale={locale} page={page} pages={pages} total={total} items={list} />;
}

/**
 * The item if it is published and belongs to this list (metadata and page share one query). Drafts
 * never reach these cached pages: editors preview them on /manage/news/preview/{id}, which is
 * rendered per request (a draft rendered into an ISR route could be served to a visitor).
 */
const loadItem = cache(async (locale: Locale, type: number, id: string) => {
  if (!/^[1-9]\d{0,17}$/.test(id)) return null;
  const item = await findNews(await getDb(), id, locale);
  return item && item.type === type ? item : null;
});

export async function newsDetailMetadata(locale: Locale, kind: NewsKind, id: string): Promise<Metadata> {
  const item = await loadItem(locale, kind.type, id);
  if (!item) return {};
  const meta = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: item.title,
    description: item.summary,
    alternates: pageAlternates(locale, newsDetailPath(kind, id)),
    openGraph: {
      type: 'article',
      title: item.title,
      description: item.summary,
      publishedTime: item.publishedAt,
      modifiedTime: item.updatedAt,
      siteName: meta('siteName'),
      images: item.cover
        ? [
            {
              url: new URL(item.cover.url, getEnv().SITE_URL).toString(),
              width: item.cover.width,
              height: item.cover.height,
              alt: item.cover.alt,
            },
          ]
        : [defaultOgImage(locale, meta('ogImageAlt'))],
    },
  };
}

export async function renderNewsDetail(locale: Locale, kind: NewsKind, id: string) {
  const item = await loadItem(locale, kind.type, id);
  if (!item) notFound();
  setRequestLocale(locale);
  const url = absolutePageUrl(locale, newsDetailPath(kind, id));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title,
    description: item.summary,
    datePublished: item.publishedAt,
    dateModified: item.updatedAt,
    inLanguage: locale === 'en' ? 'en' : 'zh-CN',
    mainEntityOfPage: url,
    ...(item.source ? { author: { '@type': 'Organization', name: item.source } } : {}),
    keywords: item.tags.join(', '),
    ...(item.cover ? { image: new URL(item.cover.url, getEnv().SITE_URL).toString() } : {}),
  };
  return (
    <Container size={960} py="xl">
      {/* JSON-LD is data, not script; "<" is escaped so no text can close the tag. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <NewsArticle kind={kind} item={item} url={url} />
    </Container>
  );
}
