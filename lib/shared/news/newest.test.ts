import type { NewsSummary } from '../contracts/news';
import { newestNews } from './newest';

const item = (id: string, type: number, publishedAt: string): NewsSummary => ({
  id,
  slug: `news-${id}`,
  type,
  title: `item ${id}`,
  summary: '',
  source: null,
  tags: [],
  publishedAt,
  demo: true,
  lang: 'zh',
  cover: null,
});

describe('home news: the newest of all types', () => {
  const notice = item('70', 0, '2026-10-28T08:00:00.000Z');
  const media = item('66', 5, '2026-11-13T00:30:00.000Z');
  const trend = item('63', 1, '2026-08-28T02:00:00.000Z');
  const sameDayOlderId = item('9', 1, '2026-08-28T02:00:00.000Z');
  const old = item('3', 2, '2020-01-01T00:00:00.000Z');

  it('puts the newest first across types, the newest notice included, however they were grouped', () => {
    const home = {
      highlights: [trend, media],
      latest: [
        { type: 0, items: [notice] },
        { type: 1, items: [trend, sameDayOlderId] },
        { type: 2, items: [old] },
        { type: 5, items: [media] },
      ],
    };
    expect(newestNews(home, 4).map((n) => n.item.id)).toEqual(['66', '70', '63', '9']);
  });

  it('marks highlighted items without moving them ahead', () => {
    const home = {
      highlights: [old],
      latest: [
        { type: 2, items: [old] },
        { type: 0, items: [notice] },
      ],
    };
    expect(newestNews(home, 6)).toEqual([
      { item: notice, highlighted: false },
      { item: old, highlighted: true },
    ]);
  });

  it('orders items of the same moment by id, newest id first (as the lists do)', () => {
    const home = { highlights: [], latest: [{ type: 1, items: [sameDayOlderId, item('100', 1, sameDayOlderId.publishedAt)] }] };
    expect(newestNews(home, 2).map((n) => n.item.id)).toEqual(['100', '9']);
  });
});
