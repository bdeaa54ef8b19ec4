import { parseSelectionUrl } from '../../client/stores/selection-url';
import { SIDEBAR_TABS } from '../contracts/catalogue';
import { caseDay, sceneLink, spotView } from './case-view';

const scene = {
  id: 'GF2_PMS1_E114.5_N38.0_20250312_L1A0001',
  satellite: 'GF2',
  sensor: 'PMS1',
  acquiredAt: '2025-03-12T02:41:00.000Z',
  cloudPct: 3,
  resolutionM: 0.8,
  quicklook: '/api/normal/v5/normalmeta/quicklook/x',
};

describe('a case’s scene in the image query', () => {
  it('opens the image query’s results around the scene’s day in the county, with the scene chosen', () => {
    const href = sceneLink(scene, '130102');
    expect(href.startsWith('/normal?')).toBe(true);
    const { data, run } = parseSelectionUrl(href.slice('/normal'.length));
    expect(run).toBe(true);
    expect(data.sidebarTab).toBe(SIDEBAR_TABS.RESULT);
    expect(data.selectedSceneId).toBe(scene.id);
    expect(data.regionCodes).toEqual(['130102']);
    expect([data.filters.dateFrom, data.filters.dateTo]).toEqual(['2025-03-11', '2025-03-13']);
  });
});

describe('the map around a spot', () => {
  it('shows three times the spot, centred on it', () => {
    const [w, s, e, n] = spotView([114.0, 38.0, 114.1, 38.05]);
    expect((w + e) / 2).toBeCloseTo(114.05);
    expect((s + n) / 2).toBeCloseTo(38.025);
    expect(e - w).toBeCloseTo(0.3);
    expect(n - s).toBeCloseTo(0.15);
  });

  it('shows at least about a kilometre around a tiny spot', () => {
    const [w, s, e, n] = spotView([114.0, 38.0, 114.0001, 38.0001]);
    expect(e - w).toBeCloseTo(0.01);
    expect(n - s).toBeCloseTo(0.01);
  });
});

describe('a day of the case', () => {
  it('is the same day in China time', () => {
    const d = caseDay('2026-03-31');
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d)).toBe('2026-03-31');
  });
});
