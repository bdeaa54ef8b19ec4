import type { AreaSceneCover } from '@/lib/shared/contracts/requests-review';
import { pickerOrder } from './scene-picker';

const scene = (sceneId: string, coveragePct: number, cloudPct: number | null) => ({
  sceneId,
  fileName: `${sceneId}.tar.gz`,
  satellite: 'GF1',
  sensor: 'PMS',
  acquiredAt: '2025-06-01T03:00:00Z',
  cloudPct,
  online: true,
  coveragePct,
});

describe('the reviewer’s scene picker order', () => {
  it('lists the minimal set first in its order, then by share of the area, then the clearest; edge-only scenes last', () => {
    const cover: AreaSceneCover = {
      scenes: [scene('edge', 0, 0), scene('cloudyAll', 100, 93), scene('east', 50, 5), scene('west', 50, 0), scene('westCloudy', 50, 40)],
      minimalSet: ['west', 'east'],
      minimalCoveredPct: 100,
      coveredPct: 100,
      matched: 5,
      capped: false,
      cut: false,
    };
    expect(pickerOrder(cover).map((s) => s.sceneId)).toEqual(['west', 'east', 'cloudyAll', 'westCloudy', 'edge']);
  });
});
