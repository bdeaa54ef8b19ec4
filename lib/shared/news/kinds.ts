/**
 * The news lists of the spec and the type each shows: /platform/newsList/{notic,trend,media} and
 * /platform/GEO/{dynamicInfo,cooperation,organization}. A list page shows 20 items; detail pages live
 * under their list.
 */
import type { NewsType } from '../contracts/news';

export const NEWS_PAGE_SIZE = 20;

export interface NewsKind {
  /** Path of the list inside the locale, e.g. `/platform/newsList/notic`. */
  base: string;
  type: NewsType;
  /** Message key of its title (namespace Routes). */
  title: 'newsNotice' | 'newsTrend' | 'newsMedia' | 'geoDynamicInfo' | 'geoCooperation' | 'geoOrganization';
}

export const NEWS_KINDS = {
  notic: { base: '/platform/newsList/notic', type: 0, title: 'newsNotice' },
  trend: { base: '/platform/newsList/trend', type: 1, title: 'newsTrend' },
  media: { base: '/platform/newsList/media', type: 5, title: 'newsMedia' },
} as const satisfies Record<string, NewsKind>;

export type NewsKindKey = keyof typeof NEWS_KINDS;

/** GEO dynamic information (2), cooperation (3) and organizations (4): the same list and detail pages, under /platform/GEO. */
export const GEO_NEWS_KINDS = {
  dynamicInfo: { base: '/platform/GEO/dynamicInfo', type: 2, title: 'geoDynamicInfo' },
  cooperation: { base: '/platform/GEO/cooperation', type: 3, title: 'geoCooperation' },
  organization: { base: '/platform/GEO/organization', type: 4, title: 'geoOrganization' },
} as const satisfies Record<string, NewsKind>;

export type GeoNewsKindKey = keyof typeof GEO_NEWS_KINDS;

const ALL_KINDS: readonly NewsKind[] = [...Object.values(NEWS_KINDS), ...Object.values(GEO_NEWS_KINDS)];

export function isNewsKind(value: string): value is NewsKindKey {
  return Object.hasOwn(NEWS_KINDS, value);
}

export function isGeoNewsKind(value: string): value is GeoNewsKindKey {
  return Object.hasOwn(GEO_NEWS_KINDS, value);
}

/** The list a news type belongs to (types without a list of their own have none yet). */
export function kindOfType(type: number): NewsKind | null {
  return ALL_KINDS.find((k) => k.type === type) ?? null;
}

export const newsListPath = (kind: NewsKind, page = 1) => (page > 1 ? `${kind.base}/page/${page}` : kind.base);
export const newsDetailPath = (kind: NewsKind, id: string) => `${kind.base}/detail/${id}`;
