// GET /api/news/v3/manage/preview/{id}?locale=zh|en — an editor's preview of a draft: turns on Next's
// draft mode for this browser and opens the item's detail page, which then shows drafts too.
import { draftMode } from 'next/headers';
import { getSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { getManagedNews } from '@/lib/server/news';
import { LOCALE_PREFIXES } from '@/i18n/routing';
import { kindOfType, newsDetailPath } from '@/lib/shared/news/kinds';
import { PERMISSIONS } from '@/lib/shared/permissions';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const locale = new URL(request.url).searchParams.get('locale') === 'en' ? 'en' : 'zh';
  const db = await getDb();
  const session = await getSession(request, db);
  if (!session) return new Response('Sign in as an editor to preview news.', { status: 401 });
  if (!session.permissions.includes(PERMISSIONS.EDITOR))
    return new Response('Previewing news needs the editor permission.', { status: 403 });
  const record = /^[1-9]\d{0,17}$/.test(id) ? await getManagedNews(db, id) : null;
  const kind = record ? kindOfType(record.type) : null;
  if (!record || !kind) return new Response('No such news item, or its type has no page.', { status: 404 });
  (await draftMode()).enable();
  return new Response(null, {
    status: 307,
    headers: { location: `${LOCALE_PREFIXES[locale]}${newsDetailPath(kind, id)}`, 'cache-control': 'no-store' },
  });
}
