// GET /api/files/v1/fileinfo/downloads/{id}?expires=&sig= — the file behind a signed link, counted
import { getDb } from '@/lib/server/db';
import { getFileStore, serveSignedFile } from '@/lib/server/files';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return serveSignedFile(request, await getDb(), getFileStore(), id);
}
