import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFormatter } from 'next-intl';
import { formats } from './formats';

/** Issue 32.7: one date format per kind and language, in China time. */
const INLINE_DATE_FORMAT = String.raw`dateTime\(.*, \{ ?(year|month|day|dateStyle|timeStyle):|toLocaleDateString|Date\([^)]*\)\.toLocaleString|Intl\.DateTimeFormat`;
describe('the portal’s date formats', () => {
  const at = new Date('2026-11-28T02:05:00Z'); // 10:05 in Beijing
  const formatter = (locale: 'zh' | 'en') => createFormatter({ locale, formats, timeZone: 'Asia/Shanghai' });

  it('writes a day and a moment the same way everywhere, in each language', () => {
    expect(formatter('en').dateTime(at, 'day')).toBe('Nov 28, 2026');
    expect(formatter('en').dateTime(at, 'moment')).toBe('Nov 28, 2026, 10:05 AM');
    expect(formatter('zh').dateTime(at, 'day')).toBe('2026年11月28日');
    expect(formatter('zh').dateTime(at, 'moment')).toBe('2026年11月28日 10:05');
  });

  it('is the only way screens format dates: no inline date options, no browser-default date formats', () => {
    const search = (paths: string[], extra: string[] = []) =>
      spawnSync('git', ['grep', ...extra, '-nE', INLINE_DATE_FORMAT, '--', ...paths], { encoding: 'utf8' });
    const found = search(['components', 'app']);
    expect(found.error).toBeUndefined();
    expect(found.stdout).toBe('');
    // The rule can fail: the same search finds each kind of line it forbids, one line each.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'date-formats-'));
    try {
      const lines = [
        "format.dateTime(new Date(iso), { dateStyle: 'medium' })",
        "format.dateTime(new Date(iso), { year: 'numeric', month: 'long', day: 'numeric' })",
        "new Date(iso).toLocaleString('en')",
        "new Intl.DateTimeFormat('en-GB')",
        "format.dateTime(new Date(iso), 'day')",
      ];
      writeFileSync(path.join(dir, 'probe.tsx'), lines.join('\n') + '\n');
      const hits = spawnSync('git', ['grep', '--no-index', '-nE', INLINE_DATE_FORMAT, '--', 'probe.tsx'], { cwd: dir, encoding: 'utf8' });
      expect(hits.stdout.trim().split('\n').map((line) => Number(line.split(':')[1]))).toEqual([1, 2, 3, 4]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
