/** Draw tools (rectangle, polygon): what a finished sketch hands to the page. */
import type { Polygon, Position } from 'geojson';
import type { SketchPoint } from './sketch';
import type { BBox, DrawnShape, DrawTool, MapTool } from './types';

export function isDrawTool(tool: MapTool): tool is DrawTool {
  return tool === 'rectangle' || tool === 'polygon';
}

/** The four corners of the box spanned by two opposite corners, counter-clockwise from south-west. */
export function rectangleCorners(a: SketchPoint, b: SketchPoint): SketchPoint[] {
  const south = Math.min(a.lat, b.lat);
  const north = Math.max(a.lat, b.lat);
  const west = Math.min(a.lng, b.lng);
  const east = Math.max(a.lng, b.lng);
  return [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: east },
    { lat: north, lng: west },
  ];
}

/** The ring a sketch encloses: a rectangle's corners, or the polygon's vertices. */
export function sketchRing(tool: MapTool, points: SketchPoint[]): SketchPoint[] {
  if (tool === 'rectangle') return points.length >= 2 ? rectangleCorners(points[0]!, points[1]!) : points;
  return points;
}

export function bboxOf(points: SketchPoint[]): BBox {
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** Twice the planar signed area in degrees: positive when counter-clockwise. */
function signedArea(ring: SketchPoint[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

/** A GeoJSON polygon with a closed, counter-clockwise exterior ring (RFC 7946 §3.1.6). */
export function ringToPolygon(ring: SketchPoint[]): Polygon {
  const ordered = signedArea(ring) < 0 ? [...ring].reverse() : ring;
  const coordinates: Position[] = ordered.map((p) => [p.lng, p.lat]);
  coordinates.push([...coordinates[0]!]);
  return { type: 'Polygon', coordinates: [coordinates] };
}

export function toDrawnShape(kind: DrawTool, points: SketchPoint[]): DrawnShape {
  const ring = sketchRing(kind, points);
  return { kind, geometry: ringToPolygon(ring), bbox: bboxOf(ring) };
}
