// GET /api/surface-deformation/v1/template/filenames/v2?lang=zh|en&format=xlsx|txt — the file-name list template with product names (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { sceneListTemplate, templateResponse } from '@/lib/server/catalogue';
import { exampleFileNames } from '@/lib/server/themes/surface-deform/products';
import { UPLOAD_TYPES } from '@/lib/shared/contracts/scene-lists';
import { deformTemplateContract } from '@/lib/shared/contracts/surface-deform';

export const dynamic = 'force-dynamic';

export const GET = withApi(deformTemplateContract, async ({ db, query, locale }) =>
  templateResponse(await sceneListTemplate(db, UPLOAD_TYPES.FLIE_NAMES, query.lang ?? locale, query.format, await exampleFileNames(db))),
);
