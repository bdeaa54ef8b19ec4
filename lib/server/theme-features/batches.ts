import 'server-only';
/** A theme's batches (`spot_batches`: quarters, crop years), read in the caller's language. */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { SpotBatch } from '../../shared/contracts/spots';
import type { ThemeId } from '../../shared/themes';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db/types';
import { inLocale } from '../regions/names';

export interface BatchRow {
  id: string;
  quarter: string;
  type_name_zh: string;
  type_name_en: string;
  status: string;
  is_current: boolean;
  period_start: string;
  period_end: string;
  demo: boolean;
}

export const BATCH_COLUMNS = `b.id::text AS id, b.quarter, b.type_name_zh, b.type_name_en, b.status, b.is_current,
  to_char(b.period_start, 'YYYY-MM-DD') AS period_start, to_char(b.period_end, 'YYYY-MM-DD') AS period_end, b.demo`;

export function toBatch(row: BatchRow, locale: Locale): SpotBatch {
  return {
    id: row.id,
    quarter: row.quarter,
    typeName: inLocale(locale, row.type_name_zh, row.type_name_en),
    status: row.status,
    current: row.is_current,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    demo: row.demo,
  };
}

/** A batch of the theme by id, or its current batch (the newest published when none is flagged). */
export async function findBatch(db: Queryable, theme: ThemeId, id: string | null, locale: Locale): Promise<SpotBatch | null> {
  const rows = id
    ? await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM spot_batches b WHERE b.theme = $1 AND b.id = $2::bigint`, [theme, id])
    : await db.query<BatchRow>(
        `SELECT ${BATCH_COLUMNS} FROM spot_batches b WHERE b.theme = $1 AND (b.is_current OR b.status = 'published')
         ORDER BY b.is_current DESC, b.quarter DESC LIMIT 1`,
        [theme],
      );
  return rows[0] ? toBatch(rows[0], locale) : null;
}

/** The asked batch (an unknown id is not found), or the current one (null when the theme has none yet). */
export async function batchOrCurrent(db: Queryable, theme: ThemeId, id: string | null, locale: Locale): Promise<SpotBatch | null> {
  const batch = await findBatch(db, theme, id, locale);
  if (id && !batch) throw new ApiError(API_CODES.NOT_FOUND, 'Spots.errors.unknownBatch');
  return batch;
}

/** Every batch of the theme, oldest first. */
export async function listBatches(db: Queryable, theme: ThemeId, locale: Locale): Promise<SpotBatch[]> {
  const rows = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM spot_batches b WHERE b.theme = $1 ORDER BY b.quarter`, [theme]);
  return rows.map((b) => toBatch(b, locale));
}
