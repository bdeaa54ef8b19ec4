'use client';

import { useQueries } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  MapView,
  type BBox,
  type DrawnShape,
  type ImageOverlayLayer,
  type OutlineLayer,
  type SelectableFeatures,
  type WmsLayer,
} from '@/components/map';
import { bboxPolygon } from '@/lib/shared/geo/bbox';
import { fetchRegionGeometry, regionKeys } from '@/lib/client/queries/regions';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import type { Scene } from '@/lib/shared/contracts/catalogue';
import { areaBbox, SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { formatAcquired, sceneTitle } from '@/lib/shared/catalogue/scene-format';
import { localQuicklook } from './results-panel';
import { useUploadedArea } from './upload-area-data';

const REGION_STALE_TIME = 24 * 60 * 60 * 1000;
const UNCOVERED_FILL = { uncovered: '#ea580c' } as const;

const extentFeature = (box: BBox): Feature => ({ type: 'Feature', id: 'extent', properties: {}, geometry: bboxPolygon(box) });

/** The box around several boxes. */
function unionBox(boxes: readonly BBox[]): BBox | null {
  if (boxes.length === 0) return null;
  return boxes.reduce<BBox>(
    (u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

export interface CatalogMapProps {
  config: MapClientConfig;
  scenes: readonly Scene[];
  selectedScene: Scene | undefined;
  /** The density layer of all matching footprints, when the map services offer it. */
  densityLayers: WmsLayer[];
  /** The part of the area the analysed scenes leave uncovered (COVERAGE tab), outlined and filled. */
  uncovered?: Polygon | MultiPolygon | null;
  height: number | string;
}

/**
 * The image query map: the chosen area (region outlines, extent, drawn polygon), the footprints of the
 * current page linked with the list, the selected scene's quick-look, and the density of all matches.
 * The rectangle tool sets the extent (EXTENT mode), the polygon tool the drawn area (DRAW mode).
 */
export function CatalogMap({ config, scenes, selectedScene, densityLayers, uncovered = null, height }: CatalogMapProps) {
  const t = useTranslations('Normal');
  const tc = useTranslations('Coverage');
  const locale = useLocale();
  const { selectStatus, regionCodes, extent, geojson, selectedSceneId, hoveredSceneId, previewOn, uploadedAreaId } = useSelectionStore(
    useShallow((s) => ({
      uploadedAreaId: s.uploadIds.area,
      selectStatus: s.selectStatus,
      regionCodes: s.regionCodes,
      extent: s.extent,
      geojson: s.geojson,
      selectedSceneId: s.selectedSceneId,
      hoveredSceneId: s.hoveredSceneId,
      previewOn: s.previewOn,
    })),
  );
  const { setMode, setExtent, setDrawn, selectScene, hoverScene } = useSelectionStore(
    useShallow((s) => ({
      setMode: s.setMode,
      setExtent: s.setExtent,
      setDrawn: s.setDrawn,
      selectScene: s.selectScene,
      hoverScene: s.hoverScene,
    })),
  );

  const regionQueries = useQueries({
    queries: (selectStatus === SELECT_MODES.REGION ? regionCodes : []).map((code) => ({
      queryKey: regionKeys.geometry(locale, code, 'lo'),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRegionGeometry(code, 'lo', { signal }),
      staleTime: REGION_STALE_TIME,
    })),
  });
  const uploaded = useUploadedArea(selectStatus === SELECT_MODES.SHP ? uploadedAreaId : null).data;
  const regionFeatures = regionQueries.map((q) => q.data).filter((f) => f !== undefined);
  const regionKey = regionFeatures.map((f) => f.id).join(',');

  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (selectStatus === SELECT_MODES.REGION && regionFeatures.length > 0)
      layers.push({
        id: `regions-${regionKey}`,
        data: { type: 'FeatureCollection', features: regionFeatures } as FeatureCollection,
        interactive: false,
      });
    if (selectStatus === SELECT_MODES.EXTENT && extent) layers.push({ id: 'extent', data: extentFeature(extent), interactive: false });
    if (selectStatus === SELECT_MODES.DRAW && geojson)
      layers.push({ id: 'drawn', data: { type: 'Feature', id: 'drawn', properties: {}, geometry: geojson }, interactive: false });
    if (selectStatus === SELECT_MODES.SHP && uploaded)
      layers.push({
        id: `upload-${uploaded.id}`,
        data: { type: 'Feature', id: uploaded.id, properties: {}, geometry: uploaded.geometry },
        interactive: false,
      });
    if (uncovered)
      layers.push({
        id: 'uncovered',
        data: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', id: 'uncovered', properties: { name: tc('uncoveredLabel') }, geometry: uncovered }],
        },
        emphasis: 'context',
        fillColors: UNCOVERED_FILL,
        interactive: false,
      });
    return layers;
    // regionKey stands for the features' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectStatus, regionKey, extent, geojson, uploaded, uncovered, tc]);

  const footprints = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: scenes.map((scene) => ({ type: 'Feature', id: scene.id, properties: {}, geometry: scene.footprint })),
    }),
    [scenes],
  );
  const labels = useMemo(
    () =>
      Object.fromEntries(
        scenes.map((s) => [s.id, `${sceneTitle(s)} · ${formatAcquired(s.acquiredAt)}${s.source === 'demo' ? ` · ${t('demo')}` : ''}`]),
      ),
    [scenes, t],
  );
  const selectable = useMemo<SelectableFeatures>(
    () => ({
      data: footprints,
      selectedId: selectedSceneId,
      hoveredId: hoveredSceneId,
      onHover: hoverScene,
      onSelect: selectScene,
      labels,
    }),
    [footprints, selectedSceneId, hoveredSceneId, hoverScene, selectScene, labels],
  );

  const imageOverlays = useMemo<ImageOverlayLayer[]>(
    () =>
      previewOn && selectedScene && localQuicklook(selectedScene)
        ? [
            {
              id: selectedScene.id,
              url: localQuicklook(selectedScene)!,
              bbox: selectedScene.bbox,
              alt: t('result.quicklookOf', { name: selectedScene.fileName }),
            },
          ]
        : [],
    [previewOn, selectedScene, t],
  );

  // One box to fit, so two fits never race: the selected scene, else the page's footprints, else the area.
  const pageBox = useMemo(() => unionBox(scenes.map((s) => s.bbox)), [scenes]);
  const areaBox = useMemo((): BBox | null => {
    if (selectStatus === SELECT_MODES.REGION) return unionBox(regionFeatures.map((f) => f.properties.bbox));
    if (selectStatus === SELECT_MODES.EXTENT) return extent;
    if (selectStatus === SELECT_MODES.DRAW && geojson) return unionBox([areaBbox(geojson)]);
    if (selectStatus === SELECT_MODES.SHP && uploaded) return uploaded.bbox;
    return null;
    // regionKey stands for the features' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectStatus, regionKey, extent, geojson, uploaded]);
  const fitBounds = selectedScene?.bbox ?? pageBox ?? areaBox;

  const onShapeDrawn = (shape: DrawnShape) => {
    if (shape.kind === 'rectangle') {
      setMode(SELECT_MODES.EXTENT);
      setExtent(shape.bbox);
    } else {
      // The drawing tools answer closed rings of [lon, lat] positions.
      setDrawn({
        type: 'Polygon',
        coordinates: shape.geometry.coordinates.map((ring) => ring.map(([lon, lat]) => [lon!, lat!] as [number, number])),
      });
    }
  };

  return (
    <MapView
      config={config}
      label={t('mapLabel')}
      height={height}
      outlines={outlines}
      selectable={scenes.length > 0 ? selectable : null}
      imageOverlays={imageOverlays}
      wmsLayers={densityLayers}
      fitBounds={fitBounds}
      tools={['rectangle', 'polygon']}
      onShapeDrawn={onShapeDrawn}
    />
  );
}
