import 'server-only';
/**
 * WMTS 1.0.0 (KVP, as GeoWebCache's /gwc/service/wmts): GetCapabilities and GetTile on the Web
 * Mercator grid. Tiles of public layers are drawn once and kept in memory (least recently used out
 * first); a base-map style (e.g. `vec` and `img` of `cloudPlatform:region`) draws its background and
 * the layers beneath it. Tiles of restricted layers are drawn for the caller, like WMS GetMap, and
 * never shared.
 */
import { wmtsCapabilities } from './capabilities';
import type { RequestBox } from './crs';
import { datasetVersions } from '../db/data-cache';
import { drawImage, type DrawLayer } from './draw';
import { findLayer, qualifiedName, type MapLayer } from './layers';
import { intParam, OwsError, required, xmlResponse } from './ows';
import { readableLayers, resolveCaller } from './query';
import { baseMapBeneath, findStyle } from './styles';
import { MAX_ZOOM, TILE_MATRIX_SET, tileBounds } from './tiles';
import { mercatorToLonLat } from './crs';
import type { MapRequestContext } from './wms';

const MATRIX_SETS = new Set([TILE_MATRIX_SET, 'EPSG:3857', 'GOOGLEMAPSCOMPATIBLE', 'GOOGLEMAPSCOMPATIBLE:EPSG:3857']);
const CACHE_BYTES = 64 * 1024 * 1024;

class TileCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  async get(key: string, draw: () => Promise<Buffer>): Promise<{ png: Buffer; hit: boolean }> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { png: cached, hit: true };
    }
    let job = this.pending.get(key);
    if (!job) {
      job = draw().finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    const png = await job;
    if (!this.entries.has(key)) {
      this.entries.set(key, png);
      this.bytes += png.length;
      for (const [oldKey, old] of this.entries) {
        if (this.bytes <= CACHE_BYTES) break;
        this.entries.delete(oldKey);
        this.bytes -= old.length;
      }
    }
    return { png, hit: false };
  }
}

const cache = new TileCache();

function tileMatrix(params: Map<string, string>): { zoom: number; row: number; col: number } {
  const set = required(params, 'TILEMATRIXSET').toUpperCase();
  if (!MATRIX_SETS.has(set))
    throw new OwsError(
      'InvalidParameterValue',
      `Unknown tile matrix set ${params.get('TILEMATRIXSET')}; use ${TILE_MATRIX_SET}`,
      'TILEMATRIXSET',
    );
  const matrixText = required(params, 'TILEMATRIX');
  const zoomText = matrixText.split(':').pop() ?? '';
  if (!/^\d{1,2}$/.test(zoomText) || Number(zoomText) > MAX_ZOOM)
    throw new OwsError('InvalidParameterValue', `Unknown tile matrix ${matrixText}`, 'TILEMATRIX');
  const zoom = Number(zoomText);
  const size = 2 ** zoom;
  const row = intParam(params, 'TILEROW', 0, Number.MAX_SAFE_INTEGER);
  const col = intParam(params, 'TILECOL', 0, Number.MAX_SAFE_INTEGER);
  if (row >= size) throw new OwsError('TileOutOfRange', `TILEROW is outside matrix ${zoom}`, 'TILEROW');
  if (col >= size) throw new OwsError('TileOutOfRange', `TILECOL is outside matrix ${zoom}`, 'TILECOL');
  return { zoom, row, col };
}

/** What a tile draws: a base map (its background, the layers beneath, then the layer) or one layer alone. */
function tileLayers(layer: MapLayer, styleName: string): { layers: DrawLayer[]; background: string | null } {
  const style = findStyle(layer, styleName);
  if (!style) throw new OwsError('StyleNotDefined', `Unknown style ${styleName} for ${qualifiedName(layer)}`, 'STYLE');
  const beneath = baseMapBeneath(style, styleName).map((b) => ({ ...b, cql: null }));
  return { background: style.baseMap?.background ?? null, layers: [...beneath, { layer, style, cql: null }] };
}

async function getTile(ctx: MapRequestContext): Promise<Response> {
  const { params } = ctx;
  const layerName = required(params, 'LAYER');
  const layer = findLayer(layerName);
  if (!layer) throw new OwsError('InvalidParameterValue', `Unknown layer ${layerName}`, 'LAYER');
  const format = (params.get('FORMAT') ?? 'image/png').toLowerCase();
  if (format !== 'image/png') throw new OwsError('InvalidParameterValue', `Unsupported format ${format}; use image/png`, 'FORMAT');
  const styleName = params.get('STYLE') ?? '';
  const { zoom, row, col } = tileMatrix(params);
  const plan = tileLayers(layer, styleName);
  const key = `${layer.name}/${styleName}/${zoom}/${row}/${col}`;
  const native = tileBounds(zoom, row, col);
  const [w, s] = mercatorToLonLat(native[0], native[1]);
  const [e, n] = mercatorToLonLat(native[2], native[3]);
  const box: RequestBox = { crs: 'EPSG:3857', native, lonLat: [w, s, e, n] };
  const caller = await resolveCaller(
    ctx.session,
    ctx.db,
    plan.layers.map((l) => l.layer),
  );
  const draw = () => drawImage(ctx.db, plan.layers, box, { width: 256, height: 256 }, { caller, background: plan.background });
  // What a restricted layer shows depends on the caller: such tiles are neither kept nor shared.
  const personal = plan.layers.some((l) => l.layer.access.kind !== 'public');
  // A kept tile is of the datasets loaded when it was drawn: a load by any process makes it unreachable (the oldest go first).
  const { png, hit } = personal ? { png: await draw(), hit: false } : await cache.get(`${await datasetVersions(ctx.db)}\n${key}`, draw);
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'cache-control': personal ? 'private, max-age=60' : 'public, max-age=86400',
      'x-tile-cache': personal ? 'BYPASS' : hit ? 'HIT' : 'MISS',
    },
  });
}

export async function handleWmts(ctx: MapRequestContext): Promise<Response> {
  const service = ctx.params.get('SERVICE');
  if (service && service.toUpperCase() !== 'WMTS')
    throw new OwsError('InvalidParameterValue', `This endpoint serves WMTS, not ${service}`, 'SERVICE');
  const request = required(ctx.params, 'REQUEST').toLowerCase();
  switch (request) {
    case 'getcapabilities':
      // Only the layers the caller may read, by the rule that draws their tiles.
      return xmlResponse(wmtsCapabilities(ctx.serviceUrl, await readableLayers(ctx.session, ctx.db), ctx.locale), 300, !ctx.session);
    case 'gettile':
      return getTile(ctx);
    default:
      throw new OwsError('OperationNotSupported', `Unsupported request ${ctx.params.get('REQUEST')}`, 'REQUEST');
  }
}
