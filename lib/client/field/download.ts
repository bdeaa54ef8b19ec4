/**
 * Taking a batch into the field (issue 34.2): the figures first (how many spots and tiles, how large), then the
 * package and the base-map tiles with progress, and the field page itself with the build files it loaded, so it
 * opens with no network. The spots are stored before the tiles are fetched: an interrupted download leaves usable
 * spots and says how many tiles it holds; downloading again fetches only the tiles still missing.
 */
import { fieldPackageContract, type FieldPackageSummary } from '../../shared/contracts/verification-field';
import { FIELD_CACHES } from '../../shared/verification/field-offline';
import { tileUrl, type Tile } from '../../shared/verification/field-tiles';
import { apiFetch } from '../api';
import { storePackage } from './store';

export interface TileSourceRef {
  template: string;
  subdomains: readonly string[];
}

export interface DownloadEstimate extends FieldPackageSummary {
  /** Estimated bytes of the tiles (measured on a few of them), null when they cannot be measured (another site). */
  tileBytes: number | null;
}

export interface DownloadProgress {
  phase: 'page' | 'data' | 'tiles' | 'done';
  done: number;
  total: number;
  bytes: number;
}

const PARALLEL = 4;

/** The figures to show before downloading; a few tiles are fetched to measure their size. */
export async function estimateDownload(batchId: string, region: string | null, source: TileSourceRef): Promise<DownloadEstimate> {
  const summary = (await apiFetch(fieldPackageContract, {
    query: { batchId, region: region ?? undefined, summary: 'true' },
  })) as FieldPackageSummary;
  const sizes = await Promise.all(
    summary.sampleTiles.map(async (t) => {
      const res = await fetch(tileUrl(source.template, t as Tile, source.subdomains), { credentials: 'same-origin' }).catch(() => null);
      if (!res || res.type === 'opaque' || !res.ok) return null;
      return (await res.arrayBuffer()).byteLength;
    }),
  );
  const known = sizes.filter((s): s is number => s !== null);
  const tileBytes = known.length ? Math.round((known.reduce((a, b) => a + b, 0) / known.length) * summary.tiles) : null;
  return { ...summary, tileBytes };
}

/** The field page and the build files this page has loaded, into the caches the worker answers from offline. */
async function keepThisPage(): Promise<void> {
  const statics = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && url.pathname.startsWith('/_next/static/')) statics.add(url.pathname + url.search);
  }
  for (const el of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"][href]')) {
    const url = new URL('src' in el && el.src ? el.src : (el as HTMLLinkElement).href, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/_next/static/')) statics.add(url.pathname + url.search);
  }
  const staticCache = await caches.open(FIELD_CACHES.static);
  await Promise.all(
    [...statics].map(async (u) => {
      if (!(await staticCache.match(u))) await staticCache.add(u).catch(() => undefined);
    }),
  );
  await (await caches.open(FIELD_CACHES.pages)).add(location.pathname);
}

/** Downloads the package of a batch (spots, then tiles), reporting progress; resolves with what it stored. */
export async function downloadPackage(
  batchId: string,
  region: string | null,
  source: TileSourceRef,
  onProgress: (p: DownloadProgress) => void,
  options: { signal?: AbortSignal; preload?: () => Promise<unknown> } = {},
): Promise<{ cases: number; tiles: number; tilesStored: number; bytes: number }> {
  const { signal, preload } = options;
  onProgress({ phase: 'page', done: 0, total: 1, bytes: 0 });
  // What the page loads only later (the map) is loaded now, so it is among what is kept.
  await preload?.();
  await keepThisPage();
  onProgress({ phase: 'data', done: 0, total: 1, bytes: 0 });
  const pack = await apiFetch(fieldPackageContract, { query: { batchId, region: region ?? undefined }, signal });
  if (!('cases' in pack)) throw new Error('the server sent figures instead of a package');
  const dataBytes = new Blob([JSON.stringify(pack)]).size;
  const tiles = pack.tiles.list as Tile[];
  const meta = {
    downloadedAt: new Date().toISOString(),
    tiles: { count: tiles.length, stored: 0, bytes: 0, zooms: pack.tiles.zooms, template: source.template },
    dataBytes,
  };
  await storePackage(pack, meta);
  onProgress({ phase: 'tiles', done: 0, total: tiles.length, bytes: dataBytes });

  const cache = await caches.open(FIELD_CACHES.tiles);
  let next = 0;
  let done = 0;
  let stored = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < tiles.length) {
      if (signal?.aborted) return;
      const url = tileUrl(source.template, tiles[next++]!, source.subdomains);
      const kept = await cache.match(url);
      if (kept) {
        stored++;
        bytes += Number(kept.headers.get('content-length') ?? 0) || (await kept.clone().arrayBuffer()).byteLength;
      } else {
        const res = await fetch(url, { credentials: 'same-origin', signal }).catch(() => null);
        if (res && (res.ok || res.type === 'opaque')) {
          const body = res.type === 'opaque' ? 0 : (await res.clone().arrayBuffer()).byteLength;
          await cache.put(url, res);
          stored++;
          bytes += body;
        }
      }
      done++;
      onProgress({ phase: 'tiles', done, total: tiles.length, bytes: dataBytes + bytes });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await storePackage(pack, { ...meta, tiles: { ...meta.tiles, stored, bytes } });
  onProgress({ phase: 'done', done: tiles.length, total: tiles.length, bytes: dataBytes + bytes });
  return { cases: pack.cases.length, tiles: tiles.length, tilesStored: stored, bytes: dataBytes + bytes };
}
