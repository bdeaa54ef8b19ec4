import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { menuTree } from '@/lib/shared/menu';
import { LogoMark } from '../icons';
import { HeaderActions } from './header-actions';
import { LanguageSwitch } from './language-switch';
import { NavMenu } from './nav-menu';
import classes from './site-header.module.css';

export function SiteHeader() {
  const t = useTranslations();
  return (
    <header className={classes.header}>
      <a href="#main" className={classes.skip}>
        {t('Header.skipToContent')}
      </a>
      <div className={classes.top}>
        <Link href="/home" className={classes.brand} aria-label={t('Header.homeLink')}>
          <LogoMark size={44} />
          <span className={classes.title}>
            <span className={classes.titleFull}>{t('Metadata.siteName')}</span>
            <span className={classes.titleShort}>{t('Metadata.siteShortName')}</span>
          </span>
        </Link>
        <div className={classes.actions}>
          <LanguageSwitch />
          <HeaderActions />
        </div>
      </div>
      <NavMenu tree={menuTree()} />
    </header>
  );
}
