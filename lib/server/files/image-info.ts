import 'server-only';
/**
 * What an uploaded image really is, from its bytes (never from its name or the declared type): PNG,
 * JPEG or WebP, and its pixel size read from the headers, before anything decodes it.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImageInfo {
  mime: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function png(b: Uint8Array): ImageInfo | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v) || ascii(b, 12, 4) !== 'IHDR') return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

function jpeg(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start-of-frame markers carry the size (not DHT C4, JPG C8, DAC CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (b[at + 5]! << 8) | b[at + 6]!;
      const width = (b[at + 7]! << 8) | b[at + 8]!;
      return { mime: 'image/jpeg', width, height };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + ((b[at + 2]! << 8) | b[at + 3]!);
  }
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { mime: 'image/webp', width: ((b[27]! << 8) | b[26]!) & 0x3fff, height: ((b[29]! << 8) | b[28]!) & 0x3fff };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return {
      mime: 'image/webp',
      width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)),
      height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)),
    };
  }
  return null;
}

/** The image's type and size, or null when the bytes are not a PNG, JPEG or WebP we can read. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  const info = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return info && info.width > 0 && info.height > 0 ? info : null;
}

/**
 * Whether the file is whole: PNG ends with its IEND chunk, JPEG with the end-of-image marker, and a
 * WebP's RIFF size matches the file. Decoders happily show half an image; we do not store one.
 */
export function isCompleteImage(bytes: Uint8Array, mime: ImageType): boolean {
  const n = bytes.length;
  if (mime === 'image/png') return n >= 12 && ascii(bytes, n - 8, 4) === 'IEND';
  if (mime === 'image/jpeg') return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return n >= 12 && view.getUint32(4, true) + 8 === n;
}
