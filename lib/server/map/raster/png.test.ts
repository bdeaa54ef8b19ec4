import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodePng } from './renderer.mjs';

describe('encodePng', () => {
  it('encodes RGBA pixels that a PNG decoder reads back exactly', async () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i += 4) {
      rgba[i] = (i * 7) % 256;
      rgba[i + 1] = (i * 13) % 256;
      rgba[i + 2] = (i * 29) % 256;
      rgba[i + 3] = 255;
    }
    const png = await encodePng(rgba, width, height);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const image = await loadImage(png);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    expect(Array.from(ctx.getImageData(0, 0, width, height).data)).toEqual(Array.from(rgba));
  });
});
