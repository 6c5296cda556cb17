// The bind group layout entry a host needs for a texture or sampler binding, read from the WGSL
// type the translator declared for it: the declaration is what WebGPU checks the layout against,
// so taking the layout from it keeps the two from ever disagreeing.
import type { WgslSamplerLayout, WgslStorageTextureLayout, WgslTextureLayout, WgslTextureViewDimension } from '../WgslResult.js';

const VIEW_DIMENSIONS: Record<string, WgslTextureViewDimension> = {
  '1d': '1d',
  '2d': '2d',
  '2d_array': '2d-array',
  cube: 'cube',
  cube_array: 'cube-array',
  '3d': '3d',
};

const SAMPLE_TYPES: Record<string, WgslTextureLayout['sampleType']> = { f32: 'float', i32: 'sint', u32: 'uint' };

const ACCESS: Record<string, WgslStorageTextureLayout['access']> = { read: 'read-only', write: 'write-only', read_write: 'read-write' };

/**
 * `texture_2d<f32>` → `{ sampleType: 'float', viewDimension: '2d', multisampled: false }`,
 * `texture_depth_cube` → `{ sampleType: 'depth', viewDimension: 'cube', ... }`. A float texture is
 * `'float'` (filterable): the module does not say whether the host's texture filters, and a
 * filterable one is what a sampler that filters needs.
 */
export function textureLayout(wgslType: string): WgslTextureLayout {
  const depth = /^texture_depth_(multisampled_)?(\w+)$/.exec(wgslType);
  if (depth !== null) return { sampleType: 'depth', viewDimension: viewDimension(depth[2]), multisampled: depth[1] !== undefined };
  const color = /^texture_(multisampled_)?(\w+)<(f32|i32|u32)>$/.exec(wgslType);
  if (color === null) throw new Error(`not a sampled texture type: ${wgslType}`);
  return { sampleType: SAMPLE_TYPES[color[3]], viewDimension: viewDimension(color[2]), multisampled: color[1] !== undefined };
}

/** `texture_storage_2d<rgba8unorm, read>` → `{ access: 'read-only', format: 'rgba8unorm', viewDimension: '2d' }`. */
export function storageTextureLayout(wgslType: string): WgslStorageTextureLayout {
  const m = /^texture_storage_(\w+)<(\w+), (read|write|read_write)>$/.exec(wgslType);
  if (m === null) throw new Error(`not a storage texture type: ${wgslType}`);
  const d = viewDimension(m[1]);
  if (d === 'cube' || d === 'cube-array') throw new Error(`not a storage texture dimension: ${m[1]}`);
  return { access: ACCESS[m[3]], format: m[2], viewDimension: d };
}

/** `sampler` → filtering, `sampler_comparison` → comparison. */
export function samplerLayout(wgslType: string): WgslSamplerLayout {
  return { type: wgslType === 'sampler_comparison' ? 'comparison' : 'filtering' };
}

function viewDimension(wgsl: string): WgslTextureViewDimension {
  const d = VIEW_DIMENSIONS[wgsl];
  if (d === undefined) throw new Error(`not a texture dimension: ${wgsl}`);
  return d;
}
