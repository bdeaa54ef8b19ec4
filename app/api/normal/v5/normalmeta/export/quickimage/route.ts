// POST /api/normal/v5/normalmeta/export/quickimage?lang=zh|en — the checked scenes' quick-looks as one zip, streamed (public)
import { exportRoute, quicklookExport } from '@/lib/server/catalogue';
import { quicklookExportQuerySchema } from '@/lib/shared/contracts/exports';

export const dynamic = 'force-dynamic';

export const POST = exportRoute(quicklookExportQuerySchema, quicklookExport);
