/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@/test-utils/render';
import { predictionFixture } from '@/test-utils/prediction-fixture';
import { PassDetail } from './pass-detail';
import { PassTable } from './pass-table';
import { PassTimeline } from './pass-timeline';
import { PredictionSummary } from './prediction-summary';

jest.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));

describe('PassTimeline', () => {
  it('draws a row per satellite with passes and a bar per pass, placed by time, its share in its name', () => {
    render(<PassTimeline prediction={predictionFixture()} selectedId={null} onSelect={() => {}} />);
    const rows = screen.getAllByTestId('timeline-row');
    expect(rows.map((r) => r.dataset.norad)).toEqual(['40118', '43485']);
    const bars = within(rows[0]!).getAllByRole('button');
    expect(bars).toHaveLength(2);
    // 03:00 on the first of seven days.
    expect(parseFloat(bars[0]!.style.left)).toBeCloseTo((3 / 168) * 100, 4);
    expect(bars[0]).toHaveAccessibleName('高分二号卫星, 08-22 11:00:00 China time, covers 45.3 % of the area');
    expect(within(rows[1]!).getByRole('button')).toHaveAccessibleName(/covers 95\.5 % of the area; not counted, sun too low$/);
    // The night optical pass is marked (faded and hatched by its status), not only by colour.
    expect(within(rows[1]!).getByRole('button')).toHaveAttribute('data-status', 'lowSun');
  });

  it('is one tab stop: arrows move between bars, Enter selects, the selected bar is marked', async () => {
    const onSelect = jest.fn();
    const { rerender } = render(
      <>
        <PassTimeline prediction={predictionFixture()} selectedId={null} onSelect={onSelect} />
        <button type="button">after</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getAllByTestId('timeline-bar')[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-pass-id', '40118-2');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('40118-2');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-pass-id', '43485-1');
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('43485-1');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    rerender(
      <>
        <PassTimeline prediction={predictionFixture()} selectedId="40118-2" onSelect={onSelect} />
        <button type="button">after</button>
      </>,
    );
    expect(screen.getByRole('button', { pressed: true })).toHaveAttribute('data-pass-id', '40118-2');
  });
});

describe('PassTable and PassDetail', () => {
  it('lists the passes in the answer order with UTC and China time, and sorts through the API', async () => {
    const onSort = jest.fn();
    render(<PassTable prediction={predictionFixture()} selectedId={null} onSelect={() => {}} sort="time" onSort={onSort} />, { locale: 'zh' });
    const rows = screen.getAllByTestId('pass-row');
    expect(rows.map((r) => r.dataset.passId)).toEqual(['40118-1', '43485-1', '40118-2']);
    expect(rows[1]).toHaveTextContent('08-25 20:00:00 – 20:00:30');
    expect(rows[1]).toHaveTextContent('08-25 12:00:00 – 12:00:30');
    expect(rows[1]).toHaveTextContent('升轨');
    expect(rows[1]).toHaveTextContent('夜间');
    // Listed, but marked as not counted, with why; the others say what they count.
    expect(rows[1]).toHaveAttribute('data-status', 'lowSun');
    expect(within(rows[1]!).getByTestId('pass-status')).toHaveTextContent('不计入：光学，太阳高度角 -30.1°（需 ≥ 10°）');
    expect(within(rows[0]!).getByTestId('pass-status')).toHaveTextContent('计入：35.81%');
    expect(rows[0]).toHaveTextContent('±9 千米');
    expect(screen.getByRole('columnheader', { name: /北京时间/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByTestId('pass-sort-coverage'));
    expect(onSort).toHaveBeenCalledWith('coverage');
  });

  it('shows a pass’s figures', () => {
    const prediction = predictionFixture();
    render(<PassDetail prediction={prediction} pass={prediction.passes[1]!} onClose={() => {}} />);
    const detail = screen.getByTestId('pass-detail');
    expect(detail).toHaveTextContent('2026-08-25 20:00:00 (2026-08-25 12:00:00 UTC)');
    expect(detail).toHaveTextContent('12.3° to the right');
    expect(detail).toHaveTextContent('2,533.4 km², 95.5 % of the area');
    expect(detail).toHaveTextContent('Night, -30.1° elevation');
    expect(detail).toHaveTextContent('±9 km (1 km at the epoch + 2 km per day of age)');
    expect(detail).toHaveTextContent('Counts toward coverageNot counted: optical, sun -30.1° (needs ≥ 10°)');
    expect(screen.getByRole('link', { name: 'Satellite page' })).toHaveAttribute('href', '/satellite/chinese/gf1bcd');
  });
});

describe('PredictionSummary', () => {
  it('gives the union and the remainder, the satellites left out and why, and the exports', () => {
    render(<PredictionSummary prediction={predictionFixture()} />);
    expect(screen.getByTestId('summary-union')).toHaveTextContent('Counted passes together cover 37.69 % for certain (1,000 km²)');
    expect(screen.getByTestId('summary-uncovered')).toHaveTextContent('1,653.1 km² (62.31 %)');
    // What is counted, and the daylight bound, in words.
    expect(screen.getByTestId('summary-counting')).toHaveTextContent('2 of 3 counted toward coverage · 0 only possible · 1 optical with the sun below 10°');
    expect(screen.getByTestId('summary-rules')).toHaveTextContent('optical passes only with the sun at least 10° above the horizon');
    expect(screen.getByTestId('skipped')).toHaveTextContent('高分四号卫星: geostationary');
    expect(screen.getByRole('group', { name: 'Export' })).toBeInTheDocument();
  });

  it('says how soon the area is imaged for certain: the first counted pass to reach each share, in China time', () => {
    render(<PredictionSummary prediction={predictionFixture()} />);
    const items = within(screen.getByTestId('summary-progress')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['50 %: not within this window', '80 %: not within this window', '95 %: not within this window']);
    render(<PredictionSummary prediction={predictionFixture({ progress: [{ at: '2026-08-22T03:00:40.000Z', sharePct: 60 }] })} />, { locale: 'zh' });
    expect(screen.getAllByTestId('summary-progress')[1]).toHaveTextContent('2026-08-22 11:00 前覆盖 50%');
    expect(screen.getAllByTestId('summary-progress')[1]).toHaveTextContent('80%：本时间窗口内达不到');
  });

  it('says when no pass falls in the window', () => {
    render(<PredictionSummary prediction={predictionFixture({ passes: [] })} />, { locale: 'zh' });
    expect(screen.getByTestId('prediction-empty')).toHaveTextContent('此时间窗口内无过境');
    expect(screen.queryByTestId('export-csv')).toBeNull();
  });
});
