// POST /api/normal/v5/normalmeta/base — a sorted page of the scenes matching the filters and area, with the total (public)
import { withApi } from '@/lib/server/api/with-api';
import { searchScenes } from '@/lib/server/catalogue';
import { searchScenesContract } from '@/lib/shared/contracts/catalogue';

export const POST = withApi(searchScenesContract, ({ db, body }) => searchScenes(db, body));
