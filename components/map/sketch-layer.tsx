'use client';

import { Button, Group, Text } from '@mantine/core';
import { latLngBounds, type PathOptions } from 'leaflet';
import { useState, type Dispatch } from 'react';
import { createPortal } from 'react-dom';
import { CircleMarker, Polygon, Polyline, Rectangle, useMap } from 'react-leaflet';
import { isDrawTool } from './draw-tools';
import classes from './map-view.module.css';
import { measureSketch } from './measure-tool';
import { MIN_POINTS, type SketchAction, type SketchPoint, type SketchState } from './sketch';
import { useSketchText } from './sketch-text';
import type { MapTool } from './types';
import { useSketchInput } from './use-sketch-input';

const DRAW_COLOR = '#1971c2';
const MEASURE_COLOR = '#e8590c';

function pathStyle(tool: MapTool, inProgress: boolean): PathOptions {
  const color = isDrawTool(tool) ? DRAW_COLOR : MEASURE_COLOR;
  // Sketch shapes never take clicks: every click belongs to the tool.
  return { color, weight: 3, fillOpacity: 0.15, dashArray: inProgress ? '6 6' : undefined, interactive: false };
}

function SketchShape({ tool, points, inProgress }: { tool: MapTool; points: SketchPoint[]; inProgress: boolean }) {
  const style = pathStyle(tool, inProgress);
  const [first, second] = points;
  if (tool === 'rectangle') {
    return first && second ? <Rectangle bounds={latLngBounds(first, second)} pathOptions={style} /> : null;
  }
  if (tool === 'distance' || points.length < 3) {
    return points.length >= 2 ? <Polyline positions={points} pathOptions={style} /> : null;
  }
  return <Polygon positions={points} pathOptions={style} />;
}

function Vertices({ tool, points }: { tool: MapTool; points: SketchPoint[] }) {
  const color = isDrawTool(tool) ? DRAW_COLOR : MEASURE_COLOR;
  return points.map((point, index) => (
    <CircleMarker
      key={index}
      center={point}
      // The first vertex is larger: Enter or a click there closes the ring.
      radius={index === 0 && tool !== 'distance' ? 6 : 4}
      pathOptions={{ color, weight: 2, fillColor: '#ffffff', fillOpacity: 1, interactive: false }}
    />
  ));
}

function SketchPanel({ state, preview, dispatch }: { state: SketchState; preview: SketchPoint | null; dispatch: Dispatch<SketchAction> }) {
  const map = useMap();
  const { t, toolLabel, length, area } = useSketchText();
  const tool = state.tool ?? state.done?.tool;
  if (!tool) return null;
  const drawing = state.tool !== null;
  const points = drawing ? (preview ? [...state.points, preview] : state.points) : (state.done?.points ?? []);
  const measure = measureSketch(tool, points);
  const closedEnough = measure.area !== null && points.length >= MIN_POINTS[tool];

  // Buttons that remove themselves hand focus back to the map, where the keyboard tools work.
  const act = (action: SketchAction) => {
    dispatch(action);
    map.getContainer().focus();
  };

  return (
    <div className={classes.panel}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="md" wrap="wrap" className={classes.panelFigures}>
          <Text fw={600} size="sm">
            {toolLabel(tool)}
          </Text>
          {drawing && tool !== 'rectangle' ? <Text size="sm">{t('points', { count: state.points.length })}</Text> : null}
          {tool === 'distance' && points.length >= 2 ? <Text size="sm">{t('length', { value: length(measure.length) })}</Text> : null}
          {closedEnough ? <Text size="sm">{t('area', { value: area(measure.area ?? 0) })}</Text> : null}
          {closedEnough ? <Text size="sm">{t('perimeter', { value: length(measure.length) })}</Text> : null}
        </Group>
        <Group gap={6} wrap="wrap">
          {drawing && tool !== 'rectangle' ? (
            <Button size="xs" h={40} onClick={() => act({ type: 'finish' })} disabled={state.points.length < MIN_POINTS[tool]}>
              {t('finish')}
            </Button>
          ) : null}
          {drawing && state.points.length > 0 ? (
            <Button size="xs" h={40} variant="default" onClick={() => act({ type: 'undo' })}>
              {t('undo')}
            </Button>
          ) : null}
          <Button size="xs" h={40} variant="default" onClick={() => act({ type: drawing ? 'cancel' : 'clear' })}>
            {drawing ? t('cancel') : t('clear')}
          </Button>
        </Group>
      </Group>
      {drawing ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t(`hint.${tool}`)} <span className={classes.keysHint}>{t(`keys.${tool}`)}</span>
        </Text>
      ) : null}
    </div>
  );
}

export interface SketchLayerProps {
  state: SketchState;
  dispatch: Dispatch<SketchAction>;
  /** Where the result panel goes: a strip outside the map, so it never covers the crosshair. */
  panelHost: HTMLElement | null;
}

/** The draw and measure tools on the map: input, the shape being drawn or the last result, and the result panel. */
export function SketchLayer({ state, dispatch, panelHost }: SketchLayerProps) {
  const [preview, setPreview] = useState<SketchPoint | null>(null);
  useSketchInput(state, dispatch, setPreview);

  const active = state.tool ? { tool: state.tool, points: preview ? [...state.points, preview] : state.points } : null;
  return (
    <>
      {active ? (
        <>
          <SketchShape tool={active.tool} points={active.points} inProgress />
          <Vertices tool={active.tool} points={state.points} />
        </>
      ) : null}
      {state.done ? (
        <>
          <SketchShape tool={state.done.tool} points={state.done.points} inProgress={false} />
          {state.done.tool === 'distance' ? <Vertices tool="distance" points={state.done.points} /> : null}
        </>
      ) : null}
      {panelHost ? createPortal(<SketchPanel state={state} preview={preview} dispatch={dispatch} />, panelHost) : null}
    </>
  );
}
