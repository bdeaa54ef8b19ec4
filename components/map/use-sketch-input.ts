'use client';

import type { LatLng, LeafletMouseEvent, Point } from 'leaflet';
import { useEffect, useEffectEvent, useRef, type Dispatch } from 'react';
import { useMap } from 'react-leaflet';
import { MIN_POINTS, type SketchAction, type SketchPoint, type SketchState } from './sketch';

/** Points closer than this on screen are the same point (double-click, Enter on the first vertex). */
const SNAP_PX = 8;
/** A press that moves further than this is a drag (rectangle by press-drag). */
const DRAG_PX = 5;

function toPoint(latlng: LatLng): SketchPoint {
  return { lat: latlng.lat, lng: latlng.lng };
}

type PointIntent = 'add' | 'finish' | 'ignore';

/**
 * What a click or Enter at a point means: on the first vertex it closes a polygon, on the last vertex
 * it ends a line (and is otherwise a repeat, as in a double-click), anywhere else it adds a point.
 */
function pointIntent(state: SketchState, near: (point: SketchPoint) => boolean): PointIntent {
  const { tool, points } = state;
  if (!tool) return 'ignore';
  const first = points[0];
  const last = points.at(-1);
  if ((tool === 'polygon' || tool === 'area') && first && points.length >= MIN_POINTS[tool] && near(first)) return 'finish';
  if (tool === 'distance' && last && points.length >= MIN_POINTS[tool] && near(last)) return 'finish';
  if (last && near(last)) return 'ignore';
  return 'add';
}

/**
 * Mouse, touch and keyboard input of the draw and measure tools. Mouse: click adds a point,
 * double-click finishes, a rectangle is dragged or clicked corner to corner. Keyboard (map focused):
 * Enter or Space adds a point at the crosshair (the map centre), Backspace removes the last one,
 * Escape cancels; arrow keys keep panning through Leaflet's own keyboard handler.
 */
export function useSketchInput(state: SketchState, dispatch: Dispatch<SketchAction>, setPreview: (point: SketchPoint | null) => void) {
  const map = useMap();
  const press = useRef<{ start: Point; createdCorner: boolean } | null>(null);
  const keyboardMode = useRef(false);
  const { tool } = state;

  const near = (a: SketchPoint, b: SketchPoint) => map.latLngToContainerPoint(a).distanceTo(map.latLngToContainerPoint(b)) < SNAP_PX;

  const placePoint = useEffectEvent((point: SketchPoint) => {
    const intent = pointIntent(state, (vertex) => near(vertex, point));
    if (intent === 'finish') dispatch({ type: 'finish' });
    else if (intent === 'add') dispatch({ type: 'add', point });
  });

  const onClick = useEffectEvent((event: LeafletMouseEvent) => {
    if (state.tool && state.tool !== 'rectangle') placePoint(toPoint(event.latlng));
  });

  const onDoubleClick = useEffectEvent(() => {
    if (state.tool && state.tool !== 'rectangle') dispatch({ type: 'finish' });
  });

  const onMouseDown = useEffectEvent((event: LeafletMouseEvent) => {
    if (state.tool !== 'rectangle' || event.originalEvent.button !== 0) return;
    const createdCorner = state.points.length === 0;
    if (createdCorner) dispatch({ type: 'add', point: toPoint(event.latlng) });
    press.current = { start: event.containerPoint, createdCorner };
  });

  const onMouseUp = useEffectEvent((event: LeafletMouseEvent) => {
    const pressed = press.current;
    press.current = null;
    if (state.tool !== 'rectangle' || !pressed) return;
    const dragged = pressed.start.distanceTo(event.containerPoint) > DRAG_PX;
    // A drag ends the rectangle; a plain click only ends it when it is the second click.
    if (dragged || !pressed.createdCorner) placePoint(toPoint(event.latlng));
  });

  const onMouseMove = useEffectEvent((event: LeafletMouseEvent) => {
    keyboardMode.current = false;
    if (state.tool) setPreview(toPoint(event.latlng));
  });

  const onMove = useEffectEvent(() => {
    if (state.tool && keyboardMode.current) setPreview(toPoint(map.getCenter()));
  });

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!state.tool || event.target !== map.getContainer() || event.altKey || event.ctrlKey || event.metaKey) return;
    keyboardMode.current = true;
    const centre = toPoint(map.getCenter());
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      placePoint(centre);
      setPreview(centre);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if (event.key === 'Escape') {
      dispatch({ type: 'cancel' });
    }
  });

  useEffect(() => {
    const handlers = {
      click: (event: LeafletMouseEvent) => onClick(event),
      dblclick: () => onDoubleClick(),
      mousedown: (event: LeafletMouseEvent) => onMouseDown(event),
      mouseup: (event: LeafletMouseEvent) => onMouseUp(event),
      mousemove: (event: LeafletMouseEvent) => onMouseMove(event),
      move: () => onMove(),
    };
    const keydown = (event: KeyboardEvent) => onKeyDown(event);
    const container = map.getContainer();
    map.on(handlers);
    container.addEventListener('keydown', keydown);
    return () => {
      map.off(handlers);
      container.removeEventListener('keydown', keydown);
    };
  }, [map]);

  // While a tool is on, double-click finishes instead of zooming and a rectangle drag draws instead of panning.
  useEffect(() => {
    if (!tool) return;
    map.doubleClickZoom.disable();
    if (tool === 'rectangle') map.dragging.disable();
    setPreview(null);
    return () => {
      map.doubleClickZoom.enable();
      map.dragging.enable();
      press.current = null;
    };
  }, [map, tool, setPreview]);
}
