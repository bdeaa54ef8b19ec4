import { getTranslations } from 'next-intl/server';
import { SectionTabs } from '@/components/layout/section-tabs';
import type { Locale } from '@/i18n/routing';
import { isBuiltPath } from '@/lib/shared/routes';

export const VERIFY_SCREENS = ['spotAuto', 'spotConfirm', 'spotTrack', 'fieldWork'] as const;
export type VerifyScreen = (typeof VERIFY_SCREENS)[number];
export const verifyPath = (screen: VerifyScreen) => `/verify/lawenforceinspect/${screen}` as const;

/** The law-enforcement inspection's lists (spec §2): the built ones, the current one marked. */
export async function VerifyNav({ locale, active }: { locale: Locale; active: VerifyScreen }) {
  const t = await getTranslations({ locale, namespace: 'Routes' });
  const tabs = VERIFY_SCREENS.filter((s) => isBuiltPath(verifyPath(s))).map((screen) => ({ href: verifyPath(screen), title: t(screen) }));
  return <SectionTabs label={t('lawenforceinspect')} tabs={tabs} active={verifyPath(active)} />;
}
