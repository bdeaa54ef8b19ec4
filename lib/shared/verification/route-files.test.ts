/**
 * @jest-environment jsdom
 */
import { routeGpx, routeKml, xmlEscape, type RouteFile } from './route-files';

const NASTY = `A&B <c> "d" 'e' \u0001\u000b]]>`;

const route: RouteFile = {
  name: `长安区 ${NASTY}`,
  description: 'straight lines',
  start: { position: [114.5, 38.0], name: 'Start & go' },
  stops: [
    { position: [114.51, 38.01], name: `1. 2026Q2-130102-0001 ${NASTY}`, description: '<b>not html</b>' },
    { position: [114.52, 38.02], name: '2. 2026Q2-130102-0002' },
  ],
  createdAt: '2026-11-29T08:00:00.000Z',
};

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const texts = (doc: Document, tag: string) => Array.from(doc.getElementsByTagName(tag)).map((e) => e.textContent);

describe('route files', () => {
  it('escapes the five XML specials and drops characters XML cannot hold', () => {
    expect(xmlEscape(NASTY)).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos; ]]&gt;');
    expect(xmlEscape('\ud800x')).toBe('x');
  });

  it('writes GPX 1.1 that parses back to the same names, order and coordinates', () => {
    const doc = parse(routeGpx(route));
    expect(doc.documentElement.namespaceURI).toBe('http://www.topografix.com/GPX/1/1');
    expect(doc.documentElement.getAttribute('version')).toBe('1.1');
    const clean = NASTY.replace(/[\u0001\u000b]/g, '');
    expect(texts(doc, 'wpt').length).toBe(2);
    const rtept = Array.from(doc.getElementsByTagName('rtept'));
    expect(rtept.map((p) => [Number(p.getAttribute('lon')), Number(p.getAttribute('lat'))])).toEqual([
      [114.5, 38.0],
      [114.51, 38.01],
      [114.52, 38.02],
    ]);
    expect(rtept.map((p) => p.getElementsByTagName('name')[0]!.textContent)).toEqual([
      'Start & go',
      `1. 2026Q2-130102-0001 ${clean}`,
      '2. 2026Q2-130102-0002',
    ]);
    expect(doc.getElementsByTagName('desc')[1]!.textContent).toBe('<b>not html</b>');
    expect(doc.getElementsByTagName('b')).toHaveLength(0);
  });

  it('writes KML 2.2 that parses back to a placemark per point and the route line', () => {
    const doc = parse(routeKml(route));
    expect(doc.documentElement.namespaceURI).toBe('http://www.opengis.net/kml/2.2');
    const clean = NASTY.replace(/[\u0001\u000b]/g, '');
    expect(doc.getElementsByTagName('Document')[0]!.getElementsByTagName('name')[0]!.textContent).toBe(`长安区 ${clean}`);
    expect(doc.getElementsByTagName('Point')).toHaveLength(3);
    const line = doc.getElementsByTagName('LineString')[0]!.getElementsByTagName('coordinates')[0]!.textContent!;
    expect(line.split(' ').map((c) => c.split(',').slice(0, 2).map(Number))).toEqual([
      [114.5, 38.0],
      [114.51, 38.01],
      [114.52, 38.02],
    ]);
    expect(texts(doc, 'description')).toContain('<b>not html</b>');
  });
});
