/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render, screen } from '@/test-utils/render';
import type { OrbitMission } from '@/lib/shared/orbits/choices';
import { SatellitePicker } from './satellite-picker';

const MISSIONS: OrbitMission[] = [
  { slug: 'gf2', group: 'optical', name: 'Gaofen-2', swathKm: 45, spacecraft: [{ norad: 40118, name: 'GF-2' }] },
  {
    slug: 'gf1bcd',
    group: 'optical',
    name: 'Gaofen-1 B/C/D',
    swathKm: 60,
    spacecraft: [
      { norad: 43259, name: 'GF-1 B' },
      { norad: 43260, name: 'GF-1 C' },
      { norad: 43262, name: 'GF-1 D' },
    ],
  },
  { slug: 'jl1', group: 'optical', name: 'Jilin-1', swathKm: 150, spacecraft: Array.from({ length: 30 }, (_, i) => ({ norad: 50000 + i, name: `JL-1 ${i}` })) },
  { slug: 'gf3', group: 'radar', name: 'Gaofen-3', swathKm: null, spacecraft: [{ norad: 41727, name: 'GF-3' }] },
];

function Harness({ onValue }: { onValue: (v: number[] | null) => void }) {
  const [value, setValue] = useState<number[] | null>(null);
  return (
    <SatellitePicker
      missions={MISSIONS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('SatellitePicker', () => {
  it('offers the default, then satellites by group and page, a page at once or one spacecraft', async () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    expect(screen.getByRole('radio', { name: /All Chinese land-observation satellites/ })).toBeChecked();
    expect(screen.queryByTestId('satellite-picker')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Choose satellites' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('group', { name: 'Optical satellites' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Gaofen-3 · 41727 (no published swath)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Gaofen-1 B/C/D: all 3 spacecraft' }));
    expect(onValue).toHaveBeenLastCalledWith([43259, 43260, 43262]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'GF-1 C · 43260' }));
    expect(onValue).toHaveBeenLastCalledWith([43259, 43262]);
    expect(screen.getByRole('checkbox', { name: 'Gaofen-1 B/C/D: all 3 spacecraft' })).toBePartiallyChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gaofen-2 · 40118' }));
    expect(screen.getByTestId('sats-count')).toHaveTextContent('3 of at most 25 chosen');
  });

  it('says when more than 25 are chosen', async () => {
    render(<Harness onValue={() => {}} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Choose satellites' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Jilin-1: all 30 spacecraft' }));
    expect(screen.getByTestId('sats-count')).toHaveTextContent('30 of at most 25 chosen Choose at most 25 satellites.');
  });
});
