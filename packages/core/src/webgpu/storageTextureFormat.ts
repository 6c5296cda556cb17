import { ImageFormat } from '../grammar/index.js';

// The SPIR-V image formats that WebGPU has a storage texture format for (WGSL's texel formats,
// plus the core formats every adapter can bind as storage); the others have no WebGPU twin.
const STORAGE_TEXTURE_FORMATS: Readonly<Record<number, string>> = {
  [ImageFormat.Rgba32f]: 'rgba32float',
  [ImageFormat.Rgba16f]: 'rgba16float',
  [ImageFormat.R32f]: 'r32float',
  [ImageFormat.Rgba8]: 'rgba8unorm',
  [ImageFormat.Rgba8Snorm]: 'rgba8snorm',
  [ImageFormat.Rg32f]: 'rg32float',
  [ImageFormat.Rgba32i]: 'rgba32sint',
  [ImageFormat.Rgba16i]: 'rgba16sint',
  [ImageFormat.Rgba8i]: 'rgba8sint',
  [ImageFormat.R32i]: 'r32sint',
  [ImageFormat.Rg32i]: 'rg32sint',
  [ImageFormat.Rgba32ui]: 'rgba32uint',
  [ImageFormat.Rgba16ui]: 'rgba16uint',
  [ImageFormat.Rgba8ui]: 'rgba8uint',
  [ImageFormat.R32ui]: 'r32uint',
  [ImageFormat.Rg32ui]: 'rg32uint',
};

/**
 * The WebGPU storage texture format (`GPUTextureFormat`, also WGSL's texel format) of a SPIR-V
 * image format, or undefined where WebGPU has none (Unknown, R11fG11fB10f, ...).
 *
 * @example
 * ```ts
 * storageTextureFormatOf(ImageFormat.Rgba8); // 'rgba8unorm'
 * storageTextureFormatOf(ImageFormat.Unknown); // undefined
 * ```
 */
export function storageTextureFormatOf(format: number): string | undefined {
  return STORAGE_TEXTURE_FORMATS[format];
}
