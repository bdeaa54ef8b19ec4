// POST /api/surface-deformation/v1/exports?lang=zh|en — the products matching a search (or the checked ones) as CSV (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { exportProductsCsv } from '@/lib/server/themes/surface-deform/exports';
import { deformExportContract } from '@/lib/shared/contracts/surface-deform';

export const dynamic = 'force-dynamic';

export const POST = withApi(deformExportContract, ({ db, body, query, locale }) => exportProductsCsv(db, body, query.lang ?? locale));
