'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import classes from './site-header.module.css';

/** Switches language on the same page. */
export function LanguageSwitch() {
  const t = useTranslations('LanguageSwitch');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'zh' ? 'en' : 'zh';
  return (
    <Link
      href={pathname}
      locale={other}
      hrefLang={other}
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      className={classes.langSwitch}
      aria-label={t('switchTo')}
      data-testid="language-switch"
    >
      {t(other)}
    </Link>
  );
}
