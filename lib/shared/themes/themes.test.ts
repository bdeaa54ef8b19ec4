import { findRoute, isBuilt } from '../routes';
import { THEME_IDS, THEMES, themeById, themeDictionaries } from '.';
import { LANDCOVER } from './landcover';
import { ROAD } from './road';
import type { ThemeDefinition } from './types';
import { registryProblems, themeProblems } from './validate';
import { WINDMILL } from './windmill';

describe('theme declarations', () => {
  it('are sound, one per id, each with its own permission, API, path and layers', () => {
    expect(registryProblems(THEMES)).toEqual([]);
    expect(THEMES.map((t) => t.id)).toEqual([...THEME_IDS]);
    expect(new Set(THEMES.map((t) => t.permission)).size).toBe(THEMES.length);
    expect(themeById('road').measures).toEqual(['count', 'length']);
    // Simple themes have statistics and detail only (spec §4); land cover all five.
    expect(THEMES.filter((t) => t.id !== 'landcover' && !t.structure).every((t) => t.modules.join() === 'statistics,detail')).toBe(true);
    expect(LANDCOVER.modules).toHaveLength(5);
  });

  it('have built monitor routes whose menu entry needs the theme’s permission (the registry reads only the ids)', () => {
    for (const theme of THEMES) {
      const route = findRoute(theme.path)!;
      expect(isBuilt(route)).toBe(true);
      expect(route.def.menu).toEqual({ permission: theme.permission });
      expect(route.authorities).toEqual([]);
    }
  });

  it('refuses a layer styled by an attribute outside the theme’s whitelist', () => {
    const bad: ThemeDefinition = {
      ...WINDMILL,
      layers: { ...WINDMILL.layers, features: [{ ...WINDMILL.layers.features[0], styleBy: 'landuse_type' }] },
    };
    expect(themeProblems(bad)).toEqual(['windmill: layer windmill_meta is styled by landuse_type, an attribute outside its whitelist']);
  });

  it('refuses a measure without its unit or attribute, and a length without lines', () => {
    expect(themeProblems({ ...WINDMILL, capacityUnit: null })).toEqual([
      'windmill: the capacity measure needs a unit and the capacity attribute',
    ]);
    expect(themeProblems({ ...ROAD, geometries: ['polygon'] })).toContain(
      'road: the length measure needs line features and the length attribute',
    );
    expect(themeProblems({ ...ROAD, measures: ['area', 'count'] })).toEqual([
      'road: count must be the first measure',
      'road: the area measure needs polygon features',
    ]);
  });

  it('refuses codes the database would not store and names claimed twice', () => {
    const bad: ThemeDefinition = { ...ROAD, stages: { dictionary: 'road stage', items: [{ value: 'new road', zh: '新', en: '' }] } };
    expect(themeProblems(bad)).toEqual([
      'road: stages dictionary code road stage is not a dictionary code',
      'road: stages value "new road" does not fit the stored codes',
      'road: stages value "new road" lacks a name in both languages',
    ]);
    expect(registryProblems([...THEMES, { ...ROAD, id: 'road2', path: '/monitor/road2' }])).toEqual([
      'API /api/road/v1 is declared by road and road2',
      'layer road_meta is declared by road and road2',
    ]);
  });

  it('serve every code list as a dictionary', () => {
    const dictionaries = themeDictionaries();
    expect(Object.keys(dictionaries)).toEqual(
      expect.arrayContaining(['SPOT_META_STAGE', 'WINDMILL_META_STAGE', 'STEELPLANT_META_STAGE', 'ROAD_META_GRADE', 'PVLAND_ZONE_CLASS']),
    );
    expect(dictionaries.STEELPLANT_META_STAGE!.map((i) => i.en)).toEqual(['Operating', 'Idle', 'Demolished', 'Under construction']);
  });
});
