// GET /api/normal/v5/normalmeta/template/pathandrows/v2?lang=zh|en&format=xlsx|txt — the OPR scene list template (public)
import { templateHandler } from '@/lib/server/catalogue';
import { UPLOAD_TYPES } from '@/lib/shared/contracts/scene-lists';

export const dynamic = 'force-dynamic';

export const GET = templateHandler(UPLOAD_TYPES.OPR);
