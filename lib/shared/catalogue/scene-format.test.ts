import { coverageLabel } from './scene-format';

/** Issue 32.7: a result never says "covers 0 %" beside a scene that matched the area. */
describe('a result’s share of the search area', () => {
  it('names a footprint that only meets the edge, and a sliver, instead of 0 %', () => {
    expect(coverageLabel(0)).toEqual({ key: 'touchesEdge' });
    expect(coverageLabel(0.04)).toEqual({ key: 'coverageSliver' });
    expect(coverageLabel(0.05)).toEqual({ key: 'coverage', value: 0.05 });
    expect(coverageLabel(37.5)).toEqual({ key: 'coverage', value: 37.5 });
  });
});
