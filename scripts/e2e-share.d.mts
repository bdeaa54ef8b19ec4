export interface ListedTest {
  file: string;
  title: string;
}
export function twinOf(title: string, from: 'zh' | 'en', to: 'zh' | 'en'): string;
export function escapeRegExp(text: string): string;
export function shareFiles(singles: ListedTest[], keep: 'zh' | 'en'): Set<string>;
export function testsToDrop(titles: ListedTest[], keep: 'zh' | 'en', share: boolean): ListedTest[];
