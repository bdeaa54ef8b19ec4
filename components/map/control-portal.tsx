'use client';

import { Control, DomEvent, DomUtil, type ControlPosition } from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';

function createControl(position: ControlPosition, className: string): { control: Control; container: HTMLElement } {
  const container = DomUtil.create('div', `leaflet-control ${className}`);
  // Clicks, drags and wheel turns on the control must not reach the map (no vertex under a button).
  DomEvent.disableClickPropagation(container);
  DomEvent.disableScrollPropagation(container);
  const control = new Control({ position });
  control.onAdd = () => container;
  return { control, container };
}

/**
 * A Leaflet control in one of the map's corners whose content is React (keeps Mantine and
 * next-intl context). The control is created once; `position` is read on mount only.
 */
export function ControlPortal({
  position,
  className = '',
  children,
}: {
  position: ControlPosition;
  className?: string;
  children: ReactNode;
}) {
  const map = useMap();
  const [{ control, container }] = useState(() => createControl(position, className));

  useEffect(() => {
    control.addTo(map);
    return () => {
      control.remove();
    };
  }, [map, control]);

  return createPortal(children, container);
}
