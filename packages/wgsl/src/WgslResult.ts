import type { SourceLocation } from '@spvkit/core';

/** The pipeline stage of a translated entry point. */
export type WgslStage = 'compute' | 'vertex' | 'fragment';

/** An entry point of the WGSL, with the SPIR-V entry point it came from. */
export interface WgslEntryPoint {
  /** The OpEntryPoint name. */
  readonly name: string;
  /** The function's name in the WGSL (differs where the SPIR-V name is not a WGSL identifier or is reserved). */
  readonly wgslName: string;
  readonly stage: WgslStage;
  /** A compute entry point's workgroup size where it is a literal (LocalSize, or the WorkgroupSize constant). */
  readonly workgroupSize?: readonly [number, number, number];
}

/** What a resource binding is, in WebGPU's terms (the bind group layout entry a host creates for it). */
export type WgslBindingKind = 'uniform' | 'storage' | 'read-only-storage' | 'texture' | 'storage-texture' | 'sampler' | 'push-constant';

/** A resource variable of the WGSL at its `@group`/`@binding`. */
export interface WgslBinding {
  readonly group: number;
  readonly binding: number;
  /** The variable's name in the WGSL. */
  readonly name: string;
  readonly kind: WgslBindingKind;
  /** For buffers: the byte size of the fixed part (a runtime array's element stride is not included). */
  readonly size?: number;
  /** For `texture`: the `texture` member of its GPUBindGroupLayoutEntry. */
  readonly texture?: WgslTextureLayout;
  /** For `storage-texture`: the `storageTexture` member of its GPUBindGroupLayoutEntry. */
  readonly storageTexture?: WgslStorageTextureLayout;
  /** For `sampler`: the `sampler` member of its GPUBindGroupLayoutEntry. */
  readonly sampler?: WgslSamplerLayout;
  /**
   * The SPIR-V DescriptorSet and Binding, where the WGSL binding differs: a resource that shared
   * its set and binding with another (a texture and a sampler at one binding, as HLSL compilers
   * write them) moves to a free binding, and the host binds it here instead.
   */
  readonly spirvBinding?: { readonly group: number; readonly binding: number };
}

/** A texture view's dimension, as GPUTextureViewDimension names it. */
export type WgslTextureViewDimension = '1d' | '2d' | '2d-array' | 'cube' | 'cube-array' | '3d';

/** A sampled texture binding, as GPUTextureBindingLayout: what texture and view the host binds there. */
export interface WgslTextureLayout {
  /** `'float'` for `f32` textures (WGSL does not say whether the host's texture filters), `'depth'` for `texture_depth_*`. */
  readonly sampleType: 'float' | 'sint' | 'uint' | 'depth';
  readonly viewDimension: WgslTextureViewDimension;
  readonly multisampled: boolean;
}

/** A storage texture binding, as GPUStorageTextureBindingLayout. */
export interface WgslStorageTextureLayout {
  /** From the WGSL access mode: `read`, `write`, `read_write`. */
  readonly access: 'read-only' | 'write-only' | 'read-write';
  /** The texel format: WGSL's names are GPUTextureFormat's (`rgba8unorm`, `r32uint`, …). */
  readonly format: string;
  readonly viewDimension: '1d' | '2d' | '2d-array' | '3d';
}

/** A sampler binding, as GPUSamplerBindingLayout: `sampler_comparison` is `'comparison'`. */
export interface WgslSamplerLayout {
  readonly type: 'filtering' | 'comparison';
}

/** A specialization constant, as a WGSL `override` with `@id(SpecId)`. */
export interface WgslOverride {
  /** The SpecId: the key of `GPUProgrammableStage.constants`. */
  readonly id: number;
  /** The override's name in the WGSL. */
  readonly name: string;
  readonly type: 'bool' | 'i32' | 'u32' | 'f32';
  /** The default the module declares. */
  readonly default: number | boolean;
}

/**
 * A spec constant the WGSL declares `const` at its default value, not `override`: it sizes an
 * array in a buffer, and WGSL sizes arrays by overrides only in `var<workgroup>`. Pipeline
 * constants cannot change it; specialize the SPIR-V first for another value.
 */
export interface WgslSpecialized {
  /** The SpecId. */
  readonly id: number;
  /** The constant's name in the WGSL. */
  readonly name: string;
  readonly value: number;
}

/** Where push constants go: WGSL has none, so they become a uniform buffer at this binding. */
export interface PushConstantBinding {
  readonly group: number;
  readonly binding: number;
}

/** Options of {@link toWgsl}. */
export interface ToWgslOptions {
  /**
   * The `@group`/`@binding` of the uniform buffer that holds the push constants. Default: binding 0
   * of the group after the highest DescriptorSet the module uses (group 0 when it uses none).
   */
  readonly pushConstants?: PushConstantBinding;
  /**
   * WGSL has no combined image samplers (GLSL's `sampler2D`): the texture keeps the variable's
   * `@group`/`@binding` and the sampler goes to the same group at the binding plus this offset
   * (default 500; WebGPU allows bindings up to 999). Both are listed in `bindings`.
   */
  readonly combinedSamplerBindingOffset?: number;
}

/** The WGSL text of a module, with what a host needs to run it. */
export interface WgslResult {
  readonly code: string;
  readonly entryPoints: readonly WgslEntryPoint[];
  readonly bindings: readonly WgslBinding[];
  readonly overrides: readonly WgslOverride[];
  /** Spec constants fixed at their default value (see {@link WgslSpecialized}). */
  readonly specialized: readonly WgslSpecialized[];
  /**
   * The WebGPU features (`GPUFeatureName`s) the code's `enable` directives need, sorted: pass them
   * as `requiredFeatures` to `requestDevice`, where the adapter has them. Empty for core WGSL.
   */
  readonly requiredFeatures: readonly string[];
  /**
   * Per line of `code` (index 0 is line 1): the source line it came from, where the module has
   * OpLine or NonSemantic.Shader.DebugInfo.100 DebugLine for it.
   */
  readonly lineMap: readonly (SourceLocation | undefined)[];
}
