'use client';

import '@/components/providers/mantine-screen-styles';
import 'leaflet/dist/leaflet.css';
import { VisuallyHidden } from '@mantine/core';
import type { Map as LeafletMap, PopupEvent } from 'leaflet';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useId, useReducer, useState, type KeyboardEvent } from 'react';
import { MapContainer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { wmsServiceUrl, type BaseLayerKind } from '@/lib/shared/map/config';
import { DEFAULT_MAP_CENTER } from '@/lib/shared/regions/codes';
import { BaseLayers, BaseLayerSwitch } from './base-layers';
import { isDrawTool, toDrawnShape } from './draw-tools';
import { ImageOverlays } from './image-overlays';
import { LegendControl } from './legend-control';
import { LineLayers } from './line-layer';
import classes from './map-view.module.css';
import { MarkerLayer } from './marker-layer';
import { RegionOutlines } from './region-outlines';
import { SelectableFeatureLayer } from './selectable-features';
import { INITIAL_SKETCH, sketchReducer } from './sketch';
import { SketchLayer } from './sketch-layer';
import { useSketchText } from './sketch-text';
import { ToolBar } from './tool-bar';
import type { BBox, MapViewProps } from './types';
import { sameView, type LinkedView, type ViewLink } from './view-link';
import { WmsOverlays } from './wms-overlays';
import { prefersReducedMotion } from '@/lib/client/motion';

export const DEFAULT_ZOOM = 4;

/** Names the map container for assistive technology and translates Leaflet's built-in English labels. */
function MapAccessibility({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap();
  const t = useTranslations('MapView');
  const closeLabel = t('closePopup');

  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', t('roleDescription'));
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy, t]);

  useEffect(() => {
    const onPopupOpen = (event: PopupEvent) => {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', closeLabel);
      close?.setAttribute('title', closeLabel);
    };
    map.on('popupopen', onPopupOpen);
    return () => {
      map.off('popupopen', onPopupOpen);
    };
  }, [map, closeLabel]);

  return null;
}

/** Keeps Leaflet's idea of the map size right when the layout changes (panels, phone rotation). */
function ResizeInvalidator() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * Applies later changes of `center`, `zoom` and `fitBounds` (MapContainer reads them only once). With
 * `keepInitial` (a linked map that started at the link's view) the values it mounted with are not applied.
 */
function ViewSync({
  lon,
  lat,
  zoom,
  bounds,
  keepInitial,
}: {
  lon: number;
  lat: number;
  zoom: number;
  bounds: BBox | null;
  keepInitial: boolean;
}) {
  const map = useMap();
  const [west, south, east, north] = bounds ?? [];
  // Compared by value, so the effects stay idempotent (React may run them twice on mount).
  const [initial] = useState(() => ({ view: `${lon},${lat},${zoom}`, bounds: String(bounds) }));

  useEffect(() => {
    if (keepInitial && initial.view === `${lon},${lat},${zoom}`) return;
    map.setView([lat, lon], zoom);
  }, [map, lon, lat, zoom, keepInitial, initial]);

  useEffect(() => {
    if (west === undefined || south === undefined || east === undefined || north === undefined) return;
    if (keepInitial && initial.bounds === String([west, south, east, north])) return;
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [16, 16] },
    );
  }, [map, west, south, east, north, keepInitial, initial]);

  return null;
}

/** Follows and reports the view shared through a ViewLink (see view-link.ts for why this cannot loop). */
function LinkedViewSync({ link }: { link: ViewLink }) {
  const map = useMap();
  useEffect(() => {
    const id = Symbol('map');
    const viewOf = (): LinkedView => {
      const center = map.getCenter();
      return { center: [center.lng, center.lat], zoom: map.getZoom() };
    };
    // While following, this map's own moveend (fired synchronously by an unanimated setView) is not
    // published: Leaflet pans by whole pixels, so the centre it lands on differs from the one asked for
    // by a fraction of a pixel. Published, that echo moved the leader, whose echo moved this map again:
    // two maps a sub-pixel apart ping-ponged until the stack overflowed (RangeError on every load).
    let following = false;
    const follow = (view: LinkedView) => {
      if (sameView(viewOf(), view)) return;
      following = true;
      try {
        map.setView([view.center[1], view.center[0]], view.zoom, { animate: false });
      } finally {
        following = false;
      }
    };
    const unsubscribe = link.subscribe(id, follow);
    const onMoveEnd = () => {
      if (!following) link.publish(id, viewOf());
    };
    map.on('moveend', onMoveEnd);
    // A map mounted after the others moved catches up (its outlines may have fitted it elsewhere).
    const current = link.current();
    if (current) follow(current);
    else link.publish(id, viewOf());
    return () => {
      map.off('moveend', onMoveEnd);
      unsubscribe();
    };
  }, [map, link]);
  return null;
}

/** Reports map clicks as [longitude, latitude]. */
function ClickReporter({ onClick }: { onClick: (point: [number, number]) => void }) {
  useMapEvents({ click: (event) => onClick([event.latlng.lng, event.latlng.lat]) });
  return null;
}

/** The map itself (client only; loaded through index.tsx). See types.ts for the props. */
export function MapViewImpl({
  config,
  label,
  center = [DEFAULT_MAP_CENTER[0], DEFAULT_MAP_CENTER[1]],
  zoom = DEFAULT_ZOOM,
  fitBounds = null,
  outlines = [],
  wmsLayers = [],
  legend = null,
  markers,
  selectedMarkerId = null,
  onSelectMarker,
  selectable = null,
  imageOverlays,
  lines,
  tools = [],
  onShapeDrawn,
  height = '100%',
  viewLink,
  baseSwitch = true,
  onMapClick,
}: MapViewProps) {
  const text = useSketchText();
  const { t } = text;
  const helpId = useId();
  const [baseKind, setBaseKind] = useState<BaseLayerKind>('vec');
  const [sketch, dispatch] = useReducer(sketchReducer, INITIAL_SKETCH);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [panelHost, setPanelHost] = useState<HTMLDivElement | null>(null);
  const [lon, lat] = center;
  // A linked map mounted after the others starts where they are.
  const [linked] = useState(() => viewLink?.current() ?? null);
  // Tiles fade in and zooms glide unless the reader asked for less motion (read once: Leaflet takes it at mount).
  const [still] = useState(prefersReducedMotion);

  const shapeDrawn = useEffectEvent((done: NonNullable<typeof sketch.done>) => {
    if (isDrawTool(done.tool)) onShapeDrawn?.(toDrawnShape(done.tool, done.points));
  });
  useEffect(() => {
    if (sketch.done) shapeDrawn(sketch.done);
  }, [sketch.done]);

  // Escape cancels from the toolbar and the result panel too (on the map it is handled with the other keys).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && sketch.tool && event.target !== map?.getContainer()) dispatch({ type: 'cancel' });
  };

  return (
    <div className={classes.root} style={{ height }} onKeyDown={onKeyDown}>
      {tools.length > 0 ? (
        <ToolBar
          tools={tools}
          active={sketch.tool}
          label={t('tools.label')}
          toolLabel={text.toolLabel}
          onToggle={(tool) => dispatch({ type: 'toggle', tool })}
        />
      ) : null}
      <div ref={setPanelHost} />
      <div className={classes.frame} data-sketching={sketch.tool ?? undefined}>
        <MapContainer
          ref={setMap}
          className={classes.map}
          center={linked ? [linked.center[1], linked.center[0]] : [lat, lon]}
          zoom={linked ? linked.zoom : zoom}
          minZoom={2}
          zoomControl={false}
          fadeAnimation={!still}
          zoomAnimation={!still}
          markerZoomAnimation={!still}
        >
          <ZoomControl position="topleft" zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />
          <MapAccessibility label={label} describedBy={helpId} />
          <ResizeInvalidator />
          <ViewSync lon={lon} lat={lat} zoom={zoom} bounds={fitBounds} keepInitial={linked !== null} />
          <BaseLayers config={config} kind={baseKind} />
          {baseSwitch ? <BaseLayerSwitch value={baseKind} onChange={setBaseKind} /> : null}
          <WmsOverlays serviceUrl={wmsServiceUrl(config.serviceBase)} layers={wmsLayers} identifyEnabled={sketch.tool === null} />
          {imageOverlays ? <ImageOverlays layers={imageOverlays} /> : null}
          <RegionOutlines outlines={outlines} base={baseKind} />
          {selectable ? <SelectableFeatureLayer layer={selectable} /> : null}
          {lines ? <LineLayers layers={lines} /> : null}
          {legend ? <LegendControl legend={legend} /> : null}
          {markers ? <MarkerLayer markers={markers} selectedId={selectedMarkerId} onSelect={onSelectMarker} /> : null}
          {tools.length > 0 ? <SketchLayer state={sketch} dispatch={dispatch} panelHost={panelHost} /> : null}
          {viewLink ? <LinkedViewSync link={viewLink} /> : null}
          {onMapClick && sketch.tool === null ? <ClickReporter onClick={onMapClick} /> : null}
        </MapContainer>
        {sketch.tool ? <span className={classes.crosshair} aria-hidden="true" /> : null}
      </div>
      <p id={helpId} hidden>
        {t('keyboardHelp')}
      </p>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {text.announcement(sketch)}
      </VisuallyHidden>
    </div>
  );
}
