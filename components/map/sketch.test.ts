import { INITIAL_SKETCH, sketchReducer, type SketchAction, type SketchState } from './sketch';

const p = (lng: number, lat: number) => ({ lat, lng });
const apply = (state: SketchState, ...actions: SketchAction[]): SketchState => actions.reduce(sketchReducer, state);
const run = (...actions: SketchAction[]): SketchState => apply(INITIAL_SKETCH, ...actions);

describe('sketchReducer', () => {
  it('starts a tool and toggles it off again', () => {
    const on = run({ type: 'toggle', tool: 'polygon' });
    expect(on.tool).toBe('polygon');
    expect(on.event?.kind).toBe('started');
    const off = sketchReducer(on, { type: 'toggle', tool: 'polygon' });
    expect(off.tool).toBeNull();
    expect(off.event?.kind).toBe('cancelled');
  });

  it('ignores points while no tool is on', () => {
    expect(run({ type: 'add', point: p(1, 1) })).toBe(INITIAL_SKETCH);
  });

  it('finishes a rectangle at its second corner', () => {
    const one = run({ type: 'toggle', tool: 'rectangle' }, { type: 'add', point: p(1, 1) });
    expect(one.event?.kind).toBe('cornerSet');
    const two = sketchReducer(one, { type: 'add', point: p(2, 0) });
    expect(two).toMatchObject({
      tool: null,
      points: [],
      done: { tool: 'rectangle', points: [p(1, 1), p(2, 0)] },
      event: { kind: 'finished' },
    });
  });

  it('needs three points to close a polygon and keeps drawing until then', () => {
    const two = run({ type: 'toggle', tool: 'area' }, { type: 'add', point: p(0, 0) }, { type: 'add', point: p(1, 0) }, { type: 'finish' });
    expect(two.tool).toBe('area');
    expect(two.points).toHaveLength(2);
    expect(two.event?.kind).toBe('tooFewPoints');
    const three = apply(two, { type: 'add', point: p(1, 1) }, { type: 'finish' });
    expect(three.done?.points).toEqual([p(0, 0), p(1, 0), p(1, 1)]);
    expect(three.tool).toBeNull();
  });

  it('removes the last point and cancels without losing the previous result', () => {
    const done = run(
      { type: 'toggle', tool: 'distance' },
      { type: 'add', point: p(0, 0) },
      { type: 'add', point: p(1, 0) },
      { type: 'finish' },
    );
    const drawing = apply(
      done,
      { type: 'toggle', tool: 'distance' },
      { type: 'add', point: p(5, 5) },
      { type: 'add', point: p(6, 6) },
      { type: 'undo' },
    );
    expect(drawing.points).toEqual([p(5, 5)]);
    expect(drawing.event?.kind).toBe('pointRemoved');
    // Starting a new tool replaced the old result.
    expect(drawing.done).toBeNull();
    const cancelled = sketchReducer(drawing, { type: 'cancel' });
    expect(cancelled).toMatchObject({ tool: null, points: [], event: { kind: 'cancelled' } });
  });

  it('clears the result; clearing nothing changes nothing', () => {
    const done = run({ type: 'toggle', tool: 'rectangle' }, { type: 'add', point: p(0, 0) }, { type: 'add', point: p(1, 1) });
    const cleared = sketchReducer(done, { type: 'clear' });
    expect(cleared).toMatchObject({ tool: null, points: [], done: null, event: { kind: 'cleared' } });
    expect(sketchReducer(cleared, { type: 'clear' })).toBe(cleared);
  });

  it('numbers events so a repeated one is still a change', () => {
    const a = run({ type: 'toggle', tool: 'polygon' }, { type: 'add', point: p(0, 0) });
    const b = sketchReducer(a, { type: 'add', point: p(1, 0) });
    expect(b.event!.seq).toBe(a.event!.seq + 1);
  });
});
