import 'server-only';
import type { Locale } from '../../../i18n/routing';
import { inLocale } from '../../shared/locale';

/**
 * Names in the caller's language (regions, and every other row stored as `name_zh` with an optional English twin:
 * batches, spots, dictionary items): the English reader falls back to the Chinese name.
 */
export { inLocale };

/** The name of a row in SQL (`alias.name_zh`, or the English name falling back to it); `column` names other pairs. */
export function nameSql(locale: Locale, alias: string, column = 'name'): string {
  return inLocale(locale, `${alias}.${column}_zh`, `coalesce(${alias}.${column}_en, ${alias}.${column}_zh)`);
}
