// Which Content-Security-Policy each answer gets (next.config.mjs `headers()`, docs/adr/0026).
//
// A header set in next.config wins over the one a route handler sets (Next keeps the header already on
// the response), so the policy of file answers cannot be left to each route: a download route that
// forgot its own entry here once served an uploaded `%PDF-<html><script>…` under the site's policy.
// The split is by path instead: everything under /api and /map — the JSON API, downloads, exports,
// attachments, templates, map images and documents — is data, never a page, and gets FILE_CSP; pages
// get the site's policy. A new download route is covered by where it lives (the same split as
// request-guard.mjs), and tests/unit/response-policy.test.ts fails if a route handler lives elsewhere.

/** Run nothing and load nothing, even when a stored file (an HTML or SVG posing as a PDF) is opened directly. */
export const FILE_CSP = "default-src 'none'; sandbox";

/** First path segments whose answers are data, never pages. */
export const DATA_SEGMENTS = ['api', 'map'];

/**
 * First path segments of route handlers that answer code the site runs, never a stored file: the field app's
 * service worker (issue 34.2, bundled at build time). A worker's own fetches follow the policy its script is
 * served with, so it gets the site's policy (FILE_CSP would forbid every fetch it makes), as the build's other
 * scripts under /_next do. scripts/response-policy.test.ts holds such a route to answering no file.
 */
export const SCRIPT_SEGMENTS = ['serwist'];

/** Paths answered with data (path-to-regexp, as next.config `source`). */
export const DATA_SOURCE = `/:segment(${DATA_SEGMENTS.join('|')})/:path+`;
/** Every other path: pages, their assets, the sitemap. */
export const PAGE_SOURCE = `/((?!${DATA_SEGMENTS.map((s) => `${s}/`).join('|')}).*)`;

/**
 * The header rules: `common` on every answer, the site's policy on pages and FILE_CSP on data, so each
 * path gets exactly one Content-Security-Policy.
 */
export function headerRules(common, siteCsp) {
  return [
    { source: '/:path*', headers: common },
    { source: PAGE_SOURCE, headers: [{ key: 'Content-Security-Policy', value: siteCsp }] },
    { source: DATA_SOURCE, headers: [{ key: 'Content-Security-Policy', value: FILE_CSP }] },
  ];
}
