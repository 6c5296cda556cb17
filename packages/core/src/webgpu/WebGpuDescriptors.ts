/**
 * Plain objects shaped like WebGPU's descriptors (`GPUBindGroupLayoutDescriptor`,
 * `GPUVertexBufferLayout`), declared here so that spvkit needs no `@webgpu/types`: each one is
 * structurally assignable to its WebGPU counterpart and can be passed to `device.createBindGroupLayout`
 * and `device.createRenderPipeline` as it is.
 */

/** `GPUShaderStage` bits: `visibility` is an OR of these (WebGPU's own constants have the same values). */
export const ShaderStageFlags = { VERTEX: 1, FRAGMENT: 2, COMPUTE: 4 } as const;

/** The WebGPU stage of an entry point. */
export type WebGpuStage = 'vertex' | 'fragment' | 'compute';

export interface BufferBindingLayout {
  readonly type: 'uniform' | 'storage' | 'read-only-storage';
  readonly hasDynamicOffset: boolean;
  /** The size WebGPU requires of a bound range: the WGSL store type's size, a runtime-sized array counted with one element. */
  readonly minBindingSize: number;
}

export interface SamplerBindingLayout {
  readonly type: 'filtering' | 'non-filtering' | 'comparison';
}

export type TextureViewDimension = '1d' | '2d' | '2d-array' | 'cube' | 'cube-array' | '3d';

export interface TextureBindingLayout {
  readonly sampleType: 'float' | 'unfilterable-float' | 'depth' | 'sint' | 'uint';
  readonly viewDimension: TextureViewDimension;
  readonly multisampled: boolean;
}

export interface StorageTextureBindingLayout {
  readonly access: 'write-only' | 'read-only' | 'read-write';
  /** A `GPUTextureFormat`, e.g. `rgba8unorm`. */
  readonly format: string;
  readonly viewDimension: TextureViewDimension;
}

/** One `GPUBindGroupLayoutEntry`: exactly one of `buffer`, `sampler`, `texture`, `storageTexture` is set. */
export interface BindGroupLayoutEntry {
  readonly binding: number;
  /** An OR of {@link ShaderStageFlags}. */
  readonly visibility: number;
  readonly buffer?: BufferBindingLayout;
  readonly sampler?: SamplerBindingLayout;
  readonly texture?: TextureBindingLayout;
  readonly storageTexture?: StorageTextureBindingLayout;
}

export interface BindGroupLayoutDescriptor {
  readonly label?: string;
  /** Sorted by binding. */
  readonly entries: readonly BindGroupLayoutEntry[];
}

/** A `GPUVertexFormat` of a 32-bit vertex input. */
export type VertexFormat =
  'float32' | 'float32x2' | 'float32x3' | 'float32x4' | 'sint32' | 'sint32x2' | 'sint32x3' | 'sint32x4' | 'uint32' | 'uint32x2' | 'uint32x3' | 'uint32x4';

export interface VertexAttribute {
  readonly format: VertexFormat;
  readonly offset: number;
  readonly shaderLocation: number;
}

export interface VertexBufferLayout {
  readonly arrayStride: number;
  readonly stepMode: 'vertex' | 'instance';
  readonly attributes: readonly VertexAttribute[];
}
