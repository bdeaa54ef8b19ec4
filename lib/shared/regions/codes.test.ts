import { cityOfCode, codeWithin, isRegionCode, levelOfCode, provinceOfCode, rangePrefixesOf, regionPrefix } from './codes';

describe('region code rules (spec §3)', () => {
  it.each([
    ['100000', 'country'],
    ['130000', 'province'],
    ['150000', 'province'],
    ['130100', 'city'],
    ['442000', 'city'],
    ['130102', 'county'],
    ['429004', 'county'],
  ] as const)('%s is a %s code', (code, level) => {
    expect(levelOfCode(code)).toBe(level);
  });

  it('derives the province and city a code belongs to', () => {
    expect(provinceOfCode('130102')).toBe('130000');
    expect(cityOfCode('130102')).toBe('130100');
    expect(cityOfCode('130000')).toBeNull();
    expect(provinceOfCode('100000')).toBe('100000');
  });

  it('limits by prefix: the country holds everything, a city its counties only', () => {
    expect(regionPrefix('100000')).toBe('');
    expect(codeWithin('130102', '100000')).toBe(true);
    expect(codeWithin('130102', '130000')).toBe(true);
    expect(codeWithin('130102', '130100')).toBe(true);
    expect(codeWithin('130203', '130100')).toBe(false);
    expect(codeWithin('130100', '130102')).toBe(false);
  });

  it('accepts only six-digit codes', () => {
    expect(['130100', '100000'].every(isRegionCode)).toBe(true);
    expect(['1301', '013010', '1301000', "130100'", ''].some(isRegionCode)).toBe(false);
  });

  it('turns area ranges into prefixes: the country is no limit, no range is nothing (never everything)', () => {
    expect(rangePrefixesOf(['100000'])).toBeNull();
    expect(rangePrefixesOf(['130100', '100000'])).toBeNull();
    expect(rangePrefixesOf([])).toEqual([]);
    expect(rangePrefixesOf(['130000', '110101', '130100'])).toEqual(['13', '110101', '1301']);
    expect(rangePrefixesOf(['130100', '130100'])).toEqual(['1301']);
  });
});
