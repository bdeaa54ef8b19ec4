import 'server-only';
/**
 * Demo news covers: a deterministic abstract illustration per item (graticule, contour-like lines,
 * field parcels and a satellite orbit in the colour of the news type) with an "illustration" caption,
 * drawn with Skia. No title, no imagery: nothing a reader could take for a real satellite image.
 */
import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { mulberry32 } from '../../shared/random';

export const COVER_WIDTH = 960;
export const COVER_HEIGHT = 540;

/** Hue of each news type: notice, trend, GEO, cooperation, organization, media. */
const TYPE_COLOURS = ['#1c7ed6', '#0ca678', '#7048e8', '#e8590c', '#4263eb', '#c2255c'];

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(factor < 0 ? c * (1 + factor) : c + (255 - c) * factor);
  };
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

export function drawCover(slug: string, type: number, caption: string): Buffer {
  // Seeded by the slug, so the same slug always gives the same picture.
  const random = mulberry32(createHash('sha256').update(slug).digest().readUInt32LE(0));
  const base = TYPE_COLOURS[type] ?? TYPE_COLOURS[0]!;
  const w = COVER_WIDTH;
  const h = COVER_HEIGHT;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');

  const sky = ctx.createLinearGradient(0, 0, w, h);
  sky.addColorStop(0, shade(base, -0.55));
  sky.addColorStop(1, shade(base, -0.15));
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);

  // Graticule.
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.08)';
  ctx.lineWidth = 1;
  for (let x = (random() * 60) | 0; x < w; x += 60) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
  }
  for (let y = (random() * 60) | 0; y < h; y += 60) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    ctx.stroke();
  }

  // Field parcels: skewed quadrilaterals in lighter tints.
  for (let i = 0; i < 26; i++) {
    const cx = random() * w;
    const cy = random() * h;
    const size = 30 + random() * 90;
    const skew = (random() - 0.5) * size;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + size, cy + skew * 0.3);
    ctx.lineTo(cx + size + skew, cy + size * 0.6);
    ctx.lineTo(cx + skew, cy + size * 0.6 - skew * 0.2);
    ctx.closePath();
    ctx.fillStyle = shade(base, 0.25 + random() * 0.5)
      .replace('rgb', 'rgba')
      .replace(')', `, ${0.08 + random() * 0.14})`);
    ctx.fill();
  }

  // Contour-like lines.
  const phase = random() * Math.PI * 2;
  for (let k = 0; k < 9; k++) {
    ctx.beginPath();
    const y0 = (h / 9) * k + random() * 30;
    for (let x = 0; x <= w; x += 12) {
      const y = y0 + Math.sin(x / (90 + k * 7) + phase + k) * (18 + k * 2) + Math.sin(x / 37 + k) * 5;
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.strokeStyle = `rgba(255, 255, 255, ${0.1 + (k % 3) * 0.05})`;
    ctx.lineWidth = 1.2;
    ctx.stroke();
  }

  // An orbit and its satellite.
  const ox = w * (0.45 + random() * 0.2);
  const oy = h * (0.45 + random() * 0.15);
  const rx = w * (0.38 + random() * 0.1);
  const ry = h * (0.18 + random() * 0.12);
  const tilt = -0.35 + random() * 0.25;
  ctx.save();
  ctx.translate(ox, oy);
  ctx.rotate(tilt);
  ctx.setLineDash([10, 8]);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.ellipse(0, 0, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  const at = random() * Math.PI * 2;
  const sx = Math.cos(at) * rx;
  const sy = Math.sin(at) * ry;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(sx, sy, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(sx - 22, sy - 3, 12, 6);
  ctx.fillRect(sx + 10, sy - 3, 12, 6);
  // Its swath on the ground.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.10)';
  ctx.beginPath();
  ctx.moveTo(sx - 6, sy);
  ctx.lineTo(sx - 40, sy + 120);
  ctx.lineTo(sx + 40, sy + 120);
  ctx.lineTo(sx + 6, sy);
  ctx.fill();
  ctx.restore();

  // The caption says what this is.
  ctx.font = '600 20px "Noto Sans CJK SC", "DejaVu Sans", sans-serif';
  const width = ctx.measureText(caption).width;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.fillRect(w - width - 36, h - 46, width + 24, 32);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(caption, w - width - 24, h - 23);

  return canvas.toBuffer('image/webp', 80);
}
