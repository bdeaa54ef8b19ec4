/** Whether a point [x, y] lies inside rings, even-odd over all of them (so holes and multipolygon parts count right); planar. */
export function insideRings(rings: readonly (readonly (readonly [number, number])[])[], [x, y]: readonly [number, number]): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}
