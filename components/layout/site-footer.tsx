import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ANONYMOUS, buildMenu, type MenuItem } from '@/lib/shared/menu';
import classes from './site-footer.module.css';

export interface FooterInfo {
  /** Where the QR code of the mobile-app download address is served (spec §7). */
  appQrUrl: string;
  icpRecord?: string;
  psbRecord?: string;
  year: number;
}

const firstLink = (item: MenuItem): MenuItem | undefined => (item.navigable ? item : item.children.map(firstLink).find(Boolean));

/** One link per section of the public menu (its first page), so every section stays reachable as the menu grows. */
const publicLinks = (sections: MenuItem[]): MenuItem[] => sections.flatMap((section) => firstLink(section) ?? []);

export function SiteFooter({ info }: { info: FooterInfo }) {
  const t = useTranslations('Footer');
  const routes = useTranslations('Routes');
  const links = publicLinks(buildMenu(ANONYMOUS));
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={classes.heading}>
            {t('contactTitle')}
          </h2>
          <address className={classes.address}>
            <p>{t('beijingOffice')}</p>
            <p>{t('serviceOffice')}</p>
            <p>{t('servicePhone')}</p>
            <p>{t('techPhone')}</p>
          </address>
          <p className={classes.note}>{t('demoContacts')}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={classes.heading}>
            {t('linksTitle')}
          </h2>
          <ul className={classes.links}>
            {links.map((link) => (
              <li key={link.path}>
                <Link href={link.path}>{routes(link.title)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-app" className={classes.app}>
          <h2 id="footer-app" className={classes.heading}>
            {t('appTitle')}
          </h2>
          {/* eslint-disable-next-line @next/next/no-img-element -- a small generated data URL, nothing to optimise */}
          <img src={info.appQrUrl} width={112} height={112} loading="lazy" alt={t('appQrAlt')} className={classes.qr} />
          <p className={classes.note}>{t('appHint')}</p>
        </section>
      </div>
      <div className={classes.bottom}>
        <p>{t('copyright', { year: info.year })}</p>
        {info.icpRecord && <p>{t('icpRecord', { record: info.icpRecord })}</p>}
        {info.psbRecord && <p>{t('psbRecord', { record: info.psbRecord })}</p>}
        <p>{t('browser')}</p>
      </div>
    </footer>
  );
}
