import 'server-only';
/**
 * Absolute addresses of the STAC API. They start from the configured public origin (SITE_URL), never
 * from the request's Host header, which a client chooses and a shared cache would hand on to others
 * (the map services follow the same rule, lib/server/map/handler.ts).
 */
import { getEnv } from '../env';

export const STAC_PATH = '/api/stac/v1';

export function stacRoot(): string {
  return `${new URL(getEnv().SITE_URL).origin}${STAC_PATH}`;
}

export function siteOrigin(): string {
  return new URL(getEnv().SITE_URL).origin;
}

export const MEDIA = {
  json: 'application/json',
  geojson: 'application/geo+json',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  html: 'text/html',
  schema: 'application/schema+json',
} as const;

export interface StacLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  merge?: boolean;
  /** STAC web-map-links: the WMTS layer(s) of a `wmts` link. */
  'wmts:layer'?: string;
}
