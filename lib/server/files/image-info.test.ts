import { createCanvas } from '@napi-rs/canvas';
import { isCompleteImage, sniffImage } from './image-info';

function drawn(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a6f97';
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

describe('sniffImage', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('reads type and size of a real %s', (format, mime) => {
    const canvas = drawn(321, 123);
    const bytes =
      format === 'png'
        ? canvas.toBuffer('image/png')
        : format === 'jpeg'
          ? canvas.toBuffer('image/jpeg', 80)
          : canvas.toBuffer('image/webp', 80);
    expect(sniffImage(bytes)).toEqual({ mime, width: 321, height: 123 });
  });

  it('refuses what is not an image, whatever it is called', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffImage(Buffer.from('<html>PNG</html>'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
    const png = drawn(10, 10).toBuffer('image/png');
    expect(sniffImage(png.subarray(0, 20))).toBeNull();
  });

  it.each(['png', 'jpeg', 'webp'] as const)('tells a whole %s from a truncated one', (format) => {
    const canvas = drawn(64, 64);
    const bytes =
      format === 'png'
        ? canvas.toBuffer('image/png')
        : format === 'jpeg'
          ? canvas.toBuffer('image/jpeg', 80)
          : canvas.toBuffer('image/webp', 80);
    const mime = sniffImage(bytes)!.mime;
    expect(isCompleteImage(bytes, mime)).toBe(true);
    expect(isCompleteImage(bytes.subarray(0, bytes.length - 5), mime)).toBe(false);
  });
});
