'use client';

import { divIcon, marker as leafletMarker, type Marker } from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from 'react-leaflet';
import classes from './map-view.module.css';
import type { MapMarker } from './types';

const ICON = divIcon({ className: classes.marker, html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 11], popupAnchor: [0, -10] });

/** A numbered disc: the badge as text (never HTML), sized to its length. */
function badgeIcon(badge: string) {
  const text = document.createElement('span');
  text.textContent = badge;
  const size = badge.length > 2 ? 30 : 24;
  return divIcon({
    className: `${classes.marker} ${classes.numbered}`,
    html: text,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}

/** The popup as DOM built from text (never HTML: the values come from data); Escape inside it closes it. */
function popupContent(popup: MapMarker['popup'], close: () => void): HTMLElement {
  const root = document.createElement('div');
  root.className = classes.markerPopup ?? '';
  root.tabIndex = -1;
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  const title = document.createElement('p');
  title.className = classes.markerTitle ?? '';
  title.textContent = popup.title;
  root.append(title);
  const list = document.createElement('dl');
  list.className = classes.markerRows ?? '';
  for (const row of popup.rows) {
    const dt = document.createElement('dt');
    dt.textContent = row.label;
    const dd = document.createElement('dd');
    if (row.href) {
      const a = document.createElement('a');
      a.href = row.href;
      a.textContent = row.value;
      dd.append(a);
    } else dd.textContent = row.value;
    list.append(dt, dd);
  }
  root.append(list);
  if (popup.note) {
    const note = document.createElement('p');
    note.className = classes.infoNote ?? '';
    note.textContent = popup.note;
    root.append(note);
  }
  return root;
}

/**
 * Markers as Leaflet keyboard-accessible icons (a tab stop each, role button; Enter or Space opens the
 * popup, Escape closes it and focus returns to the marker). The open popup is controlled by
 * `selectedId`, so a list beside the map can open one.
 */
export function MarkerLayer({
  markers,
  selectedId,
  onSelect,
}: {
  markers: MapMarker[];
  selectedId: string | null;
  onSelect?: (id: string | null) => void;
}) {
  const map = useMap();
  const layersRef = useRef(new Map<string, Marker>());
  const select = useEffectEvent((id: string | null) => onSelect?.(id));

  useEffect(() => {
    const layers = new Map<string, Marker>();
    for (const item of markers) {
      const [lon, lat] = item.position;
      const layer = leafletMarker([lat, lon], { icon: item.badge ? badgeIcon(item.badge) : ICON, keyboard: true, riseOnHover: true });
      layer.bindPopup(() => popupContent(item.popup, () => layer.closePopup()), { maxWidth: 300, autoPanPadding: [24, 24] });
      layer.bindTooltip(item.label, { direction: 'top', offset: [0, -10] });
      let fromKeyboard = false;
      layer.on('popupopen', (event) => {
        select(item.id);
        // Opened from the keyboard: move focus into the popup so its contacts are read next.
        fromKeyboard = document.activeElement === layer.getElement();
        if (fromKeyboard) event.popup.getElement()?.querySelector<HTMLElement>(".leaflet-popup-content > [tabindex='-1']")?.focus();
      });
      layer.on('popupclose', (event) => {
        select(null);
        // The popup is gone by now: focus left with it, so give it back to the marker.
        const active = document.activeElement;
        if (fromKeyboard && (!active || active === document.body || event.popup.getElement()?.contains(active)))
          layer.getElement()?.focus();
        fromKeyboard = false;
      });
      layer.addTo(map);
      const element = layer.getElement();
      if (element) {
        element.setAttribute('aria-label', item.label);
        element.dataset.markerId = item.id;
        // Leaflet opens the popup on Enter; a button also answers Space.
        element.addEventListener('keydown', (event) => {
          if (event.key === 'Escape') layer.closePopup();
          if (event.key !== ' ') return;
          event.preventDefault();
          layer.openPopup();
        });
      }
      layers.set(item.id, layer);
    }
    layersRef.current = layers;
    return () => {
      for (const layer of layers.values()) layer.remove();
    };
  }, [map, markers]);

  useEffect(() => {
    const layers = layersRef.current;
    const chosen = selectedId ? layers.get(selectedId) : undefined;
    if (chosen && !chosen.isPopupOpen()) chosen.openPopup();
    if (!chosen) for (const layer of layers.values()) if (layer.isPopupOpen()) layer.closePopup();
  }, [selectedId, markers]);

  return null;
}
