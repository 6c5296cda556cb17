// A texture's texels as a picture: layers side by side on one canvas, one pixel a texel (CSS
// scales it up, pixelated).
import { isInteger, type Extent, type TexelFormat } from './texels.js';

/**
 * Red, green and blue of a texel's channels: float and normalized channels clamped to 0–1;
 * integer ones scaled to the largest value of the picture (`scale`), as their range has no top;
 * one channel is grey, two are red and green. Alpha is not shown: the picture stays visible.
 */
function rgb(f: TexelFormat, channels: readonly number[], scale: number): [number, number, number] {
  const byte = (v: number): number => Math.round(Math.min(1, Math.max(0, isInteger(f) ? v / scale : v)) * 255);
  if (f.channels === 1) return [byte(channels[0]), byte(channels[0]), byte(channels[0])];
  return [byte(channels[0]), byte(channels[1]), f.channels === 4 ? byte(channels[2]) : 0];
}

/** The largest value of any channel of `values` (at least 1): what integer textures are scaled to. */
export function integerScale(values: readonly number[]): number {
  return values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, v) : m), 1);
}

/** A canvas of `values` (texelValues order) for a texture of `format` and `extent`. */
export function textureCanvas(format: TexelFormat, extent: Extent, values: readonly number[], scale: number): HTMLCanvasElement {
  const { width, height, layers } = extent;
  const canvas = document.createElement('canvas');
  canvas.width = width * layers;
  canvas.height = height;
  // Eight screen pixels a texel: a 16 × 16 texture is 128 pixels square.
  canvas.style.width = `${canvas.width * 8}px`;
  canvas.style.height = `${canvas.height * 8}px`;
  const context = canvas.getContext('2d');
  if (context === null) return canvas;
  const image = context.createImageData(canvas.width, canvas.height);
  for (let z = 0; z < layers; z++)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const first = ((z * height + y) * width + x) * format.channels;
        const [r, g, b] = rgb(format, values.slice(first, first + format.channels), scale);
        const at = (y * canvas.width + z * width + x) * 4;
        image.data.set([r, g, b, 255], at);
      }
  context.putImageData(image, 0, 0);
  return canvas;
}
