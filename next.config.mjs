import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';
import { headerRules } from './scripts/response-policy.mjs';

// Messages are precompiled at build time (icu-minify), so browsers get a small formatter instead of the
// ICU message parser (~8 KB gzip on every page) and no message is parsed at run time.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});
const isDev = process.env.NODE_ENV !== 'production';

/**
 * As strict as a statically rendered Next.js app allows (docs/adr/0002): nonces would force every page
 * to render per request, so inline scripts are allowed by 'unsafe-inline' for Next's bootstrap only;
 * everything else is same-origin, except online map tiles (Tianditu) and an external map service named by
 * MAP_SERVICE_BASE at build time (a GeoServer that replaces the built-in one).
 */
const mapServiceOrigin = /^https?:\/\//.test(process.env.MAP_SERVICE_BASE ?? '') ? ` ${new URL(process.env.MAP_SERVICE_BASE).origin}` : '';
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: https://*.tianditu.gov.cn${mapServiceOrigin}`,
  "font-src 'self' data:",
  // Tianditu: the field app downloads base-map tiles with fetch() and its service worker answers them (issue 34.2).
  `connect-src 'self' https://*.tianditu.gov.cn${mapServiceOrigin}${isDev ? ' ws:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self' blob:",
].join('; ');

export const securityHeaders = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The embedded database and the pg driver stay plain Node modules (WASM + native loading); tsx loads the
  // orbital prediction's TypeScript job module in its worker threads (lib/server/orbits/worker.mjs) at run time.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-postgis',
    'pg',
    'svg-captcha',
    '@napi-rs/canvas',
    'tsx',
    'pdfkit',
    'exifr',
    'geotiff',
  ],
  // Next's file-system cache of rendered pages, whose expirations (an editor's publish) every process on one PostgreSQL
  // shares (docs/adr/0035): a page expired in one process is rendered afresh in all.
  cacheHandler: fileURLToPath(new URL('./scripts/shared-isr-cache.mjs', import.meta.url)),
  // Type checking is `npm run typecheck` (TypeScript 7's native compiler), not part of `next build`.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    optimizePackageImports: ['@mantine/core', '@mantine/hooks', '@mantine/notifications'],
    // Pages regenerated at run time (ISR) are written under .next so they survive a restart; end-to-end
    // runs start a fresh database on the same build and turn this off (ISR_FLUSH_TO_DISK=false), or a
    // page cached by the previous run for an id the new database reuses would be served.
    isrFlushToDisk: process.env.ISR_FLUSH_TO_DISK !== 'false',
    // A CI build starts from a clean clone and is never built again: writing Turbopack's build cache cost it
    // ~25 s of a ~250 s build (measured) for nothing. Developers keep the cache (faster rebuilds).
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
  async headers() {
    // A header set here replaces the one a route handler sets: pages get the site's policy, and every
    // answer under /api and /map (downloads, exports, attachments included) the file policy that runs
    // nothing (scripts/response-policy.mjs, docs/adr/0026).
    return headerRules(securityHeaders, csp);
  },
};

export default withNextIntl(nextConfig);
