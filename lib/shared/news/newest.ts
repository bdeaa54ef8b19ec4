import type { NewsHome, NewsSummary } from '../contracts/news';

/** A news item on home, marked when editors highlighted it. */
export interface HomeNewsItem {
  item: NewsSummary;
  highlighted: boolean;
}

/** Ids are bigint serials as text: compared as numbers, so "100" is newer than "9". */
const byIdDescending = (a: NewsSummary, b: NewsSummary) => {
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x > y ? -1 : 1;
};
/** ISO timestamps (`toISOString`) sort as text. */
const newerFirst = (a: NewsSummary, b: NewsSummary) => b.publishedAt.localeCompare(a.publishedAt) || byIdDescending(a, b);

/**
 * The newest `count` items of all types, newest first (the list order of every news page: date, then id), from the
 * newest items of each type; highlighted items are marked, not moved ahead.
 */
export function newestNews(home: NewsHome, count: number): HomeNewsItem[] {
  const highlighted = new Set(home.highlights.map((h) => h.id));
  return home.latest
    .flatMap((group) => group.items)
    .sort(newerFirst)
    .slice(0, count)
    .map((item) => ({ item, highlighted: highlighted.has(item.id) }));
}
