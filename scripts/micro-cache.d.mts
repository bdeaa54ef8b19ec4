import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function microCacheKey(req: IncomingMessage): string | null;

export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
}

export class MicroCache {
  constructor(options: { ttlMs: number; maxEntries: number });
  get(key: string): CachedAnswer | null;
  capture(key: string, res: ServerResponse): void;
}
