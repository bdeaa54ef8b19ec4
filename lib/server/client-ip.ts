import 'server-only';

/**
 * The caller's address as the nearest proxy reports it: server.mjs replaces X-Forwarded-For with the
 * address it trusts (TRUSTED_PROXY_COUNT, scripts/client-address.mjs) before any route sees it.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return (forwarded || request.headers.get('x-real-ip') || 'unknown').slice(0, 64);
}
