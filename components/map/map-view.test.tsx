/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import en from '@/messages/en.json';
import { act, fireEvent, render, screen, waitFor, within } from '@/test-utils/render';
import type { DrawnShape, MapViewProps } from './types';
import { createViewLink } from './view-link';
import { fakeResponse } from '@/test-utils/fake-response';

// jsdom has no layout: Leaflet sees a 0×0 map, so a keyboard pan jumps without animation (fine here).
let MapViewImpl: ComponentType<MapViewProps>;

beforeAll(async () => {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // Leaflet keeps the page still when it focuses the map on mousedown.
  window.scrollTo = () => {};
  // Leaflet decides at import whether SVG works; jsdom lacks only this method of it.
  (SVGSVGElement.prototype as unknown as { createSVGRect: () => object }).createSVGRect = () => ({});
  ({ MapViewImpl } = await import('./map-view'));
});

const config = { serviceBase: '/map', tiandituKey: null };

function renderMap(props: Partial<MapViewProps> = {}) {
  return render(<MapViewImpl config={config} label="Test map" {...props} />);
}

const mapRegion = () => screen.getByRole('region', { name: 'Test map' });
const liveRegion = () => screen.getByRole('status');

function press(target: Element, key: string, keyCode: number) {
  fireEvent.keyDown(target, { key, keyCode, which: keyCode, bubbles: true });
}

const KEYS = { Enter: 13, ArrowRight: 39, ArrowLeft: 37, ArrowUp: 38, ArrowDown: 40, Backspace: 8, Escape: 27 } as const;

function useKeys(target: HTMLElement) {
  act(() => target.focus());
  return (...keys: (keyof typeof KEYS)[]) => {
    for (const key of keys) act(() => press(target, key, KEYS[key]));
  };
}

describe('MapView (jsdom)', () => {
  it('names the map and makes it focusable', () => {
    renderMap();
    const map = mapRegion();
    expect(map).toHaveAttribute('tabindex', '0');
    expect(map).toHaveAttribute('aria-describedby');
    expect(document.getElementById(map.getAttribute('aria-describedby')!)).toHaveTextContent(en.MapView.keyboardHelp);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('keeps tiles from fading and zooms from gliding for a reader who asked for less motion', async () => {
    const L = await import('leaflet');
    const created: { fadeAnimation?: boolean; zoomAnimation?: boolean; markerZoomAnimation?: boolean }[] = [];
    // Leaflet's constructor hands its options to `initialize` (not in its type declarations).
    const prototype = L.Map.prototype as unknown as { initialize: (this: unknown, element: unknown, options?: object) => unknown };
    const original = prototype.initialize;
    prototype.initialize = function (element, options) {
      created.push({ ...options });
      return original.call(this, element, options);
    };
    const matchMedia = window.matchMedia;
    try {
      window.matchMedia = (query: string) =>
        ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList;
      const still = renderMap();
      still.unmount();
      window.matchMedia = matchMedia;
      renderMap();
    } finally {
      window.matchMedia = matchMedia;
      prototype.initialize = original;
    }
    expect(created[0]).toMatchObject({ fadeAnimation: false, zoomAnimation: false, markerZoomAnimation: false });
    expect(created[1]).toMatchObject({ fadeAnimation: true, zoomAnimation: true, markerZoomAnimation: true });
  });

  it('switches between the VEC and IMG base layers', async () => {
    renderMap();
    const group = screen.getByRole('group', { name: 'Base map' });
    const vec = within(group).getByRole('button', { name: 'Map' });
    const img = within(group).getByRole('button', { name: 'Imagery' });
    expect(vec).toHaveAttribute('aria-pressed', 'true');
    const tileUrls = () => [...document.querySelectorAll('img.leaflet-tile')].map((tile) => tile.getAttribute('src'));
    await userEvent.click(img);
    expect(img).toHaveAttribute('aria-pressed', 'true');
    expect(vec).toHaveAttribute('aria-pressed', 'false');
    // No tiles load in a 0×0 map; the attribution shows the offline source is in use.
    expect(tileUrls().length).toBeGreaterThan(0);
    expect(tileUrls().every((src) => src?.includes('STYLE=img'))).toBe(true);
    expect(document.querySelector('.leaflet-control-attribution')).toHaveTextContent(en.MapView.attributionOwn);
  });

  describe('WMS overlays', () => {
    const spots = { id: 'spots', title: 'Spots', layers: 'cloudPlatform:spot_meta', cqlFilter: "xzqdm LIKE '13%'", featureInfo: true };
    const overlayTiles = () =>
      [...document.querySelectorAll('img.leaflet-tile')]
        .map((tile) => tile.getAttribute('src') ?? '')
        .filter((src) => src.includes('/cloudPlatform/wms'));

    // jsdom has no fetch nor Response: the part of a Response the map reads.
    const jsonResponse = (body: unknown) => fakeResponse(body);

    afterEach(() => {
      delete (globalThis as { fetch?: unknown }).fetch;
    });

    it('requests transparent PNG tiles of the layer with its CQL filter, and follows filter changes', () => {
      const view = renderMap({ wmsLayers: [spots] });
      const tiles = overlayTiles();
      expect(tiles.length).toBeGreaterThan(0);
      // In the tile pane above the base tiles, so region outlines (overlay pane) stay on top.
      expect(document.querySelector('img[src*="/cloudPlatform/wms"]')!.closest('.leaflet-tile-pane')).not.toBeNull();
      const params = new URL(tiles[0]!, 'http://localhost').searchParams;
      expect(params.get('layers')).toBe('cloudPlatform:spot_meta');
      expect(params.get('format')).toBe('image/png');
      expect(params.get('transparent')).toBe('true');
      expect(params.get('CQL_FILTER')).toBe("xzqdm LIKE '13%'");

      view.rerender(<MapViewImpl config={config} label="Test map" wmsLayers={[{ ...spots, cqlFilter: 'stage = 2' }]} />);
      const filters = overlayTiles().map((src) => new URL(src, 'http://localhost').searchParams.get('CQL_FILTER'));
      expect(filters.length).toBeGreaterThan(0);
      expect(new Set(filters)).toEqual(new Set(['stage = 2']));
    });

    it('answers a click with the features of the layer in a popup', async () => {
      const requested: string[] = [];
      globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
        requested.push(String(url));
        return jsonResponse({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { xzqdm: '130302', stage: 2 } }] });
      }) as typeof fetch;
      renderMap({ wmsLayers: [spots, { id: 'other', title: 'Other', layers: 'cloudPlatform:other' }] });
      fireEvent.click(mapRegion(), { clientX: 5, clientY: 5 });

      const table = await screen.findByRole('table');
      expect(within(table).getByRole('rowheader', { name: 'xzqdm' })).toBeInTheDocument();
      expect(within(table).getByRole('cell', { name: '130302' })).toBeInTheDocument();
      expect(screen.getByText('Spots')).toBeInTheDocument();
      // Only layers that ask for feature info are queried.
      expect(requested).toHaveLength(1);
      expect(new URL(requested[0]!, 'http://localhost').searchParams.get('QUERY_LAYERS')).toBe('cloudPlatform:spot_meta');
      expect(screen.getByRole('button', { name: en.MapView.closePopup })).toBeInTheDocument();
    });

    it('says so when nothing is there, and stays quiet while a tool is on', async () => {
      const fetchMock = jest.fn(async () => jsonResponse({ type: 'FeatureCollection', features: [] }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      renderMap({ wmsLayers: [spots], tools: ['distance'] });
      fireEvent.click(mapRegion(), { clientX: 5, clientY: 5 });
      expect(await screen.findByText(en.MapView.featureInfo.empty)).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      fireEvent.click(screen.getByRole('button', { name: 'Distance' }));
      fireEvent.click(mapRegion(), { clientX: 50, clientY: 50 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('draws region outlines, the primary one bold, with the region name as tooltip', () => {
    const square = (name: string, x: number) => ({
      type: 'Feature' as const,
      properties: { name },
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [x, 30],
            [x + 2, 30],
            [x + 2, 32],
            [x, 32],
            [x, 30],
          ],
        ],
      },
    });
    renderMap({
      outlines: [
        { id: 'focus', data: square('Tangshan', 118), emphasis: 'primary' },
        {
          id: 'around',
          data: { type: 'FeatureCollection', features: [square('Beijing', 115), square('Tianjin', 116)] },
          emphasis: 'context',
        },
      ],
    });
    const paths = [...document.querySelectorAll('.leaflet-overlay-pane path')];
    expect(paths.map((path) => path.getAttribute('stroke-width')).sort()).toEqual(['1', '1', '3']);
    const bold = paths.find((path) => path.getAttribute('stroke-width') === '3')!;
    fireEvent.mouseOver(bold);
    expect(document.querySelector('.leaflet-tooltip')).toHaveTextContent('Tangshan');
  });

  it('leaves hovers and clicks to the regions under a non-interactive outline, and marks each feature with its id', () => {
    const square = (id: string, name: string, x: number, size = 2) => ({
      type: 'Feature' as const,
      id,
      properties: { name },
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [x, 30],
            [x + size, 30],
            [x + size, 30 + size],
            [x, 30 + size],
            [x, 30],
          ],
        ],
      },
    });
    const onFeatureClick = jest.fn<void, [string]>();
    renderMap({
      outlines: [
        {
          id: 'children',
          data: { type: 'FeatureCollection', features: [square('130100', 'Shijiazhuang', 114), square('130200', 'Tangshan', 117)] },
          emphasis: 'context',
          onFeatureClick,
        },
        { id: 'province', data: square('130000', 'Hebei', 113, 6), emphasis: 'primary', interactive: false },
      ],
    });
    const province = document.querySelector('path[data-feature-id="130000"]')!;
    expect(province).not.toHaveClass('leaflet-interactive');
    const city = document.querySelector('path[data-feature-id="130200"]')!;
    expect(city).toHaveClass('leaflet-interactive');
    fireEvent.mouseOver(province);
    expect(document.querySelector('.leaflet-tooltip')).toBeNull();
    fireEvent.mouseOver(city);
    expect(document.querySelector('.leaflet-tooltip')).toHaveTextContent('Tangshan');
    fireEvent.click(city);
    expect(onFeatureClick).toHaveBeenCalledWith('130200');
  });

  it("shows a choropleth region's value in its tooltip, and the new value after the figures change", () => {
    const feature = (id: string, name: string, x: number) => ({
      type: 'Feature' as const,
      id,
      properties: { name },
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [x, 30],
            [x + 2, 30],
            [x + 2, 32],
            [x, 32],
            [x, 30],
          ],
        ],
      },
    });
    const data = {
      type: 'FeatureCollection' as const,
      features: [feature('130100', 'Shijiazhuang', 114), feature('130200', 'Tangshan', 117)],
    };
    const outline = (tooltips: Record<string, string>) => ({ id: 'children', data, emphasis: 'context' as const, tooltips });
    const { rerender } = renderMap({ outlines: [outline({ '130100': 'Shijiazhuang: covered 62.50 %' })] });
    fireEvent.mouseOver(document.querySelector('path[data-feature-id="130100"]')!);
    expect(document.querySelector('.leaflet-tooltip')).toHaveTextContent('Shijiazhuang: covered 62.50 %');
    // A region without a tooltip text keeps its name.
    fireEvent.mouseOut(document.querySelector('path[data-feature-id="130100"]')!);
    fireEvent.mouseOver(document.querySelector('path[data-feature-id="130200"]')!);
    expect(document.querySelector('.leaflet-tooltip')).toHaveTextContent('Tangshan');
    fireEvent.mouseOut(document.querySelector('path[data-feature-id="130200"]')!);
    rerender(<MapViewImpl config={config} label="Test map" outlines={[outline({ '130100': 'Shijiazhuang: covered 70.00 %' })]} />);
    fireEvent.mouseOver(document.querySelector('path[data-feature-id="130100"]')!);
    expect(document.querySelector('.leaflet-tooltip')).toHaveTextContent('Shijiazhuang: covered 70.00 %');
  });

  describe('markers', () => {
    const markers = [
      {
        id: 'hebei',
        position: [114.5, 38.0] as [number, number],
        label: 'Hebei node',
        popup: {
          title: 'Hebei node',
          rows: [
            { label: 'Phone', value: '000-8000-1300', href: 'tel:00080001300' },
            { label: 'Address', value: '<b>Shijiazhuang</b>' },
          ],
          note: 'Demo contacts',
        },
      },
      { id: 'shanxi', position: [112.5, 37.8] as [number, number], label: 'Shanxi node', popup: { title: 'Shanxi node', rows: [] } },
    ];

    it('are labelled keyboard buttons whose popup Enter opens and Escape closes, as text', () => {
      const onSelect = jest.fn();
      renderMap({ markers, onSelectMarker: onSelect });
      const hebei = screen.getByRole('button', { name: 'Hebei node' });
      expect(hebei).toHaveAttribute('tabindex', '0');
      expect(screen.getByRole('button', { name: 'Shanxi node' })).toBeInTheDocument();

      act(() => hebei.focus());
      act(() => press(hebei, 'Enter', 13));
      act(() => {
        hebei.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
      });
      const popup = document.querySelector('.leaflet-popup-content')!;
      expect(popup).toHaveTextContent('Hebei node');
      expect(within(popup as HTMLElement).getByRole('link', { name: '000-8000-1300' })).toHaveAttribute('href', 'tel:00080001300');
      // Values are text: markup in data is shown, never rendered.
      expect(popup).toHaveTextContent('<b>Shijiazhuang</b>');
      expect(popup.querySelector('b')).toBeNull();
      expect(popup).toHaveTextContent('Demo contacts');
      expect(onSelect).toHaveBeenLastCalledWith('hebei');
      // Focus moved into the popup; Escape closes it and gives focus back to the marker.
      expect(popup.contains(document.activeElement)).toBe(true);
      act(() => press(document.activeElement!, 'Escape', 27));
      expect(document.querySelector('.leaflet-popup-content')).toBeNull();
      expect(onSelect).toHaveBeenLastCalledWith(null);
      expect(document.activeElement).toBe(hebei);
    });

    it('opens and closes the popup of the selected marker from outside', () => {
      const view = renderMap({ markers, selectedMarkerId: 'shanxi' });
      expect(document.querySelector('.leaflet-popup-content')).toHaveTextContent('Shanxi node');
      view.rerender(<MapViewImpl config={config} label="Test map" markers={markers} selectedMarkerId={null} />);
      expect(document.querySelector('.leaflet-popup-content')).toBeNull();
    });
  });

  describe('legend control', () => {
    it('shows title, unit and a labelled swatch per class', () => {
      renderMap({ legend: { title: 'Spot area', unit: 'ha', ramp: 'green', max: 12.5 } });
      const legend = screen.getByRole('figure', { name: /Spot area/ });
      expect(legend.closest('.leaflet-bottom.leaflet-right')).not.toBeNull();
      expect(legend).toHaveTextContent('(ha)');
      const items = within(legend).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        '0.00 – 1.25',
        '1.25 – 2.50',
        '2.50 – 3.75',
        '3.75 – 5.00',
        '5.00 – 6.25',
        '6.25 – 7.50',
        '7.50 – 8.75',
        '8.75 – 10.00',
        '10.00 – 11.25',
        '11.25 – 12.50',
      ]);
      const colours = items.map((item) => (item.querySelector('[aria-hidden="true"]') as HTMLElement).style.background);
      expect(new Set(colours).size).toBe(10);
    });

    it('collapses and expands from its title button (aria-expanded), open by default on wide screens', async () => {
      renderMap({ legend: { title: 'Spot area', unit: 'ha', ramp: 'green', max: 12.5 } });
      const legend = screen.getByRole('figure', { name: /Spot area/ });
      const toggle = within(legend).getByRole('button', { name: 'Spot area (ha)' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBe(within(legend).getByRole('list'));
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(legend).queryByRole('list')).toBeNull();
      // Keyboard: the title is a real button.
      toggle.focus();
      await userEvent.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(within(legend).getAllByRole('listitem')).toHaveLength(10);
    });

    it('starts collapsed on phones', () => {
      const wide = window.matchMedia;
      window.matchMedia = (query: string) => ({ ...wide(query), matches: query === '(max-width: 37.5em)' });
      try {
        renderMap({ legend: { title: 'Spot area', ramp: 'green', max: 3 } });
        const legend = screen.getByRole('figure', { name: 'Spot area' });
        expect(within(legend).getByRole('button', { name: 'Spot area' })).toHaveAttribute('aria-expanded', 'false');
        expect(within(legend).queryByRole('list')).toBeNull();
      } finally {
        window.matchMedia = wide;
      }
    });

    it('labels counts in whole numbers and adds a grey "no data" entry when asked', () => {
      renderMap({ legend: { title: 'Spots', ramp: 'green', max: 664, whole: true, noData: true } });
      const items = within(screen.getByRole('figure', { name: 'Spots' })).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        '0 – 66',
        '67 – 132',
        '133 – 199',
        '200 – 265',
        '266 – 331',
        '332 – 398',
        '399 – 464',
        '465 – 531',
        '532 – 597',
        '598 – 664',
        en.MapView.legendNoData,
      ]);
      expect((items.at(-1)!.querySelector('[aria-hidden="true"]') as HTMLElement).style.background).toBe('rgb(204, 204, 204)');
    });

    it('shows explicit classes as given', () => {
      const classes = [
        { label: '1', color: '#e8590c' },
        { label: '2 – 3', color: '#c92a2a' },
      ];
      renderMap({ legend: { title: 'Spots per cell', ramp: 'yellowRed', max: null, items: classes } });
      const items = within(screen.getByRole('figure', { name: 'Spots per cell' })).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(['1', '2 – 3']);
      expect((items[1]!.querySelector('[aria-hidden="true"]') as HTMLElement).style.background).toBe('rgb(201, 42, 42)');
    });

    it('shows a single grey "no data" class without a maximum', () => {
      renderMap({ legend: { title: 'Spot area', ramp: 'blue', max: null } });
      const items = within(screen.getByRole('figure', { name: 'Spot area' })).getAllByRole('listitem');
      expect(items).toHaveLength(1);
      expect(items[0]).toHaveTextContent(en.MapView.legendNoData);
      expect((items[0]!.querySelector('[aria-hidden="true"]') as HTMLElement).style.background).toBe('rgb(204, 204, 204)');
    });
  });

  describe('linked views', () => {
    it('moves every map of a link with the one moved, and starts a map mounted later at the shared view', () => {
      const link = createViewLink();
      const linked = (label: string) => <MapViewImpl config={config} label={label} viewLink={link} baseSwitch={false} />;
      const { rerender } = render(
        <>
          <div key="a">{linked('A')}</div>
          <div key="b">{linked('B')}</div>
        </>,
      );
      expect(screen.queryByRole('group', { name: 'Base map' })).toBeNull();
      const step = () => link.current()!.center[0];
      const pan = (name: string) => {
        const map = screen.getByRole('region', { name });
        act(() => map.focus());
        act(() => press(map, 'ArrowRight', KEYS.ArrowRight));
      };
      const start = step();
      pan('A');
      const afterA = step();
      expect(afterA).toBeGreaterThan(start);
      // B followed A: panning B goes on from A's view (had it stayed, its pan would repeat A's view).
      pan('B');
      expect(step() - afterA).toBeCloseTo(afterA - start, 6);
      const afterB = step();
      // A map mounted now starts at the shared view, not at its own default.
      rerender(
        <>
          <div key="a">{linked('A')}</div>
          <div key="b">{linked('B')}</div>
          <div key="c">{linked('C')}</div>
        </>,
      );
      pan('C');
      expect(step() - afterB).toBeCloseTo(afterA - start, 6);
    });
  });

  describe('toolbar', () => {
    it('is one tab stop; arrow keys, Home and End move between the tools', async () => {
      renderMap({ tools: ['rectangle', 'polygon', 'distance', 'area'] });
      const toolbar = screen.getByRole('toolbar', { name: en.MapView.tools.label });
      const buttons = within(toolbar).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(['Rectangle', 'Polygon', 'Distance', 'Area']);
      expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);

      await userEvent.tab();
      expect(buttons[0]).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      expect(buttons[1]).toHaveFocus();
      expect(buttons.map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
      await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(buttons[3]).toHaveFocus();
      await userEvent.keyboard('{Home}');
      expect(buttons[0]).toHaveFocus();
      await userEvent.keyboard('{End}');
      expect(buttons[3]).toHaveFocus();
    });

    it('toggles a tool with Enter, shows the crosshair and cancels with Escape', async () => {
      renderMap({ tools: ['polygon', 'distance'] });
      const polygon = screen.getByRole('button', { name: 'Polygon' });
      expect(polygon).toHaveAttribute('aria-pressed', 'false');
      act(() => polygon.focus());
      await userEvent.keyboard('{Enter}');
      expect(polygon).toHaveAttribute('aria-pressed', 'true');
      expect(liveRegion()).toHaveTextContent('Polygon tool on.');
      expect(document.querySelector('[data-sketching="polygon"]')).not.toBeNull();

      await userEvent.keyboard('{Escape}');
      expect(polygon).toHaveAttribute('aria-pressed', 'false');
      expect(liveRegion()).toHaveTextContent(en.MapView.announce.cancelled);
      expect(document.querySelector('[data-sketching]')).toBeNull();
    });
  });

  describe('drawing and measuring', () => {
    it('draws a polygon: Enter adds points at the crosshair, Enter on the first point closes it', async () => {
      const onShapeDrawn = jest.fn<void, [DrawnShape]>();
      renderMap({ tools: ['polygon'], onShapeDrawn, center: [104, 36], zoom: 5 });
      await userEvent.click(screen.getByRole('button', { name: 'Polygon' }));
      const keys = useKeys(mapRegion());

      keys('Enter');
      expect(liveRegion()).toHaveTextContent('Point 1 added.');
      keys('ArrowRight', 'Enter', 'ArrowDown', 'Enter');
      expect(liveRegion()).toHaveTextContent('Point 3 added.');
      expect(screen.getByText('3 points added')).toBeInTheDocument();
      // Back to the first point and Enter closes the ring.
      keys('ArrowUp', 'ArrowLeft', 'Enter');

      expect(onShapeDrawn).toHaveBeenCalledTimes(1);
      const shape = onShapeDrawn.mock.calls[0]![0];
      expect(shape.kind).toBe('polygon');
      const ring = shape.geometry.coordinates[0]!;
      expect(ring).toHaveLength(4);
      expect(ring[0]).toEqual(ring[3]);
      const [west, south, east, north] = shape.bbox;
      expect(west).toBeCloseTo(104, 6);
      expect(north).toBeCloseTo(36, 6);
      expect(east).toBeGreaterThan(west);
      expect(south).toBeLessThan(north);
      expect(liveRegion()).toHaveTextContent(/^Polygon drawn, area [\d,.]+ km²\.$/);
      expect(screen.getByRole('button', { name: 'Polygon' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('draws a rectangle from two corners', () => {
      const onShapeDrawn = jest.fn<void, [DrawnShape]>();
      renderMap({ tools: ['rectangle'], onShapeDrawn, center: [104, 36], zoom: 5 });
      fireEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
      const keys = useKeys(mapRegion());
      keys('Enter');
      expect(liveRegion()).toHaveTextContent(en.MapView.announce.cornerSet);
      keys('ArrowLeft', 'ArrowDown', 'Enter');
      expect(onShapeDrawn).toHaveBeenCalledTimes(1);
      const { kind, bbox, geometry } = onShapeDrawn.mock.calls[0]![0];
      expect(kind).toBe('rectangle');
      expect(bbox[2]).toBeCloseTo(104, 6);
      expect(bbox[3]).toBeCloseTo(36, 6);
      expect(geometry.coordinates[0]).toEqual([
        [bbox[0], bbox[1]],
        [bbox[2], bbox[1]],
        [bbox[2], bbox[3]],
        [bbox[0], bbox[3]],
        [bbox[0], bbox[1]],
      ]);
    });

    it('measures a distance, with Backspace removing the last point and Finish ending it', async () => {
      renderMap({ tools: ['distance'], center: [104, 36], zoom: 5 });
      fireEvent.click(screen.getByRole('button', { name: 'Distance' }));
      const keys = useKeys(mapRegion());
      keys('Enter', 'ArrowRight', 'Enter');
      expect(liveRegion()).toHaveTextContent(/^Point 2 added\. Length: [\d.]+ km$/);
      keys('ArrowRight', 'Enter', 'Backspace');
      expect(liveRegion()).toHaveTextContent('Last point removed, 2 left.');
      await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
      expect(liveRegion()).toHaveTextContent(/^Measured length [\d.]+ km\.$/);
      expect(mapRegion()).toHaveFocus();
      await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
      expect(liveRegion()).toHaveTextContent(en.MapView.announce.cleared);
      expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    });

    it('draws a rectangle by press-drag and a polygon by clicks and a double-click (mouse)', () => {
      const onShapeDrawn = jest.fn<void, [DrawnShape]>();
      renderMap({ tools: ['rectangle', 'polygon'], onShapeDrawn, center: [104, 36], zoom: 5 });
      const map = mapRegion();
      fireEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
      fireEvent.mouseDown(map, { clientX: 10, clientY: 10, button: 0 });
      fireEvent.mouseMove(map, { clientX: 40, clientY: 30 });
      fireEvent.mouseUp(map, { clientX: 60, clientY: 40, button: 0 });
      fireEvent.click(map, { clientX: 60, clientY: 40 });
      expect(onShapeDrawn).toHaveBeenCalledTimes(1);
      const [west, south, east, north] = onShapeDrawn.mock.calls[0]![0].bbox;
      expect(east).toBeGreaterThan(west);
      expect(north).toBeGreaterThan(south);

      fireEvent.click(screen.getByRole('button', { name: 'Polygon' }));
      for (const [x, y] of [
        [10, 10],
        [80, 10],
        [80, 60],
      ])
        fireEvent.click(map, { clientX: x, clientY: y });
      // The two clicks of the double-click land on the last point: no duplicate vertex.
      fireEvent.click(map, { clientX: 80, clientY: 60 });
      fireEvent.dblClick(map, { clientX: 80, clientY: 60 });
      expect(onShapeDrawn).toHaveBeenCalledTimes(2);
      const polygon = onShapeDrawn.mock.calls[1]![0];
      expect(polygon.kind).toBe('polygon');
      expect(polygon.geometry.coordinates[0]).toHaveLength(4);

      // A click on the first point closes a polygon too.
      fireEvent.click(screen.getByRole('button', { name: 'Polygon' }));
      for (const [x, y] of [
        [10, 10],
        [80, 10],
        [80, 60],
        [40, 80],
        [12, 11],
      ])
        fireEvent.click(map, { clientX: x, clientY: y });
      expect(onShapeDrawn).toHaveBeenCalledTimes(3);
      expect(onShapeDrawn.mock.calls[2]![0].geometry.coordinates[0]).toHaveLength(5);
    });

    it('will not finish a polygon with too few points', () => {
      const onShapeDrawn = jest.fn();
      renderMap({ tools: ['area'], onShapeDrawn });
      fireEvent.click(screen.getByRole('button', { name: 'Area' }));
      const keys = useKeys(mapRegion());
      keys('Enter', 'ArrowRight', 'Enter');
      expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
      keys('Escape');
      expect(liveRegion()).toHaveTextContent(en.MapView.announce.cancelled);
      expect(screen.getByRole('button', { name: 'Area' })).toHaveAttribute('aria-pressed', 'false');
      expect(onShapeDrawn).not.toHaveBeenCalled();
    });
  });
});

describe('MapView entry', () => {
  it('shows a sized loading skeleton, then the map', async () => {
    const { MapView } = await import('./index');
    render(<MapView config={config} label="Lazy map" height={320} />);
    const skeleton = screen.getByRole('status', { name: en.MapView.loading });
    expect(skeleton.parentElement).toHaveStyle({ height: '320px' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Lazy map' })).toBeInTheDocument());
  });
});
