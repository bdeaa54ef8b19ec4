import 'server-only';
/**
 * WFS 2.0.0 (1.1.0 and 1.0.0 requests are answered alike): GetCapabilities, DescribeFeatureType and
 * GetFeature as GeoJSON or GML 3.2, with BBOX, CQL_FILTER, COUNT, STARTINDEX and RESULTTYPE=hits.
 */
import { describeFeatureType, NAMESPACE_URI, WFS_MAX_COUNT, wfsCapabilities } from './capabilities';
import { parseBbox, parseCrs } from './crs';
import { countFeatures, countVertices, queryFeatures, type FeatureRecord } from './features';
import { findLayer, WORKSPACE, type MapLayer } from './layers';
import { escapeXml, intParam, OwsError, required, xmlResponse } from './ows';
import { readableLayers, resolveCaller, splitCqlList } from './query';
import type { MapRequestContext } from './wms';
import type { RegionLod } from '../../shared/contracts/regions';

/**
 * Most vertices one GetFeature answer may carry (about 6 MB of GeoJSON or GML). The whole region layer
 * at LOD=hi holds ~2.5 million (54 MB); at LOD=lo ~130 000. Larger requests are refused, before any
 * geometry is serialised, with the ways to ask for less.
 */
export const WFS_MAX_VERTICES = 250_000;

const JSON_FORMATS = new Set(['application/json', 'json', 'application/geo+json', 'geojson']);

function outputFormat(params: Map<string, string>): 'json' | 'gml' {
  const raw = params.get('OUTPUTFORMAT');
  if (!raw) return 'gml';
  const format = raw.toLowerCase().trim();
  if (JSON_FORMATS.has(format)) return 'json';
  if (format.includes('gml') || format === 'text/xml; subtype=gml/3.2' || format === 'application/xml') return 'gml';
  throw new OwsError('InvalidParameterValue', `Unsupported outputFormat ${raw}; use application/json or GML 3.2`, 'OUTPUTFORMAT');
}

function typeLayers(params: Map<string, string>): MapLayer[] {
  const list = params.get('TYPENAMES') ?? params.get('TYPENAME');
  if (!list) throw new OwsError('MissingParameterValue', 'Missing parameter TYPENAMES', 'TYPENAMES');
  const names = list
    .split(',')
    .map((n) => n.trim().replace(/^\(|\)$/g, ''))
    .filter(Boolean);
  if (names.length !== 1) throw new OwsError('InvalidParameterValue', 'Query one feature type per request', 'TYPENAMES');
  return names.map((name) => {
    const layer = findLayer(name);
    if (!layer) throw new OwsError('InvalidParameterValue', `Unknown feature type ${name}`, 'TYPENAMES');
    return layer;
  });
}

function lodParam(params: Map<string, string>): RegionLod {
  const lod = (params.get('LOD') ?? 'hi').toLowerCase();
  if (lod !== 'lo' && lod !== 'mid' && lod !== 'hi') throw new OwsError('InvalidParameterValue', 'LOD must be lo, mid or hi', 'LOD');
  return lod;
}

function gmlMember(layer: MapLayer, feature: FeatureRecord): string {
  const fields = layer.attributes
    .map((a) => {
      const value = feature.properties[a.name];
      return value === null || value === undefined ? '' : `<${WORKSPACE}:${a.name}>${escapeXml(String(value))}</${WORKSPACE}:${a.name}>`;
    })
    .join('');
  const geometry = feature.geojson ? `<${WORKSPACE}:geom>${feature.geojson}</${WORKSPACE}:geom>` : '';
  return `<wfs:member><${WORKSPACE}:${layer.name} gml:id="${layer.name}.${escapeXml(feature.id)}">${fields}${geometry}</${WORKSPACE}:${layer.name}></wfs:member>`;
}

function collectionOpen(matched: number, returned: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${WORKSPACE}="${NAMESPACE_URI}" numberMatched="${matched}" numberReturned="${returned}" timeStamp="${new Date().toISOString()}">`;
}

async function getFeature(ctx: MapRequestContext): Promise<Response> {
  const { params } = ctx;
  const [layer] = typeLayers(params) as [MapLayer];
  const format = outputFormat(params);
  const lod = lodParam(params);
  const count = intParam(params, params.has('COUNT') ? 'COUNT' : 'MAXFEATURES', 1, WFS_MAX_COUNT, WFS_MAX_COUNT);
  const startIndex = intParam(params, 'STARTINDEX', 0, 10_000_000, 0);
  const srsName = params.get('SRSNAME');
  const output = srsName ? parseCrs(srsName, true, 'SRSNAME') : { crs: 'EPSG:4326' as const, latFirst: true };
  const bboxText = params.get('BBOX');
  let bbox = null;
  if (bboxText) {
    const parts = bboxText.split(',');
    // A fifth item names the box's CRS; without it WFS 2.0 reads EPSG:4326 latitude first.
    const crs = parts.length >= 5 ? parseCrs(parts.slice(4).join(','), true, 'BBOX') : { crs: 'EPSG:4326' as const, latFirst: true };
    bbox = parseBbox(parts.slice(0, 4).join(','), crs).lonLat;
  }
  const [cql] = splitCqlList(params.get('CQL_FILTER'), 1);
  const filter = {
    bbox,
    bboxExact: true,
    cql: cql ?? null,
    vendor: params,
    caller: await resolveCaller(ctx.session, ctx.db, [layer]),
  };
  const matched = await countFeatures(ctx.db, layer, lod, filter);
  const srid = output.crs === 'EPSG:3857' ? 3857 : 4326;
  const headers = { 'cache-control': ctx.session ? 'private, no-store' : 'public, max-age=300' };

  if ((params.get('RESULTTYPE') ?? '').toLowerCase() === 'hits') {
    return new Response(`${collectionOpen(matched, 0)}</wfs:FeatureCollection>`, {
      headers: { ...headers, 'content-type': 'application/gml+xml; version=3.2' },
    });
  }
  const vertices = await countVertices(ctx.db, layer, { lod, filter, limit: count, offset: startIndex });
  if (vertices > WFS_MAX_VERTICES) {
    throw new OwsError(
      'OperationProcessingFailed',
      `The answer would hold ${vertices} vertices, more than the ${WFS_MAX_VERTICES} one answer may carry: ask for LOD=lo or LOD=mid, a BBOX, a CQL_FILTER or a smaller COUNT`,
      'LOD',
      400,
    );
  }
  const decimals = srid === 3857 ? 2 : lod === 'lo' ? 4 : 6;
  const features = await queryFeatures(ctx.db, layer, {
    lod,
    filter,
    limit: count,
    offset: startIndex,
    geometry: { format: format === 'json' ? 'geojson' : 'gml', decimals, srid },
  });
  if (format === 'gml') {
    const body = `${collectionOpen(matched, features.length)}${features.map((f) => gmlMember(layer, f)).join('')}</wfs:FeatureCollection>`;
    return new Response(body, { headers: { ...headers, 'content-type': 'application/gml+xml; version=3.2' } });
  }
  const json = features
    .map(
      (f) =>
        `{"type":"Feature","id":${JSON.stringify(`${layer.name}.${f.id}`)},"geometry":${f.geojson ?? 'null'},"properties":${JSON.stringify(f.properties)}}`,
    )
    .join(',');
  const crsName = srid === 3857 ? 'urn:ogc:def:crs:EPSG::3857' : 'urn:ogc:def:crs:OGC:1.3:CRS84';
  const body = `{"type":"FeatureCollection","features":[${json}],"totalFeatures":${matched},"numberMatched":${matched},"numberReturned":${features.length},"timeStamp":"${new Date().toISOString()}","crs":{"type":"name","properties":{"name":"${crsName}"}}}`;
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
}

export async function handleWfs(ctx: MapRequestContext): Promise<Response> {
  const service = ctx.params.get('SERVICE');
  if (service && service.toUpperCase() !== 'WFS')
    throw new OwsError('InvalidParameterValue', `This endpoint serves WFS, not ${service}`, 'SERVICE');
  const request = required(ctx.params, 'REQUEST').toLowerCase();
  switch (request) {
    case 'getcapabilities':
      return xmlResponse(wfsCapabilities(ctx.serviceUrl, await readableLayers(ctx.session, ctx.db), ctx.locale), 300, !ctx.session);
    case 'describefeaturetype': {
      const list = ctx.params.get('TYPENAMES') ?? ctx.params.get('TYPENAME');
      const layers = list ? typeLayersAll(list) : await readableLayers(ctx.session, ctx.db);
      return new Response(describeFeatureType(layers), {
        headers: { 'content-type': 'application/gml+xml; version=3.2', 'cache-control': 'public, max-age=300' },
      });
    }
    case 'getfeature':
      return getFeature(ctx);
    default:
      throw new OwsError('OperationNotSupported', `Unsupported request ${ctx.params.get('REQUEST')}`, 'REQUEST');
  }
}

function typeLayersAll(list: string): MapLayer[] {
  return list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .map((name) => {
      const layer = findLayer(name);
      if (!layer) throw new OwsError('InvalidParameterValue', `Unknown feature type ${name}`, 'TYPENAMES');
      return layer;
    });
}
