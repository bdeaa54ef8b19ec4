/**
 * @jest-environment jsdom
 */
import type { NewsSummary } from '@/lib/shared/contracts/news';
import { newsListMarkup } from '@/tests/support/news-list-markup';

// The links need Next's app router; this test is about the covers.
jest.mock('@/components/ui/anchor-link', () => ({ AnchorLink: ({ children }: { children: React.ReactNode }) => <a>{children}</a> }));
jest.mock('@/components/ui/link-pagination', () => ({ LinkPagination: () => null }));

const link = (id: string) => `/api/files/v1/fileinfo/downloads/${id}?expires=1&sig=${'a'.repeat(43)}`;

function item(id: string, variants: { id: string; width: number }[]): NewsSummary {
  return {
    id,
    slug: `item-${id}`,
    type: 0,
    title: `Item ${id}`,
    summary: 'Summary',
    source: null,
    tags: [],
    publishedAt: '2026-05-01T00:00:00.000Z',
    demo: false,
    lang: 'en',
    cover: {
      url: link(id),
      width: 960,
      height: 540,
      alt: 'Cover',
      variants: variants.map((v) => ({ url: link(v.id), width: v.width, height: Math.round((v.width * 9) / 16) })),
    },
  };
}

function images(items: NewsSummary[]): HTMLImageElement[] {
  const html = newsListMarkup(items);
  const host = document.createElement('div');
  host.innerHTML = html;
  return [...host.querySelectorAll('img')];
}

describe('news list covers (issue 32.5)', () => {
  it('offers the smaller copies and the original in srcset, with the card’s width in sizes', () => {
    const [img] = images([
      item('10', [
        { id: '11', width: 320 },
        { id: '12', width: 480 },
        { id: '13', width: 640 },
      ]),
    ]);
    expect(img!.getAttribute('src')).toBe(link('10'));
    expect(img!.getAttribute('srcset')).toBe(`${link('11')} 320w, ${link('12')} 480w, ${link('13')} 640w, ${link('10')} 960w`);
    expect(img!.getAttribute('sizes')).toBe('(min-width: 36em) 176px, calc(100vw - 66px)');
    // The original's size keeps the layout from shifting, whichever candidate loads.
    expect([img!.getAttribute('width'), img!.getAttribute('height')]).toEqual(['960', '540']);
  });

  it('shows a cover stored before copies were made by its original alone', () => {
    const [img] = images([item('20', [])]);
    expect(img!.getAttribute('src')).toBe(link('20'));
    expect(img!.hasAttribute('srcset')).toBe(false);
    expect(img!.hasAttribute('sizes')).toBe(false);
  });
});
