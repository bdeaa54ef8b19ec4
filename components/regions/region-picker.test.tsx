/**
 * @jest-environment jsdom
 */
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@/test-utils/render';
import type { Region, RegionShort } from '../../lib/shared/contracts/regions';
import type { RegionSelection } from '../../lib/shared/regions/auto-select';
import { RegionPicker, type RegionPickerProps } from './region-picker';
import { fakeResponse } from '@/test-utils/fake-response';

type Level = Region['level'];

/** [code, English name, level, parent] */
const ROWS: [string, string, Level, string | null][] = [
  ['100000', 'China', 'country', null],
  ['130000', 'Hebei', 'province', '100000'],
  ['130100', 'Shijiazhuang', 'city', '130000'],
  ['130102', "Chang'an", 'county', '130100'],
  ['130104', 'Qiaoxi', 'county', '130100'],
  ['130200', 'Tangshan', 'city', '130000'],
  ['130202', 'Lunan', 'county', '130200'],
  ['140000', 'Shanxi', 'province', '100000'],
  ['140100', 'Taiyuan', 'city', '140000'],
  ['420000', 'Hubei', 'province', '100000'],
  ['420100', 'Wuhan', 'city', '420000'],
  ['429004', 'Xiantao', 'county', '420000'],
  ['440000', 'Guangdong', 'province', '100000'],
  ['441900', 'Dongguan', 'city', '440000'],
];

const REGIONS = new Map<string, Region>(
  ROWS.map(([code, name, level, parent]) => [
    code,
    {
      id: code,
      code,
      name,
      nameZh: name,
      nameEn: name,
      level,
      parentRegionId: parent,
      hasChildren: ROWS.some((row) => row[3] === code),
      bbox: [110, 30, 120, 40],
      center: [115, 35],
      areaKm2: 1000,
    },
  ]),
);

const childrenOf = (pid: string): RegionShort[] => ROWS.filter((row) => row[3] === pid).map(([code, name]) => ({ code, name }));

/** Paths that answer HTTP 500 the next time they are asked. */
const failOnce = new Set<string>();
const requested: string[] = [];

function answer(status: number, body: unknown): Response {
  return fakeResponse(body, status);
}

function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname;
  requested.push(path);
  if (failOnce.delete(path)) return Promise.resolve(answer(500, { code: 500, message: 'Server error', data: null }));
  const children = path.match(/^\/api\/region\/v1\/region\/pid\/(\d{6})\/s$/);
  if (children && REGIONS.has(children[1]!)) return Promise.resolve(answer(200, { code: 0, message: '', data: childrenOf(children[1]!) }));
  const one = path.match(/^\/api\/region\/v1\/region\/id\/(\d{6})$/);
  const region = one && REGIONS.get(one[1]!);
  if (region) return Promise.resolve(answer(200, { code: 0, message: '', data: region }));
  return Promise.resolve(answer(200, { code: 404, message: 'Not found', data: null }));
}

beforeAll(() => {
  // Mantine's combobox scrolls the active option into view; jsdom has no layout.
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  failOnce.clear();
  requested.length = 0;
  global.fetch = jest.fn(fakeApi) as typeof fetch;
});

type Props = Omit<RegionPickerProps, 'onChange'> & { onChange?: RegionPickerProps['onChange'] };

/** Holds the value like a page would, and reports every change. */
function ControlledPicker({ value: initial, onChange, ...rest }: Props) {
  const [value, setValue] = useState(initial);
  return (
    <RegionPicker
      {...rest}
      value={value}
      onChange={(code, selection) => {
        setValue(code);
        onChange?.(code, selection);
      }}
    />
  );
}

function renderPicker(props: Props, { controlled = true } = {}) {
  const onChange = jest.fn<void, [string | null, RegionSelection]>();
  const ui = (next: Props) =>
    controlled ? <ControlledPicker {...next} onChange={onChange} /> : <RegionPicker {...next} onChange={onChange} />;
  const utils = render(ui(props), { locale: 'en' });
  return { ...utils, onChange, rerenderWith: (next: Props) => utils.rerender(ui(next)) };
}

const input = (label: 'Province' | 'City' | 'County') => screen.getByRole('combobox', { name: label }) as HTMLInputElement;

async function shows(expected: { Province: string; City: string; County: string }) {
  await waitFor(() =>
    expect({ Province: input('Province').value, City: input('City').value, County: input('County').value }).toEqual(expected),
  );
}

async function optionNames(label: 'Province' | 'City' | 'County', user: ReturnType<typeof userEvent.setup>, search?: string) {
  await user.click(input(label));
  if (search !== undefined) await user.type(input(label), search);
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .queryAllByRole('option')
    .map((option) => option.textContent);
}

describe('RegionPicker', () => {
  it('groups the three selects in a fieldset named by the label', async () => {
    renderPicker({ value: null, label: 'Area of interest' });
    const group = screen.getByRole('group', { name: 'Area of interest' });
    expect(
      within(group)
        .getAllByRole('combobox')
        .map((select) => select.getAttribute('aria-label') ?? select.id),
    ).toHaveLength(3);
    expect(within(group).getByRole('combobox', { name: 'Province' })).toBe(input('Province'));
    expect(within(group).getByRole('combobox', { name: 'County' })).toBe(input('County'));
  });

  it('has a legend for screen readers when no label is given', () => {
    renderPicker({ value: null });
    expect(screen.getByRole('group', { name: 'Administrative region' })).toBeTruthy();
  });

  it('lists provinces and leaves lower levels disabled until one is chosen', async () => {
    const user = userEvent.setup();
    renderPicker({ value: null });
    await waitFor(() => expect(input('Province').disabled).toBe(false));
    expect(input('City').disabled).toBe(true);
    expect(input('County').disabled).toBe(true);
    expect(await optionNames('Province', user)).toEqual(['Hebei130000', 'Shanxi140000', 'Hubei420000', 'Guangdong440000']);
  });

  it('walks down province → city → county, reporting code and selection', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker({ value: null });
    await waitFor(() => expect(input('Province').disabled).toBe(false));

    await user.click(input('Province'));
    await user.click(await screen.findByRole('option', { name: /Hebei/ }));
    expect(onChange).toHaveBeenLastCalledWith('130000', { province: '130000', city: null, county: null });

    await waitFor(() => expect(input('City').disabled).toBe(false));
    await user.click(input('City'));
    await user.click(await screen.findByRole('option', { name: /Shijiazhuang/ }));
    expect(onChange).toHaveBeenLastCalledWith('130100', { province: '130000', city: '130100', county: null });

    await waitFor(() => expect(input('County').disabled).toBe(false));
    await user.click(input('County'));
    await user.click(await screen.findByRole('option', { name: /Qiaoxi/ }));
    expect(onChange).toHaveBeenLastCalledWith('130104', { province: '130000', city: '130100', county: '130104' });
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: 'Qiaoxi' });
    // The selection the user made is not looked up again.
    expect(requested.filter((path) => path.includes('/region/id/'))).toEqual([]);
  });

  it('finds options by the start of their code as well as by name', async () => {
    const user = userEvent.setup();
    renderPicker({ value: '130000' });
    await waitFor(() => expect(input('City').disabled).toBe(false));
    expect(await optionNames('City', user, '1301')).toEqual(['Shijiazhuang130100']);
    await user.clear(input('City'));
    await user.type(input('City'), 'tang');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tangshan130200']);
  });

  it('says so when nothing matches the search', async () => {
    const user = userEvent.setup();
    renderPicker({ value: null });
    await waitFor(() => expect(input('Province').disabled).toBe(false));
    await user.click(input('Province'));
    await user.type(input('Province'), 'zzz');
    expect((await screen.findByRole('listbox')).textContent).toBe('No matching region');
  });

  it('resolves a county code from outside into all three levels', async () => {
    renderPicker({ value: '130102' });
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: "Chang'an" });
  });

  it('follows a value changed from outside', async () => {
    const { rerenderWith } = renderPicker({ value: '130102' }, { controlled: false });
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: "Chang'an" });
    rerenderWith({ value: '140000' });
    await shows({ Province: 'Shanxi', City: '', County: '' });
    rerenderWith({ value: null });
    await shows({ Province: '', City: '', County: '' });
  });

  it('puts a province-administered unit in the city slot, with no counties to choose', async () => {
    renderPicker({ value: '429004' });
    await shows({ Province: 'Hubei', City: 'Xiantao', County: '' });
    await waitFor(() => expect(input('County').placeholder).toBe('Nothing to choose'));
    expect(input('County').disabled).toBe(true);
  });

  it('offers no counties for a city without county-level divisions, without asking the server', async () => {
    renderPicker({ value: '441900' });
    await shows({ Province: 'Guangdong', City: 'Dongguan', County: '' });
    expect(input('County').disabled).toBe(true);
    expect(input('County').placeholder).toBe('Nothing to choose');
    expect(requested).not.toContain('/api/region/v1/region/pid/441900/s');
  });

  it('clears city and county when another province is chosen', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker({ value: '130102' });
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: "Chang'an" });
    await user.click(input('Province'));
    await user.click(await screen.findByRole('option', { name: /Shanxi/ }));
    expect(onChange).toHaveBeenLastCalledWith('140000', { province: '140000', city: null, county: null });
    await shows({ Province: 'Shanxi', City: '', County: '' });
  });

  it('clears the county when the city is cleared', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker({ value: '130102' });
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: "Chang'an" });
    // Mantine's clear button is for pointers (hidden from the accessibility tree).
    await user.click(within(input('City').parentElement!).getByRole('button', { hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('130000', { province: '130000', city: null, county: null });
  });

  it('shows an error with a retry when a list fails to load', async () => {
    const user = userEvent.setup();
    failOnce.add('/api/region/v1/region/pid/100000/s');
    renderPicker({ value: null });
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(input('Province').disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(input('Province').disabled).toBe(false));
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
  });

  it('reports a code the server does not know', async () => {
    renderPicker({ value: '130999' });
    expect((await screen.findByRole('alert')).textContent).toContain('No region has the code 130999');
  });

  it('reports a code that cannot be loaded, and retries it', async () => {
    const user = userEvent.setup();
    failOnce.add('/api/region/v1/region/id/130100');
    renderPicker({ value: '130100' });
    expect((await screen.findByRole('alert')).textContent).toContain('Region 130100 could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('limited to area ranges', () => {
    it('locks the province and city of a single city range and selects them', async () => {
      const user = userEvent.setup();
      const { onChange } = renderPicker({ value: null, restrictTo: ['130100'] });
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('130100', { province: '130000', city: '130100', county: null }));
      await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: '' });
      expect(input('Province').readOnly).toBe(true);
      expect(input('City').readOnly).toBe(true);
      expect(input('County').readOnly).toBe(false);
      await waitFor(() => expect(input('County').disabled).toBe(false));
      expect(await optionNames('County', user)).toEqual(["Chang'an130102", 'Qiaoxi130104']);
    });

    it('hides options outside the ranges and locks only what the ranges share', async () => {
      const user = userEvent.setup();
      renderPicker({ value: null, restrictTo: ['130100', '130200'] });
      await shows({ Province: 'Hebei', City: '', County: '' });
      expect(input('Province').readOnly).toBe(true);
      expect(input('City').readOnly).toBe(false);
      await waitFor(() => expect(input('City').disabled).toBe(false));
      expect(await optionNames('City', user)).toEqual(['Shijiazhuang130100', 'Tangshan130200']);
    });

    it('offers only the provinces that hold a range', async () => {
      const user = userEvent.setup();
      renderPicker({ value: null, restrictTo: ['130100', '429004'] });
      await waitFor(() => expect(input('Province').disabled).toBe(false));
      expect(input('Province').readOnly).toBe(false);
      expect(await optionNames('Province', user)).toEqual(['Hebei130000', 'Hubei420000']);
    });

    it('replaces a value outside the ranges', async () => {
      const { onChange } = renderPicker({ value: '140100', restrictTo: ['130100'] });
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('130100', { province: '130000', city: '130100', county: null }));
      await shows({ Province: 'Hebei', City: 'Shijiazhuang', County: '' });
    });

    it('allows nothing for an empty range list', async () => {
      renderPicker({ value: null, restrictTo: [] });
      await waitFor(() => expect(input('Province').placeholder).toBe('Nothing to choose'));
      expect(input('Province').disabled).toBe(true);
    });

    it('allows everything for the country range', async () => {
      const user = userEvent.setup();
      renderPicker({ value: null, restrictTo: ['100000'] });
      await waitFor(() => expect(input('Province').disabled).toBe(false));
      expect(input('Province').readOnly).toBe(false);
      expect(await optionNames('Province', user)).toHaveLength(4);
    });
  });
});
