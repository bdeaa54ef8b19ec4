import { GEO_LINKS, GEO_PLAN } from '@/lib/content/geo';
import { PLATFORM_INTRO } from '@/lib/content/platform-intro';
import type { ContentPage } from '@/lib/content/types';

const PAGES: Record<string, Record<'zh' | 'en', ContentPage>> = { PLATFORM_INTRO, GEO_PLAN, GEO_LINKS };

describe.each(Object.entries(PAGES))('%s', (_name, page) => {
  it('has the same sections, items and links in both languages', () => {
    const shape = (p: ContentPage) =>
      p.sections.map((s) => ({
        id: s.id,
        paragraphs: s.paragraphs.length,
        items: s.items?.length ?? 0,
        links: s.links?.map((l) => l.href) ?? [],
      }));
    expect(shape(page.zh)).toEqual(shape(page.en));
    expect(page.zh.sources?.map((s) => s.href)).toEqual(page.en.sources?.map((s) => s.href));
  });

  it('has unique section anchors, https links and no empty text', () => {
    for (const p of [page.zh, page.en]) {
      const ids = p.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of p.sections) {
        expect(s.id).toMatch(/^[a-z][a-z0-9-]*$/);
        for (const text of [s.title, ...s.paragraphs, ...(s.items ?? []).flatMap((i) => [i.term, i.text])])
          expect(text.trim()).not.toBe('');
        for (const link of [...(s.links ?? []), ...(p.sources ?? [])]) expect(new URL(link.href).protocol).toBe('https:');
      }
      expect(p.description.length).toBeLessThanOrEqual(200);
    }
  });

  it('writes Chinese in the Chinese version', () => {
    expect(page.zh.lead).toMatch(/[\u4e00-\u9fff]/);
    expect(page.en.lead).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
