/**
 * China's seven geographic divisions (华北, 东北, 华东, 华中, 华南, 西南, 西北), which GB/T 2260 codes
 * follow in their first two digits: 1x north, 2x northeast, 3x east, 41–43 central, 44–46 south,
 * 5x southwest, 6x northwest (Taiwan 71 east, Hong Kong 81 and Macao 82 south).
 */
export const DIVISIONS = ['north', 'northeast', 'east', 'central', 'south', 'southwest', 'northwest'] as const;
export type Division = (typeof DIVISIONS)[number];

export function divisionOf(provinceCode: string): Division | null {
  const prefix = Number(provinceCode.slice(0, 2));
  if (!/^\d{6}$/.test(provinceCode)) return null;
  if (prefix >= 11 && prefix <= 15) return 'north';
  if (prefix >= 21 && prefix <= 23) return 'northeast';
  if ((prefix >= 31 && prefix <= 37) || prefix === 71) return 'east';
  if (prefix >= 41 && prefix <= 43) return 'central';
  if ((prefix >= 44 && prefix <= 46) || prefix === 81 || prefix === 82) return 'south';
  if (prefix >= 50 && prefix <= 54) return 'southwest';
  if (prefix >= 61 && prefix <= 65) return 'northwest';
  return null;
}
