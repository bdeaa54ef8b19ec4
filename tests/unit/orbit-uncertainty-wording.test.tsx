/**
 * @jest-environment jsdom
 *
 * Issue 32.7: the prediction's banner said "off by tens of kilometres" while every pass said "±198 km" and the
 * element-set administration only "over 14 days". Elements 98 days old now give one figure, worded once, on all
 * three: the banner (components/orbits/elements-line), a pass row (components/orbits/pass-table) and the badge of
 * the set (components/tle-admin).
 */
import '@testing-library/jest-dom';
import { ElementsLine } from '@/components/orbits/elements-line';
import { PassTable } from '@/components/orbits/pass-table';
import { SetRow } from '@/components/tle-admin/tle-admin';
import { positionUncertaintyKm } from '@/lib/shared/orbits/uncertainty';
import { predictionFixture } from '@/test-utils/prediction-fixture';
import { render, screen, within } from '@/test-utils/render';

const DAYS = 98;
const KM = positionUncertaintyKm(DAYS);
const LATER = positionUncertaintyKm(DAYS + 7);

function stalePrediction() {
  const fresh = predictionFixture();
  return predictionFixture({
    stale: true,
    uncertainty: { oldestEpoch: '2026-08-21T10:00:00.000Z', ageDays: DAYS, minKm: KM, maxKm: LATER },
    satellites: fresh.satellites.map((s) => ({ ...s, ageDays: DAYS, stale: true })),
    passes: fresh.passes.map((p, i) => ({ ...p, uncertaintyKm: i === 0 ? KM : LATER, status: i === 1 ? 'lowSun' : 'possible', countedKm2: 0, countedPct: 0 })),
  });
}

const set = {
  id: '1',
  source: 'CelesTrak active 2026-08-22',
  uploadedBy: null,
  createdAt: '2026-08-22T00:00:00.000Z',
  epochMin: '2026-08-21T10:00:00.000Z',
  epochMax: '2026-08-22T06:00:00.000Z',
  satellites: 159,
  current: true,
  chineseCovered: 22,
  chineseTotal: 24,
  oldestAgeDays: DAYS,
  stale: true,
  oldestUncertaintyKm: KM,
};

describe('one position uncertainty, worded once', () => {
  it.each([
    ['en', `±${KM} km`, '1 km at the epoch + 2 km per day of age'],
    ['zh', `±${KM} 千米`, '历元时 1 千米，龄期每天增加 2 千米'],
  ] as const)('%s: the banner, the pass and the administration badge state the same figure and model', (locale, figure, model) => {
    expect(KM).toBe(197);
    const prediction = stalePrediction();
    render(
      <>
        <ElementsLine prediction={prediction} now={undefined} />
        <PassTable prediction={prediction} selectedId={null} onSelect={() => {}} sort="time" onSort={() => {}} />
        <ul>
          <SetRow set={set} busy={false} onMakeCurrent={() => {}} />
        </ul>
      </>,
      { locale },
    );
    const banner = screen.getByTestId('tle-stale');
    expect(banner).toHaveTextContent(figure);
    expect(banner).toHaveTextContent(model);
    expect(banner).not.toHaveTextContent(/tens of kilometres|数十千米/);
    const first = screen.getAllByTestId('pass-row')[0]!;
    expect(first).toHaveTextContent(figure);
    expect(within(first).getByTestId('pass-status')).toHaveTextContent(figure);
    const badge = screen.getByTestId('tle-set-stale');
    expect(badge).toHaveTextContent(figure);
    expect(screen.getByTestId('tle-set-row')).toHaveTextContent(model);
  });
});
