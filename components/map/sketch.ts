/**
 * The state machine behind the draw and measure tools, free of Leaflet so it can be tested alone.
 * Mouse and keyboard input (sketch-input.ts) turn into the same actions: add a point, remove the
 * last one, finish, cancel, clear.
 */
import type { MapTool } from './types';

export type SketchPoint = { lat: number; lng: number };

export type SketchEventKind =
  'started' | 'pointAdded' | 'cornerSet' | 'pointRemoved' | 'finished' | 'tooFewPoints' | 'cancelled' | 'cleared';

export interface SketchState {
  /** The tool being used, or null when the map is in normal (pan / identify) mode. */
  tool: MapTool | null;
  /** Vertices placed so far with the active tool. */
  points: SketchPoint[];
  /** The last finished shape or measurement, shown until cleared or a new tool starts. */
  done: { tool: MapTool; points: SketchPoint[] } | null;
  /** What the last action did, for the live region; `seq` tells repeated events apart. */
  event: { kind: SketchEventKind; seq: number } | null;
}

export type SketchAction =
  | { type: 'toggle'; tool: MapTool }
  | { type: 'add'; point: SketchPoint }
  | { type: 'undo' }
  | { type: 'finish' }
  | { type: 'cancel' }
  | { type: 'clear' };

export const INITIAL_SKETCH: SketchState = { tool: null, points: [], done: null, event: null };

/** Points a tool needs before it can finish. */
export const MIN_POINTS: Record<MapTool, number> = { rectangle: 2, polygon: 3, distance: 2, area: 3 };

/** Tools whose result is a closed ring (drawn as a polygon while in progress). */
export function isClosedTool(tool: MapTool): boolean {
  return tool !== 'distance';
}

function withEvent(state: SketchState, next: Omit<SketchState, 'event'>, kind: SketchEventKind): SketchState {
  return { ...next, event: { kind, seq: (state.event?.seq ?? 0) + 1 } };
}

function finish(state: SketchState, tool: MapTool, points: SketchPoint[]): SketchState {
  if (points.length < MIN_POINTS[tool]) return withEvent(state, { ...state, points }, 'tooFewPoints');
  return withEvent(state, { tool: null, points: [], done: { tool, points } }, 'finished');
}

function addPoint(state: SketchState, tool: MapTool, point: SketchPoint): SketchState {
  const points = [...state.points, point];
  // A rectangle is done at its second corner.
  if (tool === 'rectangle') return points.length === 2 ? finish(state, tool, points) : withEvent(state, { ...state, points }, 'cornerSet');
  return withEvent(state, { ...state, points }, 'pointAdded');
}

export function sketchReducer(state: SketchState, action: SketchAction): SketchState {
  switch (action.type) {
    case 'toggle':
      if (state.tool === action.tool) return withEvent(state, { tool: null, points: [], done: state.done }, 'cancelled');
      return withEvent(state, { tool: action.tool, points: [], done: null }, 'started');
    case 'add':
      return state.tool ? addPoint(state, state.tool, action.point) : state;
    case 'undo':
      if (!state.tool || state.points.length === 0) return state;
      return withEvent(state, { ...state, points: state.points.slice(0, -1) }, 'pointRemoved');
    case 'finish':
      return state.tool ? finish(state, state.tool, state.points) : state;
    case 'cancel':
      if (!state.tool) return state;
      return withEvent(state, { tool: null, points: [], done: state.done }, 'cancelled');
    case 'clear':
      if (!state.tool && !state.done && state.points.length === 0) return state;
      return withEvent(state, { tool: null, points: [], done: null }, 'cleared');
  }
}
