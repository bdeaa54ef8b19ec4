import 'server-only';
/** Capabilities documents of the WMS (1.1.1, 1.3.0), WFS (2.0.0) and WMTS (1.0.0) services. */
import type { Locale } from '../../../i18n/routing';
import { qualifiedName, WORKSPACE, type MapLayer } from './layers';
import { escapeXml as x } from './ows';
import { styleNames } from './styles';
import { TILE_MATRIX_SET, tileMatrices } from './tiles';
import { inLocale } from '../../shared/locale';

const CRS_LIST = ['EPSG:4326', 'EPSG:3857', 'EPSG:900913', 'CRS:84'];

export function wmsCapabilities(url: string, version: '1.1.1' | '1.3.0', layers: readonly MapLayer[], locale: Locale): string {
  const is13 = version === '1.3.0';
  const srsTag = is13 ? 'CRS' : 'SRS';
  const layerXml = layers
    .map((layer) => {
      const [w, s, e, n] = layer.extent;
      const geoBox = is13
        ? `<EX_GeographicBoundingBox><westBoundLongitude>${w}</westBoundLongitude><eastBoundLongitude>${e}</eastBoundLongitude><southBoundLatitude>${s}</southBoundLatitude><northBoundLatitude>${n}</northBoundLatitude></EX_GeographicBoundingBox>`
        : `<LatLonBoundingBox minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>`;
      const box4326 = is13
        ? `<BoundingBox CRS="EPSG:4326" minx="${s}" miny="${w}" maxx="${n}" maxy="${e}"/>`
        : `<BoundingBox SRS="EPSG:4326" minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>`;
      const styles = styleNames(layer)
        .map((style) => `<Style><Name>${x(style)}</Name><Title>${x(style)}</Title></Style>`)
        .join('');
      return `<Layer queryable="1" opaque="0"><Name>${x(qualifiedName(layer))}</Name><Title>${x(layer.title[locale])}</Title><Abstract>${x(layer.abstract[locale])}</Abstract>${CRS_LIST.map((c) => `<${srsTag}>${c}</${srsTag}>`).join('')}${geoBox}${box4326}${styles}</Layer>`;
    })
    .join('');
  const online = `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${x(url)}?"/>`;
  const dcp = `<DCPType><HTTP><Get>${online}</Get></HTTP></DCPType>`;
  const requests = `<Request><GetCapabilities><Format>${is13 ? 'text/xml' : 'application/vnd.ogc.wms_xml'}</Format>${dcp}</GetCapabilities><GetMap><Format>image/png</Format>${dcp}</GetMap><GetFeatureInfo><Format>application/json</Format>${dcp}</GetFeatureInfo></Request>`;
  const exception = is13
    ? '<Exception><Format>XML</Format></Exception>'
    : '<Exception><Format>application/vnd.ogc.se_xml</Format></Exception>';
  const title = inLocale(locale, '自然资源卫星遥感云服务平台 地图服务', 'Natural resources satellite remote-sensing cloud service — map service');
  const root = is13
    ? `<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">`
    : `<WMT_MS_Capabilities version="1.1.1">`;
  const close = is13 ? '</WMS_Capabilities>' : '</WMT_MS_Capabilities>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}<Service><Name>${is13 ? 'WMS' : 'OGC:WMS'}</Name><Title>${x(title)}</Title>${online}${is13 ? '<MaxWidth>2048</MaxWidth><MaxHeight>2048</MaxHeight>' : ''}</Service><Capability>${requests}${exception}<Layer><Title>${WORKSPACE}</Title>${CRS_LIST.map((c) => `<${srsTag}>${c}</${srsTag}>`).join('')}${layerXml}</Layer></Capability>${close}`;
}

export function wfsCapabilities(url: string, layers: readonly MapLayer[], locale: Locale): string {
  const op = (name: string, extra = '') =>
    `<ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${x(url)}?"/></ows:HTTP></ows:DCP>${extra}</ows:Operation>`;
  const formats =
    '<ows:Parameter name="outputFormat"><ows:AllowedValues><ows:Value>application/gml+xml; version=3.2</ows:Value><ows:Value>application/json</ows:Value></ows:AllowedValues></ows:Parameter>';
  const types = layers
    .map((layer) => {
      const [w, s, e, n] = layer.extent;
      return `<FeatureType><Name>${x(qualifiedName(layer))}</Name><Title>${x(layer.title[locale])}</Title><Abstract>${x(layer.abstract[locale])}</Abstract><DefaultCRS>urn:ogc:def:crs:EPSG::4326</DefaultCRS><OtherCRS>urn:ogc:def:crs:EPSG::3857</OtherCRS><ows:WGS84BoundingBox><ows:LowerCorner>${w} ${s}</ows:LowerCorner><ows:UpperCorner>${e} ${n}</ows:UpperCorner></ows:WGS84BoundingBox></FeatureType>`;
    })
    .join('');
  const constraint = (name: string, value: string) =>
    `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:${WORKSPACE}="${NAMESPACE_URI}" xmlns="http://www.opengis.net/wfs/2.0"><ows:ServiceIdentification><ows:Title>${x(inLocale(locale, '自然资源卫星遥感云服务平台 要素服务', 'Natural resources satellite remote-sensing cloud service — feature service'))}</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification><ows:OperationsMetadata>${op('GetCapabilities')}${op('DescribeFeatureType')}${op('GetFeature', formats)}${constraint('ImplementsBasicWFS', 'TRUE')}${constraint('ImplementsResultPaging', 'TRUE')}${constraint('KVPEncoding', 'TRUE')}${constraint('CountDefault', String(WFS_MAX_COUNT))}</ows:OperationsMetadata><FeatureTypeList>${types}</FeatureTypeList><fes:Filter_Capabilities><fes:Conformance>${constraint('ImplementsQuery', 'TRUE').replace(/ows:Constraint/g, 'fes:Constraint')}</fes:Conformance></fes:Filter_Capabilities></wfs:WFS_Capabilities>`;
}

export const NAMESPACE_URI = 'http://cloudplatform.portal/map';
export const WFS_MAX_COUNT = 5000;

export function describeFeatureType(layers: readonly MapLayer[]): string {
  const types = layers
    .map((layer) => {
      const fields = layer.attributes
        .map((a) => `<xsd:element maxOccurs="1" minOccurs="0" name="${a.name}" nillable="true" type="xsd:${a.xsd}"/>`)
        .join('');
      const geomType =
        layer.geometryKind === 'MultiPolygon'
          ? 'MultiSurfacePropertyType'
          : layer.geometryKind === 'MultiLineString'
            ? 'MultiCurvePropertyType'
            : layer.geometryKind === 'Geometry'
              ? 'GeometryPropertyType'
              : 'PointPropertyType';
      return `<xsd:complexType name="${layer.name}Type"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence>${fields}<xsd:element maxOccurs="1" minOccurs="0" name="geom" nillable="true" type="gml:${geomType}"/></xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType><xsd:element name="${layer.name}" substitutionGroup="gml:AbstractFeature" type="${WORKSPACE}:${layer.name}Type"/>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${WORKSPACE}="${NAMESPACE_URI}" elementFormDefault="qualified" targetNamespace="${NAMESPACE_URI}"><xsd:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>${types}</xsd:schema>`;
}

export function wmtsCapabilities(url: string, layers: readonly MapLayer[], locale: Locale): string {
  const matrices = tileMatrices()
    .map(
      (m) =>
        `<TileMatrix><ows:Identifier>${TILE_MATRIX_SET}:${m.zoom}</ows:Identifier><ScaleDenominator>${m.scaleDenominator}</ScaleDenominator><TopLeftCorner>${m.topLeft[0]} ${m.topLeft[1]}</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${m.size}</MatrixWidth><MatrixHeight>${m.size}</MatrixHeight></TileMatrix>`,
    )
    .join('');
  const layerXml = layers
    .map((layer) => {
      const [w, s, e, n] = layer.extent;
      const styles = styleNames(layer)
        .map((style, i) => `<Style isDefault="${i === 0}"><ows:Identifier>${x(style)}</ows:Identifier></Style>`)
        .join('');
      return `<Layer><ows:Title>${x(layer.title[locale])}</ows:Title><ows:WGS84BoundingBox><ows:LowerCorner>${w} ${s}</ows:LowerCorner><ows:UpperCorner>${e} ${n}</ows:UpperCorner></ows:WGS84BoundingBox><ows:Identifier>${x(qualifiedName(layer))}</ows:Identifier>${styles}<Format>image/png</Format><TileMatrixSetLink><TileMatrixSet>${TILE_MATRIX_SET}</TileMatrixSet></TileMatrixSetLink></Layer>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0"><ows:ServiceIdentification><ows:Title>${x(inLocale(locale, '瓦片服务', 'Tile service'))}</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification><ows:OperationsMetadata><ows:Operation name="GetCapabilities"><ows:DCP><ows:HTTP><ows:Get xlink:href="${x(url)}?"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation><ows:Operation name="GetTile"><ows:DCP><ows:HTTP><ows:Get xlink:href="${x(url)}?"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation></ows:OperationsMetadata><Contents>${layerXml}<TileMatrixSet><ows:Identifier>${TILE_MATRIX_SET}</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::900913</ows:SupportedCRS>${matrices}</TileMatrixSet></Contents></Capabilities>`;
}
