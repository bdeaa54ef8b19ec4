import { DIVISIONS, divisionOf } from './divisions';

describe('geographic divisions', () => {
  it('puts each mainland province in its division', () => {
    const expected: Record<string, string[]> = {
      north: ['110000', '120000', '130000', '140000', '150000'],
      northeast: ['210000', '220000', '230000'],
      east: ['310000', '320000', '330000', '340000', '350000', '360000', '370000'],
      central: ['410000', '420000', '430000'],
      south: ['440000', '450000', '460000'],
      southwest: ['500000', '510000', '520000', '530000', '540000'],
      northwest: ['610000', '620000', '630000', '640000', '650000'],
    };
    expect(Object.keys(expected)).toEqual([...DIVISIONS]);
    for (const [division, codes] of Object.entries(expected)) for (const code of codes) expect(divisionOf(code)).toBe(division);
    expect(Object.values(expected).flat()).toHaveLength(31);
  });

  it('places Taiwan, Hong Kong and Macao and refuses what is not a code', () => {
    expect(divisionOf('710000')).toBe('east');
    expect(divisionOf('810000')).toBe('south');
    expect(divisionOf('820000')).toBe('south');
    expect(divisionOf('100000')).toBeNull();
    expect(divisionOf('990000')).toBeNull();
    expect(divisionOf('13')).toBeNull();
  });
});
