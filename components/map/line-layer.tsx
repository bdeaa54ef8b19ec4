'use client';

import { polyline, type Polyline } from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { LineLayer } from './types';

function tooltipContent(text: string): HTMLElement {
  // A text node, never HTML.
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** Lines drawn over the map (ground tracks): not interactive but for a name tooltip; `data-line-id` on each. */
function Lines({ layer }: { layer: LineLayer }) {
  const map = useMap();
  const { lines, color, weight = 2, opacity = 0.9, dashArray } = layer;
  useEffect(() => {
    const drawn: Polyline[] = lines.map((line) => {
      const shape = polyline(
        line.parts.map((part) => part.map(([lon, lat]) => [lat, lon] as [number, number])),
        { color, weight: line.emphasis ? weight * 2 : weight, opacity, dashArray, interactive: Boolean(line.label) },
      );
      if (line.label) shape.bindTooltip(tooltipContent(line.label), { sticky: true, direction: 'top' });
      shape.addTo(map);
      shape.getElement()?.setAttribute('data-line-id', line.id);
      if (line.emphasis) shape.bringToFront();
      return shape;
    });
    return () => {
      for (const shape of drawn) shape.remove();
    };
  }, [map, lines, color, weight, opacity, dashArray]);
  return null;
}

/** Line layers (e.g. ground tracks) in the order given. */
export function LineLayers({ layers }: { layers: LineLayer[] }) {
  return layers.map((layer) => <Lines key={layer.id} layer={layer} />);
}
