'use client';

import { SegmentedControl, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import type { ModuleProps } from '../../monitor-context';

const ALL = 'all';

/**
 * The harvest season of the structure: the whole year or one season (the theme's stages). Kept in the URL as
 * the screen's stage, so the detail's filter opens on the same season.
 */
export function SeasonControl({ theme, state, update }: Pick<ModuleProps, 'theme' | 'state' | 'update'>) {
  const t = useTranslations('Themes.plantingstructure');
  const locale = useLocale();
  return (
    <div>
      <Text size="xs" fw={500} aria-hidden="true">
        {t('season')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={t('season')}
        value={state.stage ?? ALL}
        onChange={(value) => update({ stage: value === ALL ? null : value }, { replace: true })}
        data={[
          { value: ALL, label: t('allYear') },
          ...theme.stages.items.map((s) => ({ value: s.value, label: locale === 'zh' ? s.zh : s.en })),
        ]}
        data-testid="planting-season"
      />
    </div>
  );
}

/** The season's name for titles. */
export function useSeasonName(theme: ModuleProps['theme'], season: string | null): string {
  const t = useTranslations('Themes.plantingstructure');
  const locale = useLocale();
  const item = theme.stages.items.find((s) => s.value === season);
  return item ? (locale === 'zh' ? item.zh : item.en) : t('allYear');
}
