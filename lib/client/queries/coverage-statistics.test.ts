import {
  coverageAnswerSchema,
  coverageExportUrl,
  COVERAGE_POLL_MS,
  isComplete,
  pollWhileComputing,
  type CoverageAnswer,
} from './coverage-statistics';

const measures = {
  areaKm2: 100,
  coveredKm2: 50,
  coveredPct: 50,
  effectiveKm2: 40,
  effectivePct: 40,
  scenes: 3,
  revisit: 1.5,
  duplicationPct: 33.33,
  uncoveredKm2: 50,
  uncoveredPct: 50,
};
const answer = {
  period: { from: '2026-07', to: '2026-09', months: 3 },
  region: { code: '130000', name: 'Hebei', level: 'province' },
  level: 'city',
  filters: { groups: [], resolutions: [], cloudMax: 30, kind: 'all' },
  items: [{ code: '130100', name: 'Shijiazhuang', level: 'city', ...measures }],
  total: measures,
};

describe('coverage figures still being computed', () => {
  it('keeps the answer’s progress and polls until every region is ready', () => {
    const computing = coverageAnswerSchema.parse({ ...answer, progress: { ready: 4, total: 11 } });
    expect(computing.progress).toEqual({ ready: 4, total: 11 });
    expect(isComplete(computing)).toBe(false);
    expect(pollWhileComputing({ state: { data: computing } })).toBe(COVERAGE_POLL_MS);

    const done: CoverageAnswer = coverageAnswerSchema.parse({ ...answer, progress: { ready: 11, total: 11 } });
    expect(isComplete(done)).toBe(true);
    expect(pollWhileComputing({ state: { data: done } })).toBe(false);
    // An answer without progress is complete; so is none yet (the first fetch is not a poll).
    expect(pollWhileComputing({ state: { data: coverageAnswerSchema.parse(answer) } })).toBe(false);
    expect(pollWhileComputing({ state: {} })).toBe(false);
  });

  it('exports the same request as a file', () => {
    expect(
      coverageExportUrl({ level: 'city', region: '130000', period: '2026Q2..2026Q3', filters: { cloudMax: 30, kind: 'all' } }, 'csv'),
    ).toBe('/api/sta-image/v2/statistics/coverage/city/130000/2026Q2..2026Q3/export?cloudMax=30&kind=all&format=csv');
  });
});
