/**
 * Field photos made by the tests (issue 34.1): a real JPEG drawn with @napi-rs/canvas, with EXIF written into its
 * APP1 segment by piexifjs — GPS position, heading, time, device — or none of it.
 */
import { createCanvas } from '@napi-rs/canvas';
import piexif, { type ExifDict } from 'piexifjs';

export interface PhotoExifInput {
  /** [longitude, latitude]. */
  position?: [number, number];
  /** Degrees from north. */
  heading?: number;
  /** EXIF DateTimeOriginal (camera wall clock, `YYYY:MM:DD HH:MM:SS`). */
  dateTimeOriginal?: string;
  /** GPS date and time stamps (UTC): `YYYY:MM:DD` and [h, m, s]. */
  gpsStamp?: { date: string; time: [number, number, number] };
  make?: string;
  model?: string;
}

/** A photo-like picture: a gradient with shapes, so a caption and a copy have something to differ from. */
export function photoCanvas(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2f9e44');
  gradient.addColorStop(1, '#e67700');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f8f9fa';
  for (let i = 0; i < 30; i++) ctx.fillRect((i * 97) % width, (i * 53) % height, 24, 14);
  return canvas;
}

const rational = (v: number, scale = 1): [number, number] => [Math.round(v * scale), scale];

/** Degrees as EXIF's degrees, minutes, seconds (rationals). */
function dms(value: number): [number, number][] {
  const a = Math.abs(value);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = ((a - d) * 60 - m) * 60;
  return [rational(d), rational(m), rational(s, 10_000)];
}

/** A JPEG of `width` × `height` with the EXIF given (none at all when `exif` is undefined). */
export function photoJpeg(width: number, height: number, exif?: PhotoExifInput, quality = 85): Buffer {
  const jpeg = photoCanvas(width, height).toBuffer('image/jpeg', quality);
  if (!exif) return jpeg;
  const dict: ExifDict = { '0th': {}, Exif: {}, GPS: {} };
  if (exif.make) dict['0th']![piexif.ImageIFD.Make!] = exif.make;
  if (exif.model) dict['0th']![piexif.ImageIFD.Model!] = exif.model;
  if (exif.dateTimeOriginal) dict.Exif![piexif.ExifIFD.DateTimeOriginal!] = exif.dateTimeOriginal;
  if (exif.position) {
    const [lon, lat] = exif.position;
    dict.GPS![piexif.GPSIFD.GPSLatitudeRef!] = lat >= 0 ? 'N' : 'S';
    dict.GPS![piexif.GPSIFD.GPSLatitude!] = dms(lat);
    dict.GPS![piexif.GPSIFD.GPSLongitudeRef!] = lon >= 0 ? 'E' : 'W';
    dict.GPS![piexif.GPSIFD.GPSLongitude!] = dms(lon);
  }
  if (exif.heading !== undefined) {
    dict.GPS![piexif.GPSIFD.GPSImgDirectionRef!] = 'T';
    dict.GPS![piexif.GPSIFD.GPSImgDirection!] = rational(exif.heading, 100);
  }
  if (exif.gpsStamp) {
    dict.GPS![piexif.GPSIFD.GPSDateStamp!] = exif.gpsStamp.date;
    dict.GPS![piexif.GPSIFD.GPSTimeStamp!] = exif.gpsStamp.time.map((v) => rational(v));
  }
  return Buffer.from(piexif.insert(piexif.dump(dict), jpeg.toString('binary')), 'binary');
}
