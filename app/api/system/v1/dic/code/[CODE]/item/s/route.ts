// GET /api/system/v1/dic/code/{CODE}/item/s — the items of a dictionary, in both languages (public)
import { withApi } from '@/lib/server/api/with-api';
import { dictionaryItems } from '@/lib/server/theme-features';
import { dictionaryContract } from '@/lib/shared/contracts/spots';

export const GET = withApi(dictionaryContract, async ({ db, params, locale }) => dictionaryItems(db, params.CODE, locale));
