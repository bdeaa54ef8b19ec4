import 'server-only';
/**
 * Draws the DEMO quick-look of a scene: the portal's own boundaries (countries from `global_regions`,
 * Chinese provinces from `regions`) in muted earth tones over water, inside the scene's footprint only
 * (transparent elsewhere, so laid over the footprint's bounding box it shows exactly the footprint),
 * deterministic clouds covering the scene's cloud cover, radar scenes as greyscale speckle, and a
 * "DEMO 演示数据" stamp. The picture is in Web Mercator over the bounding box, which is how Leaflet's
 * imageOverlay stretches an image over lat/lon bounds. Skia (@napi-rs/canvas) draws, the map raster
 * core (lib/server/map/raster/renderer.mjs) reads the WKB, projects and encodes the PNG.
 */
import { createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { mulberry32, type Rng } from '../../../shared/random';
import { encodePng, parseWkb, pixelProjector, type PixelBox } from '../../map/raster/renderer.mjs';

export const QUICKLOOK_MAX_SIDE = 256;

export interface QuicklookLand {
  wkb: Uint8Array;
  /** Tone key: the same region always gets the same shade. */
  key: string;
  /** Province polygons are drawn over countries with a faint outline. */
  province: boolean;
}

export interface QuicklookInput {
  id: string;
  bbox: readonly [number, number, number, number];
  footprintWkb: Uint8Array;
  cloudPct: number | null;
  sar: boolean;
  land: readonly QuicklookLand[];
}

const R = 6378137;
const mercatorX = (lon: number) => (lon * Math.PI * R) / 180;
const mercatorY = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Image size: the longer side QUICKLOOK_MAX_SIDE, the aspect of the box in Web Mercator. */
export function quicklookSize(bbox: QuicklookInput['bbox']): { width: number; height: number; box: PixelBox } {
  const [w, s, e, n] = bbox;
  const native = [mercatorX(w), mercatorY(s), mercatorX(e), mercatorY(n)] as const;
  const dx = native[2] - native[0];
  const dy = native[3] - native[1];
  const scale = QUICKLOOK_MAX_SIDE / Math.max(dx, dy);
  return {
    width: Math.max(8, Math.round(dx * scale)),
    height: Math.max(8, Math.round(dy * scale)),
    box: { crs: 'EPSG:3857', native },
  };
}

function pathOf(wkb: Uint8Array, project: (lon: number, lat: number) => [number, number]): Path2D {
  const path = new Path2D();
  for (const polygon of parseWkb(wkb).polygons) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length; i += 2) {
        const [x, y] = project(ring[i]!, ring[i + 1]!);
        if (i === 0) path.moveTo(x, y);
        else path.lineTo(x, y);
      }
      path.closePath();
    }
  }
  return path;
}

/** Smooth value noise in [0, 1): octaves of bilinearly interpolated seeded lattices. */
function noiseField(rng: Rng, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  let amplitude = 1;
  let total = 0;
  for (const cells of [3, 6, 12, 24]) {
    const gw = cells + 2;
    const grid = new Float32Array(gw * gw);
    for (let i = 0; i < grid.length; i++) grid[i] = rng();
    const sx = cells / width;
    const sy = cells / height;
    for (let y = 0; y < height; y++) {
      const gy = y * sy;
      const y0 = Math.floor(gy);
      const fy = gy - y0;
      const ty = fy * fy * (3 - 2 * fy);
      for (let x = 0; x < width; x++) {
        const gx = x * sx;
        const x0 = Math.floor(gx);
        const fx = gx - x0;
        const tx = fx * fx * (3 - 2 * fx);
        const a = grid[y0 * gw + x0]!;
        const b = grid[y0 * gw + x0 + 1]!;
        const c = grid[(y0 + 1) * gw + x0]!;
        const d = grid[(y0 + 1) * gw + x0 + 1]!;
        out[y * width + x]! += amplitude * (a + (b - a) * tx + (c - a + (a - b - c + d) * tx) * ty);
      }
    }
    total += amplitude;
    amplitude *= 0.5;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / total;
  return out;
}

const EARTH_TONES = ['#b9ad8a', '#a9a27c', '#9fa47a', '#b3a47f', '#a39877', '#aeb08a', '#98a077'];

function drawStamp(ctx: SKRSContext2D, width: number, height: number): void {
  const size = Math.max(12, Math.round(Math.min(width, height) / 8));
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-Math.PI / 9);
  ctx.font = `700 ${size}px "Noto Sans CJK SC", "DejaVu Sans", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size / 6);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.fillStyle = 'rgba(201, 42, 42, 0.95)';
  for (const [text, dy] of [
    ['DEMO', -size * 0.6],
    ['演示数据', size * 0.6],
  ] as const) {
    ctx.strokeText(text, 0, dy);
    ctx.fillText(text, 0, dy);
  }
  ctx.restore();
}

/** Share of the footprint's pixels a cloud covers, given the drawn mask (for tests and checks). */
export interface QuicklookImage {
  png: Buffer;
  width: number;
  height: number;
  /** Share of footprint pixels under cloud (optical), 0 for radar. */
  cloudCover: number;
}

export async function drawQuicklook(input: QuicklookInput): Promise<QuicklookImage> {
  const { width, height, box } = quicklookSize(input.bbox);
  const project = pixelProjector(box, width, height);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const footprint = pathOf(input.footprintWkb, project);

  ctx.save();
  ctx.clip(footprint);
  ctx.fillStyle = '#5f7f95';
  ctx.fillRect(0, 0, width, height);
  for (const region of input.land) {
    ctx.fillStyle = EARTH_TONES[hash(region.key) % EARTH_TONES.length]!;
    const path = pathOf(region.wkb, project);
    ctx.fill(path, 'evenodd');
    if (region.province) {
      ctx.strokeStyle = 'rgba(90, 80, 60, 0.35)';
      ctx.lineWidth = 0.6;
      ctx.stroke(path);
    }
  }
  ctx.restore();

  const image = ctx.getImageData(0, 0, width, height);
  const px = image.data;
  const rng = mulberry32(hash(`quicklook:${input.id}`));
  let cloudCover = 0;
  if (input.sar) {
    // Radar: water dark, land by its tone, times 4-look speckle (mean of four exponential intensities).
    for (let i = 0; i < px.length; i += 4) {
      if (px[i + 3] === 0) continue;
      const water = px[i + 2]! > px[i]!;
      const tone = (px[i]! + px[i + 1]! + px[i + 2]!) / 765;
      const base = water ? 0.06 : 0.25 + (tone - 0.6) * 2.5;
      let speckle = 0;
      for (let k = 0; k < 4; k++) speckle -= Math.log(Math.max(rng(), 1e-6));
      const v = Math.max(0, Math.min(255, Math.round(255 * Math.sqrt(Math.max(0, base) * (speckle / 4)))));
      px[i] = v;
      px[i + 1] = v;
      px[i + 2] = v;
    }
  } else {
    // Clouds: the noise field's top `cloudPct` per cent over the footprint, soft-edged.
    const noise = noiseField(rng, width, height);
    const inside: number[] = [];
    for (let p = 0; p < noise.length; p++) if (px[p * 4 + 3]! > 0) inside.push(noise[p]!);
    const share = Math.max(0, Math.min(100, input.cloudPct ?? 0)) / 100;
    if (inside.length && share > 0) {
      inside.sort((a, b) => a - b);
      const threshold = share >= 1 ? -Infinity : inside[Math.min(inside.length - 1, Math.floor((1 - share) * inside.length))]!;
      let covered = 0;
      for (let p = 0; p < noise.length; p++) {
        const i = p * 4;
        if (px[i + 3] === 0 || noise[p]! < threshold) continue;
        covered++;
        const alpha = Math.min(0.96, 0.55 + (noise[p]! - threshold) * 6);
        px[i] = Math.round(px[i]! * (1 - alpha) + 250 * alpha);
        px[i + 1] = Math.round(px[i + 1]! * (1 - alpha) + 251 * alpha);
        px[i + 2] = Math.round(px[i + 2]! * (1 - alpha) + 253 * alpha);
      }
      cloudCover = covered / inside.length;
    }
  }
  ctx.putImageData(image, 0, 0);

  ctx.save();
  ctx.clip(footprint);
  drawStamp(ctx, width, height);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.8)';
  ctx.lineWidth = 2;
  ctx.stroke(footprint);
  ctx.restore();

  const rgba = ctx.getImageData(0, 0, width, height).data;
  return { png: await encodePng(rgba, width, height), width, height, cloudCover };
}
