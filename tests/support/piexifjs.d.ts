/** The parts of piexifjs (a devDependency: tests write EXIF into the JPEGs they make) the tests use. */
declare module 'piexifjs' {
  type Rational = [number, number];
  type Value = string | number | Rational | Rational[] | number[];
  export interface ExifDict {
    '0th'?: Record<number, Value>;
    Exif?: Record<number, Value>;
    GPS?: Record<number, Value>;
  }
  export const ImageIFD: Record<string, number>;
  export const ExifIFD: Record<string, number>;
  export const GPSIFD: Record<string, number>;
  export function dump(exif: ExifDict): string;
  export function insert(exif: string, jpeg: string): string;
  const piexif: { ImageIFD: typeof ImageIFD; ExifIFD: typeof ExifIFD; GPSIFD: typeof GPSIFD; dump: typeof dump; insert: typeof insert };
  export default piexif;
}
