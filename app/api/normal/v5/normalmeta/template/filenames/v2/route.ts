// GET /api/normal/v5/normalmeta/template/filenames/v2?lang=zh|en&format=xlsx|txt — the FLIE_NAMES scene list template (public)
import { templateHandler } from '@/lib/server/catalogue';
import { UPLOAD_TYPES } from '@/lib/shared/contracts/scene-lists';

export const dynamic = 'force-dynamic';

export const GET = templateHandler(UPLOAD_TYPES.FLIE_NAMES);
