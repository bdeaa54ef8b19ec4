import { PLANTINGSTRUCTURE } from '@/lib/shared/themes/plantingstructure';
import { cropFill, seasonCrops, shareAlpha } from './crops';

describe('crop fills', () => {
  it('deepen with the dominant crop’s share and keep the crop’s colour', () => {
    expect(shareAlpha(null)).toBe(0);
    expect(shareAlpha(25)).toBe(0.4);
    expect(shareAlpha(65)).toBeCloseTo(0.7);
    expect(shareAlpha(100)).toBe(1);
    expect(cropFill('#f59f00', 100)).toBe('rgba(245, 159, 0, 1.00)');
  });

  it('lists a season’s declared crops in the kinds’ order, every crop for the year', () => {
    expect(seasonCrops(PLANTINGSTRUCTURE, 'summer')).toEqual(['wheat', 'rapeseed', 'other']);
    expect(seasonCrops(PLANTINGSTRUCTURE, null)).toHaveLength(7);
  });
});
