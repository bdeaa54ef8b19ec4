import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from '../../../i18n/server-navigation';
import type { Locale } from '../../../i18n/routing';
import { decideAccess } from '../../shared/menu';
import { getDb } from '../db';
import { getSession, type Session } from '../session';

/**
 * The server-side re-check of a protected page (the proxy is only the first gate): no session →
 * home with the login dialog and the target remembered; a missing permission → the 403 page.
 */
export async function requirePageSession(locale: Locale, path: string): Promise<Session> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const token = cookieStore.get('token')?.value;
  const request = new Request('http://internal/', { headers: { cookie: token ? `token=${encodeURIComponent(token)}` : '', 'user-agent': headerList.get('user-agent') ?? '' } });
  const session = await getSession(request, await getDb());
  const decision = decideAccess(path, session ? { loggedIn: true, permissions: session.permissions } : { loggedIn: false, permissions: [] });
  if (!session || decision === 'login') redirect({ href: { pathname: '/home', query: { login: path } }, locale });
  if (decision === 'forbidden') redirect({ href: '/403', locale });
  if (decision === 'unknown') redirect({ href: '/home', locale });
  return session as Session;
}
