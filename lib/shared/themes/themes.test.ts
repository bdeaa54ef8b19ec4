import { findRoute, isBuilt } from '../routes';
import { THEME_IDS, THEMES, themeById, themeDictionaries } from '.';
import { LANDCOVER } from './landcover';
import { NONAGRICULTURAL } from './nonagricultural';
import { PLANTINGSTRUCTURE } from './plantingstructure';
import { ROAD } from './road';
import { SURFACE_DEFORM } from './surface-deform';
import type { ThemeDefinition } from './types';
import { registryProblems, themeProblems } from './validate';
import { WINDMILL } from './windmill';

describe('theme declarations', () => {
  it('are sound, one per id, each with its own permission, API, path and layers', () => {
    expect(registryProblems(THEMES)).toEqual([]);
    expect(THEMES.map((t) => t.id)).toEqual([...THEME_IDS]);
    expect(new Set(THEMES.map((t) => t.permission)).size).toBe(THEMES.length);
    expect(themeById('road').measures).toEqual(['count', 'length']);
    // Simple themes have statistics and detail only (spec §4); land cover and non-agricultural use all five.
    for (const id of ['windmill', 'pvland', 'road', 'steelplant'] as const) expect(themeById(id).modules).toEqual(['statistics', 'detail']);
    // Surface deformation searches products and reads a rate grid instead (ADR 0015).
    expect(themeById('surface_deform').modules).toEqual(['products', 'rates']);
    // Planting structure has statistics, detail, sequence and trend over its per-county structure (ADR 0016).
    expect(themeById('plantingstructure').modules).toEqual(PLANTINGSTRUCTURE.modules);
    expect(LANDCOVER.modules).toHaveLength(5);
    expect(NONAGRICULTURAL.modules).toEqual(LANDCOVER.modules);
    // Spec §4: the grid module's level is 13, or 14 in one theme (the finest spots).
    expect(THEMES.filter((t) => t.modules.includes('grid')).map((t) => [t.id, t.gridLevel])).toEqual([
      ['landcover', 13],
      ['nonagricultural', 14],
    ]);
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

  it('refuses kinds outside the declared groups, empty groups and restored stages it does not have', () => {
    const [first, ...rest] = NONAGRICULTURAL.kinds.items;
    expect(
      themeProblems({ ...NONAGRICULTURAL, kinds: { ...NONAGRICULTURAL.kinds, items: [{ ...first, group: 'farm' }, ...rest] } }),
    ).toEqual(['nonagricultural: kind building names no declared group']);
    const nonagri = NONAGRICULTURAL.kinds.items.filter((k) => k.group === 'nonagri');
    expect(themeProblems({ ...NONAGRICULTURAL, kinds: { ...NONAGRICULTURAL.kinds, items: nonagri } })).toEqual([
      'nonagricultural: kind group nongrain has no kinds',
    ]);
    expect(themeProblems({ ...WINDMILL, kinds: { ...WINDMILL.kinds, items: [{ ...WINDMILL.kinds.items[0], group: 'x' }] } })).toEqual([
      'windmill: kinds name groups the theme does not declare',
    ]);
    expect(themeProblems({ ...NONAGRICULTURAL, restored: ['9'] })).toEqual(['nonagricultural: restored stage 9 is not one of its stages']);
  });

  it('serve every code list as a dictionary', () => {
    const dictionaries = themeDictionaries();
    expect(Object.keys(dictionaries)).toEqual(
      expect.arrayContaining(['SPOT_META_STAGE', 'WINDMILL_META_STAGE', 'STEELPLANT_META_STAGE', 'ROAD_META_GRADE', 'PVLAND_ZONE_CLASS']),
    );
    expect(dictionaries.STEELPLANT_META_STAGE!.map((i) => i.en)).toEqual(['Operating', 'Idle', 'Demolished', 'Under construction']);
  });

  it('refuses a rate grid whose diverging classes have gaps, no zero or spot layers beside it', () => {
    const grid = SURFACE_DEFORM.rateGrid;
    const classes: { from: number; to: number; color: string }[] = [...grid.classes];
    classes[2] = { ...classes[2]!, from: classes[2]!.from + 1 };
    expect(themeProblems({ ...SURFACE_DEFORM, rateGrid: { ...grid, classes } })).toEqual([
      'surface_deform: rate class 2 does not start where class 1 ends',
    ]);
    expect(themeProblems({ ...SURFACE_DEFORM, rateGrid: { ...grid, classes: grid.classes.slice(6) } })).toEqual([
      'surface_deform: rate classes do not straddle zero',
    ]);
    expect(themeProblems({ ...SURFACE_DEFORM, modules: ['statistics', 'rates'] })).toEqual([
      'surface_deform: a rate-grid theme offers the products and rates modules only',
    ]);
    expect(themeProblems({ ...WINDMILL, modules: ['statistics', 'rates'] })).toEqual([
      'windmill: products and rates modules need a rate grid',
    ]);
    expect(
      registryProblems([
        ...THEMES,
        {
          ...WINDMILL,
          id: 'wind2',
          path: '/monitor/wind2',
          api: '/api/wind2/v1',
          layers: { ...WINDMILL.layers, features: [{ ...WINDMILL.layers.features[0], name: 'surface_deform_rate' }], zones: null },
        },
      ]),
    ).toEqual(['layer surface_deform_rate is declared by surface_deform and wind2']);
  });
});
