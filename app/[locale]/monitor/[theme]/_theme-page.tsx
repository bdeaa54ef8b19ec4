import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ClientMessages } from '@/components/providers/client-messages';
import { DemoLoadingNotice } from '@/components/ui/demo-loading-notice';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { getEnv } from '@/lib/server/env';
import type { ThemeDefinition, ThemeId } from '@/lib/shared/themes';
import { MonitorScreen } from '@/components/monitor/monitor-screen';
import { screenOf } from '@/components/monitor/theme-view';

/** Title, intro and demo notice of a theme, in the reader's language. */
export async function themeTexts(theme: ThemeDefinition<ThemeId>, locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'Themes' });
  const id = theme.id;
  return { title: t(`${id}.title`), intro: t(`${id}.intro`), demoTitle: t(`${id}.demoTitle`), demoNotice: t(`${id}.demoNotice`) };
}

/**
 * The page of any declared theme: heading, demo notice and the theme's screen (the shared monitoring screen
 * unless the theme registers its own, components/monitor/theme-view.ts). The map settings (Tianditu key, map
 * service base) are read when the page renders, not at build.
 */
/** The themes' demo sets: a theme's screen says so while any of them fills in (they share regions and batches). */
const THEME_DEMO_SETS = ['spots', 'themes-demo', 'nonagricultural-demo', 'deform-demo', 'planting-demo'] as const;

export async function ThemePage({ theme, locale }: { theme: ThemeDefinition<ThemeId>; locale: Locale }) {
  const texts = await themeTexts(theme, locale);
  const { screen: Screen = MonitorScreen, messages } = screenOf(theme);
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  return (
    <Container size={1400} py="lg">
      <Stack gap="sm">
        <div>
          <Title order={1}>{texts.title}</Title>
          <Text mt={4}>{texts.intro}</Text>
        </div>
        <Alert variant="light" color="yellow" title={texts.demoTitle} data-testid={`${theme.id}-demo-notice`}>
          {texts.demoNotice}
        </Alert>
        <Suspense fallback={null}>
          <ClientMessages groups={[...messages, 'DemoStatus']}>
            <QueryBoundary>
              <DemoLoadingNotice sets={THEME_DEMO_SETS} />
              <Screen theme={theme} config={config} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
