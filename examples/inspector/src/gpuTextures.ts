// The textures and samplers of a "Run on WebGPU" run: made from the binding layouts @spvkit/wgsl
// reports, filled with the pattern of texels.ts, and the storage textures the shader can write
// read back after the dispatch.
import type { WgslBinding } from '@spvkit/wgsl';
import { extentOf, patternBytes, texelBytes, texelFormat, texelValues, type Extent, type TexelFormat } from './texels.js';

/** Formats of sampled textures, by the sample type the shader declares (the module names none). */
const SAMPLED_FORMATS: Record<string, string | undefined> = { float: 'rgba8unorm', uint: 'rgba8uint', sint: 'rgba8sint' };

/** A texture the run makes for a `texture` or `storage-texture` binding. */
export interface TexturePlan {
  readonly binding: WgslBinding;
  readonly format: TexelFormat;
  readonly extent: Extent;
  readonly dimension: GPUTextureDimension;
  readonly viewDimension: GPUTextureViewDimension;
  /** Storage textures the shader may write: copied back after the dispatch. */
  readonly readBack: boolean;
}

/** The texture for `binding`, or why the runner cannot make one (depth, multisampled, a format it has no bytes for). */
export function planTexture(binding: WgslBinding): TexturePlan | string {
  const where = `${binding.name} (@group(${binding.group}) @binding(${binding.binding}))`;
  const layout = binding.texture ?? binding.storageTexture;
  if (layout === undefined) return `${where} has no texture layout`;
  let formatName: string | undefined;
  if (binding.texture !== undefined) {
    if (binding.texture.multisampled) return `${where} is multisampled: WebGPU fills multisampled textures only by rendering to them`;
    if (binding.texture.sampleType === 'depth') return `${where} is a depth texture: this runner makes color textures only`;
    formatName = SAMPLED_FORMATS[binding.texture.sampleType];
  } else formatName = binding.storageTexture?.format;
  const format = formatName === undefined ? undefined : texelFormat(formatName);
  if (format === undefined) return `${where} has format ${formatName ?? 'unknown'}, which this runner cannot fill`;
  const viewDimension = layout.viewDimension;
  return {
    binding,
    format,
    extent: extentOf(viewDimension),
    dimension: viewDimension === '1d' ? '1d' : viewDimension === '3d' ? '3d' : '2d',
    viewDimension,
    readBack: binding.storageTexture !== undefined && binding.storageTexture.access !== 'read-only',
  };
}

/** A texture of a finished run: its texels before the dispatch and after (the same where not read back). */
export interface TextureRun {
  readonly plan: TexturePlan;
  readonly before: readonly number[];
  readonly after: readonly number[];
}

/** The texture made and filled, and its view for the bind group. */
export interface MadeTexture {
  readonly plan: TexturePlan;
  readonly texture: GPUTexture;
  readonly view: GPUTextureView;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

export function makeTexture(device: GPUDevice, plan: TexturePlan): MadeTexture {
  const { width, height, layers } = plan.extent;
  const storage = plan.binding.storageTexture !== undefined;
  const texture = device.createTexture({
    size: { width, height, depthOrArrayLayers: layers },
    dimension: plan.dimension,
    format: plan.format.format as GPUTextureFormat,
    usage: (storage ? GPUTextureUsage.STORAGE_BINDING : GPUTextureUsage.TEXTURE_BINDING) | GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC,
  });
  const bytes = patternBytes(plan.format, plan.extent);
  const bytesPerRow = width * texelBytes(plan.format);
  device.queue.writeTexture({ texture }, bytes, { bytesPerRow, rowsPerImage: height }, { width, height, depthOrArrayLayers: layers });
  return { plan, texture, view: texture.createView({ dimension: plan.viewDimension }), bytes };
}

/** Nearest filtering and clamp-to-edge: a sample at a texel's centre reads that texel, whatever the format. */
export function makeSampler(device: GPUDevice, binding: WgslBinding): GPUSampler {
  return device.createSampler({
    magFilter: 'nearest',
    minFilter: 'nearest',
    addressModeU: 'clamp-to-edge',
    addressModeV: 'clamp-to-edge',
    addressModeW: 'clamp-to-edge',
    ...(binding.sampler?.type === 'comparison' ? { compare: 'less' as const } : {}),
  });
}

/** copyTextureToBuffer wants rows 256 bytes apart. */
const ROW_ALIGNMENT = 256;

/** Records the copy of `made` into a mappable buffer; `read` gives its texels once the work is submitted. */
export function copyBack(device: GPUDevice, encoder: GPUCommandEncoder, made: MadeTexture): { read(): Promise<number[]> } {
  const { width, height, layers } = made.plan.extent;
  const bytesPerRow = Math.ceil((width * texelBytes(made.plan.format)) / ROW_ALIGNMENT) * ROW_ALIGNMENT;
  const buffer = device.createBuffer({ size: bytesPerRow * height * layers, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  encoder.copyTextureToBuffer({ texture: made.texture }, { buffer, bytesPerRow, rowsPerImage: height }, { width, height, depthOrArrayLayers: layers });
  return {
    async read() {
      await buffer.mapAsync(GPUMapMode.READ);
      const values = texelValues(made.plan.format, made.plan.extent, buffer.getMappedRange().slice(0), bytesPerRow);
      buffer.unmap();
      return values;
    },
  };
}
