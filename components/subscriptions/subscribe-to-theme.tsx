'use client';
/**
 * "Subscribe to new spots here" on a monitoring theme's screen (issue 35.4): saves the theme and the region being
 * viewed as a theme subscription of the signed-in user. Offered where the user sees the theme's spots in that region
 * (its permission and an area range reaching the region: the detail screens' rule); the server checks it again.
 */
import { useTranslations } from 'next-intl';
import { useRegion } from '@/lib/client/queries/regions';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SPOT_SUBSCRIPTION_THEMES } from '@/lib/shared/contracts/subscriptions';
import { COUNTRY_CODE, rangePrefixesOf } from '@/lib/shared/regions/codes';
import { scopePrefixes } from '@/lib/shared/spots/scope';
import type { ThemeDefinition, ThemeId } from '@/lib/shared/themes';
import { SubscribeDialog } from './subscribe-dialog';

export function SubscribeToTheme({
  theme,
  region,
  ranges,
}: {
  theme: ThemeDefinition<ThemeId>;
  region: string;
  ranges: readonly string[];
}) {
  const t = useTranslations('Subscriptions.subscribeTheme');
  const themes = useTranslations('Themes');
  const monitor = useTranslations('Monitor');
  const user = useSessionStore(selectUser);
  const regionQuery = useRegion(region === COUNTRY_CODE ? null : region);
  const sees =
    user !== null &&
    user.permissions.includes(theme.permission) &&
    ranges.length > 0 &&
    scopePrefixes(rangePrefixesOf(ranges), region)?.length !== 0;
  if (!sees || !(SPOT_SUBSCRIPTION_THEMES as readonly string[]).includes(theme.id)) return null;
  const themeName = themes(`${theme.id}.title`);
  const regionName = region === COUNTRY_CODE ? monitor('country') : (regionQuery.data?.name ?? region);
  return (
    <SubscribeDialog
      testId="subscribe-theme"
      labels={{
        button: t('button'),
        title: t('title'),
        intro: t('intro', { theme: themeName, region: regionName }),
        name: t('name'),
        submit: t('submit'),
        created: t('created'),
        manage: t('manage'),
      }}
      defaultName={() => t('defaultName', { theme: themeName, region: regionName })}
      body={(name, delivery) => ({ kind: 'theme', name, query: { theme: theme.id, regionCode: region }, ...delivery })}
    />
  );
}
