import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NodesDirectory } from '@/components/about/nodes-directory';
import { RegionsExplorer } from '@/components/regions/regions-explorer';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { listNodes } from '@/lib/server/nodes';
import { pageAlternates } from '@/lib/shared/seo';
import { isRegionCode } from '@/lib/shared/regions/codes';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The map services' address, the base-layer key and the ?region= of the region browser are read per request.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Nodes' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, '/about/province') };
}

/** Provincial nodes (table, search, map), then the region browser with the map services. */
export default async function ProvincePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Nodes');
  const regions = await getTranslations('RegionsPage');
  const common = await getTranslations('Common');
  const requested = (await searchParams).region;
  const initialCode = typeof requested === 'string' && isRegionCode(requested) && requested !== '100000' ? requested : null;
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  const nodes = await listNodes(await getDb(), locale);
  return (
    <Container size={1200} py="xl">
      <ClientMessages groups={['MapView', 'Nodes', 'RegionPicker', 'RegionsPage']}>
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text size="lg" mt="xs">
              {t('intro')}
            </Text>
            <Text mt="xs">
              <Anchor href="#regions">{t('regionsLink')}</Anchor>
            </Text>
          </div>
          <Alert variant="light" color="yellow" title={common('demoData')} data-testid="nodes-demo-notice">
            {t('demoNotice')}
          </Alert>
          <NodesDirectory nodes={nodes} config={config} />
          <Text size="xs" c="dimmed">
            {t('sources')}
          </Text>
          <Stack gap="md" component="section" aria-labelledby="regions" mt="xl">
            <div>
              <Title order={2} id="regions" style={{ scrollMarginTop: 80 }}>
                {regions('title')}
              </Title>
              <Text mt="xs">{regions('intro')}</Text>
            </div>
            <QueryBoundary>
              <RegionsExplorer config={config} initialCode={initialCode} />
            </QueryBoundary>
          </Stack>
        </Stack>
      </ClientMessages>
    </Container>
  );
}
