/**
 * Draws features onto a transparent canvas with @napi-rs/canvas (Skia, prebuilt from npm) and encodes
 * PNG. Vertices closer than a third of a pixel to the previous one are skipped, so coarse views of
 * detailed outlines stay cheap.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodePng } from './png';
import type { ParsedGeometry, Ring } from './wkb';

export type Project = (lon: number, lat: number) => [number, number];

export interface PaintStyle {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** Point marker radius in pixels. */
  radius?: number;
}

export interface DrawItem {
  geometry: ParsedGeometry;
  style: PaintStyle;
}

const MIN_STEP_SQ = (1 / 3) ** 2;

function tracePolygonRing(ctx: SKRSContext2D, ring: Ring, project: Project): void {
  const n = ring.length / 2;
  if (n < 3) return;
  let [px, py] = project(ring[0]!, ring[1]!);
  ctx.moveTo(px, py);
  for (let i = 1; i < n; i++) {
    const [x, y] = project(ring[i * 2]!, ring[i * 2 + 1]!);
    const dx = x - px;
    const dy = y - py;
    if (dx * dx + dy * dy < MIN_STEP_SQ && i < n - 1) continue;
    ctx.lineTo(x, y);
    px = x;
    py = y;
  }
  ctx.closePath();
}

function traceLine(ctx: SKRSContext2D, ring: Ring, project: Project): void {
  const n = ring.length / 2;
  let [px, py] = project(ring[0]!, ring[1]!);
  ctx.moveTo(px, py);
  for (let i = 1; i < n; i++) {
    const [x, y] = project(ring[i * 2]!, ring[i * 2 + 1]!);
    const dx = x - px;
    const dy = y - py;
    if (dx * dx + dy * dy < MIN_STEP_SQ && i < n - 1) continue;
    ctx.lineTo(x, y);
    px = x;
    py = y;
  }
}

export interface RenderOptions {
  width: number;
  height: number;
  background?: string | null;
  project: Project;
}

export function renderPng(items: readonly DrawItem[], options: RenderOptions): Buffer {
  const { width, height, project } = options;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (options.background) {
    ctx.fillStyle = options.background;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const { geometry, style } of items) {
    if (geometry.polygons.length) {
      ctx.beginPath();
      for (const polygon of geometry.polygons) for (const ring of polygon) tracePolygonRing(ctx, ring, project);
      if (style.fill) {
        ctx.fillStyle = style.fill;
        ctx.fill('evenodd');
      }
      if (style.stroke) {
        ctx.strokeStyle = style.stroke;
        ctx.lineWidth = style.lineWidth ?? 1;
        ctx.stroke();
      }
    }
    if (geometry.lines.length && style.stroke) {
      ctx.beginPath();
      for (const line of geometry.lines) traceLine(ctx, line, project);
      ctx.strokeStyle = style.stroke;
      ctx.lineWidth = style.lineWidth ?? 1;
      ctx.stroke();
    }
    for (const point of geometry.points) {
      const [x, y] = project(point[0]!, point[1]!);
      ctx.beginPath();
      ctx.arc(x, y, style.radius ?? 4, 0, Math.PI * 2);
      if (style.fill) {
        ctx.fillStyle = style.fill;
        ctx.fill();
      }
      if (style.stroke) {
        ctx.strokeStyle = style.stroke;
        ctx.lineWidth = style.lineWidth ?? 1;
        ctx.stroke();
      }
    }
  }
  const pixels = ctx.getImageData(0, 0, width, height).data;
  return encodePng(pixels, width, height);
}
