import 'server-only';
import type { Locale } from '@/i18n/routing';
import type { Page } from './news';
import type { PlatformFigures } from '../shared/contracts/figures';
import type { NewsHome } from '../shared/contracts/news';
import type { SatelliteSummary } from '../shared/contracts/satellites';
import { getDb } from './db';
import { getPlatformFigures } from './figures';
import { newsHome } from './news';
import { listSatellites } from './satellites';

export interface HomeData {
  news: NewsHome;
  satellites: Page<SatelliteSummary>;
  figures: PlatformFigures;
}

/** How many news items home shows: the newest of every type together, newest first. */
export const HOME_NEWS_COUNT = 6;

/**
 * Home's news, Chinese satellites and platform figures from the database, for the page to render on request and cache (ISR). A failure
 * throws: a cached home keeps being served until a regeneration succeeds.
 */
export async function loadHomeData(locale: Locale): Promise<HomeData> {
  const db = await getDb();
  const [news, satellites, figures] = await Promise.all([
    // Enough per type that the newest HOME_NEWS_COUNT of all types are among them, even all of one type.
    newsHome(db, locale, HOME_NEWS_COUNT),
    listSatellites(db, { country: 'cn', pageNum: 1, pageSize: 50 }, locale),
    getPlatformFigures(db),
  ]);
  return { news, satellites, figures };
}
