/** Measure tools (distance, area): lengths and areas of a sketch on the sphere. */
import { polygonArea, polylineLength, type LonLat } from '@/lib/shared/map/measure';
import { sketchRing } from './draw-tools';
import { isClosedTool, type SketchPoint } from './sketch';
import type { MapTool } from './types';

export interface SketchMeasure {
  /** Polyline length (distance tool) or ring perimeter (closed shapes), metres. */
  length: number;
  /** Enclosed area of closed shapes, square metres; null for the distance tool. */
  area: number | null;
}

function lonLat(points: SketchPoint[]): LonLat[] {
  return points.map((p) => [p.lng, p.lat] as const);
}

export function measureSketch(tool: MapTool, points: SketchPoint[]): SketchMeasure {
  if (!isClosedTool(tool)) return { length: polylineLength(lonLat(points)), area: null };
  const ring = lonLat(sketchRing(tool, points));
  const perimeter = ring.length >= 3 ? polylineLength([...ring, ring[0]!]) : polylineLength(ring);
  return { length: perimeter, area: polygonArea(ring) };
}
