import 'server-only';
import { createTranslator } from 'next-intl';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { isLocale, type Locale } from '../../i18n/routing';

const MESSAGES = { zh, en } as const;

export function messagesFor(locale: Locale) {
  return MESSAGES[locale];
}

/** The caller's language for API messages: the `x-locale` header, the locale cookie, then Accept-Language. */
export function localeOfRequest(request: Request): Locale {
  const explicit = request.headers.get('x-locale');
  if (explicit && isLocale(explicit)) return explicit;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(zh|en)\b/.exec(request.headers.get('cookie') ?? '');
  if (cookie?.[1] && isLocale(cookie[1])) return cookie[1];
  const accept = (request.headers.get('accept-language') ?? '').toLowerCase();
  const zhAt = accept.indexOf('zh');
  const enAt = accept.indexOf('en');
  if (enAt >= 0 && (zhAt < 0 || enAt < zhAt)) return 'en';
  return 'zh';
}

export function apiTranslator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Api' });
}
export type ApiTranslator = ReturnType<typeof apiTranslator>;
export type ApiMessageKey = keyof (typeof zh)['Api'];
/** A message of another namespace, named with it: `Feedback.errors.rateLimited`. */
export type QualifiedMessageKey = `${Exclude<keyof typeof zh, 'Api'>}.${string}`;

export function isQualifiedMessageKey(key: string): key is QualifiedMessageKey {
  return key.includes('.');
}

/** Any message by its full key (`Namespace.key`), in `locale`. */
export function translateMessage(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const t = createTranslator({ locale, messages: MESSAGES[locale] }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  return t(key, values);
}
