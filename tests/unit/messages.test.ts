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
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const [key, value] of zhLeaves) expect([key, placeholders(enLeaves.get(key) ?? '')]).toEqual([key, placeholders(value)]);
  });

  it('carry the spec’s wording for the fixed messages', () => {
    expect(en.Client.loginExpired).toBe('Login has expired, please log in again!');
    expect(en.BackToTop.label.toLowerCase()).toBe('back to top');
    expect(en.Footer.browser).toContain('Chrome 65 or IE11');
  });
});
