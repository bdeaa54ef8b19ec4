import 'server-only';
/**
 * WMS 1.1.1 and 1.3.0: GetCapabilities, GetMap (transparent PNG in EPSG:4326 or EPSG:3857) and
 * GetFeatureInfo (GeoJSON), laid out as GeoServer's /cloudPlatform/wms so either can serve a client.
 */
import type { Locale } from '../../../i18n/routing';
import type { Session } from '../session';
import { cachedByDatasets } from '../db/data-cache';
import type { Queryable } from '../db/types';
import { wmsCapabilities } from './capabilities';
import { parseBbox, parseCrs, pixelToLonLat, degreesPerPixel } from './crs';
import { drawImage, type DrawLayer } from './draw';
import { lodFor, queryFeatures } from './features';
import { findLayer, qualifiedName, type MapLayer } from './layers';
import { intParam, OwsError, required, xmlResponse } from './ows';
import { readableLayers, resolveCaller, splitCqlList } from './query';
import { findStyle } from './styles';
import { demoDataLoading } from '../db/demo-status';

export const MAX_IMAGE_SIZE = 2048;
const MAX_LAYERS = 10;
const PNG_FORMATS = new Set(['image/png', 'image/png8', 'image/png; mode=8bit', 'png']);
const JSON_INFO = new Set(['application/json', 'application/geo+json', 'json']);

export interface MapRequestContext {
  url: URL;
  params: Map<string, string>;
  db: Queryable;
  session: Session | null;
  locale: Locale;
  /** The URL clients should call this service at (for capabilities). */
  serviceUrl: string;
}

function versionOf(params: Map<string, string>): '1.1.1' | '1.3.0' {
  const version = params.get('VERSION') ?? params.get('WMTVER');
  if (!version || version === '1.3.0' || version === '1.3') return version ? '1.3.0' : '1.1.1';
  if (version === '1.1.1' || version === '1.1.0' || version === '1.1') return '1.1.1';
  throw new OwsError('InvalidParameterValue', `Unsupported WMS version ${version}; use 1.1.1 or 1.3.0`, 'VERSION');
}

function resolveLayers(list: string, locator: string): MapLayer[] {
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) throw new OwsError('MissingParameterValue', `Missing parameter ${locator}`, locator);
  if (names.length > MAX_LAYERS) throw new OwsError('InvalidParameterValue', `At most ${MAX_LAYERS} layers per request`, locator);
  return names.map((name) => {
    const layer = findLayer(name);
    if (!layer) throw new OwsError('LayerNotDefined', `Unknown layer ${name}`, locator);
    return layer;
  });
}

function resolveStyles(layers: MapLayer[], list: string | undefined): DrawLayer['style'][] {
  const names = (list ?? '').split(',').map((s) => s.trim());
  return layers.map((layer, i) => {
    const styleName = names.length === layers.length || names.length > 1 ? (names[i] ?? '') : (names[0] ?? '');
    const style = findStyle(layer, styleName);
    if (!style) throw new OwsError('StyleNotDefined', `Unknown style ${styleName} for layer ${qualifiedName(layer)}`, 'STYLES');
    return style;
  });
}

function mapGeometry(params: Map<string, string>, version: '1.1.1' | '1.3.0') {
  const crsKey = version === '1.3.0' ? 'CRS' : 'SRS';
  const crsName = params.get(crsKey) ?? params.get(version === '1.3.0' ? 'SRS' : 'CRS');
  if (!crsName) throw new OwsError('MissingParameterValue', `Missing parameter ${crsKey}`, crsKey);
  const crs = parseCrs(crsName, version === '1.3.0', crsKey);
  const box = parseBbox(required(params, 'BBOX'), crs);
  const width = intParam(params, 'WIDTH', 1, MAX_IMAGE_SIZE);
  const height = intParam(params, 'HEIGHT', 1, MAX_IMAGE_SIZE);
  return { box, width, height };
}

function background(params: Map<string, string>): string | null {
  if ((params.get('TRANSPARENT') ?? 'FALSE').toUpperCase() === 'TRUE') return null;
  const bg = params.get('BGCOLOR');
  if (!bg) return '#ffffff';
  const hex = /^(?:0x|#)?([0-9a-f]{6})$/i.exec(bg.trim())?.[1];
  if (!hex) throw new OwsError('InvalidParameterValue', 'BGCOLOR must be 0xRRGGBB', 'BGCOLOR');
  return `#${hex}`;
}

/** The parameters in a stable order, as the key of a shared image. */
function paramsKey(params: Map<string, string>): string {
  return JSON.stringify([...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

async function getMap(ctx: MapRequestContext, version: '1.1.1' | '1.3.0'): Promise<Response> {
  const { params } = ctx;
  const format = (params.get('FORMAT') ?? 'image/png').toLowerCase();
  if (!PNG_FORMATS.has(format)) throw new OwsError('InvalidFormat', `Unsupported format ${format}; use image/png`, 'FORMAT');
  const layers = resolveLayers(required(params, 'LAYERS'), 'LAYERS');
  const styles = resolveStyles(layers, params.get('STYLES'));
  const cql = splitCqlList(params.get('CQL_FILTER'), layers.length);
  const { box, width, height } = mapGeometry(params, version);
  const bg = background(params);
  const caller = await resolveCaller(ctx.session, ctx.db, layers);
  const draw = () =>
    drawImage(
      ctx.db,
      layers.map((layer, i) => ({ layer, style: styles[i]!, cql: cql[i] ?? null, vendor: params })),
      box,
      { width, height },
      { caller, background: bg },
    );
  // A public layer draws the same for everyone: keep the image until its data is loaded again.
  const shared = layers.every((layer) => layer.access.kind === 'public');
  const png = shared ? await cachedByDatasets(ctx.db, `wms ${paramsKey(params)}`, draw, (image) => image.length) : await draw();
  // Answers that depend on a session must not be shared by caches.
  // While demo data fills in after a first start, a kept tile would miss what is still to come.
  const cache = demoDataLoading() ? 'no-store' : ctx.session ? 'private, max-age=60' : 'public, max-age=300';
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png', 'cache-control': cache } });
}

async function getFeatureInfo(ctx: MapRequestContext, version: '1.1.1' | '1.3.0'): Promise<Response> {
  const { params } = ctx;
  const infoFormat = (params.get('INFO_FORMAT') ?? 'application/json').toLowerCase();
  if (!JSON_INFO.has(infoFormat))
    throw new OwsError('InvalidFormat', `Unsupported INFO_FORMAT ${infoFormat}; use application/json`, 'INFO_FORMAT');
  const layers = resolveLayers(params.get('QUERY_LAYERS') ?? required(params, 'LAYERS'), 'QUERY_LAYERS');
  const cql = splitCqlList(params.get('CQL_FILTER'), layers.length);
  const { box, width, height } = mapGeometry(params, version);
  const iKey = version === '1.3.0' ? 'I' : 'X';
  const jKey = version === '1.3.0' ? 'J' : 'Y';
  const i = intParam(params, iKey, 0, width - 1);
  const j = intParam(params, jKey, 0, height - 1);
  const count = intParam(params, 'FEATURE_COUNT', 1, 50, 1);
  const [lon, lat] = pixelToLonLat(box, width, height, i, j);
  const dpp = degreesPerPixel(box, width);
  const caller = await resolveCaller(ctx.session, ctx.db, layers);
  const features: unknown[] = [];
  for (const [index, layer] of layers.entries()) {
    if (features.length >= count) break;
    const rows = await queryFeatures(ctx.db, layer, {
      lod: lodFor(dpp),
      filter: { cql: cql[index] ?? null, vendor: params, caller },
      near: { lon, lat, radius: dpp * 3 },
      limit: count - features.length,
      offset: 0,
      geometry: null,
      orderBy: layer.drawOrder,
    });
    for (const row of rows) features.push({ type: 'Feature', id: `${layer.name}.${row.id}`, properties: row.properties, geometry: null });
  }
  const body = { type: 'FeatureCollection', features, crs: null, numberReturned: features.length };
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function handleWms(ctx: MapRequestContext): Promise<Response> {
  const service = ctx.params.get('SERVICE');
  if (service && service.toUpperCase() !== 'WMS')
    throw new OwsError('InvalidParameterValue', `This endpoint serves WMS, not ${service}`, 'SERVICE');
  const request = required(ctx.params, 'REQUEST').toLowerCase();
  const version = versionOf(ctx.params);
  switch (request) {
    case 'getcapabilities':
      return xmlResponse(
        wmsCapabilities(
          ctx.serviceUrl,
          ctx.params.get('VERSION') === '1.1.1' ? '1.1.1' : '1.3.0',
          await readableLayers(ctx.session, ctx.db),
          ctx.locale,
        ),
        300,
        !ctx.session,
      );
    case 'getmap':
      return getMap(ctx, version);
    case 'getfeatureinfo':
      return getFeatureInfo(ctx, version);
    default:
      throw new OwsError('OperationNotSupported', `Unsupported request ${ctx.params.get('REQUEST')}`, 'REQUEST');
  }
}
