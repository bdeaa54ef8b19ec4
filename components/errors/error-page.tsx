import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import classes from './error-page.module.css';
import plain from '@/components/ui/plain.module.css';

export type ErrorCode = 401 | 403 | 404;

/**
 * The 401, 403 and 404 screens (spec §2, §8). Plain elements styled like the Mantine components they
 * replaced: this is every page's not-found boundary, so each component it imports loads with every page.
 */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const t = useTranslations('ErrorPage');
  return (
    <div className={classes.page}>
      <div className={classes.stack}>
        <p className={classes.code} aria-hidden="true">
          {code}
        </p>
        <h1 className={classes.title}>{t(`title${code}`)}</h1>
        <p className={classes.text}>{t(`body${code}`)}</p>
        <p className={classes.small}>{t('code', { code })}</p>
        {code === 401 ? (
          <div className={classes.actions}>
            {/* Home opens the login dialog from `?login=` (components/auth/login-dialog-slot.tsx). */}
            <Link href={{ pathname: '/home', query: { login: '/home' } }} className={`${plain.button} ${plain.filled} ${plain.lg}`}>
              {t('logIn')}
            </Link>
            <Link href="/home" className={`${plain.button} ${plain.default} ${plain.lg}`}>
              {t('backHome')}
            </Link>
          </div>
        ) : (
          <Link href="/home" className={`${plain.button} ${plain.filled} ${plain.lg}`}>
            {t('backHome')}
          </Link>
        )}
      </div>
    </div>
  );
}
