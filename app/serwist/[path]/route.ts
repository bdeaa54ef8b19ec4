// GET /serwist/sw.js (and its source map) — the field app's service worker, bundled with esbuild at build time
// (issue 34.2; lib/client/field/service-worker.ts). Nothing of the build is precached but the app's icons: the
// field page keeps what it loaded when a package is downloaded (docs/adr/0030-field-work-offline.md).
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'lib/client/field/service-worker.ts',
  globPatterns: ['public/field-app/*.png'],
  useNativeEsbuild: true,
});
