import { regionPredictionBodySchema, shpPredictionBodySchema } from '../contracts/orbits';
import { chinaToday, defaultForm, parsePlanUrl, planBlocker, planSearch, requestOf } from './plan';
import { uncoveredPlanPath } from './plan-path';

const NOW = Date.parse('2026-08-21T17:30:00Z'); // 01:30 on the 22nd in China

describe('the plan in the URL', () => {
  it('starts today in China time with the default satellites, a week, nadir, finest, by time', () => {
    expect(chinaToday(NOW)).toBe('2026-08-22');
    expect(parsePlanUrl('', NOW)).toEqual({ form: defaultForm(NOW), run: false, passId: null });
  });

  it('round-trips every field of a plan', () => {
    const state = {
      form: {
        ...defaultForm(NOW),
        satellites: [40118, 43485],
        areaKind: 'draw' as const,
        regions: ['130000'],
        bbox: [114, 38, 116, 40] as [number, number, number, number],
        drawn: {
          type: 'Polygon' as const,
          coordinates: [
            [
              [114, 38],
              [116, 38],
              [115, 40],
              [114, 38],
            ],
          ],
        },
        coverage: { filter: { area: { mode: 1 as const, regionCodes: ['130100'] } }, ids: ['GF1_1', 'GF2_2'] },
        days: 3,
        mode: 'side' as const,
        sensor: 'widest' as const,
        sort: 'coverage' as const,
      },
      run: true,
      passId: '40118-1787364000000',
    };
    const parsed = parsePlanUrl(planSearch(state), NOW);
    expect(parsed.form.coverage?.filter).toMatchObject({ area: { mode: 1, regionCodes: ['130100'] } });
    expect({ ...parsed, form: { ...parsed.form, coverage: null } }).toEqual({ ...state, form: { ...state.form, coverage: null } });
    expect(parsed.form.coverage?.ids).toEqual(['GF1_1', 'GF2_2']);
  });

  it('ignores bad parameters one by one', () => {
    const { form } = parsePlanUrl('?sats=abc&days=15&mode=up&regions=12&area=moon&start=2026-13-45&cov={bad&bbox=5,5,1,1', NOW);
    expect(form).toEqual(defaultForm(NOW));
  });
});

describe('the request a plan makes', () => {
  it('asks satorbit/region for regions, from midnight China time, without satellites for the default', () => {
    const form = { ...defaultForm(NOW), regions: ['130000'] };
    const request = requestOf(form);
    expect(request).toEqual({
      kind: 'region',
      body: { start: '2026-08-22T00:00:00+08:00', days: 7, mode: 'nadir', sensor: 'finest', sort: 'time', regionCodes: ['130000'] },
    });
    expect(regionPredictionBodySchema.safeParse(request?.body).success).toBe(true);
  });

  it('asks satorbit/shp for a rectangle, a drawing, an upload or the uncovered part', () => {
    const base = { ...defaultForm(NOW), satellites: [40118] };
    const bodies = [
      requestOf({ ...base, areaKind: 'rect', bbox: [114, 38, 116, 40] }),
      requestOf({
        ...base,
        areaKind: 'draw',
        drawn: {
          type: 'Polygon',
          coordinates: [
            [
              [114, 38],
              [116, 38],
              [115, 40],
              [114, 38],
            ],
          ],
        },
      }),
      requestOf({ ...base, areaKind: 'shp', uploadId: '0b7c5c3e-2b1a-4c1d-9e8f-0123456789ab' }),
      requestOf({ ...base, areaKind: 'uncovered', coverage: { filter: { area: { mode: 1, regionCodes: ['130100'] } } } }),
    ];
    for (const r of bodies) {
      expect(r?.kind).toBe('shp');
      const parsed = shpPredictionBodySchema.safeParse(r?.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it('waits for an area of the chosen kind', () => {
    expect(planBlocker(defaultForm(NOW))).toBe('noRegion');
    expect(requestOf({ ...defaultForm(NOW), areaKind: 'shp' })).toBeNull();
  });

  it('opens the screen on the uncovered part of a search, run at once', () => {
    const path = uncoveredPlanPath({ filter: { area: { mode: 1, regionCodes: ['130100'] } }, ids: ['a'] });
    const state = parsePlanUrl(path.slice(path.indexOf('?')), NOW);
    expect(path.startsWith('/applicationExtend/orbitalPredict?')).toBe(true);
    expect(state.run).toBe(true);
    expect(state.form.areaKind).toBe('uncovered');
    expect(state.form.coverage?.ids).toEqual(['a']);
  });
});
