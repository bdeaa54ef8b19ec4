// GET /api/sta-image/v2/statistics/coverage/{level}/{region}/{period}/export — the coverage figures as CSV or GeoJSON, or the scene-count grid as GeoTIFF (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageExport } from '@/lib/server/coverage-figures';
import { coverageExportContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageExportContract, async ({ db, params, query, locale }) => {
  const { format, cell, ...filters } = query;
  return coverageExport(db, { level: params.a, regionCode: params.b, range: params.c, filters, locale }, format, { cell });
});
