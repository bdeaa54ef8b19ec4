import 'server-only';
import type { Locale } from '@/i18n/routing';
import type { Page } from './news';
import type { NewsHome } from '../shared/contracts/news';
import type { SatelliteSummary } from '../shared/contracts/satellites';
import { getDb } from './db';
import { newsHome } from './news';
import { listSatellites } from './satellites';

export interface HomeData {
  news: NewsHome;
  satellites: Page<SatelliteSummary>;
}

/**
 * Home's news and Chinese satellites from the database, for the page to render on request and cache (ISR). A failure
 * throws: a cached home keeps being served until a regeneration succeeds.
 */
export async function loadHomeData(locale: Locale): Promise<HomeData> {
  const db = await getDb();
  const [news, satellites] = await Promise.all([
    newsHome(db, locale),
    listSatellites(db, { country: 'cn', pageNum: 1, pageSize: 50 }, locale),
  ]);
  return { news, satellites };
}
