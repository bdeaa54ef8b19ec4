/**
 * Issue 34.1, field photos — the parts that need no database: EXIF read from real JPEGs the test makes (with and
 * without GPS, heading, time and device), the checks made on the bytes before decoding (type, size, dimensions,
 * decompression bombs), and the caption drawn into the display copy.
 */
import { deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ApiError } from '../../api/errors';
import { PHOTO_LIMITS } from '../../../shared/verification/photos';
import { photoCanvas, photoJpeg } from '../../../../tests/support/photos';
import { captionPhoto } from './caption.mjs';
import { readPhotoExif } from './exif';
import { captionLines, checkPhotoBytes } from './index';

jest.setTimeout(30_000);

describe('readPhotoExif', () => {
  it('reads GPS position, heading, time (from the GPS stamps, UTC) and device from a JPEG', async () => {
    const jpeg = photoJpeg(120, 80, {
      position: [114.51234, 38.04321],
      heading: 225.5,
      dateTimeOriginal: '2026:03:05 10:20:30',
      gpsStamp: { date: '2026:03:05', time: [2, 20, 30] },
      make: 'HUAWEI',
      model: 'P60 Pro',
    });
    const exif = await readPhotoExif(jpeg);
    expect(exif.position![0]).toBeCloseTo(114.51234, 5);
    expect(exif.position![1]).toBeCloseTo(38.04321, 5);
    expect(exif.heading).toBeCloseTo(225.5, 2);
    expect(exif.takenAt!.toISOString()).toBe('2026-03-05T02:20:30.000Z');
    expect(exif.make).toBe('HUAWEI');
    expect(exif.model).toBe('P60 Pro');
  });

  it('takes the camera clock as China time when there is no GPS time stamp', async () => {
    const exif = await readPhotoExif(photoJpeg(64, 48, { dateTimeOriginal: '2026:03:05 10:20:30' }));
    expect(exif.takenAt!.toISOString()).toBe('2026-03-05T02:20:30.000Z');
    expect(exif.position).toBeNull();
  });

  it('reads southern and western positions with their sign', async () => {
    const exif = await readPhotoExif(photoJpeg(64, 48, { position: [-70.5, -33.25] }));
    expect(exif.position![0]).toBeCloseTo(-70.5, 5);
    expect(exif.position![1]).toBeCloseTo(-33.25, 5);
  });

  it('gives nulls for missing tags: no EXIF at all, EXIF without GPS, a PNG', async () => {
    const none = { position: null, takenAt: null, heading: null, make: null, model: null };
    expect(await readPhotoExif(photoJpeg(64, 48))).toEqual(none);
    expect(await readPhotoExif(photoJpeg(64, 48, { make: 'Xiaomi' }))).toEqual({ ...none, make: 'Xiaomi' });
    expect(await readPhotoExif(photoCanvas(64, 48).toBuffer('image/png'))).toEqual(none);
    expect(await readPhotoExif(new TextEncoder().encode('not an image at all'))).toEqual(none);
  });

  it('ignores 0, 0 (a receiver without a fix)', async () => {
    expect((await readPhotoExif(photoJpeg(64, 48, { position: [0, 0] }))).position).toBeNull();
  });
});

/** A PNG with this header and `rows` of filtered scanlines of zeros (grayscale, 8 bit), whole and valid. */
function png(width: number, height: number, idat: Uint8Array = deflateSync(Buffer.alloc((width + 1) * Math.min(height, 4)))): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ]);
}

const refusal = (f: () => unknown) => {
  try {
    f();
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError) return error.messageKey;
    throw error;
  }
};

describe('checkPhotoBytes', () => {
  it('accepts a JPEG and a PNG, and reads their size from the header', () => {
    expect(checkPhotoBytes(photoJpeg(320, 200))).toMatchObject({ mime: 'image/jpeg', width: 320, height: 200 });
    expect(checkPhotoBytes(photoCanvas(90, 60).toBuffer('image/png'))).toMatchObject({ mime: 'image/png', width: 90, height: 60 });
  });

  it('refuses what is not a JPEG or PNG (text, WebP)', () => {
    expect(refusal(() => checkPhotoBytes(new TextEncoder().encode('GIF89a… or anything else')))).toBe('Verification.errors.photoType');
    expect(refusal(() => checkPhotoBytes(photoCanvas(64, 64).toBuffer('image/webp')))).toBe('Verification.errors.photoType');
  });

  it('refuses more than 20 MB', () => {
    const big = Buffer.concat([photoJpeg(64, 48), Buffer.alloc(PHOTO_LIMITS.maxBytes)]);
    expect(refusal(() => checkPhotoBytes(big))).toBe('Verification.errors.photoTooLarge');
  });

  it('refuses a side over 12,000 px and more than 100 megapixels in all, from the header alone', () => {
    expect(refusal(() => checkPhotoBytes(png(12_001, 10)))).toBe('Verification.errors.photoDimensions');
    expect(refusal(() => checkPhotoBytes(png(11_000, 10_000)))).toBe('Verification.errors.photoDimensions');
    expect(refusal(() => checkPhotoBytes(png(12_000, 8_000)))).not.toBe('Verification.errors.photoDimensions');
  });

  it('refuses a decompression bomb: 96 megapixels of zeros in a file of a few hundred kilobytes', () => {
    // A real, whole PNG (every row deflated): 384 MB once decoded, from ~100 KB.
    const rows = Buffer.alloc((12_000 + 1) * 8_000);
    const bomb = png(12_000, 8_000, deflateSync(rows, { level: 9 }));
    expect(bomb.byteLength).toBeLessThan(1_000_000);
    expect(refusal(() => checkPhotoBytes(bomb))).toBe('Verification.errors.photoBomb');
  });

  it('refuses a truncated file', () => {
    const jpeg = photoJpeg(200, 100);
    expect(refusal(() => checkPhotoBytes(jpeg.subarray(0, jpeg.length - 100)))).toBe('Verification.errors.photoUnreadable');
  });
});

describe('the caption', () => {
  const lines = captionLines({
    spotNo: '130102-0007',
    kind: 'close',
    takenAt: new Date('2026-03-05T02:20:30Z'),
    position: [114.51234, 38.04321],
    heading: 225.5,
    distanceM: 35.4,
  });

  it('says the spot, the view, the time in China time, the position, the heading and the distance, labelled in both languages', () => {
    expect(lines).toEqual([
      '图斑 Spot: 130102-0007 · 近景 Close view',
      '时间 Time: 2026-03-05 10:20:30 (UTC+8)',
      '位置 Position: 38.043210°N 114.512340°E',
      '方位 Heading: 225.5° SW',
      '距图斑 To spot: 35 m',
    ]);
    expect(captionLines({ spotNo: 'X1', kind: 'drone', takenAt: null, position: null, heading: null, distanceM: null })).toEqual([
      '图斑 Spot: X1 · 无人机 Drone',
      '时间 Time: 无 none',
      '位置 Position: 无 none',
      '方位 Heading: 无 none',
      '距图斑 To spot: 无 none',
    ]);
  });

  it('is burned into the foot of the display copy: pixels there differ from the photo, pixels above do not', async () => {
    const original = photoJpeg(800, 600, undefined, 95);
    const drawn = await captionPhoto({ data: original, lines, maxSide: 400 });
    if (drawn.kind !== 'image') throw new Error('not drawn');
    expect([drawn.width, drawn.height]).toEqual([800, 600]);
    // Scaled to fit 400 px, a JPEG.
    expect([drawn.display.width, drawn.display.height]).toEqual([400, 300]);
    expect([...drawn.display.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(drawn.display.band).toBeGreaterThan(40);

    // The same photo scaled the same way without a caption, to compare with.
    const plain = createCanvas(400, 300);
    plain.getContext('2d').drawImage(await loadImage(original), 0, 0, 400, 300);
    const a = plain.getContext('2d').getImageData(0, 0, 400, 300).data;
    const copy = createCanvas(400, 300);
    copy.getContext('2d').drawImage(await loadImage(Buffer.from(drawn.display.data)), 0, 0);
    const b = copy.getContext('2d').getImageData(0, 0, 400, 300).data;
    const meanDiff = (y0: number, y1: number) => {
      let sum = 0;
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = 0; x < 400; x++)
          for (let c = 0; c < 3; c++) {
            sum += Math.abs(a[(y * 400 + x) * 4 + c]! - b[(y * 400 + x) * 4 + c]!);
            count++;
          }
      return sum / count;
    };
    const top = 300 - drawn.display.band;
    // Above the band only JPEG noise; in it, the dark band and the white text.
    expect(meanDiff(0, top - 4)).toBeLessThan(4);
    expect(meanDiff(top, 300)).toBeGreaterThan(40);
    // The text is there: bright pixels in the band (the band itself darkens everything).
    let bright = 0;
    for (let y = top; y < 300; y++)
      for (let x = 0; x < 400; x++) if (b[(y * 400 + x) * 4]! > 220 && b[(y * 400 + x) * 4 + 2]! > 220) bright++;
    expect(bright).toBeGreaterThan(300);
  });

  it('never enlarges a small photo, and says when the bytes do not decode', async () => {
    const drawn = await captionPhoto({ data: photoJpeg(300, 200), lines, maxSide: 1600 });
    expect(drawn.kind === 'image' && [drawn.display.width, drawn.display.height]).toEqual([300, 200]);
    expect(await captionPhoto({ data: new TextEncoder().encode('nope'), lines, maxSide: 1600 })).toEqual({ kind: 'unreadable' });
  });
});
