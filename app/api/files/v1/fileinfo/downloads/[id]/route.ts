// GET /api/files/v1/fileinfo/downloads/{id}?expires=&sig= — the file behind a signed link; counted when sent whole (HEAD and partial ranges are not)
import { getDb } from '@/lib/server/db';
import { getFileStore, serveSignedFile } from '@/lib/server/files';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return serveSignedFile(request, await getDb(), getFileStore(), id);
}

export const HEAD = GET;
