// POST /api/normal/v5/normalmeta/coveragebyids — coverage of the search area by the checked scenes (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageAnalysis } from '@/lib/server/catalogue';
import { coverageByIdsContract } from '@/lib/shared/contracts/coverage';

export const POST = withApi(coverageByIdsContract, ({ db, body, locale }) => coverageAnalysis(db, body, locale));
