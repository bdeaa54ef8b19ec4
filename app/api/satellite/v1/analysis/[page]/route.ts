// GET /api/satellite/v1/analysis/{page} — an analysis page's series, computed in SQL
import { withApi } from '@/lib/server/api/with-api';
import { getAnalysis } from '@/lib/server/satellites';
import { getAnalysisContract } from '@/lib/shared/contracts/satellites';

export const GET = withApi(getAnalysisContract, ({ db, params, locale }) => getAnalysis(db, params.page, locale));
