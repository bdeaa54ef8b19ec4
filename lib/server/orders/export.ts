import 'server-only';
/** The caller's orders as CSV, one line per ordered scene, headers and statuses in the caller's language. */
import type { Locale } from '../../../i18n/routing';
import { csvDocument } from '../catalogue';
import type { Queryable } from '../db/types';
import { datedName, fileResponse } from '../files/file-response';
import { translateMessage } from '../i18n';
import { inLocale } from '../../shared/locale';

const COLUMNS = [
  'code',
  'status',
  'createdAt',
  'purpose',
  'fileName',
  'satellite',
  'acquiredAt',
  'online',
  'itemStatus',
  'failure',
  'downloads',
] as const;

export async function exportOwnOrders(db: Queryable, userId: number, locale: Locale): Promise<Response> {
  const rows = await db.query<{
    code: string;
    status: string;
    created_at: string;
    purpose: string;
    file_name: string;
    satellite: string;
    acquired_at: string;
    online: boolean;
    item_status: string;
    failure: string | null;
    downloads: number;
  }>(
    `SELECT o.code, ds.${inLocale(locale, 'name_zh', 'name_en')} AS status,
            to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created_at, o.purpose,
            i.file_name, i.satellite, i.scene->>'acquiredAt' AS acquired_at, i.online,
            di.${inLocale(locale, 'name_zh', 'name_en')} AS item_status, i.failure, i.downloads
       FROM orders o JOIN order_items i ON i.order_id = o.id
       LEFT JOIN dictionary_items ds ON ds.code = 'ORDER_STATUS' AND ds.item_value = o.status::text
       LEFT JOIN dictionary_items di ON di.code = 'ORDER_ITEM_STATUS' AND di.item_value = i.status::text
      WHERE o.user_id = $1
      ORDER BY o.created_at DESC, o.id DESC, i.id`,
    [userId],
  );
  const t = (key: string) => translateMessage(locale, `Orders.csv.${key}`);
  const csv = csvDocument(
    COLUMNS.map((c) => t(c)),
    rows.map((r) => [
      r.code,
      r.status,
      r.created_at,
      r.purpose,
      r.file_name,
      r.satellite,
      r.acquired_at,
      t(r.online ? 'yes' : 'no'),
      r.item_status,
      r.failure ? translateMessage(locale, r.failure) : null,
      r.downloads,
    ]),
  );
  return fileResponse(csv, 'text/csv; charset=utf-8', datedName(t('downloadName'), 'csv'));
}
