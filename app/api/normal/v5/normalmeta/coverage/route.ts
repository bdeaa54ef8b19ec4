// POST /api/normal/v5/normalmeta/coverage — coverage of the search area by the search's results, newest first up to the cap (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageAnalysis } from '@/lib/server/catalogue';
import { coverageContract } from '@/lib/shared/contracts/coverage';

export const POST = withApi(coverageContract, ({ db, body, locale }) => coverageAnalysis(db, body, locale));
