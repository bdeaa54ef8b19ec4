'use client';

import type { LeafletMouseEvent, Map as LeafletMap, Popup as LeafletPopup } from 'leaflet';
import wms, { type Source, type SourceOptions } from 'leaflet.wms';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { featureInfoUrl, parseFeatureInfo, type FeatureInfoView, type LayerFeatureInfo } from './feature-info';
import classes from './map-view.module.css';
import type { BBox, WmsLayer } from './types';

/** Above the base tiles (1) and below the annotation tiles (50) in the tile pane. */
const OVERLAY_Z_INDEX = 10;

function sourceOptions(
  styles: string | undefined,
  cqlFilter: string | undefined,
  params: string,
  maxZoom: number | undefined,
): SourceOptions {
  const options: SourceOptions = {
    format: 'image/png',
    transparent: true,
    version: '1.1.1',
    styles: styles ?? '',
    tiled: true,
    // Clicks are answered by FeatureInfoPopup for all overlays at once.
    identify: false,
    // leaflet.wms would hand down Layer's default overlayPane: keep the tiles with the other tiles, under the outlines.
    pane: 'tilePane',
    zIndex: OVERLAY_Z_INDEX,
  };
  if (cqlFilter) options.CQL_FILTER = cqlFilter;
  // Tiles are not drawn beyond maxZoom (Leaflet's GridLayer option).
  if (maxZoom !== undefined) options.maxZoom = maxZoom;
  return { ...(JSON.parse(params) as Record<string, string>), ...options };
}

function WmsOverlay({ serviceUrl, layer }: { serviceUrl: string; layer: WmsLayer }) {
  const map = useMap();
  const sourceRef = useRef<Source | null>(null);
  const { layers, styles, cqlFilter, maxZoom } = layer;
  const opacity = layer.opacity ?? 1;
  // Compared by value: a new object with the same parameters keeps the tiles.
  const params = JSON.stringify(layer.params ?? {});

  // A new filter or style is a new source: leaflet.wms keeps its parameters for GetMap and identify apart.
  useEffect(() => {
    const source = wms.source(serviceUrl, sourceOptions(styles, cqlFilter, params, maxZoom));
    // leaflet.wms 0.2 sources lack onRemove, so they could never leave the map; removing the
    // sub-layer below already takes the tiles away.
    source.onRemove = () => source;
    const subLayer = source.getLayer(layers);
    subLayer.addTo(map);
    sourceRef.current = source;
    return () => {
      subLayer.remove();
      source.remove();
      sourceRef.current = null;
    };
  }, [map, serviceUrl, layers, styles, cqlFilter, params, maxZoom]);

  // Runs after the source effect, so a new source gets the current opacity too.
  useEffect(() => {
    sourceRef.current?.setOpacity(opacity);
  }, [opacity, map, serviceUrl, layers, styles, cqlFilter, params, maxZoom]);

  return null;
}

type LayerResult = { status: 'loading' } | { status: 'error' } | { status: 'done'; info: LayerFeatureInfo };

interface Query {
  id: number;
  position: [number, number];
  results: Record<string, LayerResult>;
}

function viewAt(map: LeafletMap, event: LeafletMouseEvent): FeatureInfoView {
  const bounds = map.getBounds();
  const crs = map.options.crs!;
  const sw = crs.project(bounds.getSouthWest());
  const ne = crs.project(bounds.getNorthEast());
  const size = map.getSize();
  const bbox: BBox = [sw.x, sw.y, ne.x, ne.y];
  return { bbox, width: size.x, height: size.y, x: event.containerPoint.x, y: event.containerPoint.y };
}

async function fetchLayerInfo(url: string, signal: AbortSignal): Promise<LayerFeatureInfo> {
  const response = await fetch(url, { signal, credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GetFeatureInfo ${response.status}`);
  return parseFeatureInfo(await response.json());
}

function InfoTable({ rows }: { rows: [string, string][] }) {
  const t = useTranslations('MapView.featureInfo');
  return (
    <table className={classes.infoTable}>
      <thead>
        <tr>
          <th scope="col">{t('attribute')}</th>
          <th scope="col">{t('value')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LayerSection({ title, result }: { title: string; result: LayerResult }) {
  const t = useTranslations('MapView.featureInfo');
  let body;
  if (result.status === 'loading') body = <p className={classes.infoNote}>{t('loading')}</p>;
  else if (result.status === 'error') body = <p className={classes.infoNote}>{t('error')}</p>;
  else if (result.info.features.length === 0) body = <p className={classes.infoNote}>{t('empty')}</p>;
  else
    body = (
      <>
        {result.info.features.map((rows, i) => (
          <InfoTable key={i} rows={rows} />
        ))}
        {result.info.more > 0 ? <p className={classes.infoNote}>{t('more', { count: result.info.more })}</p> : null}
      </>
    );
  return (
    <section className={classes.infoSection}>
      <p className={classes.infoTitle}>{title}</p>
      {body}
    </section>
  );
}

/** Clicking the map asks every overlay with `featureInfo` what is there and shows the answers in one popup. */
function FeatureInfoPopup({ serviceUrl, layers, enabled }: { serviceUrl: string; layers: WmsLayer[]; enabled: boolean }) {
  const map = useMap();
  const [query, setQuery] = useState<Query | null>(null);
  const popupRef = useRef<LeafletPopup | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const lastIdRef = useRef(0);

  const identify = useEffectEvent((event: LeafletMouseEvent) => {
    const targets = layers.filter((layer) => layer.featureInfo);
    if (!enabled || targets.length === 0) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const id = ++lastIdRef.current;
    const view = viewAt(map, event);
    setQuery({
      id,
      position: [event.latlng.lat, event.latlng.lng],
      results: Object.fromEntries(targets.map((layer) => [layer.id, { status: 'loading' }])),
    });
    const settle = (layerId: string, result: LayerResult) =>
      setQuery((current) => (current?.id === id ? { ...current, results: { ...current.results, [layerId]: result } } : current));
    for (const layer of targets) {
      fetchLayerInfo(featureInfoUrl(serviceUrl, layer, view), controller.signal).then(
        (info) => settle(layer.id, { status: 'done', info }),
        () => {
          if (!controller.signal.aborted) settle(layer.id, { status: 'error' });
        },
      );
    }
  });

  useEffect(() => {
    const onClick = (event: LeafletMouseEvent) => identify(event);
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      abortRef.current?.abort();
    };
  }, [map]);

  // Answers change the popup's size: let Leaflet re-place it.
  useEffect(() => {
    popupRef.current?.update();
  }, [query]);

  if (!query) return null;
  return (
    <Popup
      ref={popupRef}
      position={query.position}
      maxWidth={320}
      maxHeight={280}
      eventHandlers={{ remove: () => setQuery((current) => (current?.id === query.id ? null : current)) }}
    >
      <div className={classes.infoPopup}>
        {layers
          .filter((layer) => query.results[layer.id])
          .map((layer) => (
            <LayerSection key={layer.id} title={layer.title} result={query.results[layer.id]!} />
          ))}
      </div>
    </Popup>
  );
}

/** WMS overlays through leaflet.wms (tiled, transparent PNG), with GetFeatureInfo on click. */
export function WmsOverlays({ serviceUrl, layers, identifyEnabled }: { serviceUrl: string; layers: WmsLayer[]; identifyEnabled: boolean }) {
  return (
    <>
      {layers.map((layer) => (
        <WmsOverlay key={layer.id} serviceUrl={serviceUrl} layer={layer} />
      ))}
      <FeatureInfoPopup serviceUrl={serviceUrl} layers={layers} enabled={identifyEnabled} />
    </>
  );
}
