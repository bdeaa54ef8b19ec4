import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function microCacheKey(req: IncomingMessage): string | null;
export function staticAssetKey(req: IncomingMessage): string | null;
export function isImmutableAsset(res: ServerResponse): boolean;
export function isSharedPage(res: ServerResponse): boolean;

export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
}

export class MicroCache {
  constructor(options: { ttlMs: number; maxEntries: number; maxBytes?: number; shareable?: (res: ServerResponse) => boolean });
  readonly bytes: number;
  delete(key: string): void;
  get(key: string): CachedAnswer | null;
  capture(key: string, res: ServerResponse): void;
}

export function cachingHandler(
  caches: { pages: MicroCache | null; assets: MicroCache },
  next: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void;
