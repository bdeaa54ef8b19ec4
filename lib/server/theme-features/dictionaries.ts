import 'server-only';
/** The dictionaries (`/api/system/v1/dic/code/{CODE}/item/s`): every theme's code lists and the batch statuses. */
import type { Locale } from '../../../i18n/routing';
import type { DictionaryItem } from '../../shared/contracts/spots';
import type { Queryable } from '../db/types';
import { inLocale } from '../regions/names';

export async function dictionaryItems(db: Queryable, code: string, locale: Locale): Promise<DictionaryItem[]> {
  const rows = await db.query<{ code: string; item_value: string; name_zh: string; name_en: string; sort: number }>(
    'SELECT code, item_value, name_zh, name_en, sort FROM dictionary_items WHERE code = $1 ORDER BY sort, item_value',
    [code],
  );
  return rows.map((r) => ({
    code: r.code,
    itemValue: r.item_value,
    name: inLocale(locale, r.name_zh, r.name_en),
    nameZh: r.name_zh,
    nameEn: r.name_en,
    sort: r.sort,
  }));
}
