import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkTles, parseTles, tleChecksum } from './tle';

const SUBSET = readFileSync(path.join(__dirname, '../../../../shared/data/satellites/eo_subset.tle'), 'utf8');
const [NAME, LINE1, LINE2] = SUBSET.split(/\r?\n/) as [string, string, string];

describe('element-set checks (an administrator’s TLE upload)', () => {
  it('accepts every set of the shared subset (its checksums were verified when staged)', () => {
    const { tles, problems } = checkTles(SUBSET);
    expect(problems).toEqual([]);
    expect(tles).toHaveLength(parseTles(SUBSET).size);
    expect(tleChecksum(LINE1)).toBe(Number(LINE1[68]));
  });

  it('refuses a set with one digit changed, and names its line and satellite', () => {
    // A digit of the eccentricity (columns 27–33) changed: the layout holds, the checksum does not.
    const altered = LINE2.slice(0, 28) + (LINE2[28] === '1' ? '2' : '1') + LINE2.slice(29);
    const { tles, problems } = checkTles(`${NAME}\n${LINE1}\n${altered}\n${SUBSET.split(/\r?\n/).slice(3, 6).join('\n')}`);
    expect(problems).toEqual([{ line: 1, kind: 'checksum', name: NAME.trim(), norad: Number(LINE1.slice(2, 7)) }]);
    expect(tles).toHaveLength(1); // the next set is still read
  });

  it('reports satellites the portal does not know, and broken layouts, without stopping', () => {
    const known = new Set([Number(LINE1.slice(2, 7))]);
    const second = SUBSET.split(/\r?\n/).slice(3, 6);
    expect(checkTles(`${NAME}\n${LINE1}\n${LINE2}\n${second.join('\n')}`, known).problems).toEqual([
      { line: 4, kind: 'unknown', name: second[0]!.trim(), norad: Number(second[1]!.slice(2, 7)) },
    ]);
    const broken = checkTles(`${NAME}\n${LINE1.slice(0, 40)}\n${LINE2}\n${second.join('\n')}`);
    expect(broken.problems.map((p) => [p.line, p.kind])).toEqual([[1, 'format']]);
    expect(broken.tles.map((t) => t.norad)).toEqual([Number(second[1]!.slice(2, 7))]);
    // Lines of two different satellites are not one set.
    expect(checkTles(`${NAME}\n${LINE1}\n${second[2]}`).problems.map((p) => p.kind)).toEqual(['format']);
  });
});
