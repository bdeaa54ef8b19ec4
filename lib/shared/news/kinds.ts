/**
 * The news lists of the spec and the type each shows: /platform/newsList/{notic,trend,media} and
 * /platform/GEO/dynamicInfo. A list page shows 20 items; detail pages live under their list.
 */
import type { NewsType } from '../contracts/news';

export const NEWS_PAGE_SIZE = 20;

export interface NewsKind {
  /** Path of the list inside the locale, e.g. `/platform/newsList/notic`. */
  base: string;
  type: NewsType;
  /** Message key of its title (namespace Routes). */
  title: 'newsNotice' | 'newsTrend' | 'newsMedia' | 'geoDynamicInfo';
}

export const NEWS_KINDS = {
  notic: { base: '/platform/newsList/notic', type: 0, title: 'newsNotice' },
  trend: { base: '/platform/newsList/trend', type: 1, title: 'newsTrend' },
  media: { base: '/platform/newsList/media', type: 5, title: 'newsMedia' },
} as const satisfies Record<string, NewsKind>;

export type NewsKindKey = keyof typeof NEWS_KINDS;

/** GEO dynamic information (type 2): the same list and detail pages, under /platform/GEO. */
export const GEO_NEWS_KIND: NewsKind = { base: '/platform/GEO/dynamicInfo', type: 2, title: 'geoDynamicInfo' };

const ALL_KINDS: readonly NewsKind[] = [...Object.values(NEWS_KINDS), GEO_NEWS_KIND];

export function isNewsKind(value: string): value is NewsKindKey {
  return Object.hasOwn(NEWS_KINDS, value);
}

/** The list a news type belongs to (types without a list of their own have none yet). */
export function kindOfType(type: number): NewsKind | null {
  return ALL_KINDS.find((k) => k.type === type) ?? null;
}

export const newsListPath = (kind: NewsKind, page = 1) => (page > 1 ? `${kind.base}/page/${page}` : kind.base);
export const newsDetailPath = (kind: NewsKind, id: string) => `${kind.base}/detail/${id}`;
