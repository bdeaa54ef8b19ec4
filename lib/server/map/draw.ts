import 'server-only';
/** Renders one image of several layers: the shared core of WMS GetMap and WMTS GetTile. */
import type { Queryable } from '../db/types';
import { degreesPerPixel, type RequestBox } from './crs';
import { fetchCoverage } from './coverage';
import { fetchDrawItems } from './features';
import type { MapLayer } from './layers';
import { renderPng, type DrawItem } from './render';
import type { MapCaller } from './query';
import type { LayerStyle } from './styles';

export interface DrawLayer {
  layer: MapLayer;
  style: LayerStyle;
  cql: string | null;
  /** The request's parameters, for a layer's vendor filter. */
  vendor?: ReadonlyMap<string, string> | null;
}

export async function drawImage(
  db: Queryable,
  layers: readonly DrawLayer[],
  box: RequestBox,
  size: { width: number; height: number },
  options: { caller: MapCaller | null; background: string | null },
): Promise<Buffer> {
  const dpp = degreesPerPixel(box, size.width);
  const batches = await Promise.all(
    layers.map(async (l): Promise<DrawItem[]> => {
      const filter = { cql: l.cql, vendor: l.vendor ?? null, caller: options.caller };
      if (l.style.coverage) return [{ coverage: await fetchCoverage(db, l.layer, l.style.coverage, box, size, filter) }];
      return fetchDrawItems(db, l.layer, l.style, box.lonLat, dpp, filter);
    }),
  );
  const items: DrawItem[] = batches.flat();
  return renderPng(items, { ...size, background: options.background, box });
}
