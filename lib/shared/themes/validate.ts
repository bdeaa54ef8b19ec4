/**
 * Checks a theme declaration against the rules the machinery relies on, so a mistake fails when the
 * registry loads (and in its unit test), not as a wrong map or an SQL error on some later request.
 */
import type { CodeItem, FeatureExtra, ThemeDefinition, ThemeStructure } from './types';

const CODE_VALUE = /^[A-Za-z0-9_]{1,20}$/; // the spots table's CHECK on stage, tblx and landuse_type
const DICTIONARY_CODE = /^[A-Z][A-Z0-9_]{1,49}$/; // dictionary_items' CHECK
const THEME_ID = /^[a-z][a-z0-9_]{1,30}$/; // spot_batches' CHECK
const LAYER_NAME = /^[a-z][a-z0-9_]{1,60}$/;
const HEX = /^#[0-9a-f]{6}$/i;

/** Attributes every feature layer has; the rest come from the theme's `extras` whitelist. */
const COMMON_STYLED = new Set(['stage', 'tblx']);

function checkList(
  theme: ThemeDefinition,
  name: string,
  list: { dictionary: string; items: readonly (CodeItem & { color?: string })[] },
): string[] {
  const problems: string[] = [];
  if (!DICTIONARY_CODE.test(list.dictionary))
    problems.push(`${theme.id}: ${name} dictionary code ${list.dictionary} is not a dictionary code`);
  if (list.items.length === 0) problems.push(`${theme.id}: ${name} has no items`);
  const seen = new Set<string>();
  for (const item of list.items) {
    if (!CODE_VALUE.test(item.value)) problems.push(`${theme.id}: ${name} value "${item.value}" does not fit the stored codes`);
    if (seen.has(item.value)) problems.push(`${theme.id}: ${name} value "${item.value}" is listed twice`);
    seen.add(item.value);
    if (!item.zh.trim() || !item.en.trim()) problems.push(`${theme.id}: ${name} value "${item.value}" lacks a name in both languages`);
    if (item.color !== undefined && !HEX.test(item.color))
      problems.push(`${theme.id}: ${name} value "${item.value}" has colour ${item.color}`);
  }
  return problems;
}

/** A structure's seasons are the theme's stages, each once, holding its kinds; every kind is in some season. */
function structureProblems(theme: ThemeDefinition, structure: ThemeStructure): string[] {
  const problems: string[] = [];
  const kinds = new Set(theme.kinds.items.map((k) => k.value));
  const seasons = structure.seasons.map((s) => s.season);
  if (seasons.join() !== theme.stages.items.map((s) => s.value).join())
    problems.push(`${theme.id}: the structure's seasons are not its stages, in order`);
  for (const { season, crops } of structure.seasons)
    for (const crop of crops) if (!kinds.has(crop)) problems.push(`${theme.id}: season ${season} holds ${crop}, not one of its kinds`);
  for (const kind of kinds)
    if (!structure.seasons.some((s) => s.crops.includes(kind))) problems.push(`${theme.id}: kind ${kind} is in no season`);
  return problems;
}

/** The problems of one declaration (empty when it is sound). */
export function themeProblems(theme: ThemeDefinition): string[] {
  const problems: string[] = [];
  const has = (extra: FeatureExtra) => theme.extras.includes(extra);
  if (!THEME_ID.test(theme.id)) problems.push(`${theme.id}: the id does not fit the stored theme names`);
  if (theme.path !== `/monitor/${theme.id}` && theme.path !== `/monitor/${theme.id.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`)
    problems.push(`${theme.id}: path ${theme.path} is not the theme's monitor route`);
  if (!/^\/api\/[a-z][a-z0-9-]*\/v\d+$/.test(theme.api)) problems.push(`${theme.id}: API base ${theme.api} is not /api/{name}/v{n}`);
  if (!theme.rateGrid && theme.modules[0] !== 'statistics')
    problems.push(`${theme.id}: statistics must be the first (default, public) module`);
  if (theme.modules.includes('grid') && !theme.layers.grid) problems.push(`${theme.id}: a grid module needs a grid layer`);
  if (theme.measures[0] !== 'count') problems.push(`${theme.id}: count must be the first measure`);
  for (const measure of theme.measures) {
    if (measure === 'capacity' && (!theme.capacityUnit || !has('capacity')))
      problems.push(`${theme.id}: the capacity measure needs a unit and the capacity attribute`);
    if (measure === 'length' && (!theme.geometries.includes('line') || !has('length')))
      problems.push(`${theme.id}: the length measure needs line features and the length attribute`);
    if (measure === 'area' && !theme.geometries.includes('polygon')) problems.push(`${theme.id}: the area measure needs polygon features`);
  }
  if (theme.capacityUnit && !theme.measures.includes('capacity'))
    problems.push(`${theme.id}: a capacity unit without the capacity measure`);
  if (theme.changeTypes && !has('change_type')) problems.push(`${theme.id}: change types need the change_type attribute`);
  if (!theme.changeTypes && has('change_type')) problems.push(`${theme.id}: the change_type attribute without change types`);
  if (theme.landuse && !has('landuse_type')) problems.push(`${theme.id}: land-use types need the landuse_type attribute`);
  if (!theme.landuse && has('landuse_type')) problems.push(`${theme.id}: the landuse_type attribute without land-use types`);
  for (const kind of theme.counted ?? [])
    if (!theme.kinds.items.some((k) => k.value === kind)) problems.push(`${theme.id}: counted kind ${kind} is not one of its kinds`);
  for (const stage of theme.retired ?? [])
    if (!theme.stages.items.some((k) => k.value === stage)) problems.push(`${theme.id}: retired stage ${stage} is not one of its stages`);
  if (theme.layers.features.length === 0 && !theme.rateGrid) problems.push(`${theme.id}: no feature layer`);
  for (const layer of theme.layers.features) {
    if (!LAYER_NAME.test(layer.name)) problems.push(`${theme.id}: layer name ${layer.name}`);
    if (!COMMON_STYLED.has(layer.styleBy) && !has(layer.styleBy as FeatureExtra))
      problems.push(`${theme.id}: layer ${layer.name} is styled by ${layer.styleBy}, an attribute outside its whitelist`);
  }
  problems.push(...checkList(theme, 'kinds', theme.kinds), ...checkList(theme, 'stages', theme.stages));
  if (theme.changeTypes) {
    problems.push(...checkList(theme, 'change types', theme.changeTypes));
    if (theme.changeTypes.items.some((c) => !/^\d$/.test(c.value))) problems.push(`${theme.id}: change types are single digits`);
  }
  if (theme.landuse) problems.push(...checkList(theme, 'land-use types', theme.landuse));
  if (theme.layers.zones) problems.push(...checkList(theme, 'zone classes', theme.layers.zones.classes));
  if (theme.kindGroups) {
    problems.push(...checkList(theme, 'kind groups', theme.kindGroups));
    const groups = new Set(theme.kindGroups.items.map((g) => g.value));
    for (const kind of theme.kinds.items)
      if (!kind.group || !groups.has(kind.group)) problems.push(`${theme.id}: kind ${kind.value} names no declared group`);
    for (const group of groups)
      if (!theme.kinds.items.some((k) => k.group === group)) problems.push(`${theme.id}: kind group ${group} has no kinds`);
  } else if (theme.kinds.items.some((k) => k.group !== undefined))
    problems.push(`${theme.id}: kinds name groups the theme does not declare`);
  for (const stage of theme.restored ?? [])
    if (!theme.stages.items.some((k) => k.value === stage)) problems.push(`${theme.id}: restored stage ${stage} is not one of its stages`);
  if (theme.gridLevel < 8 || theme.gridLevel > 16) problems.push(`${theme.id}: grid level ${theme.gridLevel} outside 8–16`);
  if (theme.structure) problems.push(...structureProblems(theme, theme.structure));
  problems.push(...rateGridProblems(theme));
  if (theme.rateGrid && !theme.ownApi) problems.push(`${theme.id}: a rate-grid theme serves an API of its own (ownApi)`);
  return problems;
}

const RATE_MODULES: readonly string[] = ['products', 'rates'];

/** A rate-grid theme (ADR 0015) offers only its own modules, has no spot layers, and a sound diverging legend. */
function rateGridProblems(theme: ThemeDefinition): string[] {
  const problems: string[] = [];
  const grid = theme.rateGrid;
  if (!grid) {
    if (theme.modules.some((m) => RATE_MODULES.includes(m))) problems.push(`${theme.id}: products and rates modules need a rate grid`);
    return problems;
  }
  if (theme.modules.length === 0 || theme.modules.some((m) => !RATE_MODULES.includes(m)))
    problems.push(`${theme.id}: a rate-grid theme offers the products and rates modules only`);
  if (theme.layers.features.length > 0 || theme.layers.grid || theme.layers.zones)
    problems.push(`${theme.id}: a rate-grid theme declares its layers in rateGrid, not as spot layers`);
  for (const name of [grid.productLayer, grid.rateLayer]) if (!LAYER_NAME.test(name)) problems.push(`${theme.id}: layer name ${name}`);
  if (grid.cellLevel < 8 || grid.cellLevel > 16) problems.push(`${theme.id}: cell level ${grid.cellLevel} outside 8–16`);
  if (grid.classes.length < 3) problems.push(`${theme.id}: a diverging legend needs at least three classes`);
  grid.classes.forEach((c, i) => {
    if (!HEX.test(c.color)) problems.push(`${theme.id}: rate class ${i} has colour ${c.color}`);
    if (!(c.from < c.to)) problems.push(`${theme.id}: rate class ${i} is empty`);
    const previous = grid.classes[i - 1];
    if (previous && previous.to !== c.from) problems.push(`${theme.id}: rate class ${i} does not start where class ${i - 1} ends`);
  });
  const first = grid.classes[0];
  const last = grid.classes[grid.classes.length - 1];
  if (first && last && !(first.to <= 0 && last.from >= 0)) problems.push(`${theme.id}: rate classes do not straddle zero`);
  return problems;
}

/** The problems of a registry: each theme's, and names two themes claim (ids, paths, APIs, layers, dictionaries). */
export function registryProblems(themes: readonly ThemeDefinition[]): string[] {
  const problems = themes.flatMap(themeProblems);
  const claimed = new Map<string, string>();
  const claim = (key: string, owner: string, same?: unknown) => {
    const previous = claimed.get(key);
    if (previous !== undefined && previous !== owner) problems.push(`${key} is declared by ${previous} and ${owner}`);
    claimed.set(key, owner);
    return same;
  };
  const lists = new Map<string, unknown>();
  for (const theme of themes) {
    claim(`theme ${theme.id}`, theme.id);
    claim(`path ${theme.path}`, theme.id);
    claim(`API ${theme.api}`, theme.id);
    for (const layer of [
      ...theme.layers.features.map((l) => l.name),
      theme.layers.grid,
      theme.layers.zones?.name,
      theme.rateGrid?.productLayer,
      theme.rateGrid?.rateLayer,
    ])
      if (layer) claim(`layer ${layer}`, theme.id);
    for (const list of [theme.kinds, theme.stages, theme.changeTypes, theme.landuse, theme.layers.zones?.classes, theme.kindGroups]) {
      if (!list) continue;
      const previous = lists.get(list.dictionary);
      if (previous !== undefined && previous !== list.items)
        problems.push(`dictionary ${list.dictionary} is declared twice with different items`);
      lists.set(list.dictionary, list.items);
    }
  }
  return problems;
}

/** Throws with every problem listed: called when the registry loads. */
export function assertThemes(themes: readonly ThemeDefinition[]): void {
  const problems = registryProblems(themes);
  if (problems.length) throw new Error(`Theme declarations are unsound:\n- ${problems.join('\n- ')}`);
}
