// The inspector's texture texels (examples/inspector/src/texels.ts), in Node: the pattern's bytes
// in each kind of format, half floats both ways, and rows read back at copyTextureToBuffer's
// 256-byte pitch. The browser suite (inspector.test.ts) runs them on WebGPU.
import { describe, expect, it } from 'vitest';
import { extentOf, fromHalf, patternBytes, texelBytes, texelFormat, texelValues, toHalf, type TexelFormat } from '../../examples/inspector/src/texels.js';

const format = (name: string): TexelFormat => {
  const f = texelFormat(name);
  if (f === undefined) throw new Error(`no format ${name}`);
  return f;
};

describe('inspector texels', () => {
  it('stores the pattern r = x / 15, g = y / 15, b = z / (layers - 1), a = 1 as 17 x, 17 y, 85 z, 255 in rgba8unorm', () => {
    const f = format('rgba8unorm');
    const extent = extentOf('2d-array');
    expect(extent).toEqual({ width: 16, height: 16, layers: 4 });
    const bytes = patternBytes(f, extent);
    expect(bytes.length).toBe(16 * 16 * 4 * 4);
    const at = (x: number, y: number, z: number): number[] => [...bytes.subarray(((z * 16 + y) * 16 + x) * 4, ((z * 16 + y) * 16 + x) * 4 + 4)];
    expect(at(0, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(at(3, 5, 1)).toEqual([51, 85, 85, 255]);
    expect(at(15, 15, 3)).toEqual([255, 255, 255, 255]);
  });

  it('stores integer formats as x, y, z, 1, one channel where the format has one', () => {
    expect(texelValues(format('rgba16sint'), extentOf('3d'), patternBytes(format('rgba16sint'), extentOf('3d')).buffer).slice(-4)).toEqual([15, 15, 3, 1]);
    const r = format('r32uint');
    expect(texelValues(r, extentOf('1d'), patternBytes(r, extentOf('1d')).buffer)).toEqual(Array.from({ length: 16 }, (_, x) => x));
  });

  it('writes and reads half floats, rounding to the nearest', () => {
    expect([1, 0.5, -2, 65504, 2 ** -24, 0].map(toHalf)).toEqual([0x3c00, 0x3800, 0xc000, 0x7bff, 0x0001, 0]);
    expect(toHalf(1 / 3)).toBe(0x3555);
    expect(toHalf(1e6)).toBe(0x7c00);
    expect(fromHalf(0x3555)).toBeCloseTo(1 / 3, 3);
    expect([0x7c00, 0xfc00].map(fromHalf)).toEqual([Infinity, -Infinity]);
    expect(fromHalf(0x7e00)).toBeNaN();
    for (let k = 0; k <= 15; k++) expect(fromHalf(toHalf(k / 15))).toBeCloseTo(k / 15, 3);
  });

  it('reads rows laid 256 bytes apart as copyTextureToBuffer leaves them', () => {
    const f = format('rgba8unorm');
    const extent = extentOf('2d');
    const tight = patternBytes(f, extent);
    const rowBytes = extent.width * texelBytes(f);
    expect(rowBytes).toBe(64);
    const padded = new Uint8Array(256 * extent.height).fill(0xee);
    for (let y = 0; y < extent.height; y++) padded.set(tight.subarray(y * rowBytes, (y + 1) * rowBytes), y * 256);
    expect(texelValues(f, extent, padded.buffer, 256)).toEqual(texelValues(f, extent, tight.buffer));
  });
});
