/// <reference lib="webworker" />
/**
 * The field app's service worker (issue 34.2; docs/adr/0030-field-work-offline.md), bundled by Serwist
 * (app/serwist/[path]/route.ts). It keeps what the field page needs to open with no network — the page (network
 * first), the build's hashed files (cache first), and the base-map tiles the page downloaded with a package (cache
 * first) — and answers nothing else: the page reads spots from IndexedDB and sends work when online.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from 'serwist';
import { FIELD_CACHES, isBaseTile, isFieldPage, isStaticAsset } from '../../shared/verification/field-offline';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isFieldPage(url.pathname),
      handler: new NetworkFirst({ cacheName: FIELD_CACHES.pages, networkTimeoutSeconds: 5 }),
    },
    {
      matcher: ({ url }) => url.origin === self.location.origin && isStaticAsset(url.pathname),
      handler: new CacheFirst({
        cacheName: FIELD_CACHES.static,
        plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600 })],
      }),
    },
    {
      matcher: ({ url }) => isBaseTile(url),
      handler: new CacheFirst({ cacheName: FIELD_CACHES.tiles }),
    },
  ],
});

serwist.addEventListeners();
