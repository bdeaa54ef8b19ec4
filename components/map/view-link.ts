/**
 * A view shared by several maps (small multiples): panning or zooming one moves the others. Pure and
 * free of Leaflet, so the page that owns the maps can create it. Each map publishes its view after a
 * move; the link passes a view on only when it differs from the last one, so a map that follows a view
 * (and then publishes the same view from its own `moveend`) ends the round instead of echoing it.
 */

/** A map view: centre as [longitude, latitude] and the zoom level. */
export interface LinkedView {
  center: [number, number];
  zoom: number;
}

export interface ViewLink {
  /** The last view any linked map showed; null until one has moved. A map mounted later starts here. */
  current(): LinkedView | null;
  /** Reports the view of map `from`; the other maps are told when it differs from the last one. */
  publish(from: symbol, view: LinkedView): void;
  /** Called with the views other maps publish; returns the unsubscribe function. */
  subscribe(id: symbol, listener: (view: LinkedView) => void): () => void;
}

/** About a centimetre: closer centres are the same view (a view read back from a map may differ by rounding). */
const EPSILON = 1e-7;

export function sameView(a: LinkedView | null, b: LinkedView | null): boolean {
  if (!a || !b) return a === b;
  return a.zoom === b.zoom && Math.abs(a.center[0] - b.center[0]) < EPSILON && Math.abs(a.center[1] - b.center[1]) < EPSILON;
}

export function createViewLink(): ViewLink {
  let last: LinkedView | null = null;
  const listeners = new Map<symbol, (view: LinkedView) => void>();
  return {
    current: () => last,
    publish(from, view) {
      if (sameView(last, view)) return;
      last = { center: [view.center[0], view.center[1]], zoom: view.zoom };
      for (const [id, listener] of [...listeners]) if (id !== from) listener(last);
    },
    subscribe(id, listener) {
      listeners.set(id, listener);
      return () => {
        listeners.delete(id);
      };
    },
  };
}
