import 'server-only';
/**
 * What a photo's EXIF says (issue 34.1), read with exifr: where it was taken (GPS latitude and longitude), when
 * (DateTimeOriginal), which way the camera looked (GPSImgDirection) and the device (Make, Model). Nothing here is
 * trusted for more than it is: every value is checked for range, and a photo without them is simply without them.
 *
 * The time: EXIF's DateTimeOriginal is the camera's wall clock without a zone. Its zone is OffsetTimeOriginal when
 * the camera wrote one; otherwise the GPS date and time stamps (UTC) are used when present; otherwise the clock is
 * taken to be China time, where the portal's checkers work.
 */
import exifr from 'exifr';

export interface PhotoExif {
  /** [longitude, latitude] (WGS 84), or null. */
  position: [number, number] | null;
  takenAt: Date | null;
  /** Degrees from north, 0–360, or null. */
  heading: number | null;
  make: string | null;
  model: string | null;
}

const TAGS = [
  'Make',
  'Model',
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
  'GPSImgDirection',
  'GPSDateStamp',
  'GPSTimeStamp',
];

const NONE: PhotoExif = { position: null, takenAt: null, heading: null, make: null, model: null };

const text = (v: unknown, max = 100): string | null => {
  if (typeof v !== 'string') return null;
  // EXIF strings are NUL-padded.
  const clean = v.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, max) : null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY:MM:DD HH:MM:SS` (EXIF) as an instant in the zone `offset` (`+08:00`). */
function exifTime(value: unknown, offset: string): Date | null {
  const m = typeof value === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!m) return null;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function gpsTime(date: unknown, time: unknown): Date | null {
  const d = typeof date === 'string' ? /^(\d{4}):(\d{2}):(\d{2})$/.exec(date.trim()) : null;
  if (!d || !Array.isArray(time) || time.length !== 3 || !time.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  const [h, mi, s] = time as [number, number, number];
  const at = new Date(`${d[1]}-${d[2]}-${d[3]}T${pad(Math.floor(h))}:${pad(Math.floor(mi))}:${pad(Math.floor(s))}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The photo's EXIF fields (all null for an image without EXIF, or with one exifr cannot read). */
export async function readPhotoExif(bytes: Uint8Array): Promise<PhotoExif> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      tiff: true,
      ifd0: { pick: ['Make', 'Model'] },
      exif: { pick: ['DateTimeOriginal', 'OffsetTimeOriginal'] },
      gps: true,
      ifd1: false,
      interop: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      makerNote: false,
      userComment: false,
      pick: TAGS,
      // Raw strings: DateTimeOriginal has no zone, and reviving it would read it in the server's.
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    return NONE;
  }
  if (!tags) return NONE;
  const lat = tags.latitude;
  const lon = tags.longitude;
  const position =
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    // 0, 0 is what a receiver without a fix writes, not a place anyone verifies.
    !(lat === 0 && lon === 0)
      ? ([lon, lat] as [number, number])
      : null;
  const offset =
    typeof tags.OffsetTimeOriginal === 'string' && /^[+-]\d{2}:\d{2}$/.test(tags.OffsetTimeOriginal.trim())
      ? tags.OffsetTimeOriginal.trim()
      : null;
  const takenAt = offset
    ? exifTime(tags.DateTimeOriginal, offset)
    : (gpsTime(tags.GPSDateStamp, tags.GPSTimeStamp) ?? exifTime(tags.DateTimeOriginal, '+08:00'));
  const direction = tags.GPSImgDirection;
  const heading =
    typeof direction === 'number' && Number.isFinite(direction) && direction >= 0 && direction <= 360 ? direction % 360 : null;
  return { position, takenAt, heading, make: text(tags.Make), model: text(tags.Model) };
}
