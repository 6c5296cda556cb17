// "Run on WebGPU": a compute shader translated to WGSL by @spvkit/wgsl and dispatched on the
// page's WebGPU, its buffers and textures filled with deterministic data before and read back
// after. Loaded with import() on the first click only: the translator is not part of the page's
// first load.
import { DecorationsAnalysis, NamesAnalysis, TypesAnalysis, decodeModule, type Module } from '@spvkit/core';
import { toWgsl, type WgslBinding, type WgslResult } from '@spvkit/wgsl';
import { copyBack, makeSampler, makeTexture, planTexture, type TexturePlan, type TextureRun } from './gpuTextures.js';
import { texelValues } from './texels.js';

// The few opcodes and enumerants read here, as numbers: core's Op and Decoration objects carry
// every name of the grammar, and importing them here would move them into the page's first load
// (test/weight holds it to 60 KB gzip).
const Op = {
  TypeBool: 20,
  TypeInt: 21,
  TypeFloat: 22,
  TypeVector: 23,
  TypeMatrix: 24,
  TypeArray: 28,
  TypeRuntimeArray: 29,
  TypeStruct: 30,
  Variable: 59,
} as const;
const Decoration = { ArrayStride: 6, MatrixStride: 7, Binding: 33, DescriptorSet: 34, Offset: 35 } as const;
const StorageClass = { PushConstant: 9 } as const;

/** Elements given to every runtime-sized array (`uint values[]`). */
export const RUNTIME_LENGTH = 256;

/** A 32-bit scalar type a buffer holds, as WGSL names it. */
export type Scalar = 'u32' | 'i32' | 'f32';

/**
 * A run of numbers in a buffer: one member of the block (a scalar, vector or matrix column, or
 * an array of them), from the module's explicit layout (Offset, ArrayStride, MatrixStride).
 */
export interface Field {
  /** The member's path in the block, as the shader names it (`values`, `params.size`, `lights[].color`). */
  readonly name: string;
  readonly scalar: Scalar;
  /** Byte offset of the first item. */
  readonly offset: number;
  /** Numbers per item (a vector's components; 1 for a scalar). */
  readonly components: number;
  /** Items (array elements); a runtime array has {@link RUNTIME_LENGTH}. */
  readonly count: number;
  /** Bytes from one item to the next. */
  readonly stride: number;
}

/** A buffer the run creates, with the fields of its block. */
export interface BufferLayout {
  readonly binding: WgslBinding;
  readonly fields: readonly Field[];
  /** Bytes of the buffer (runtime arrays at their {@link RUNTIME_LENGTH}), a multiple of 16. */
  readonly size: number;
}

/** A buffer of a finished run: what each field held before the dispatch and after. */
export interface BufferRun {
  readonly layout: BufferLayout;
  readonly before: readonly (readonly number[])[];
  readonly after: readonly (readonly number[])[];
  /** False for uniform buffers (and the push constants'): the shader cannot write them, they are not read back. */
  readonly readBack: boolean;
}

/** What a run did, or why it did not. */
export type RunOutcome =
  | {
      readonly ok: true;
      readonly wgsl: WgslResult;
      readonly entryPoint: string;
      readonly dispatch: readonly [number, number, number];
      readonly buffers: readonly BufferRun[];
      readonly textures: readonly TextureRun[];
      /** The sampler bindings (nearest, clamp-to-edge). */
      readonly samplers: readonly WgslBinding[];
      readonly ms: number;
    }
  | { readonly ok: false; readonly stage: 'translate' | 'webgpu' | 'compile' | 'run'; readonly message: string; readonly wgsl?: WgslResult };

const SIZES: Record<string, number> = { u32: 4, i32: 4, f32: 4 };

/** The fields of block type `typeId` at `offset` (items of an enclosing array: `outer`). */
function flatten(
  module: Module,
  typeId: number,
  offset: number,
  name: string,
  fields: Field[],
  outer?: { count: number; stride: number },
  matrixStride?: number,
): void {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const t = types.def(typeId);
  if (t === undefined) return;
  const scalarOf = (id: number): Scalar | undefined => {
    const s = types.def(id);
    if (s?.opcode === Op.TypeInt && s.word(0) === 32) return s.word(1) === 1 ? 'i32' : 'u32';
    if (s?.opcode === Op.TypeFloat && s.word(0) === 32) return 'f32';
    if (s?.opcode === Op.TypeBool) return 'u32';
    return undefined;
  };
  const item = (scalar: Scalar | undefined, components: number, count: number, stride: number): void => {
    if (scalar === undefined) return;
    fields.push({ name, scalar, offset, components, count: outer?.count ?? count, stride: outer?.stride ?? stride });
  };
  switch (t.opcode) {
    case Op.TypeInt:
    case Op.TypeFloat:
    case Op.TypeBool:
      item(scalarOf(typeId), 1, 1, 4);
      return;
    case Op.TypeVector:
      item(scalarOf(t.word(0)), t.word(1), 1, 16);
      return;
    case Op.TypeMatrix: {
      // Columns as an array of vectors; inside an array of matrices only the first column is typed.
      const column = types.def(t.word(0));
      if (column?.opcode !== Op.TypeVector) return;
      if (outer !== undefined) item(scalarOf(column.word(0)), column.word(1), 1, 16);
      else fields.push({ name, scalar: scalarOf(column.word(0)) ?? 'u32', offset, components: column.word(1), count: t.word(1), stride: matrixStride ?? 16 });
      return;
    }
    case Op.TypeArray:
    case Op.TypeRuntimeArray: {
      if (outer !== undefined) return; // arrays of arrays: not typed, shown as nothing
      const stride = decorations.find(typeId, Decoration.ArrayStride)?.[0] ?? 4;
      const count = t.opcode === Op.TypeRuntimeArray ? RUNTIME_LENGTH : (types.constantValue(t.word(1)) ?? 1);
      const element = types.def(t.word(0));
      if (element?.opcode === Op.TypeStruct) flatten(module, t.word(0), offset, `${name}[]`, fields, { count, stride });
      else if (element?.opcode === Op.TypeVector)
        fields.push({ name, scalar: scalarOf(element.word(0)) ?? 'u32', offset, components: element.word(1), count, stride });
      else if (element !== undefined && scalarOf(t.word(0)) !== undefined)
        fields.push({ name, scalar: scalarOf(t.word(0))!, offset, components: 1, count, stride });
      return;
    }
    case Op.TypeStruct: {
      const names = module.analysis(NamesAnalysis);
      for (let m = 0; m < t.operandCount; m++) {
        const member = decorations.ofMember(typeId, m);
        const at = member.find((d) => d.decoration === Decoration.Offset)?.params[0] ?? 0;
        const stride = member.find((d) => d.decoration === Decoration.MatrixStride)?.params[0];
        const memberName = names.memberName(typeId, m) || `_${m}`;
        flatten(module, t.word(m), offset + at, name === '' ? memberName : `${name}.${memberName}`, fields, outer, stride);
      }
      return;
    }
    default:
  }
}

/** The SPIR-V variable a WGSL binding stands for: the one at its DescriptorSet/Binding, or the push constants. */
function variableOf(module: Module, binding: WgslBinding): number | undefined {
  const decorations = module.analysis(DecorationsAnalysis);
  for (const v of module.globals) {
    if (v.opcode !== Op.Variable) continue;
    const storage = v.word(0);
    if (binding.kind === 'push-constant') {
      if (storage === StorageClass.PushConstant) return v.resultId;
      continue;
    }
    if (
      decorations.find(v.resultId, Decoration.DescriptorSet)?.[0] === binding.group &&
      decorations.find(v.resultId, Decoration.Binding)?.[0] === binding.binding
    )
      return v.resultId;
  }
  return undefined;
}

/** The layout of the buffer behind `binding`, from the SPIR-V block it translates. */
export function bufferLayout(module: Module, binding: WgslBinding): BufferLayout {
  const types = module.analysis(TypesAnalysis);
  const id = variableOf(module, binding);
  const variable = id === undefined ? undefined : module.globals.find((g) => g.resultId === id);
  const pointer = variable === undefined ? undefined : types.def(variable.typeId);
  const fields: Field[] = [];
  if (pointer !== undefined) flatten(module, pointer.word(1), 0, '', fields);
  let end = binding.size ?? 0;
  for (const f of fields) end = Math.max(end, f.offset + (f.count - 1) * f.stride + f.components * SIZES[f.scalar]);
  return { binding, fields, size: Math.max(16, Math.ceil(end / 16) * 16) };
}

/**
 * The value a run puts in item `i`, component `c` of `field`, the field being the `n`th number
 * of its buffer (counted over the fields in order). Storage buffers: `n + 1` (u32), `n - 8` (i32),
 * `(n + 1) / 2` (f32); uniform blocks and push constants: `n + 2`, `n + 2`, `n + 1.5`, small
 * values that a shader can use as a factor or a bound.
 */
export function initialValue(scalar: Scalar, n: number, uniform: boolean): number {
  if (uniform) return scalar === 'f32' ? n + 1.5 : n + 2;
  if (scalar === 'u32') return n + 1;
  if (scalar === 'i32') return n - 8;
  return (n + 1) / 2;
}

function write(view: DataView, scalar: Scalar, at: number, value: number): void {
  if (scalar === 'f32') view.setFloat32(at, value, true);
  else if (scalar === 'i32') view.setInt32(at, value, true);
  else view.setUint32(at, value, true);
}

function read(view: DataView, scalar: Scalar, at: number): number {
  return scalar === 'f32' ? view.getFloat32(at, true) : scalar === 'i32' ? view.getInt32(at, true) : view.getUint32(at, true);
}

/** Every number of every field, in the order {@link initialValue} counts them. */
function numbers(layout: BufferLayout, view: DataView): number[][] {
  return layout.fields.map((f) => {
    const out: number[] = [];
    for (let i = 0; i < f.count; i++) for (let c = 0; c < f.components; c++) out.push(read(view, f.scalar, f.offset + i * f.stride + c * 4));
    return out;
  });
}

/** The buffer's initial bytes. */
function initialBytes(layout: BufferLayout): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(layout.size);
  const view = new DataView(bytes.buffer);
  const uniform = layout.binding.kind === 'uniform' || layout.binding.kind === 'push-constant';
  let n = 0;
  for (const f of layout.fields) {
    for (let i = 0; i < f.count; i++)
      for (let c = 0; c < f.components; c++) write(view, f.scalar, f.offset + i * f.stride + c * 4, initialValue(f.scalar, n++, uniform));
  }
  return bytes;
}

const BUFFER_KINDS: Record<string, GPUBufferBindingType | undefined> = {
  uniform: 'uniform',
  'push-constant': 'uniform',
  storage: 'storage',
  'read-only-storage': 'read-only-storage',
};

/** The bind group layout entry of a binding: buffers by kind, textures and samplers as the translator lays them out. */
function layoutEntry(b: WgslBinding, plan: TexturePlan | undefined): GPUBindGroupLayoutEntry {
  const entry = { binding: b.binding, visibility: GPUShaderStage.COMPUTE };
  if (b.kind === 'sampler') return { ...entry, sampler: { type: b.sampler?.type ?? 'filtering' } };
  if (plan !== undefined && b.texture !== undefined) return { ...entry, texture: { ...b.texture } };
  if (plan !== undefined && b.storageTexture !== undefined)
    return { ...entry, storageTexture: { ...b.storageTexture, format: plan.format.format as GPUTextureFormat } };
  return { ...entry, buffer: { type: BUFFER_KINDS[b.kind]! } };
}

/**
 * Workgroups to dispatch: with a texture, enough to give each of its texels an invocation (the
 * first storage texture's, else the first texture's); without one, enough for
 * {@link RUNTIME_LENGTH} invocations along x.
 */
function dispatchSize(workgroup: readonly [number, number, number], textures: readonly TexturePlan[]): [number, number, number] {
  const [x, y, z] = workgroup;
  const texture = textures.find((t) => t.binding.kind === 'storage-texture') ?? textures[0];
  if (texture === undefined) return [Math.max(1, Math.ceil(RUNTIME_LENGTH / (x * y * z))), 1, 1];
  const { width, height, layers } = texture.extent;
  return [Math.ceil(width / x), Math.ceil(height / y), Math.ceil(layers / z)];
}

/**
 * Translates `words` to WGSL, creates a buffer for each storage and uniform binding (and the
 * push constants' uniform buffer) filled by {@link initialValue}, a texture for each texture
 * binding filled with the pattern of texels.ts and a sampler for each sampler, dispatches the
 * first compute entry point ({@link dispatchSize}), and reads the storage buffers and the
 * storage textures it may write back.
 */
export async function runOnWebGpu(words: Uint32Array): Promise<RunOutcome> {
  const started = performance.now();
  const module = decodeModule(words);
  let wgsl: WgslResult;
  try {
    wgsl = toWgsl(module);
  } catch (e) {
    const where = (e as { location?: { file?: string; line: number; column: number } }).location;
    return {
      ok: false,
      stage: 'translate',
      message: `${e instanceof Error ? e.message : String(e)}${where ? ` (${where.file ?? '<input>'}:${where.line}:${where.column})` : ''}`,
    };
  }
  const entry = wgsl.entryPoints.find((e) => e.stage === 'compute');
  if (entry === undefined) return { ok: false, stage: 'run', message: 'the module has no compute entry point', wgsl };
  const plans = new Map<WgslBinding, TexturePlan>();
  for (const b of wgsl.bindings) {
    if (b.kind !== 'texture' && b.kind !== 'storage-texture') continue;
    const plan = planTexture(b);
    if (typeof plan === 'string') return { ok: false, stage: 'run', message: plan, wgsl };
    plans.set(b, plan);
  }
  const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
  if (gpu === undefined)
    return {
      ok: false,
      stage: 'webgpu',
      message: 'WebGPU is not available in this browser (no navigator.gpu; it needs a secure origin and a browser with WebGPU on)',
      wgsl,
    };
  const adapter = await gpu.requestAdapter();
  if (adapter === null) return { ok: false, stage: 'webgpu', message: 'WebGPU is there, but this browser gave no adapter (no usable GPU)', wgsl };
  const device = await adapter.requestDevice();
  try {
    device.pushErrorScope('validation');
    const shader = device.createShaderModule({ code: wgsl.code });
    const info = await shader.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length > 0) return { ok: false, stage: 'compile', message: errors.map((m) => `WGSL ${m.lineNum}:${m.linePos}: ${m.message}`).join('\n'), wgsl };

    const layouts = wgsl.bindings.filter((b) => BUFFER_KINDS[b.kind] !== undefined).map((b) => bufferLayout(module, b));
    const groups = Math.max(0, ...wgsl.bindings.map((b) => b.group + 1));
    const bindGroupLayouts = Array.from({ length: groups }, (_, g) =>
      device.createBindGroupLayout({ entries: wgsl.bindings.filter((b) => b.group === g).map((b) => layoutEntry(b, plans.get(b))) }),
    );
    const pipeline = await device.createComputePipelineAsync({
      layout: device.createPipelineLayout({ bindGroupLayouts }),
      compute: { module: shader, entryPoint: entry.wgslName },
    });
    const buffers = layouts.map((layout) => {
      const uniform = BUFFER_KINDS[layout.binding.kind] === 'uniform';
      const buffer = device.createBuffer({
        size: layout.size,
        usage: (uniform ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      });
      const bytes = initialBytes(layout);
      device.queue.writeBuffer(buffer, 0, bytes);
      return { layout, buffer, bytes, uniform };
    });
    const textures = [...plans.values()].map((plan) => makeTexture(device, plan));
    const samplers = wgsl.bindings.filter((b) => b.kind === 'sampler');
    const resources = new Map<WgslBinding, GPUBindingResource>([
      ...buffers.map((b): [WgslBinding, GPUBindingResource] => [b.layout.binding, { buffer: b.buffer }]),
      ...textures.map((t): [WgslBinding, GPUBindingResource] => [t.plan.binding, t.view]),
      ...samplers.map((b): [WgslBinding, GPUBindingResource] => [b, makeSampler(device, b)]),
    ]);
    const bindGroups = bindGroupLayouts.map((layout, g) =>
      device.createBindGroup({
        layout,
        entries: wgsl.bindings.filter((b) => b.group === g).map((b) => ({ binding: b.binding, resource: resources.get(b)! })),
      }),
    );
    const dispatch = dispatchSize(entry.workgroupSize ?? [1, 1, 1], [...plans.values()]);
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    bindGroups.forEach((group, g) => pass.setBindGroup(g, group));
    pass.dispatchWorkgroups(...dispatch);
    pass.end();
    const readable = buffers
      .filter((b) => !b.uniform)
      .map((b) => {
        const copy = device.createBuffer({ size: b.layout.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        encoder.copyBufferToBuffer(b.buffer, 0, copy, 0, b.layout.size);
        return { b, copy };
      });
    const texturesBack = textures.filter((t) => t.plan.readBack).map((t) => ({ t, copy: copyBack(device, encoder, t) }));
    device.queue.submit([encoder.finish()]);
    const after = new Map<BufferLayout, number[][]>();
    for (const { b, copy } of readable) {
      await copy.mapAsync(GPUMapMode.READ);
      after.set(b.layout, numbers(b.layout, new DataView(copy.getMappedRange().slice(0))));
      copy.unmap();
    }
    const texelsAfter = new Map<TexturePlan, number[]>();
    for (const { t, copy } of texturesBack) texelsAfter.set(t.plan, await copy.read());
    const error = await device.popErrorScope();
    if (error !== null) return { ok: false, stage: 'run', message: error.message, wgsl };
    return {
      ok: true,
      wgsl,
      entryPoint: entry.wgslName,
      dispatch,
      ms: performance.now() - started,
      buffers: buffers.map((b) => {
        const before = numbers(b.layout, new DataView(b.bytes.buffer));
        return { layout: b.layout, before, after: after.get(b.layout) ?? before, readBack: !b.uniform };
      }),
      textures: textures.map((t) => {
        const before = texelValues(t.plan.format, t.plan.extent, t.bytes.buffer);
        return { plan: t.plan, before, after: texelsAfter.get(t.plan) ?? before };
      }),
      samplers,
    };
  } catch (e) {
    return { ok: false, stage: 'run', message: e instanceof Error ? e.message : String(e), wgsl };
  } finally {
    device.destroy();
  }
}
