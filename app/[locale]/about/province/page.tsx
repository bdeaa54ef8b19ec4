import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RegionsExplorer } from '@/components/regions/regions-explorer';
import type { Locale } from '@/i18n/routing';
import { getEnv } from '@/lib/server/env';
import { pageAlternates } from '@/lib/shared/seo';
import { isRegionCode } from '@/lib/shared/regions/codes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The map services' address and the base-layer key are runtime configuration.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'RegionsPage' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, '/about/province') };
}

export default async function RegionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('RegionsPage');
  const requested = (await searchParams).region;
  const initialCode = typeof requested === 'string' && isRegionCode(requested) && requested !== '100000' ? requested : null;
  const env = getEnv();
  return (
    <Container size={1200} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text size="lg" mt="xs">
            {t('intro')}
          </Text>
        </div>
        <RegionsExplorer config={{ serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null }} initialCode={initialCode} />
      </Stack>
    </Container>
  );
}
