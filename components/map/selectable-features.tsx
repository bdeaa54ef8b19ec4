'use client';

import { geoJSON, Path, type GeoJSON as GeoJsonLayer, type PathOptions } from 'leaflet';
import type { Feature } from 'geojson';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { SelectableFeatures } from './types';

const BASE: PathOptions = { color: '#1971c2', weight: 1.5, opacity: 0.9, fill: true, fillColor: '#4dabf7', fillOpacity: 0.08 };
// Width and dash tell hovered and selected apart as well as colour does (colour is never the only signal).
const HOVERED: PathOptions = { ...BASE, color: '#f08c00', weight: 3, fillColor: '#ffd43b', fillOpacity: 0.2, dashArray: undefined };
const SELECTED: PathOptions = { ...BASE, color: '#c92a2a', weight: 4, fillOpacity: 0, dashArray: '8 4' };

const idOf = (feature: Feature | undefined) => (feature?.id === undefined ? null : String(feature.id));

function styleOf(id: string | null, selectedId: string | null, hoveredId: string | null): PathOptions {
  if (id !== null && id === selectedId) return SELECTED;
  if (id !== null && id === hoveredId) return HOVERED;
  return BASE;
}

function tooltipContent(text: string): HTMLElement {
  // A text node, never HTML.
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** Polygons shared with a list: hover and click report ids, the highlighted ids restyle in place. */
export function SelectableFeatureLayer({ layer }: { layer: SelectableFeatures }) {
  const map = useMap();
  const ref = useRef<GeoJsonLayer | null>(null);
  const { data, selectedId = null, hoveredId = null, labels } = layer;
  const hover = useEffectEvent((id: string | null) => layer.onHover?.(id));
  const select = useEffectEvent((id: string) => layer.onSelect?.(id));
  const labelOf = useEffectEvent((id: string) => labels?.[id]);

  useEffect(() => {
    const features = geoJSON(data, {
      style: () => BASE,
      onEachFeature: (feature, featureLayer) => {
        const id = idOf(feature);
        if (id === null) return;
        const label = labelOf(id);
        if (label) featureLayer.bindTooltip(tooltipContent(label), { sticky: true, direction: 'top' });
        featureLayer.on('mouseover', () => hover(id));
        featureLayer.on('mouseout', () => hover(null));
        featureLayer.on('click', () => select(id));
      },
    });
    features.addTo(map);
    features.eachLayer((featureLayer) => {
      const id = idOf((featureLayer as Path & { feature?: Feature }).feature);
      if (featureLayer instanceof Path && id !== null) featureLayer.getElement()?.setAttribute('data-feature-id', id);
    });
    ref.current = features;
    return () => {
      features.remove();
      ref.current = null;
    };
  }, [map, data]);

  useEffect(() => {
    const features = ref.current;
    if (!features) return;
    features.eachLayer((featureLayer) => {
      if (!(featureLayer instanceof Path)) return;
      const id = idOf((featureLayer as Path & { feature?: Feature }).feature);
      featureLayer.setStyle(styleOf(id, selectedId, hoveredId));
      const element = featureLayer.getElement();
      element?.toggleAttribute('data-selected', id !== null && id === selectedId);
      element?.toggleAttribute('data-hovered', id !== null && id === hoveredId);
      if (id !== null && (id === selectedId || id === hoveredId)) featureLayer.bringToFront();
    });
  }, [data, selectedId, hoveredId]);

  return null;
}
