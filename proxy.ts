/**
 * The first gate (Next.js 16 renamed middleware.ts to proxy.ts; see docs/adr/0001). It maps the
 * /chinese and /english prefixes to locales, sends `/`, bare prefixes and unknown paths to the
 * locale's home, and sends visitors without a session away from protected screens. It is never the
 * only check: pages and API handlers verify the session themselves.
 */
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_PREFIXES, routing, type Locale } from './i18n/routing';
import { ANONYMOUS, decideAccess } from './lib/shared/menu';
import { HOME_PATH, sectionTarget } from './lib/shared/routes';

const intl = createIntlMiddleware(routing);

function preferredLocale(request: NextRequest): Locale {
  const cookie = request.cookies.get('NEXT_LOCALE')?.value;
  if (cookie === 'zh' || cookie === 'en') return cookie;
  const accept = (request.headers.get('accept-language') ?? '').toLowerCase();
  const zhAt = accept.indexOf('zh');
  const enAt = accept.indexOf('en');
  return enAt >= 0 && (zhAt < 0 || enAt < zhAt) ? 'en' : 'zh';
}

function splitLocale(pathname: string): { locale: Locale; rest: string } | null {
  for (const [locale, prefix] of Object.entries(LOCALE_PREFIXES) as [Locale, string][]) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { locale, rest: pathname.slice(prefix.length) || '/' };
    }
  }
  return null;
}

function redirectTo(request: NextRequest, locale: Locale, path: string, search = ''): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = `${LOCALE_PREFIXES[locale]}${path}`;
  url.search = search;
  return NextResponse.redirect(url);
}

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const split = splitLocale(pathname);
  if (!split) {
    // No locale prefix: keep a known path, otherwise go home, in the visitor's language.
    const known = decideAccess(pathname, ANONYMOUS) !== 'unknown';
    return redirectTo(request, preferredLocale(request), known ? pathname : HOME_PATH, known ? search : '');
  }
  const { locale, rest } = split;
  const section = sectionTarget(rest);
  if (section) return redirectTo(request, locale, section, search);
  const viewer = { loggedIn: request.cookies.has('token'), permissions: [] };
  const decision = decideAccess(rest, viewer);
  if (decision === 'unknown') return redirectTo(request, locale, HOME_PATH);
  if (decision === 'login') {
    // Home opens the login dialog and goes to the remembered target after login (spec §4).
    // The query goes along, so a shared view (e.g. a monitoring module) opens as shared after login.
    return redirectTo(request, locale, HOME_PATH, `?login=${encodeURIComponent(rest + search)}`);
  }
  // 'forbidden' is not decided here: the proxy knows whether a session cookie exists, not what it
  // permits, so the page checks the permission itself.
  return intl(request);
}

export const config = {
  matcher: ['/((?!api|map|_next|_vercel|.*\\..*).*)'],
};
