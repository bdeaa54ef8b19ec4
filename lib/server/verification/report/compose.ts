import 'server-only';
/**
 * Lays out a verification case's PDF report (issue 33.6) with pdfkit: every text already in the report's language
 * and every picture already drawn (./index.ts gathers them), so this module only places them — it runs on a worker
 * thread (./worker.mjs) or, where threads are off, on the request thread.
 *
 * Text is set in Noto Sans SC (OFL, from the npm package @embedpdf/fonts-sc, so a fresh machine needs no system
 * font); pdfkit embeds only the glyphs used (a subset), so a report stays around 100–200 KB.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

export interface ReportImage {
  /** PNG bytes, or JPEG bytes with their `size` (a field photo's captioned copy). */
  png: Uint8Array;
  size?: { width: number; height: number };
  caption: string;
  /** A cross at this point of the picture (0–1 from the left and the top), e.g. the spot on a scene's quick-look. */
  marker?: [number, number] | null;
}

export interface ReportJob {
  title: string;
  subtitle: string[];
  /** Author, subject and keywords of the document's information. */
  info: { title: string; author: string; subject: string };
  sections: ReportSection[];
  footer: string;
  /** `{page}` and `{pages}` are replaced. */
  pageLabel: string;
}

export type ReportBlock =
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'images'; images: (ReportImage | { missing: string })[]; caption?: string }
  | { kind: 'text'; text: string; tone?: 'plain' | 'good' | 'bad' | 'muted' }
  | { kind: 'code'; label: string; text: string }
  | { kind: 'table'; columns: { title: string; width: number }[]; rows: string[][]; empty: string };

export interface ReportSection {
  title: string;
  blocks: ReportBlock[];
}

const FONT_FILE = 'node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf';
let fontBytes: Buffer | undefined;

/** The CJK font's bytes (read once per thread). */
function font(): Buffer {
  fontBytes ??= readFileSync(path.join(process.cwd(), FONT_FILE));
  return fontBytes;
}

const COLOURS = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', head: '#0b4f71', good: '#1b7a3a', bad: '#b42318', fill: '#f0f4f8' };
const MARGIN = 42;
const FOOTER_SPACE = 28;
/** The tallest a picture is drawn (points). */
const IMAGE_HEIGHT = 175;

/** The report as PDF bytes. */
export async function composeReport(job: ReportJob): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: job.info.title, Author: job.info.author, Subject: job.info.subject, Creator: 'Satellite RS Cloud' },
    lang: 'zh-CN',
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  doc.font(font());
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.fillColor(COLOURS.head).fontSize(20).text(job.title, left, doc.y, { width });
  doc.moveDown(0.2);
  doc.fillColor(COLOURS.muted).fontSize(9);
  for (const line of job.subtitle) doc.text(line, { width });
  doc.moveDown(0.6);

  const fields = (rows: [string, string][]) => {
    const labelWidth = 128;
    doc.fontSize(10);
    for (const [label, value] of rows) {
      const h = Math.max(
        doc.heightOfString(label, { width: labelWidth - 8 }),
        doc.heightOfString(value || ' ', { width: width - labelWidth }),
      );
      room(h + 4);
      const y = doc.y;
      doc.fillColor(COLOURS.muted).text(label, left, y, { width: labelWidth - 8 });
      doc.fillColor(COLOURS.text).text(value || ' ', left + labelWidth, y, { width: width - labelWidth });
      doc.y = y + h + 4;
    }
  };

  const images = (block: Extract<ReportBlock, { kind: 'images' }>) => {
    const gap = 12;
    const boxW = (width - gap * (block.images.length - 1)) / block.images.length;
    const boxH = Math.min(IMAGE_HEIGHT, boxW * 0.78);
    room(boxH + 40);
    const top = doc.y;
    let captionBottom = top + boxH;
    block.images.forEach((image, i) => {
      const x = left + i * (boxW + gap);
      doc.rect(x, top, boxW, boxH).fillColor(COLOURS.fill).fill();
      if ('missing' in image) {
        doc
          .fillColor(COLOURS.muted)
          .fontSize(9)
          .text(image.missing, x + 8, top + boxH / 2 - 6, { width: boxW - 16, align: 'center' });
        return;
      }
      const png = Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength);
      const size = image.size ?? pngSize(png);
      const scale = Math.min(boxW / size.width, boxH / size.height);
      const w = size.width * scale;
      const h = size.height * scale;
      const ix = x + (boxW - w) / 2;
      const iy = top + (boxH - h) / 2;
      doc.image(png, ix, iy, { width: w, height: h });
      if (image.marker) {
        const [mx, my] = [ix + image.marker[0] * w, iy + image.marker[1] * h];
        doc.save().lineWidth(1.5).strokeColor('#ff2d2d');
        doc.circle(mx, my, 7).stroke();
        doc
          .moveTo(mx - 11, my)
          .lineTo(mx - 3, my)
          .moveTo(mx + 3, my)
          .lineTo(mx + 11, my)
          .stroke();
        doc
          .moveTo(mx, my - 11)
          .lineTo(mx, my - 3)
          .moveTo(mx, my + 3)
          .lineTo(mx, my + 11)
          .stroke();
        doc.restore();
      }
      doc.rect(x, top, boxW, boxH).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
      doc
        .fillColor(COLOURS.text)
        .fontSize(9)
        .text(image.caption, x, top + boxH + 4, { width: boxW });
      captionBottom = Math.max(captionBottom, doc.y);
    });
    doc.y = captionBottom + 4;
    if (block.caption) {
      doc.fillColor(COLOURS.muted).fontSize(8.5).text(block.caption, left, doc.y, { width });
    }
    doc.x = left;
    doc.moveDown(0.4);
  };

  const table = (block: Extract<ReportBlock, { kind: 'table' }>) => {
    const total = block.columns.reduce((n, c) => n + c.width, 0);
    const widths = block.columns.map((c) => (c.width / total) * width);
    const row = (cells: string[], head: boolean) => {
      doc.fontSize(head ? 8.5 : 8.5);
      const h = Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 6 }))) + 6;
      room(h);
      const y = doc.y;
      if (head) doc.rect(left, y, width, h).fillColor(COLOURS.fill).fill();
      let x = left;
      cells.forEach((cell, i) => {
        doc.fillColor(head ? COLOURS.muted : COLOURS.text).text(cell || ' ', x + 3, y + 3, { width: widths[i]! - 6 });
        x += widths[i]!;
      });
      doc
        .moveTo(left, y + h)
        .lineTo(left + width, y + h)
        .lineWidth(0.4)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.y = y + h;
    };
    row(
      block.columns.map((c) => c.title),
      true,
    );
    if (block.rows.length === 0) {
      doc
        .fillColor(COLOURS.muted)
        .fontSize(9)
        .text(block.empty, left + 3, doc.y + 4, { width });
    }
    for (const r of block.rows) row(r, false);
    doc.x = left;
    doc.moveDown(0.4);
  };

  for (const section of job.sections) {
    // A heading stays with the start of what follows it (a row of pictures is kept whole).
    room(section.blocks[0]?.kind === 'images' ? IMAGE_HEIGHT + 90 : 70);
    doc.moveDown(0.4);
    const y = doc.y;
    doc.fillColor(COLOURS.head).fontSize(13).text(section.title, left, y, { width });
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .lineWidth(0.8)
      .strokeColor(COLOURS.head)
      .stroke();
    doc.moveDown(0.4);
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'fields':
          fields(block.rows);
          break;
        case 'images':
          images(block);
          break;
        case 'table':
          table(block);
          break;
        case 'text': {
          const tone = block.tone ?? 'plain';
          const colour = tone === 'good' ? COLOURS.good : tone === 'bad' ? COLOURS.bad : tone === 'muted' ? COLOURS.muted : COLOURS.text;
          doc.fontSize(10);
          room(doc.heightOfString(block.text, { width }) + 4);
          doc.fillColor(colour).text(block.text, left, doc.y, { width });
          doc.moveDown(0.3);
          break;
        }
        case 'code':
          doc.fontSize(9);
          room(30);
          doc.fillColor(COLOURS.muted).text(block.label, left, doc.y, { width });
          doc.fillColor(COLOURS.text).fontSize(9.5).text(block.text, left, doc.y, { width, characterSpacing: 0.2 });
          doc.moveDown(0.3);
          break;
      }
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 12;
    // Writing inside the bottom margin must not start a new page.
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(COLOURS.muted).fontSize(8);
    doc.text(job.footer, left, y, { width: width * 0.7, lineBreak: false });
    const label = job.pageLabel.replace('{page}', String(i + 1)).replace('{pages}', String(range.count));
    doc.text(label, left + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  await ended;
  const out = Buffer.concat(chunks);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** A PNG's pixel size from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
