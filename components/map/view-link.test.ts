import { createViewLink, sameView, type LinkedView } from './view-link';

const view = (lon: number, lat: number, zoom: number): LinkedView => ({ center: [lon, lat], zoom });

describe('createViewLink', () => {
  it('tells the other maps, not the one that moved, and remembers the view for maps mounted later', () => {
    const link = createViewLink();
    const [a, b, c] = [Symbol('a'), Symbol('b'), Symbol('c')];
    const seen: Record<string, LinkedView[]> = { a: [], b: [], c: [] };
    link.subscribe(a, (v) => seen.a!.push(v));
    link.subscribe(b, (v) => seen.b!.push(v));
    const stopC = link.subscribe(c, (v) => seen.c!.push(v));
    expect(link.current()).toBeNull();
    link.publish(a, view(114.5, 38, 8));
    expect(seen).toEqual({ a: [], b: [view(114.5, 38, 8)], c: [view(114.5, 38, 8)] });
    stopC();
    link.publish(b, view(114.6, 38, 9));
    expect(seen.a).toEqual([view(114.6, 38, 9)]);
    expect(seen.c).toHaveLength(1);
    expect(link.current()).toEqual(view(114.6, 38, 9));
  });

  it('ends the round when a follower reports back the view it was given (no feedback loop)', () => {
    const link = createViewLink();
    const [a, b] = [Symbol('a'), Symbol('b')];
    let calls = 0;
    // B follows and, like a map's moveend, publishes its (slightly rounded) view at once.
    link.subscribe(b, (v) => {
      calls += 1;
      link.publish(b, view(v.center[0] + 1e-9, v.center[1], v.zoom));
    });
    link.subscribe(a, () => {
      throw new Error('A must not hear its own view back');
    });
    link.publish(a, view(100, 30, 5));
    expect(calls).toBe(1);
    // The same view again is not news either.
    link.publish(a, view(100, 30, 5));
    expect(calls).toBe(1);
  });
});

describe('sameView', () => {
  it('compares zoom exactly and centres to about a centimetre', () => {
    expect(sameView(view(1, 2, 3), view(1 + 5e-8, 2, 3))).toBe(true);
    expect(sameView(view(1, 2, 3), view(1.001, 2, 3))).toBe(false);
    expect(sameView(view(1, 2, 3), view(1, 2, 4))).toBe(false);
    expect(sameView(null, null)).toBe(true);
    expect(sameView(view(1, 2, 3), null)).toBe(false);
  });
});
