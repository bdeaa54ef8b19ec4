'use client';

import { useMemo } from 'react';
import type { OutlineLayer } from '@/components/map';
import { useRegion, useRegionChildrenGeometry, useRegionGeometry } from '@/lib/client/queries/regions';
import type { RegionLod } from '@/lib/shared/contracts/regions';
import { NO_DATA_COLOR } from '@/lib/shared/map/legend';
import { childLevelOf, COUNTRY_CODE } from '@/lib/shared/regions/codes';

/** Outline detail by the level of the regions drawn. */
const LOD_BY_CHILD_LEVEL: Record<string, RegionLod> = { province: 'lo', city: 'mid', county: 'hi' };

/**
 * The region a figures view is about and the region its map draws: a region without children (a county, a city
 * without counties) is drawn among its siblings, so the map shows its parent's children with it outlined.
 */
export function useRegionFocus(region: string) {
  const info = useRegion(region === COUNTRY_CODE ? null : region);
  const leaf = info.data?.code === region && !info.data.hasChildren;
  const mapRegion = leaf ? (info.data?.parentRegionId ?? COUNTRY_CODE) : region;
  return { info, leaf, mapRegion };
}

/** What a choropleth colours: a region's figures, or nothing for a region outside the monitoring programme. */
export interface ChoroplethItem {
  code: string;
  monitored: boolean;
}

/**
 * The choropleth of a region's children: the children's outlines filled by `fill` (null: no data, drawn in the
 * no-data colour and flagged for the legend), clickable to drill down, under the region's own border. `fill`
 * should be stable (useCallback): the fills are recomputed when it changes.
 */
export function useRegionChoropleth<Item extends ChoroplethItem>({
  region,
  mapRegion,
  leaf,
  items,
  fill,
  onSelect,
  level,
  tooltips,
}: {
  region: string;
  mapRegion: string;
  leaf: boolean;
  items: readonly Item[] | undefined;
  fill: (item: Item | undefined) => string | null;
  onSelect: (code: string) => void;
  /** The level of the regions drawn, when not the region's children (e.g. a province's counties). */
  level?: 'province' | 'city' | 'county';
  /** Tooltip text per region code (name and value), memoised. */
  tooltips?: Readonly<Record<string, string>>;
}): { outlines: OutlineLayer[]; noData: boolean } {
  const childLevel = leaf ? childLevelOf(mapRegion) : (level ?? childLevelOf(mapRegion));
  const children = useRegionChildrenGeometry(
    childLevel ? mapRegion : null,
    LOD_BY_CHILD_LEVEL[childLevel ?? 'county'] ?? 'hi',
    leaf ? undefined : level,
  );
  const outline = useRegionGeometry(region === COUNTRY_CODE ? null : region, leaf || childLevel === 'county' ? 'hi' : 'mid');

  const { fillColors, noData } = useMemo(() => {
    const colors: Record<string, string> = {};
    let missing = false;
    if (!items || !children.data) return { fillColors: colors, noData: false };
    const byCode = new Map(items.map((item) => [item.code, item]));
    for (const feature of children.data.features) {
      const color = fill(byCode.get(feature.id));
      if (color === null) missing = true;
      colors[feature.id] = color ?? NO_DATA_COLOR;
    }
    return { fillColors: colors, noData: missing };
  }, [items, children.data, fill]);

  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (children.data)
      layers.push({
        id: `children-${mapRegion}`,
        data: children.data,
        emphasis: 'context',
        // The country, or a leaf among its siblings (outlined in bold, with its neighbours to click on).
        fit: region === COUNTRY_CODE || leaf,
        fillColors,
        onFeatureClick: onSelect,
        tooltips,
      });
    // The region's own border, drawn over its children: it must not catch their hovers and clicks.
    if (outline.data) layers.push({ id: `region-${region}`, data: outline.data, emphasis: 'primary', fit: !leaf, interactive: false });
    return layers;
  }, [children.data, outline.data, mapRegion, region, leaf, fillColors, onSelect, tooltips]);

  return { outlines, noData };
}
