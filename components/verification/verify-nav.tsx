import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { isBuiltPath } from '@/lib/shared/routes';
import classes from './verify-nav.module.css';

export const VERIFY_SCREENS = ['spotAuto', 'spotConfirm', 'spotTrack'] as const;
export type VerifyScreen = (typeof VERIFY_SCREENS)[number];
export const verifyPath = (screen: VerifyScreen) => `/verify/lawenforceinspect/${screen}` as const;

/** The law-enforcement inspection's lists (spec §2): the built ones, the current one marked. */
export async function VerifyNav({ locale, active }: { locale: Locale; active: VerifyScreen }) {
  const t = await getTranslations({ locale, namespace: 'Routes' });
  return (
    <nav aria-label={t('lawenforceinspect')} className={classes.nav}>
      {VERIFY_SCREENS.filter((s) => isBuiltPath(verifyPath(s))).map((screen) => (
        <Link key={screen} href={verifyPath(screen)} className={classes.tab} aria-current={screen === active ? 'page' : undefined}>
          {t(screen)}
        </Link>
      ))}
    </nav>
  );
}
