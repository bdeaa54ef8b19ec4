// GET /serwist/sw.js (and its source map) — the field app's service worker, bundled with esbuild at build time
// (issue 34.2; lib/client/field/service-worker.ts). It precaches the build's scripts, styles and fonts (every chunk
// any part of a page may load lazily — the header's signed-in menu, a notification, the map — is there offline;
// about 1.8 MB compressed, once per build) and the app's icons; the field page keeps itself when a package is
// downloaded (docs/adr/0030-field-work-offline.md).
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'lib/client/field/service-worker.ts',
  globPatterns: ['.next/static/**/*.{js,css,woff2}', 'public/field-app/*.png'],
  useNativeEsbuild: true,
});
