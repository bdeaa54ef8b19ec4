import { ROAD } from '@/lib/shared/themes/road';
import { WINDMILL } from '@/lib/shared/themes/windmill';
import { filterCodesOf, monitorSearch, parseMonitorState } from './monitor-state';

describe('a theme’s URL state', () => {
  it('keeps the filters of the theme’s own code lists and drops another theme’s', () => {
    const url = new URLSearchParams('module=detail&stage=new&tblx=expressway&legend=length&change=1');
    // Road's stages and grades are not land cover's: read with land cover's lists they were lost.
    expect(parseMonitorState(url)).toMatchObject({ stage: null, tblx: null });
    const road = parseMonitorState(url, filterCodesOf(ROAD));
    expect(road).toMatchObject({ module: 'detail', stage: 'new', tblx: 'expressway', legend: 'length', change: [] });
    expect(monitorSearch(road)).toBe('?module=detail&legend=length&stage=new&tblx=expressway');
    expect(parseMonitorState(url, filterCodesOf(WINDMILL))).toMatchObject({ stage: null, tblx: null, change: [] });
    expect(parseMonitorState(new URLSearchParams('tblx=turbine&stage=3'), filterCodesOf(WINDMILL))).toMatchObject({
      tblx: 'turbine',
      stage: '3',
    });
  });
});
