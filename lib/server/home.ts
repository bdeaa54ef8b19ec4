import 'server-only';
import type { Locale } from '@/i18n/routing';
import type { Page } from './news';
import type { NewsHome } from '../shared/contracts/news';
import type { SatelliteSummary } from '../shared/contracts/satellites';
import { getDb } from './db';
import { log } from './log';
import { newsHome } from './news';
import { listSatellites } from './satellites';

export interface HomeData {
  news: NewsHome;
  satellites: Page<SatelliteSummary>;
}

/**
 * Home's news and Chinese satellites from the database, for the page to render on the server (ISR). Null while
 * `next build` prerenders it (the build has no database) or when the database fails: the page then fetches both in
 * the browser instead, so it is never empty.
 */
export async function loadHomeData(locale: Locale): Promise<HomeData | null> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return null;
  try {
    const db = await getDb();
    const [news, satellites] = await Promise.all([
      newsHome(db, locale),
      listSatellites(db, { country: 'cn', pageNum: 1, pageSize: 50 }, locale),
    ]);
    return { news, satellites };
  } catch (error) {
    log.warn('home rendered without its data; the browser will fetch it', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
