/** A [west, south, east, north] box as a closed, counter-clockwise GeoJSON polygon (for drawing an extent or a cell). */
export function bboxPolygon([w, s, e, n]: readonly [number, number, number, number]): {
  type: 'Polygon';
  coordinates: [number, number][][];
} {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}
