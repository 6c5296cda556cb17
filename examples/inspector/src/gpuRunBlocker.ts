// Why "Run on WebGPU" cannot run a module, decided in the page before anything is loaded: the
// panel then says so instead of offering a button that could only fail. It reads the module's
// reflection and its image types; the translator itself (@spvkit/wgsl) is loaded on the first run
// only, so what it alone refuses is still reported by the run.
import { decodeModule, type Reflection } from '@spvkit/core';

// Opcodes and enumerants as numbers: core's Op, Dim and ImageFormat objects carry every name of
// the grammar, and importing them here would move them into the page's first load.
const Op = { TypeImage: 25, TypeSampledImage: 27, Variable: 59, Decorate: 71 } as const;
const StorageClass = { UniformConstant: 0 } as const;
const Decoration = { Binding: 33, DescriptorSet: 34 } as const;
const Dim = { Rect: 4, Buffer: 5, SubpassData: 6 } as const;
const DIM_NAMES: Record<number, string> = { [Dim.Rect]: 'rect', [Dim.Buffer]: 'buffer', [Dim.SubpassData]: 'subpass' };
/** SPIR-V ImageFormats that are WebGPU storage texel formats (the ones @spvkit/wgsl translates). */
const STORAGE_FORMATS = new Set([1, 2, 3, 4, 5, 6, 21, 22, 23, 24, 25, 30, 31, 32, 33, 35]);

const KINDS_RUN = new Set(['uniform-buffer', 'storage-buffer', 'sampler', 'sampled-image', 'combined-image-sampler', 'storage-image']);

const KIND_WHY: Record<string, string> = {
  'uniform-texel-buffer': 'a uniform texel buffer (WebGPU has no texel buffers)',
  'storage-texel-buffer': 'a storage texel buffer (WebGPU has no texel buffers)',
  'input-attachment': 'an input attachment (render passes only)',
  'acceleration-structure': 'an acceleration structure (WebGPU has no ray tracing)',
};

/** The reason the runner cannot run the module, or undefined where it can try. */
export function gpuRunBlocker(words: Uint32Array, reflection: Reflection): string | undefined {
  if (!reflection.entryPoints.some((e) => e.executionModel === 'GLCompute')) {
    const models = [...new Set(reflection.entryPoints.map((e) => e.executionModel))].join(', ') || 'none';
    return `the runner dispatches compute shaders only, and this module's entry points are ${models}`;
  }
  for (const b of reflection.bindings) {
    const where = `${b.name || 'a binding'} (set ${b.set}, binding ${b.binding})`;
    if (!KINDS_RUN.has(b.kind)) return `${where} is ${KIND_WHY[b.kind] ?? `of a kind WebGPU cannot bind (${b.kind})`}`;
    if (b.count !== 1) return `${where} is an array of ${b.count === 0 ? 'runtime length' : b.count}: WGSL has no binding arrays`;
  }
  return imageBlocker(words, reflection);
}

/** A reason an image type of a resource cannot be made: depth, multisampled, or not a texture WebGPU has. */
function imageBlocker(words: Uint32Array, reflection: Reflection): string | undefined {
  const module = decodeModule(words);
  const defs = new Map(module.globals.filter((g) => g.resultId !== 0).map((g) => [g.resultId, g]));
  // DescriptorSet and Binding of each variable, to name it as the reflection table does.
  const slots = new Map<number, { set?: number; binding?: number }>();
  for (const a of module.annotations) {
    if (a.opcode !== Op.Decorate || (a.word(1) !== Decoration.Binding && a.word(1) !== Decoration.DescriptorSet)) continue;
    const slot = slots.get(a.word(0)) ?? {};
    if (a.word(1) === Decoration.Binding) slot.binding = a.word(2);
    else slot.set = a.word(2);
    slots.set(a.word(0), slot);
  }
  for (const v of module.globals) {
    const slot = slots.get(v.resultId);
    if (v.opcode !== Op.Variable || v.word(0) !== StorageClass.UniformConstant || slot === undefined) continue;
    let t = defs.get(defs.get(v.typeId)?.word(1) ?? -1);
    if (t?.opcode === Op.TypeSampledImage) t = defs.get(t.word(0));
    if (t?.opcode !== Op.TypeImage) continue;
    const set = slot.set ?? 0;
    const binding = slot.binding ?? 0;
    const name = `${reflection.bindings.find((b) => b.set === set && b.binding === binding)?.name || 'an image'} (set ${set}, binding ${binding})`;
    const [dim, depth, multisampled, usage, format] = [t.word(1), t.word(2), t.word(4), t.word(5), t.word(6)];
    if (depth === 1) return `${name} is a depth texture: the runner makes color textures only (the page cannot write depth texels)`;
    if (multisampled === 1) return `${name} is multisampled: WebGPU fills multisampled textures only by rendering to them`;
    if (dim === Dim.Rect || dim === Dim.Buffer || dim === Dim.SubpassData) return `${name} is a ${DIM_NAMES[dim]} image: WebGPU has no such texture`;
    if (usage === 2 && !STORAGE_FORMATS.has(format))
      return `${name} is a storage image of ${format === 0 ? 'no format (Unknown)' : `ImageFormat ${format}`}: WebGPU storage textures need one of its storage formats`;
  }
  return undefined;
}
