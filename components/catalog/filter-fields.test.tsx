/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render, screen } from '@/test-utils/render';
import { filterOf } from '@/lib/client/stores/selection-request';
import { DEFAULT_FILTERS, type SceneFilters } from '@/lib/client/stores/selection-store';
import { FilterFields, lastMonths } from './filter-fields';

const TODAY = new Date('2026-05-31T08:00:00Z');

function Harness({ onFilter }: { onFilter: (f: SceneFilters) => void }) {
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  return (
    <FilterFields
      filters={filters}
      today={() => TODAY}
      onChange={(patch) => {
        const next = { ...filters, ...patch };
        setFilters(next);
        onFilter(next);
      }}
    />
  );
}

beforeAll(() => {
  // jsdom has no layout; Mantine's option list scrolls the active option into view.
  Element.prototype.scrollIntoView = () => {};
});

describe('FilterFields → request filter', () => {
  it('quick picks set the last month, quarter and year ending today', async () => {
    const user = userEvent.setup();
    const onFilter = jest.fn();
    render(<Harness onFilter={onFilter} />);
    await user.click(screen.getByRole('button', { name: 'Last 3 months' }));
    expect(filterOf(onFilter.mock.lastCall[0], undefined)).toEqual({ dateFrom: '2026-02-28', dateTo: '2026-05-31' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-28');
    await user.click(screen.getByRole('button', { name: 'Last year' }));
    expect(filterOf(onFilter.mock.lastCall[0], undefined)).toEqual({ dateFrom: '2025-05-31', dateTo: '2026-05-31' });
    await user.click(screen.getByRole('button', { name: 'Any date' }));
    expect(filterOf(onFilter.mock.lastCall[0], undefined)).toEqual({});
  });

  it('the cloud slider moves by keyboard and becomes cloudMax', async () => {
    const user = userEvent.setup();
    const onFilter = jest.fn();
    render(<Harness onFilter={onFilter} />);
    const most = screen.getByRole('slider', { name: 'Most cloud cover' });
    most.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(filterOf(onFilter.mock.lastCall[0], undefined)).toEqual({ cloudMax: 90 });
    expect(screen.getByText('Cloud cover 0–90%')).toBeInTheDocument();
  });

  it('resolution bands, product levels and availability map to their fields', async () => {
    const user = userEvent.setup();
    const onFilter = jest.fn();
    render(<Harness onFilter={onFilter} />);
    await user.click(screen.getByRole('combobox', { name: 'Resolution' }));
    await user.click(await screen.findByRole('option', { name: '2 m or better' }));
    await user.click(screen.getByRole('checkbox', { name: 'GRD' }));
    await user.click(screen.getByRole('combobox', { name: 'Availability' }));
    await user.click(await screen.findByRole('option', { name: 'Online' }));
    expect(filterOf(onFilter.mock.lastCall[0], undefined)).toEqual({ resolutionMax: 2, productLevels: ['GRD'], online: true });
  });

  it('month arithmetic stays on real days', () => {
    expect(lastMonths(1, new Date('2026-03-31T00:00:00Z'))).toEqual(['2026-02-28', '2026-03-31']);
    expect(lastMonths(12, new Date('2024-02-29T00:00:00Z'))).toEqual(['2023-02-28', '2024-02-29']);
    expect(lastMonths(1, new Date('2026-01-15T00:00:00Z'))).toEqual(['2025-12-15', '2026-01-15']);
  });
});
