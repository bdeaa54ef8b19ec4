import { NONAGRICULTURAL } from '@/lib/shared/themes/nonagricultural';
import { farmlandLoss } from './farmland-loss';

const batch = (id: string, byKindArea: number[], restoredArea: number) => ({
  id,
  quarter: `2025Q${id}`,
  typeName: id,
  status: 'published',
  current: false,
  periodStart: '2025-01-01',
  periodEnd: '2025-03-31',
  demo: true,
  count: byKindArea.length,
  area: byKindArea.reduce((a, b) => a + b, 0),
  byChangeType: [],
  byKind: byKindArea.map((area) => ({ count: area > 0 ? 1 : 0, area })),
  restoredArea,
});

describe('farmland lost over time', () => {
  it('sums each batch by kind group and keeps a running loss net of rectified land', () => {
    // Kinds in declared order: building, road, pond, greening (non-agricultural); orchard, nursery, fishpond, cash crop.
    const rows = farmlandLoss(NONAGRICULTURAL, [batch('1', [100, 0, 50, 0, 30, 0, 0, 20], 40), batch('2', [0, 10, 0, 0, 0, 5, 5, 0], 0)]);
    expect(rows.map((r) => r.byGroup)).toEqual([
      [150, 50],
      [10, 10],
    ]);
    expect(rows.map((r) => r.net)).toEqual([160, 180]);
  });
});
