import { getTranslations } from 'next-intl/server';
import { SectionTabs } from '@/components/layout/section-tabs';
import type { Locale } from '@/i18n/routing';
import { PERMISSIONS } from '@/lib/shared/permissions';
import { isBuiltPath } from '@/lib/shared/routes';

const TABS = [
  { path: '/personal/personalCenter/info', title: 'personalInfo' },
  { path: '/personal/personalCenter/shopping', title: 'shopping', permission: PERMISSIONS.CART },
  { path: '/personal/personalCenter/myOrder', title: 'myOrder' },
  { path: '/personal/personalCenter/myApply', title: 'myApply' },
  { path: '/personal/personalCenter/myPush', title: 'myPush' },
  { path: '/personal/personalCenter/mySubscription', title: 'mySubscription' },
] as const;

/** The personal centre's sections (spec §2): the built ones the user may open, the current one marked. */
export async function PersonalNav({ locale, active, permissions }: { locale: Locale; active: string; permissions: readonly string[] }) {
  const t = await getTranslations({ locale, namespace: 'Routes' });
  const tabs = TABS.filter((tab) => isBuiltPath(tab.path) && (!('permission' in tab) || permissions.includes(tab.permission)));
  return <SectionTabs label={t('personalCenter')} tabs={tabs.map((tab) => ({ href: tab.path, title: t(tab.title) }))} active={active} />;
}
