import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createTranslator } from 'next-intl';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const zhLeaves = leaves(zh as Tree);
const enLeaves = leaves(en as Tree);

describe('message files', () => {
  it('have the same keys in Chinese and English', () => {
    expect([...zhLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
    expect([...enLeaves.keys()].filter((k) => !zhLeaves.has(k))).toEqual([]);
  });

  it('have no empty message', () => {
    expect([...zhLeaves].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...enLeaves].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    // Argument names from the ICU syntax tree, so the text of select and plural branches is not taken for names.
    const names = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((e) => [
        ...('value' in e && typeof e.value === 'string' && e.type !== TYPE.literal ? [e.value] : []),
        ...('options' in e ? Object.values(e.options).flatMap((o) => names(o.value)) : []),
        ...('children' in e ? names(e.children) : []),
      ]);
    const placeholders = (s: string) => [...new Set(names(parse(s, { ignoreTag: true })))].sort();
    for (const [key, value] of zhLeaves) expect([key, placeholders(enLeaves.get(key) ?? '')]).toEqual([key, placeholders(value)]);
  });

  it('parse as the build compiles them, where "<" opens a tag (a literal <hex> broke `next build`)', () => {
    const unparsable = (leavesOf: Map<string, string>) =>
      [...leavesOf]
        .filter(([, value]) => {
          try {
            parse(value);
            return false;
          } catch {
            return true;
          }
        })
        .map(([key]) => key);
    expect(unparsable(zhLeaves)).toEqual([]);
    expect(unparsable(enLeaves)).toEqual([]);
  });

  it('carry the spec’s wording for the fixed messages', () => {
    expect(en.Client.loginExpired).toBe('Login has expired, please log in again!');
    expect(en.BackToTop.label.toLowerCase()).toBe('back to top');
    expect(en.Footer.browser).toContain('Chrome 65 or IE11');
  });

  it('counts downloads with each language’s plural rules (no "1 downloads")', () => {
    const tEn = createTranslator({ locale: 'en', messages: en, namespace: 'Share.download' });
    const tZh = createTranslator({ locale: 'zh', messages: zh, namespace: 'Share.download' });
    expect([0, 1, 2, 1234].map((count) => tEn('downloads', { count }))).toEqual([
      '0 downloads',
      '1 download',
      '2 downloads',
      '1,234 downloads',
    ]);
    expect([1, 1234].map((count) => tZh('downloads', { count }))).toEqual(['已下载 1 次', '已下载 1,234 次']);
  });
});
