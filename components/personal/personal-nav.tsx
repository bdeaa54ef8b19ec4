import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { PERMISSIONS } from '@/lib/shared/permissions';
import { isBuiltPath } from '@/lib/shared/routes';
import classes from './personal-nav.module.css';

const TABS = [
  { path: '/personal/personalCenter/info', title: 'personalInfo' },
  { path: '/personal/personalCenter/shopping', title: 'shopping', permission: PERMISSIONS.CART },
  { path: '/personal/personalCenter/myOrder', title: 'myOrder' },
  { path: '/personal/personalCenter/myApply', title: 'myApply' },
] as const;

/** The personal centre's sections (spec §2): the built ones the user may open, the current one marked. */
export async function PersonalNav({ locale, active, permissions }: { locale: Locale; active: string; permissions: readonly string[] }) {
  const t = await getTranslations({ locale, namespace: 'Routes' });
  const tabs = TABS.filter((tab) => isBuiltPath(tab.path) && (!('permission' in tab) || permissions.includes(tab.permission)));
  return (
    <nav aria-label={t('personalCenter')} className={classes.nav}>
      {tabs.map((tab) => (
        <Link key={tab.path} href={tab.path} className={classes.tab} aria-current={tab.path === active ? 'page' : undefined}>
          {t(tab.title)}
        </Link>
      ))}
    </nav>
  );
}
