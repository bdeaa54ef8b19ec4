// `node scripts/og-image.mjs`: draws the site's default Open Graph images (1200×630, one per language)
// into public/og/. Run it after changing the site name or tagline; the PNGs are committed, so a build
// needs neither this script nor the CJK font it uses (Debian fonts-noto-cjk).
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { readFileSync, writeFileSync } from 'node:fs';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
GlobalFonts.registerFromPath(FONT, 'NotoCJK');

const W = 1200;
const H = 630;

function draw(locale) {
  const messages = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8'));
  const { siteName, ogTagline } = messages.Metadata;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');

  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#021a47');
  bg.addColorStop(1, '#0a4fb8');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  // The globe and orbit of the site icon, large, on the right.
  const cx = 930;
  const cy = 330;
  const globe = ctx.createRadialGradient(cx - 60, cy - 70, 20, cx, cy, 210);
  globe.addColorStop(0, '#7fd1ff');
  globe.addColorStop(0.6, '#1f7ae0');
  globe.addColorStop(1, '#0b3a8a');
  ctx.fillStyle = globe;
  ctx.beginPath();
  ctx.arc(cx, cy, 200, 0, Math.PI * 2);
  ctx.fill();
  // Graticule.
  ctx.strokeStyle = 'rgba(255,255,255,0.18)';
  ctx.lineWidth = 2;
  for (const ry of [60, 130, 190]) {
    ctx.beginPath();
    ctx.ellipse(cx, cy, ry, 200, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  for (const dy of [-120, -60, 0, 60, 120]) {
    const half = Math.sqrt(200 * 200 - dy * dy);
    ctx.beginPath();
    ctx.moveTo(cx - half, cy + dy);
    ctx.lineTo(cx + half, cy + dy);
    ctx.stroke();
  }
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate((-25 * Math.PI) / 180);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 5;
  ctx.beginPath();
  ctx.ellipse(0, 0, 300, 100, 0, 0, Math.PI * 2);
  ctx.stroke();
  // The satellite rides the orbit's far side, above the globe's limb.
  ctx.translate(-150, -87);
  ctx.fillStyle = '#9cc8ff';
  ctx.fillRect(-70, -7, 40, 14);
  ctx.fillRect(30, -7, 40, 14);
  ctx.fillStyle = '#ffd54a';
  ctx.fillRect(-28, -19, 56, 38);
  ctx.restore();

  // Text on the left, wrapped to 560 px.
  ctx.fillStyle = '#ffffff';
  const size = locale === 'zh' ? 58 : 52;
  ctx.font = `${size}px NotoCJK`;
  const lines = wrap(ctx, siteName, 580, locale);
  lines.forEach((line, i) => ctx.fillText(line, 72, 170 + i * (size + 18)));
  ctx.font = '30px NotoCJK';
  ctx.fillStyle = '#cfe3ff';
  wrap(ctx, ogTagline, 580, locale).forEach((line, i) => ctx.fillText(line, 72, 190 + lines.length * (size + 18) + 30 + i * 44));
  ctx.fillStyle = '#ffd54a';
  ctx.fillRect(72, 84, 120, 6);
  return canvas.toBuffer('image/png');
}

/** Greedy line breaking: by word in English, by character in Chinese. */
function wrap(ctx, text, width, locale) {
  const units = locale === 'zh' ? [...text] : text.split(' ');
  const joiner = locale === 'zh' ? '' : ' ';
  const lines = [];
  let line = '';
  for (const unit of units) {
    const next = line ? line + joiner + unit : unit;
    if (ctx.measureText(next).width > width && line) {
      lines.push(line);
      line = unit;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

for (const locale of ['zh', 'en']) {
  writeFileSync(`public/og/og-${locale}.png`, draw(locale));
  console.log(`public/og/og-${locale}.png`);
}
