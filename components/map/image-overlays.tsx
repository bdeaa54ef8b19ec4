'use client';

import { imageOverlay } from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { ImageOverlayLayer } from './types';

function Overlay({ layer }: { layer: ImageOverlayLayer }) {
  const map = useMap();
  const { url, alt, opacity = 0.9 } = layer;
  const [west, south, east, north] = layer.bbox;
  useEffect(() => {
    const overlay = imageOverlay(
      url,
      [
        [south, west],
        [north, east],
      ],
      { alt, opacity, interactive: false, className: 'map-image-overlay' },
    );
    overlay.addTo(map);
    overlay.getElement()?.setAttribute('data-overlay-id', layer.id);
    return () => {
      overlay.remove();
    };
  }, [map, url, alt, opacity, west, south, east, north, layer.id]);
  return null;
}

/** Images over boxes of the map (overlay pane: above the tiles, below the vector layers). */
export function ImageOverlays({ layers }: { layers: ImageOverlayLayer[] }) {
  return layers.map((layer) => <Overlay key={layer.id} layer={layer} />);
}
