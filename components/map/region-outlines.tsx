'use client';

import { geoJSON, Path, type GeoJSON as GeoJsonLayer, type PathOptions } from 'leaflet';
import type { Feature } from 'geojson';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { BaseLayerKind } from '@/lib/shared/map/config';
import { useMap } from 'react-leaflet';
import type { OutlineLayer } from './types';

type Emphasis = NonNullable<OutlineLayer['emphasis']>;

/** Context lines are dark on the vector map and light on imagery, so they show on both. */
function outlineStyle(emphasis: Emphasis, base: BaseLayerKind): PathOptions {
  // A transparent fill keeps the inside hoverable for the name tooltip without hiding the map.
  const fill = { fill: true, fillOpacity: 0 };
  if (emphasis === 'primary') return { ...fill, color: '#e03131', weight: 3, opacity: 1 };
  return { ...fill, color: base === 'img' ? '#f1f3f5' : '#495057', weight: 1, opacity: 0.85 };
}

/** A filled feature of a choropleth: its class colour, mostly opaque, with a thin light border. */
function featureStyle(
  base: PathOptions,
  fillColors: Readonly<Record<string, string>> | undefined,
  feature: Feature | undefined,
): PathOptions {
  const id = feature?.id === undefined ? undefined : String(feature.id);
  const fillColor = id === undefined ? undefined : fillColors?.[id];
  if (!fillColor) return base;
  return { ...base, fillColor, fillOpacity: 0.75, color: '#ffffff', weight: 1, opacity: 0.9 };
}

function nameOf(feature: Feature | undefined): string | null {
  const name: unknown = feature?.properties?.name;
  return typeof name === 'string' && name ? name : null;
}

function tooltipContent(name: string): HTMLElement {
  // A text node, never HTML: names come from imported data.
  const span = document.createElement('span');
  span.textContent = name;
  return span;
}

function RegionOutline({ outline, base }: { outline: OutlineLayer; base: BaseLayerKind }) {
  const map = useMap();
  const layerRef = useRef<GeoJsonLayer | null>(null);
  const { data, emphasis = 'primary', fit = false, fillColors, onFeatureClick, interactive = true, tooltips } = outline;
  const tooltipOf = useEffectEvent((feature: Feature | undefined) => {
    const id = feature?.id === undefined ? undefined : String(feature.id);
    return (id === undefined ? undefined : tooltips?.[id]) ?? nameOf(feature);
  });
  const currentStyle = useEffectEvent((feature: Feature | undefined) => featureStyle(outlineStyle(emphasis, base), fillColors, feature));
  const clicked = useEffectEvent((feature: Feature) => {
    if (feature.id !== undefined) onFeatureClick?.(String(feature.id));
  });

  useEffect(() => {
    const layer = geoJSON(data, {
      style: (feature) => currentStyle(feature),
      interactive,
      onEachFeature: (feature, featureLayer) => {
        if (!interactive) return;
        const text = tooltipOf(feature);
        if (text) featureLayer.bindTooltip(tooltipContent(text), { sticky: true, direction: 'top' });
        featureLayer.on('click', () => clicked(feature));
      },
    });
    layer.addTo(map);
    // Each feature's element names its region, so a page (and its tests) can find a region on the map.
    layer.eachLayer((featureLayer) => {
      const id = (featureLayer as Path & { feature?: Feature }).feature?.id;
      if (featureLayer instanceof Path && id !== undefined) featureLayer.getElement()?.setAttribute('data-feature-id', String(id));
    });
    layerRef.current = layer;
    if (emphasis === 'primary') layer.bringToFront();
    else layer.bringToBack();
    if (fit) {
      const bounds = layer.getBounds();
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16] });
    }
    return () => {
      layer.remove();
      layerRef.current = null;
    };
  }, [map, data, emphasis, fit, interactive]);

  // Switching base layers or new values restyle the outline in place.
  useEffect(() => {
    layerRef.current?.setStyle((feature) => featureStyle(outlineStyle(emphasis, base), fillColors, feature));
  }, [emphasis, base, fillColors]);

  // New values rewrite the tooltips in place.
  useEffect(() => {
    if (!tooltips) return;
    layerRef.current?.eachLayer((featureLayer) => {
      const text = tooltipOf((featureLayer as Path & { feature?: Feature }).feature);
      if (text && featureLayer.getTooltip()) featureLayer.setTooltipContent(tooltipContent(text));
    });
  }, [tooltips]);

  return null;
}

/** Region boundaries as GeoJSON layers: bold for the region in focus, thin for context. */
export function RegionOutlines({ outlines, base }: { outlines: OutlineLayer[]; base: BaseLayerKind }) {
  return outlines.map((outline) => <RegionOutline key={outline.id} outline={outline} base={base} />);
}
