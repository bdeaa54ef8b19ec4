import 'server-only';
/**
 * The satellite-image WMTS (spec §7 "a satellite image WMTS endpoint", issue 37.2) at /map/satellite-image/wmts:
 * WMTS 1.0.0 KVP GetCapabilities and GetTile, one layer per scene with imagery (its id), styles the band
 * combinations (./styles.ts), in the tile matrix sets EPSG:3857 (matrices "0"…"20") and EPSG:900913 (matrices
 * "EPSG:900913:0"…, as the vector WMTS at /map/gwc/service/wmts names them). The same tiles answer the XYZ path
 * /map/satellite-image/tiles/{scene}/{style}/{z}/{x}/{y}.png (`@2x.png`: 512 pixels), the templated `xyz` link of
 * the scenes' STAC items. Every failure is an OGC exception document.
 */
import type { Locale } from '../../../i18n/routing';
import { inLocale } from '../../shared/locale';
import { clientIp } from '../client-ip';
import { getDb } from '../db';
import type { Queryable } from '../db/types';
import { isDatabaseUnavailable, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { getEnv } from '../env';
import { localeOfRequest } from '../i18n';
import { log } from '../log';
import { escapeXml as x, exceptionResponse, intParam, OwsError, owsParams, required, xmlResponse } from '../map/ows';
import { tileMatrices as gwcMatrices, TILE_MATRIX_SET as GWC_SET, MAX_ZOOM as GWC_MAX_ZOOM } from '../map/tiles';
import { imageryLayers, servedAsset, OutsideRoot } from '../scene-imagery';
import { UnservableImage } from './describe';
import { findBandStyle, stylesOf } from './styles';
import { admitTile, imageryTile, MAX_ZOOM, preparedAsset, TileRefused, ZoomTooFar, type TileRequest } from './tiles';

export const IMAGERY_WMTS_PATH = '/map/satellite-image/wmts';
export const IMAGERY_TILES_PATH = '/map/satellite-image/tiles';
/** Layers a capabilities document lists (the newest scenes with imagery). */
const MAX_LAYERS = 1000;
const SCALE_0 = 559082264.0287178;

/** Tile matrix sets by upper-cased name: how their matrices are named and how deep they go. */
const MATRIX_SETS: Record<string, { id: string; maxZoom: number }> = {
  'EPSG:3857': { id: 'EPSG:3857', maxZoom: MAX_ZOOM },
  GOOGLEMAPSCOMPATIBLE: { id: 'EPSG:3857', maxZoom: MAX_ZOOM },
  [GWC_SET]: { id: GWC_SET, maxZoom: GWC_MAX_ZOOM },
};

const origin = () => new URL(getEnv().SITE_URL).origin;

/** The templated XYZ address of a scene's tiles (STAC web-map-links `xyz`). */
export const xyzTemplate = (sceneId: string, style = 'true-colour') =>
  `${origin()}${IMAGERY_TILES_PATH}/${encodeURIComponent(sceneId)}/${style}/{z}/{x}/{y}.png`;
export const wmtsUrl = () => `${origin()}${IMAGERY_WMTS_PATH}`;

async function capabilities(db: Queryable, locale: Locale): Promise<string> {
  const url = wmtsUrl();
  const layers = (await imageryLayers(db, MAX_LAYERS))
    .map((layer) => {
      const [w, s, e, n] = layer.raster?.lonLatBox ?? layer.bbox;
      const styles = layer.raster ? stylesOf(layer.raster) : [{ name: 'true-colour' }];
      const styleXml = styles
        .map((st, i) => `<Style isDefault="${i === 0}"><ows:Identifier>${x(st.name)}</ows:Identifier></Style>`)
        .join('');
      const title = `${layer.satellite} ${layer.sensor} ${layer.acquiredAt} — ${layer.title}`;
      return `<Layer><ows:Title>${x(title)}</ows:Title><ows:WGS84BoundingBox><ows:LowerCorner>${w} ${s}</ows:LowerCorner><ows:UpperCorner>${e} ${n}</ows:UpperCorner></ows:WGS84BoundingBox><ows:Identifier>${x(layer.sceneId)}</ows:Identifier>${styleXml}<Format>image/png</Format><TileMatrixSetLink><TileMatrixSet>EPSG:3857</TileMatrixSet></TileMatrixSetLink><TileMatrixSetLink><TileMatrixSet>${GWC_SET}</TileMatrixSet></TileMatrixSetLink></Layer>`;
    })
    .join('');
  const mercator = Array.from({ length: MAX_ZOOM + 1 }, (_, z) => z)
    .map(
      (z) =>
        `<TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${SCALE_0 / 2 ** z}</ScaleDenominator><TopLeftCorner>-20037508.342789244 20037508.342789244</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${2 ** z}</MatrixWidth><MatrixHeight>${2 ** z}</MatrixHeight></TileMatrix>`,
    )
    .join('');
  const gwc = gwcMatrices()
    .map(
      (m) =>
        `<TileMatrix><ows:Identifier>${GWC_SET}:${m.zoom}</ows:Identifier><ScaleDenominator>${m.scaleDenominator}</ScaleDenominator><TopLeftCorner>${m.topLeft[0]} ${m.topLeft[1]}</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${m.size}</MatrixWidth><MatrixHeight>${m.size}</MatrixHeight></TileMatrix>`,
    )
    .join('');
  const get = (name: string) =>
    `<ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${x(url)}?"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation>`;
  const title = inLocale(locale, '卫星影像瓦片服务', 'Satellite image tile service');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0"><ows:ServiceIdentification><ows:Title>${x(title)}</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification><ows:OperationsMetadata>${get('GetCapabilities')}${get('GetTile')}</ows:OperationsMetadata><Contents>${layers}<TileMatrixSet><ows:Identifier>EPSG:3857</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS><WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>${mercator}</TileMatrixSet><TileMatrixSet><ows:Identifier>${GWC_SET}</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::900913</ows:SupportedCRS>${gwc}</TileMatrixSet></Contents></Capabilities>`;
}

function matrixOf(params: Map<string, string>): { z: number; x: number; y: number } {
  const setName = required(params, 'TILEMATRIXSET');
  const set = MATRIX_SETS[setName.toUpperCase()];
  if (!set) throw new OwsError('InvalidParameterValue', `Unknown tile matrix set ${setName}; use EPSG:3857 or ${GWC_SET}`, 'TILEMATRIXSET');
  const matrix = required(params, 'TILEMATRIX');
  const zText = matrix.split(':').pop() ?? '';
  if (!/^\d{1,2}$/.test(zText) || Number(zText) > set.maxZoom)
    throw new OwsError('InvalidParameterValue', `Unknown tile matrix ${matrix}`, 'TILEMATRIX');
  const z = Number(zText);
  const y = intParam(params, 'TILEROW', 0, Number.MAX_SAFE_INTEGER);
  const x = intParam(params, 'TILECOL', 0, Number.MAX_SAFE_INTEGER);
  if (y >= 2 ** z) throw new OwsError('TileOutOfRange', `TILEROW is outside matrix ${matrix}`, 'TILEROW');
  if (x >= 2 ** z) throw new OwsError('TileOutOfRange', `TILECOL is outside matrix ${matrix}`, 'TILECOL');
  return { z, x, y };
}

/** One tile of a scene's imagery (both paths come here). */
async function sceneTile(request: Request, sceneId: string, styleName: string, tile: Omit<TileRequest, 'style'>): Promise<Response> {
  // Admission first: a client over its bound costs nothing, not even a query.
  return admitTile(clientIp(request), async () => {
    const db = await getDb();
    const asset = await servedAsset(db, sceneId);
    if (!asset) throw new OwsError('InvalidParameterValue', `Unknown layer ${sceneId}: no scene with imagery has this id`, 'LAYER', 404);
    const prepared = await preparedAsset(db, asset);
    const style = findBandStyle(prepared.raster, styleName);
    if (!style) throw new OwsError('StyleNotDefined', `Unknown style ${styleName} for ${sceneId}`, 'STYLE');
    const result = await imageryTile(prepared, { ...tile, style });
    return new Response(new Uint8Array(result.png), {
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'x-bytes-read': String(result.bytesRead),
      },
    });
  });
}

function failure(error: unknown): OwsError {
  if (error instanceof OwsError) return error;
  if (error instanceof TileRefused)
    return new OwsError('NoApplicableCode', 'Too many imagery tiles from this address at once; retry shortly', undefined, 503, {
      'retry-after': String(error.retryAfter),
    });
  if (error instanceof ZoomTooFar) return new OwsError('TileOutOfRange', error.message, 'TILEMATRIX');
  if (error instanceof OutsideRoot)
    return new OwsError('NoApplicableCode', `This scene's imagery cannot be served: ${error.message}`, 'LAYER', 404);
  if (error instanceof UnservableImage)
    return new OwsError('NoApplicableCode', `This scene's imagery cannot be served: ${error.message}`, 'LAYER', 422);
  if (isDatabaseUnavailable(error)) {
    noteDatabaseOutage();
    return new OwsError('NoApplicableCode', `The map service is busy; please try again in ${RETRY_AFTER_SECONDS} seconds`, undefined, 503, {
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
  }
  log.error('imagery tile failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return new OwsError('NoApplicableCode', 'The map service failed; please try again', undefined, 500);
}

async function answer(request: Request, params: Map<string, string>, kind: string, work: () => Promise<Response>): Promise<Response> {
  const started = Date.now();
  let status = 200;
  try {
    const response = await work();
    status = response.status;
    return response;
  } catch (error) {
    const owsError = failure(error);
    status = owsError.status;
    return exceptionResponse(owsError, 'WMTS', params.get('VERSION'));
  } finally {
    log.info('map', { service: 'imagery', request: kind, status, ms: Date.now() - started });
  }
}

/** GET /map/satellite-image/wmts */
export function imageryWmts(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const params = owsParams(url);
  return answer(request, params, params.get('REQUEST') ?? '', async () => {
    if (url.search.length > 2048) throw new OwsError('InvalidParameterValue', 'Request too long', 'REQUEST', 414);
    const service = params.get('SERVICE');
    if (service && service.toUpperCase() !== 'WMTS')
      throw new OwsError('InvalidParameterValue', `This endpoint serves WMTS, not ${service}`, 'SERVICE');
    const operation = required(params, 'REQUEST').toLowerCase();
    if (operation === 'getcapabilities') {
      const response = xmlResponse(await capabilities(await getDb(), localeOfRequest(request)), 300);
      response.headers.set('vary', 'x-locale, cookie, accept-language');
      return response;
    }
    if (operation !== 'gettile') throw new OwsError('OperationNotSupported', `Unsupported request ${params.get('REQUEST')}`, 'REQUEST');
    const layer = required(params, 'LAYER');
    const format = (params.get('FORMAT') ?? 'image/png').toLowerCase();
    if (format !== 'image/png') throw new OwsError('InvalidParameterValue', `Unsupported format ${format}; use image/png`, 'FORMAT');
    const tile = matrixOf(params);
    return sceneTile(request, layer, params.get('STYLE') ?? '', { ...tile, size: 256 });
  });
}

const Y_PART = /^(\d{1,7})(@2x)?\.png$/;

/** GET /map/satellite-image/tiles/{scene}/{style}/{z}/{x}/{y}.png */
export function imageryXyz(request: Request, parts: { scene: string; style: string; z: string; x: string; y: string }): Promise<Response> {
  const params = new Map<string, string>();
  return answer(request, params, 'xyz', async () => {
    if (!/^\d{1,2}$/.test(parts.z) || Number(parts.z) > MAX_ZOOM)
      throw new OwsError('InvalidParameterValue', `Zoom must be 0–${MAX_ZOOM}`, 'TILEMATRIX');
    const z = Number(parts.z);
    const yMatch = Y_PART.exec(parts.y);
    if (!/^\d{1,7}$/.test(parts.x) || !yMatch)
      throw new OwsError('InvalidParameterValue', 'Tile column and row must be integers ({y}.png or {y}@2x.png)', 'TILEROW');
    const x = Number(parts.x);
    const y = Number(yMatch[1]);
    if (x >= 2 ** z || y >= 2 ** z) throw new OwsError('TileOutOfRange', `Tile ${x}/${y} is outside zoom ${z}`, 'TILECOL');
    return sceneTile(request, parts.scene, parts.style, { z, x, y, size: yMatch[2] ? 512 : 256 });
  });
}
