import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { NewsArticle } from '@/components/news/news-article';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { findNews } from '@/lib/server/news';
import { NEWS_KINDS, isNewsKind, newsDetailPath } from '@/lib/shared/news/kinds';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale; kind: string; id: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** The item if it is published and belongs to this list (metadata and page share one query). */
const load = cache(async (locale: Locale, kind: string, id: string) => {
  if (!isNewsKind(kind) || !/^[1-9]\d{0,17}$/.test(id)) return null;
  const item = await findNews(await getDb(), id, locale);
  return item && item.type === NEWS_KINDS[kind].type ? { item, kind: NEWS_KINDS[kind] } : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind, id } = await params;
  const found = await load(locale, kind, id);
  if (!found) return {};
  const { item } = found;
  return {
    title: item.title,
    description: item.summary,
    alternates: pageAlternates(locale, newsDetailPath(found.kind, id)),
    openGraph: {
      type: 'article',
      title: item.title,
      description: item.summary,
      publishedTime: item.publishedAt,
      modifiedTime: item.updatedAt,
    },
  };
}

export default async function Page({ params }: Props) {
  const { locale, kind, id } = await params;
  const found = await load(locale, kind, id);
  if (!found) notFound();
  setRequestLocale(locale);
  const { item } = found;
  const url = new URL(`${LOCALE_PREFIXES[locale]}${newsDetailPath(found.kind, id)}`, getEnv().SITE_URL).toString();
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
  };
  return (
    <Container size={960} py="xl">
      {/* JSON-LD is data, not script; "<" is escaped so no text can close the tag. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <NewsArticle kind={found.kind} item={item} url={url} />
    </Container>
  );
}
