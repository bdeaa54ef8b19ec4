/**
 * Server code (docs/adr/0007) for the satellite index pages (/satellite/chinese, /satellite/global) and the satellite pages
 * (/satellite/{chinese|global}/{slug}) as functions, so the route files stay one line each. Rendered
 * from the database on first request and cached for five minutes (ISR); nothing at build time.
 */
import { Container, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { findSatellite, listSatellites } from '@/lib/server/satellites';
import { areaPath, satellitePath, SATELLITE_GROUPS, SLUG_PATTERN, type SatelliteArea } from '@/lib/shared/satellites/model';
import { pageAlternates } from '@/lib/shared/seo';
import { breadcrumbList, JsonLd } from '@/components/satellites/json-ld';
import { SatelliteIndex } from '@/components/satellites/satellite-index';
import { SatellitePage } from '@/components/satellites/satellite-page';
import { absolutePageUrl } from '@/lib/server/site';

/** The path segment of an area: chinese → cn, global → global. */
export function areaOfSegment(segment: string): SatelliteArea | null {
  return segment === 'chinese' ? 'cn' : segment === 'global' ? 'global' : null;
}

const AREA_TITLE = { cn: 'chineseSatellite', global: 'globalSatellite' } as const;

const loadIndex = cache(async (locale: Locale, area: SatelliteArea) =>
  listSatellites(await getDb(), { country: area, pageNum: 1, pageSize: 100 }, locale),
);

/** The satellite if it exists and is listed under this area (metadata and page share one query). */
const loadSatellite = cache(async (locale: Locale, area: SatelliteArea, slug: string) => {
  if (!SLUG_PATTERN.test(slug)) return null;
  const satellite = await findSatellite(await getDb(), slug, locale);
  return satellite && satellite.area === area ? satellite : null;
});

export async function satelliteIndexMetadata(locale: Locale, area: SatelliteArea): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Satellites' });
  const { total } = await loadIndex(locale, area);
  const list = routes(AREA_TITLE[area]);
  return { title: list, description: t('listDescription', { list, count: total }), alternates: pageAlternates(locale, areaPath(area)) };
}

export async function renderSatelliteIndex(locale: Locale, area: SatelliteArea) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'Satellites' });
  const { list } = await loadIndex(locale, area);
  const sections =
    area === 'cn'
      ? [{ key: 'all', title: null, intro: null, items: list }]
      : SATELLITE_GROUPS.map((group) => ({
          key: group,
          title: t(`group.${group}`),
          intro: t(`groupIntro.${group}`),
          items: list.filter((s) => s.group === group),
        })).filter((s) => s.items.length > 0);
  const title = routes(AREA_TITLE[area]);
  return (
    <Container size={1200} py="xl">
      <JsonLd data={breadcrumbList([{ name: title, url: absolutePageUrl(locale, areaPath(area)) }])} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text size="lg" mt="xs" maw={880}>
            {t(area === 'cn' ? 'chineseIntro' : 'globalIntro')}
          </Text>
          <Text c="dimmed" mt={4}>
            {t('count', { count: list.length })}
          </Text>
        </div>
        <SatelliteIndex sections={sections} />
      </Stack>
    </Container>
  );
}

export async function satelliteMetadata(locale: Locale, area: SatelliteArea, slug: string): Promise<Metadata> {
  const satellite = await loadSatellite(locale, area, slug);
  if (!satellite) return {};
  const description = satellite.description.length > 160 ? `${satellite.description.slice(0, 157)}…` : satellite.description;
  return {
    title: satellite.name,
    description,
    alternates: pageAlternates(locale, satellitePath(area, slug)),
    openGraph: { type: 'article', title: satellite.name, description },
  };
}

export async function renderSatellite(locale: Locale, area: SatelliteArea, slug: string) {
  const satellite = await loadSatellite(locale, area, slug);
  if (!satellite) notFound();
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const list = routes(AREA_TITLE[area]);
  return (
    <Container size={1200} py="xl">
      <JsonLd
        data={breadcrumbList([
          { name: list, url: absolutePageUrl(locale, areaPath(area)) },
          { name: satellite.name, url: absolutePageUrl(locale, satellitePath(area, slug)) },
        ])}
      />
      <SatellitePage satellite={satellite} listTitle={list} />
    </Container>
  );
}
