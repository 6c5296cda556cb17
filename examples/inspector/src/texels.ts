// The texels of the textures "Run on WebGPU" makes: their size, the deterministic pattern they
// start with, and the bytes of each texel format WGSL can name (the storage texel formats, and
// the formats the runner picks for sampled textures), both ways. Pure: no WebGPU here.

/** How one channel is stored. */
export type ChannelEncoding = 'unorm8' | 'snorm8' | 'uint8' | 'sint8' | 'uint16' | 'sint16' | 'float16' | 'uint32' | 'sint32' | 'float32';

/** A texture format the runner can fill and read back. */
export interface TexelFormat {
  readonly format: string;
  readonly channels: 1 | 2 | 4;
  readonly encoding: ChannelEncoding;
}

const BYTES: Record<ChannelEncoding, number> = {
  unorm8: 1,
  snorm8: 1,
  uint8: 1,
  sint8: 1,
  uint16: 2,
  sint16: 2,
  float16: 2,
  uint32: 4,
  sint32: 4,
  float32: 4,
};

/** WGSL's storage texel formats (its names are WebGPU's), and the 8-bit ones used for sampled textures. */
const FORMATS: readonly TexelFormat[] = [
  { format: 'rgba8unorm', channels: 4, encoding: 'unorm8' },
  { format: 'rgba8snorm', channels: 4, encoding: 'snorm8' },
  { format: 'rgba8uint', channels: 4, encoding: 'uint8' },
  { format: 'rgba8sint', channels: 4, encoding: 'sint8' },
  { format: 'rgba16uint', channels: 4, encoding: 'uint16' },
  { format: 'rgba16sint', channels: 4, encoding: 'sint16' },
  { format: 'rgba16float', channels: 4, encoding: 'float16' },
  { format: 'r32uint', channels: 1, encoding: 'uint32' },
  { format: 'r32sint', channels: 1, encoding: 'sint32' },
  { format: 'r32float', channels: 1, encoding: 'float32' },
  { format: 'rg32uint', channels: 2, encoding: 'uint32' },
  { format: 'rg32sint', channels: 2, encoding: 'sint32' },
  { format: 'rg32float', channels: 2, encoding: 'float32' },
  { format: 'rgba32uint', channels: 4, encoding: 'uint32' },
  { format: 'rgba32sint', channels: 4, encoding: 'sint32' },
  { format: 'rgba32float', channels: 4, encoding: 'float32' },
];

/** The format's layout, or undefined for one the runner cannot make (depth, compressed, …). */
export function texelFormat(format: string): TexelFormat | undefined {
  return FORMATS.find((f) => f.format === format);
}

/** Bytes of one texel. */
export const texelBytes = (f: TexelFormat): number => f.channels * BYTES[f.encoding];

/** Whether the shader sees the channels as integers (the `uint`/`sint` formats). */
export const isInteger = (f: TexelFormat): boolean => /int/.test(f.encoding);

/** Width and height of every texture the runner makes (1 high for 1D). */
export const TEXTURE_SIZE = 16;

/** A texture's size: texels across, down, and layers (array layers, cube faces, or 3D depth). */
export interface Extent {
  readonly width: number;
  readonly height: number;
  readonly layers: number;
}

/** The size the runner gives a texture bound with view dimension `dimension`. */
export function extentOf(dimension: '1d' | '2d' | '2d-array' | 'cube' | 'cube-array' | '3d'): Extent {
  const layers = { '1d': 1, '2d': 1, '2d-array': 4, cube: 6, 'cube-array': 12, '3d': 4 }[dimension];
  return { width: TEXTURE_SIZE, height: dimension === '1d' ? 1 : TEXTURE_SIZE, layers };
}

/**
 * Channel `c` of texel (x, y, z) before the run, as the shader should read it, before the format
 * rounds it: for float and normalized formats r = x / 15, g = y / 15, b = z / (layers − 1) (0 with
 * one layer), a = 1; for integer formats x, y, z, 1. The page's text says the same.
 */
export function patternValue(f: TexelFormat, extent: Extent, x: number, y: number, z: number, c: number): number {
  if (isInteger(f)) return [x, y, z, 1][c];
  const last = (n: number): number => Math.max(1, n - 1);
  return [x / last(extent.width), y / last(extent.height), extent.layers > 1 ? z / (extent.layers - 1) : 0, 1][c];
}

/** Round half to even, as the GPU's conversions do. */
function roundEven(v: number): number {
  const r = Math.round(v);
  return Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** An IEEE half float's bits for `v` (round to nearest even; out of range to infinity). */
export function toHalf(v: number): number {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a >= 65520) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | roundEven(a / 2 ** -24); // subnormal (2^-14 itself rounds up into the normals)
  let e = Math.floor(Math.log2(a));
  if (a / 2 ** e >= 2) e++;
  if (a / 2 ** e < 1) e--;
  let m = roundEven((a / 2 ** e - 1) * 1024);
  if (m === 1024) {
    m = 0;
    e++;
  }
  return sign | ((e + 15) << 10) | m;
}

/** The number an IEEE half float's bits stand for. */
export function fromHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 31;
  const m = h & 1023;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m === 0 ? sign * Infinity : NaN;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

function writeChannel(view: DataView, at: number, encoding: ChannelEncoding, v: number): void {
  switch (encoding) {
    case 'unorm8':
      return view.setUint8(at, roundEven(Math.min(1, Math.max(0, v)) * 255));
    case 'snorm8':
      return view.setInt8(at, roundEven(Math.min(1, Math.max(-1, v)) * 127));
    case 'uint8':
      return view.setUint8(at, v);
    case 'sint8':
      return view.setInt8(at, v);
    case 'uint16':
      return view.setUint16(at, v, true);
    case 'sint16':
      return view.setInt16(at, v, true);
    case 'float16':
      return view.setUint16(at, toHalf(v), true);
    case 'uint32':
      return view.setUint32(at, v, true);
    case 'sint32':
      return view.setInt32(at, v, true);
    case 'float32':
      return view.setFloat32(at, v, true);
  }
}

function readChannel(view: DataView, at: number, encoding: ChannelEncoding): number {
  switch (encoding) {
    case 'unorm8':
      return view.getUint8(at) / 255;
    case 'snorm8':
      return Math.max(-1, view.getInt8(at) / 127);
    case 'uint8':
      return view.getUint8(at);
    case 'sint8':
      return view.getInt8(at);
    case 'uint16':
      return view.getUint16(at, true);
    case 'sint16':
      return view.getInt16(at, true);
    case 'float16':
      return fromHalf(view.getUint16(at, true));
    case 'uint32':
      return view.getUint32(at, true);
    case 'sint32':
      return view.getInt32(at, true);
    case 'float32':
      return view.getFloat32(at, true);
  }
}

/** The texture's bytes before the run ({@link patternValue}), rows tightly packed, layer after layer. */
export function patternBytes(f: TexelFormat, extent: Extent): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(extent.width * extent.height * extent.layers * texelBytes(f));
  const view = new DataView(bytes.buffer);
  const size = BYTES[f.encoding];
  let at = 0;
  for (let z = 0; z < extent.layers; z++)
    for (let y = 0; y < extent.height; y++)
      for (let x = 0; x < extent.width; x++)
        for (let c = 0; c < f.channels; c++, at += size) writeChannel(view, at, f.encoding, patternValue(f, extent, x, y, z, c));
  return bytes;
}

/**
 * Every channel of every texel, as the shader sees it (layer, row, texel, channel order), from
 * bytes whose rows are `bytesPerRow` apart (a multiple of 256 for copyTextureToBuffer's copies).
 */
export function texelValues(f: TexelFormat, extent: Extent, bytes: ArrayBuffer, bytesPerRow = extent.width * texelBytes(f)): number[] {
  const view = new DataView(bytes);
  const size = BYTES[f.encoding];
  const out: number[] = [];
  for (let z = 0; z < extent.layers; z++)
    for (let y = 0; y < extent.height; y++) {
      const row = (z * extent.height + y) * bytesPerRow;
      for (let x = 0; x < extent.width; x++) for (let c = 0; c < f.channels; c++) out.push(readChannel(view, row + (x * f.channels + c) * size, f.encoding));
    }
  return out;
}
