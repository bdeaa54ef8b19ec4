// GET /api/normal/v5/normalmeta/quicklook/{id} — a scene's quick-look: the DEMO preview PNG (cached,
// ETag) laid over the footprint's bounding box, or a redirect to an imported scene's thumbnail.
import { quicklookResponse } from '@/lib/server/catalogue';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return quicklookResponse(request, await context.params);
}

/** Remote readers (GDAL's /vsicurl) ask for the size first. */
export async function HEAD(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return quicklookResponse(request, await context.params);
}
