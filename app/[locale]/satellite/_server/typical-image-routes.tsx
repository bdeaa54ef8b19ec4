/**
 * Server code (docs/adr/0007) for the typical-image pages: the index (/satellite/image, static) and /satellite/image/{slug} (ISR): what
 * the satellite's imagery is used for, and DEMO scene metadata stored by the seed, labelled as demo data.
 */
import { Badge, Container, Group, Text } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getTypicalImagePage } from '@/lib/server/satellites';
import { TYPICAL_IMAGE_SLUGS, typicalImagePath, type TypicalImageSlug } from '@/lib/shared/satellites/model';
import { pageAlternates } from '@/lib/shared/seo';
import { breadcrumbList, JsonLd } from '@/components/satellites/json-ld';
import { SectionIndex } from '@/components/satellites/section-index';
import { TypicalImagePage } from '@/components/satellites/typical-image-page';
import { absolutePageUrl } from '@/lib/server/site';

const INDEX_PATH = '/satellite/image';
const loadPage = cache(async (locale: Locale, slug: TypicalImageSlug) => getTypicalImagePage(await getDb(), slug, locale));

export async function typicalImageIndexMetadata(locale: Locale): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Satellites' });
  return { title: routes('typicalImage'), description: t('images.intro'), alternates: pageAlternates(locale, INDEX_PATH) };
}

export async function renderTypicalImageIndex(locale: Locale) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Satellites' });
  return (
    <SectionIndex
      title={routes('typicalImage')}
      intro={t('images.intro')}
      url={absolutePageUrl(locale, INDEX_PATH)}
      notice={
        <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
          <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
            {t('images.demoBadge')}
          </Badge>
          <Text size="sm" c="dimmed" maw={880}>
            {t('images.demoNote')}
          </Text>
        </Group>
      }
      cards={TYPICAL_IMAGE_SLUGS.map((slug) => ({
        href: typicalImagePath(slug),
        title: t(`images.index.${slug}.name`),
        text: t(`images.index.${slug}.summary`),
      }))}
    />
  );
}

export async function typicalImageMetadata(locale: Locale, slug: TypicalImageSlug): Promise<Metadata> {
  const page = await loadPage(locale, slug);
  if (!page) return {};
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Satellites' });
  return {
    title: `${page.shortName} · ${routes('typicalImagePage')}`,
    description: t('images.description', { name: page.name }),
    alternates: pageAlternates(locale, typicalImagePath(slug)),
  };
}

export async function renderTypicalImage(locale: Locale, slug: TypicalImageSlug) {
  const page = await loadPage(locale, slug);
  if (!page) notFound();
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  return (
    <Container size={1200} py="xl">
      <JsonLd
        data={breadcrumbList([
          { name: routes('typicalImage'), url: absolutePageUrl(locale, INDEX_PATH) },
          { name: page.name, url: absolutePageUrl(locale, typicalImagePath(slug)) },
        ])}
      />
      <TypicalImagePage page={page} indexTitle={routes('typicalImage')} />
    </Container>
  );
}
