/**
 * A field route as files a car navigation app opens (issue 34.4): GPX 1.1 (waypoints and one route of route points)
 * and KML 2.2 (a placemark per stop and the route as a line). Every text is XML-escaped, and characters XML 1.0
 * cannot hold at all (control characters) are dropped, so a spot number or a county name never breaks the file.
 *
 * Pure: the caller gives the texts in the user's language.
 */
import type { LonLat } from '../map/measure';

export const GPX_CONTENT_TYPE = 'application/gpx+xml; charset=utf-8';
export const KML_CONTENT_TYPE = 'application/vnd.google-earth.kml+xml; charset=utf-8';

export interface RouteFilePoint {
  position: LonLat;
  name: string;
  description?: string;
}

export interface RouteFile {
  /** The route's name (file title). */
  name: string;
  description?: string;
  /** The start when it is not the first stop (the user's position). */
  start?: RouteFilePoint | null;
  /** The stops in visiting order. */
  stops: readonly RouteFilePoint[];
  /** ISO time the route was made. */
  createdAt: string;
}

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; lone surrogates are not chars either.
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe inside an XML element or a quoted attribute. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Degrees with 7 decimals (≈ 1 cm), no exponent. */
const deg = (value: number) => value.toFixed(7);

export function routeGpx(route: RouteFile): string {
  const points = route.start ? [route.start, ...route.stops] : route.stops;
  const wpt = (p: RouteFilePoint, tag: 'wpt' | 'rtept') =>
    `  <${tag} lat="${deg(p.position[1])}" lon="${deg(p.position[0])}"><name>${xmlEscape(p.name)}</name>${
      p.description ? `<desc>${xmlEscape(p.description)}</desc>` : ''
    }</${tag}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="land-satellite-portal" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${xmlEscape(route.name)}</name>${route.description ? `<desc>${xmlEscape(route.description)}</desc>` : ''}<time>${xmlEscape(route.createdAt)}</time></metadata>`,
    ...route.stops.map((p) => wpt(p, 'wpt')),
    `  <rte><name>${xmlEscape(route.name)}</name>`,
    ...points.map((p) => `  ${wpt(p, 'rtept')}`),
    '  </rte>',
    '</gpx>',
    '',
  ].join('\n');
}

export function routeKml(route: RouteFile): string {
  const points = route.start ? [route.start, ...route.stops] : route.stops;
  const coords = (p: LonLat) => `${deg(p[0])},${deg(p[1])},0`;
  const placemark = (p: RouteFilePoint) =>
    `    <Placemark><name>${xmlEscape(p.name)}</name>${p.description ? `<description>${xmlEscape(p.description)}</description>` : ''}<Point><coordinates>${coords(p.position)}</coordinates></Point></Placemark>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${xmlEscape(route.name)}</name>`,
    route.description ? `    <description>${xmlEscape(route.description)}</description>` : null,
    ...points.map(placemark),
    `    <Placemark><name>${xmlEscape(route.name)}</name><LineString><tessellate>1</tessellate><coordinates>${points
      .map((p) => coords(p.position))
      .join(' ')}</coordinates></LineString></Placemark>`,
    '  </Document>',
    '</kml>',
    '',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}
