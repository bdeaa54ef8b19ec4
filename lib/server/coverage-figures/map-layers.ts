import 'server-only';
/**
 * The spec's `acquisition_report` layer (§7; issue 36.5): the coverage figures as a map — each leaf region (a county)
 * and month, coloured by the share of the region imaged at least once that month by any scene, in the coverage
 * statistics' 10 classes of 10 %. One row per region and month, kept by the figures' refresh
 * (`coverage_region_months`, migration 0050); pick a month with `CQL_FILTER=month = '2026-05-01'` (without it the
 * latest month of each region is drawn on top). Public, like the coverage statistics.
 */
import { colorFor } from '../../shared/map/legend';
import type { MapLayer } from '../map/layers';
import { withAlpha } from '../map/styles';
import { GEOMETRY_COLUMN } from '../regions/repository';

/** The coverage screen's ramp for the covered share (components/coverage-statistics). */
const RAMP = 'green' as const;

export const COVERAGE_LAYERS: readonly MapLayer[] = [
  {
    name: 'acquisition_report',
    title: { zh: '影像获取情况', en: 'Imagery acquisition report' },
    abstract: {
      zh: "各县级区域每月被影像至少覆盖一次的面积比例（含演示数据），按 10% 分为 10 级着色。用 CQL_FILTER=month = '2026-05-01' 选择月份；不选时各区域显示最新月份。属性：county、month、covered_pct、covered_km2、scenes。",
      en: "The share of each county imaged at least once in a month (includes demo data), coloured in 10 classes of 10 %. Choose a month with CQL_FILTER=month = '2026-05-01'; without it each region shows its latest month. Attributes: county, month, covered_pct, covered_km2, scenes.",
    },
    from: 'coverage_region_months m JOIN regions r ON r.code = m.county',
    id: "(m.county || ':' || to_char(m.month, 'YYYY-MM'))",
    geometry: (lod) => GEOMETRY_COLUMN[lod],
    geometryKind: 'MultiPolygon',
    attributes: [
      { name: 'county', sql: 'm.county', type: 'text', xsd: 'string' },
      { name: 'xzqdm', sql: 'm.county', type: 'text', xsd: 'string' },
      { name: 'name', sql: 'r.name_zh', type: 'text', xsd: 'string' },
      { name: 'name_en', sql: 'r.name_en', type: 'text', xsd: 'string' },
      { name: 'province', sql: "(left(m.county, 2) || '0000')", type: 'text', xsd: 'string' },
      { name: 'city', sql: "(left(m.county, 4) || '00')", type: 'text', xsd: 'string' },
      { name: 'month', sql: 'm.month', type: 'date', xsd: 'date' },
      { name: 'covered_pct', sql: 'round(m.covered_pct::numeric, 2)::float8', type: 'number', xsd: 'double' },
      { name: 'covered_km2', sql: 'round(m.covered_km2::numeric, 2)::float8', type: 'number', xsd: 'double' },
      { name: 'scenes', sql: 'm.scenes', type: 'number', xsd: 'int' },
    ],
    drawOrder: 'm.month, m.county',
    access: { kind: 'public' },
    styles: {
      acquisition_report: {
        reads: ['covered_pct'],
        paint: (row) => {
          const color = colorFor(Number(row.covered_pct), 100, RAMP);
          return { fill: withAlpha(color, 0.75), stroke: '#ffffff', lineWidth: 0.5 };
        },
      },
    },
    extent: [73, 3, 136, 54],
  },
];
