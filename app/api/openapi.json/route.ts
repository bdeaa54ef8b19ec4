// GET /api/openapi.json — the API description, generated from the zod contracts
import { buildOpenApi } from '@/lib/server/api/openapi';
import { getEnv } from '@/lib/server/env';
import { ALL_CONTRACTS } from '@/lib/shared/contracts';

export function GET() {
  return Response.json(buildOpenApi(ALL_CONTRACTS, getEnv().SITE_URL));
}
