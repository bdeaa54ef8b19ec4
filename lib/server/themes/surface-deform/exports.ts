import 'server-only';
/**
 * The product list as CSV (spec §7 `surface-deformation/v1/exports`), written by the image query's CSV
 * writer (BOM, CRLF, formula-safe text), headed in the reader's language. More matches than
 * DEFORM_LIMITS.maxExportRows are refused with the number, never cut silently.
 */
import type { Locale } from '../../../../i18n/routing';
import { API_CODES } from '../../../shared/contracts/api';
import { DEFORM_LIMITS, type DeformFilter } from '../../../shared/contracts/surface-deform';
import { SURFACE_DEFORM } from '../../../shared/themes/surface-deform';
import { ApiError } from '../../api/errors';
import { csvDocument } from '../../catalogue';
import type { Queryable } from '../../db/types';
import { contentDisposition } from '../../files/content-disposition';
import { translateMessage } from '../../i18n';
import { productsForExport } from './products';

const COLUMNS = ['fileName', 'mission', 'pass', 'track', 'frame', 'dateStart', 'dateEnd', 'epochs', 'areaKm2', 'sizeMb', 'bbox'] as const;

export async function exportProductsCsv(
  db: Queryable,
  body: { filter: DeformFilter; ids?: readonly string[] },
  lang: Locale,
): Promise<Response> {
  const { products, more } = await productsForExport(db, body.filter, body.ids, DEFORM_LIMITS.maxExportRows);
  if (more) throw new ApiError(API_CODES.INVALID_INPUT, 'Deformation.errors.tooManyRows', { max: DEFORM_LIMITS.maxExportRows });
  const name = (list: readonly { value: string; zh: string; en: string }[], value: string) => list.find((i) => i.value === value)?.[lang] ?? value;
  const headers = COLUMNS.map((c) => translateMessage(lang, `Deformation.columns.${c}`));
  const rows = products.map((p) => [
    p.fileName,
    name(SURFACE_DEFORM.stages.items, p.mission),
    name(SURFACE_DEFORM.kinds.items, p.pass),
    p.track,
    p.frame,
    p.dateStart,
    p.dateEnd,
    p.epochs,
    p.areaKm2,
    p.sizeMb,
    p.bbox.join(' '),
  ]);
  const file = `${translateMessage(lang, 'Deformation.exportFile')}.csv`;
  return new Response(csvDocument(headers, rows), {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': contentDisposition(file),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}
