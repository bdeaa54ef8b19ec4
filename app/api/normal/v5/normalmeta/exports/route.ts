// POST /api/normal/v5/normalmeta/exports?format=csv|xlsx&lang=zh|en — the result list as a file (public)
import { exportRoute, listExport } from '@/lib/server/catalogue';
import { listExportQuerySchema } from '@/lib/shared/contracts/exports';

export const dynamic = 'force-dynamic';

export const POST = exportRoute(listExportQuerySchema, listExport);
