/**
 * Server code for the software and file share pages (docs/adr/0007): the pages as functions, so each route file is a few lines. Rendered from
 * the database on first request and cached for five minutes (ISR); nothing at build time, which has
 * no database.
 */
import { Container, Group, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import plain from '@/components/ui/plain.module.css';
import { getDb } from '@/lib/server/db';
import { getSoftwarePage, listShareItems } from '@/lib/server/share';
import {
  FILE_SHARE_LISTS,
  FILE_SHARE_PAGE_SIZE,
  fileShareListPath,
  SOFTWARE_GRID_SIZE,
  SOFTWARE_PATH,
  softwarePath,
  type FileShareList,
} from '@/lib/shared/share/paths';
import { pageAlternates } from '@/lib/shared/seo';
import { ShareList } from '@/components/share/share-list';
import { SoftwareGrid } from '@/components/share/software-grid';
import { SoftwarePage } from '@/components/share/software-page';
import { absolutePageUrl } from '@/lib/server/site';
import { ClientMessages } from '@/components/providers/client-messages';
import { pageNumber } from '@/components/ui/link-pagination';

// ── Software ───────────────────────────────────────────────────────────────────────────────────

export async function softwareGridMetadata(locale: Locale): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Software' });
  return { title: routes('software'), description: t('description'), alternates: pageAlternates(locale, SOFTWARE_PATH) };
}

export async function renderSoftwareGrid(locale: Locale) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Software' });
  const result = await listShareItems(await getDb(), 'software', 1, SOFTWARE_GRID_SIZE, locale);
  return (
    <Container size={1200} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{routes('software')}</Title>
          <Text size="lg" mt="xs">
            {t('intro')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('demoNote')}
          </Text>
        </div>
        <ClientMessages groups={['Share.download']}>
          <SoftwareGrid items={result.list} />
        </ClientMessages>
      </Stack>
    </Container>
  );
}

const loadSoftware = cache(async (locale: Locale, slug: string) => getSoftwarePage(await getDb(), slug, locale));

export async function softwarePageMetadata(locale: Locale, slug: string): Promise<Metadata> {
  const item = await loadSoftware(locale, slug);
  if (!item) return {};
  return {
    title: item.title,
    description: item.summary,
    alternates: pageAlternates(locale, softwarePath(slug)),
    openGraph: { type: 'website', title: item.title, description: item.summary },
  };
}

export async function renderSoftwarePage(locale: Locale, slug: string) {
  const item = await loadSoftware(locale, slug);
  if (!item) notFound();
  setRequestLocale(locale);
  const url = absolutePageUrl(locale, softwarePath(slug));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: item.title,
    description: item.summary,
    ...(item.version ? { softwareVersion: item.version } : {}),
    datePublished: item.publishedOn,
    applicationCategory: 'DeveloperApplication',
    operatingSystem: item.requirements,
    url,
    ...(item.file ? { fileSize: `${item.file.size} B` } : {}),
    inLanguage: locale === 'en' ? 'en' : 'zh-CN',
  };
  return (
    <Container size={1200} py="xl">
      {/* JSON-LD is data, not script; "<" is escaped so no text can close the tag. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <ClientMessages groups={['Share.download']}>
        <SoftwarePage item={item} />
      </ClientMessages>
    </Container>
  );
}

// ── File share ─────────────────────────────────────────────────────────────────────────────────

export async function shareListMetadata(locale: Locale, list: FileShareList, page = 1): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Share' });
  const title = routes(FILE_SHARE_LISTS[list].title);
  return {
    title: page > 1 ? t('pageTitle', { list: title, page }) : title,
    description: t('listDescription', { list: title }),
    alternates: pageAlternates(locale, fileShareListPath(list, page)),
  };
}

export function renderShareListPage(locale: Locale, list: FileShareList, n: string) {
  const page = pageNumber(n);
  if (!page) notFound();
  if (page === 1) permanentRedirect(`${LOCALE_PREFIXES[locale]}${fileShareListPath(list)}`);
  return renderShareList(locale, list, page);
}

export async function renderShareList(locale: Locale, list: FileShareList, page = 1) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Share' });
  const result = await listShareItems(await getDb(), list, page, FILE_SHARE_PAGE_SIZE, locale);
  const pages = Math.max(1, Math.ceil(result.total / FILE_SHARE_PAGE_SIZE));
  if (page > pages) notFound();
  return (
    <Container size={960} py="xl">
      <Stack gap="lg">
        <nav aria-label={t('categories')}>
          <Group gap="xs">
            {(Object.keys(FILE_SHARE_LISTS) as FileShareList[]).map((key) => (
              <Link
                key={key}
                href={fileShareListPath(key)}
                className={`${plain.button} ${plain.compact} ${key === list ? plain.filled : plain.default}`}
                aria-current={key === list ? 'page' : undefined}
              >
                {routes(FILE_SHARE_LISTS[key].title)}
              </Link>
            ))}
          </Group>
        </nav>
        <div>
          <Title order={1}>{routes(FILE_SHARE_LISTS[list].title)}</Title>
          <Text mt="xs">{t(`intro.${list}`)}</Text>
          <Text c="dimmed" size="sm" mt={4}>
            {t('count', { total: result.total })}
            {pages > 1 ? ` · ${t('pageOf', { page, pages })}` : ''}
          </Text>
          <Text c="dimmed" size="sm">
            {t('demoNote')}
          </Text>
        </div>
        <ClientMessages groups={['Share.download']}>
          <ShareList list={list} items={result.list} page={page} pages={pages} />
        </ClientMessages>
      </Stack>
    </Container>
  );
}
