/**
 * Server code (docs/adr/0007) for the analysis pages: the index (/satellite/analysis, static: it reads no data) and the analyses
 * (/satellite/analysis/{page}): charts computed in SQL from the satellite tables
 * (lib/server/satellites/analysis.ts), each with a table of its data in the server HTML, ISR.
 */
import { ClientMessages } from '@/components/providers/client-messages';
import { Container, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Locale } from '@/i18n/routing';
import { AnchorLink } from '@/components/ui/anchor-link';
import { getDb } from '@/lib/server/db';
import { getAnalysis } from '@/lib/server/satellites';
import { ANALYSIS_PAGES, analysisPath, type AnalysisPage } from '@/lib/shared/satellites/model';
import { pageAlternates } from '@/lib/shared/seo';
import { AnalysisSection } from '@/components/satellites/analysis-section';
import { breadcrumbList, JsonLd } from '@/components/satellites/json-ld';
import { SectionIndex } from '@/components/satellites/section-index';
import { absolutePageUrl } from '@/lib/server/site';

const INDEX_PATH = '/satellite/analysis';
const loadAnalysis = cache(async (locale: Locale, page: AnalysisPage) => getAnalysis(await getDb(), page, locale));

export async function analysisIndexMetadata(locale: Locale): Promise<Metadata> {
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'SatelliteAnalysis' });
  return { title: routes('dynamicAnalysis'), description: t('intro'), alternates: pageAlternates(locale, INDEX_PATH) };
}

export async function renderAnalysisIndex(locale: Locale) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'SatelliteAnalysis' });
  return (
    <SectionIndex
      title={routes('dynamicAnalysis')}
      intro={t('intro')}
      url={absolutePageUrl(locale, INDEX_PATH)}
      cards={ANALYSIS_PAGES.map((page) => ({ href: analysisPath(page), title: t(`pages.${page}.title`), text: t(`pages.${page}.intro`) }))}
    />
  );
}

export async function analysisMetadata(locale: Locale, page: AnalysisPage): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'SatelliteAnalysis' });
  return { title: t(`pages.${page}.title`), description: t(`pages.${page}.intro`), alternates: pageAlternates(locale, analysisPath(page)) };
}

export async function renderAnalysis(locale: Locale, page: AnalysisPage) {
  setRequestLocale(locale);
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'SatelliteAnalysis' });
  const analysis = await loadAnalysis(locale, page);
  const { totals } = analysis;
  return (
    <Container size={1200} py="xl">
      <JsonLd
        data={breadcrumbList([
          { name: routes('dynamicAnalysis'), url: absolutePageUrl(locale, INDEX_PATH) },
          { name: analysis.title, url: absolutePageUrl(locale, analysisPath(page)) },
        ])}
      />
      <Stack gap="xl">
        <div>
          <AnchorLink href={INDEX_PATH} size="sm">
            ← {routes('dynamicAnalysis')}
          </AnchorLink>
          <Title order={1} mt="xs">
            {analysis.title}
          </Title>
          <Text size="lg" mt="xs" maw={880}>
            {analysis.intro}
          </Text>
          <Text c="dimmed" mt={4} maw={880}>
            {t('basis', {
              missions: totals.missions,
              spacecraft: totals.spacecraft,
              active: totals.activeSpacecraft,
              sensors: totals.sensors,
            })}
          </Text>
        </div>
        <ClientMessages groups={['SatelliteAnalysis.chartStatus']}>
          {analysis.charts.map((chart) => (
            <AnalysisSection key={chart.id} chart={chart} />
          ))}
        </ClientMessages>
        <nav aria-label={routes('dynamicAnalysis')}>
          <Text fw={600} mb="xs">
            {routes('dynamicAnalysis')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {ANALYSIS_PAGES.filter((p) => p !== page).map((p) => (
              <li key={p}>
                <AnchorLink href={analysisPath(p)}>{t(`pages.${p}.title`)}</AnchorLink>
              </li>
            ))}
          </SimpleGrid>
        </nav>
      </Stack>
    </Container>
  );
}
