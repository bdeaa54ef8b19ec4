import { planBody, sendsWholeFile } from './byte-range';

const ETAG = '"abc"';
const plan = (range: string | null, size = 1000, ifRange: string | null = null) => planBody(range, ifRange, ETAG, size);

describe('planBody', () => {
  it('answers one range of bytes, clamped to the file', () => {
    expect(plan('bytes=0-0')).toEqual({ kind: 'range', start: 0, end: 0 });
    expect(plan('bytes=100-199')).toEqual({ kind: 'range', start: 100, end: 199 });
    expect(plan('bytes=900-')).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(plan('bytes=900-5000')).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(plan('bytes=-100')).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(plan('bytes=-5000')).toEqual({ kind: 'range', start: 0, end: 999 });
    expect(plan('Bytes = 5 - 9')).toEqual({ kind: 'range', start: 5, end: 9 });
  });

  it('refuses ranges outside the file (416)', () => {
    for (const range of ['bytes=1000-', 'bytes=1000-1001', 'bytes=5000-6000', 'bytes=-0']) expect(plan(range)).toEqual({ kind: 'unsatisfiable' });
    expect(plan('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('answers the whole file to no Range, several ranges, other units, bad syntax and a stale If-Range', () => {
    for (const range of [null, 'bytes=0-1,5-9', 'items=0-5', 'bytes=abc', 'bytes=9-5', 'bytes=-', 'bytes=1-2-3']) expect(plan(range)).toEqual({ kind: 'whole' });
    expect(plan('bytes=100-', 1000, '"other"')).toEqual({ kind: 'whole' });
    expect(plan('bytes=100-', 1000, 'Tue, 01 Jan 2030 00:00:00 GMT')).toEqual({ kind: 'whole' });
    expect(plan('bytes=100-', 1000, ETAG)).toEqual({ kind: 'range', start: 100, end: 999 });
  });
});

describe('sendsWholeFile (what counts as a download)', () => {
  it('is the whole file, or a range covering it from its first byte to its last', () => {
    expect(sendsWholeFile({ kind: 'whole' }, 1000)).toBe(true);
    expect(sendsWholeFile({ kind: 'range', start: 0, end: 999 }, 1000)).toBe(true);
    expect(sendsWholeFile({ kind: 'range', start: 0, end: 0 }, 1000)).toBe(false);
    expect(sendsWholeFile({ kind: 'range', start: 500, end: 999 }, 1000)).toBe(false);
    expect(sendsWholeFile({ kind: 'unsatisfiable' }, 1000)).toBe(false);
  });
});
