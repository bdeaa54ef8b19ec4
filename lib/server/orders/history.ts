import 'server-only';
/**
 * The status history of an order or an application, oldest first: from → to (the target's name in the
 * caller's language, from the status dictionary), who (username; null for the system), the note, when.
 * The one reading of `order_history` and `data_request_history` for the management and detail screens.
 */
import type { Locale } from '../../../i18n/routing';
import type { StatusHistoryEntry } from '../../shared/contracts/managed-list';
import type { Queryable } from '../db/types';

const SOURCES = {
  order: { table: 'order_history', key: 'order_id', dictionary: 'ORDER_STATUS' },
  request: { table: 'data_request_history', key: 'request_id', dictionary: 'REQUEST_STATUS' },
} as const;

export async function readStatusHistory(
  db: Queryable,
  of: keyof typeof SOURCES,
  id: string,
  locale: Locale,
): Promise<StatusHistoryEntry[]> {
  const { table, key, dictionary } = SOURCES[of];
  const rows = await db.query<{
    from_status: number | null;
    to_status: number;
    to_status_name: string;
    by: string | null;
    note: string | null;
    at: Date;
  }>(
    `SELECT h.from_status, h.to_status, ${locale === 'en' ? 'd.name_en' : 'd.name_zh'} AS to_status_name, u.username AS by, h.note,
            h.changed_at AS at
       FROM ${table} h
       LEFT JOIN users u ON u.id = h.changed_by
       LEFT JOIN dictionary_items d ON d.code = '${dictionary}' AND d.item_value = h.to_status::text
      WHERE h.${key} = $1 ORDER BY h.id`,
    [id],
  );
  return rows.map((h) => ({
    fromStatus: h.from_status,
    toStatus: h.to_status,
    toStatusName: h.to_status_name,
    by: h.by,
    note: h.note,
    at: new Date(h.at).toISOString(),
  }));
}
