import { DefUseAnalysis } from '../analysis/DefUse.js';
import type { EntryPointInfo } from '../analysis/EntryPoints.js';
import { EntryPointsAnalysis } from '../analysis/EntryPoints.js';
import { Op } from '../grammar/index.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';

/**
 * How the module's functions touch its resource variables, found the way spvkit's WGSL
 * translation finds it (so that a layout built from this matches the WGSL it declares): which
 * variables are written and read anywhere in the module (a buffer never written becomes
 * `var<storage, read>`), and which samplers take part in depth comparisons (`sampler_comparison`).
 */
export interface ResourceAccess {
  readonly written: ReadonlySet<number>;
  readonly read: ReadonlySet<number>;
  /** Samplers and combined image samplers used by an OpImageSampleDref*. */
  readonly comparison: ReadonlySet<number>;
  /** Images and combined image samplers read through a sampler (sampling, gathers, LOD queries): WGSL's 'float' textures. */
  readonly sampled: ReadonlySet<number>;
}

/** Instructions that read an image through a sampler. */
const SAMPLING = new Set<number>([
  Op.ImageSampleImplicitLod,
  Op.ImageSampleExplicitLod,
  Op.ImageSampleDrefImplicitLod,
  Op.ImageSampleDrefExplicitLod,
  Op.ImageSampleProjImplicitLod,
  Op.ImageSampleProjExplicitLod,
  Op.ImageSampleProjDrefImplicitLod,
  Op.ImageSampleProjDrefExplicitLod,
  Op.ImageGather,
  Op.ImageDrefGather,
  Op.ImageQueryLod,
  Op.ImageSparseSampleImplicitLod,
  Op.ImageSparseSampleExplicitLod,
  Op.ImageSparseSampleDrefImplicitLod,
  Op.ImageSparseSampleDrefExplicitLod,
  Op.ImageSparseGather,
  Op.ImageSparseDrefGather,
]);

/** Surveys every function of `module` (see {@link ResourceAccess}). */
export function resourceAccessOf(module: Module): ResourceAccess {
  const defs = new Map<number, Instruction>();
  for (const inst of module.globals) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  for (const fn of module.functions) for (const inst of fn.allInstructions()) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  const root = (id: number): number => {
    const inst = defs.get(id);
    if (inst === undefined) return id;
    if (inst.opcode === Op.AccessChain || inst.opcode === Op.InBoundsAccessChain || inst.opcode === Op.CopyObject) return root(inst.word(0));
    return id;
  };
  const imageRoot = (id: number): number | undefined => {
    const inst = defs.get(id);
    if (inst === undefined) return undefined;
    if (inst.opcode === Op.Load) return root(inst.word(0));
    if (inst.opcode === Op.Variable) return id;
    if (inst.opcode === Op.Image || inst.opcode === Op.SampledImage || inst.opcode === Op.CopyObject) return imageRoot(inst.word(0));
    return undefined;
  };
  const written = new Set<number>();
  const read = new Set<number>();
  const comparison = new Set<number>();
  const sampled = new Set<number>();
  for (const fn of module.functions) {
    for (const inst of fn.allInstructions()) {
      const op = inst.opcode;
      if (SAMPLING.has(op)) {
        const image = imageRoot(inst.word(0));
        if (image !== undefined) sampled.add(image);
        const sampledImage = defs.get(inst.word(0));
        if (sampledImage?.opcode === Op.SampledImage) {
          const separate = imageRoot(sampledImage.word(0));
          if (separate !== undefined) sampled.add(separate);
        }
      }
      if (op >= Op.AtomicLoad && op <= Op.AtomicXor) {
        if (op !== Op.AtomicLoad) written.add(root(inst.word(0)));
        if (op !== Op.AtomicStore) read.add(root(inst.word(0)));
      } else if (op === Op.Store) written.add(root(inst.word(0)));
      else if (op === Op.CopyMemory) {
        written.add(root(inst.word(0)));
        read.add(root(inst.word(1)));
      } else if (op === Op.Load) read.add(root(inst.word(0)));
      else if (op === Op.ImageWrite || op === Op.ImageRead) {
        const image = imageRoot(inst.word(0));
        if (image !== undefined) (op === Op.ImageWrite ? written : read).add(image);
      } else if (op === Op.FunctionCall) {
        for (let i = 1; i < inst.operandCount; i++) {
          if (defs.get(defs.get(inst.word(i))?.typeId ?? 0)?.opcode !== Op.TypePointer) continue;
          written.add(root(inst.word(i)));
          read.add(root(inst.word(i)));
        }
      } else if (op === Op.ImageSampleDrefImplicitLod || op === Op.ImageSampleDrefExplicitLod) {
        const combined = imageRoot(inst.word(0));
        if (combined !== undefined) comparison.add(combined);
        const sampledImage = defs.get(inst.word(0));
        if (sampledImage?.opcode === Op.SampledImage) {
          const sampler = imageRoot(sampledImage.word(1));
          if (sampler !== undefined) comparison.add(sampler);
        }
      }
    }
  }
  return { written, read, comparison, sampled };
}

/** Whether a function `entryPoint` reaches refers to variable `id` (WGSL's static use). */
export function isUsedBy(module: Module, entryPoint: EntryPointInfo, id: number): boolean {
  const entryPoints = module.analysis(EntryPointsAnalysis);
  for (const use of module.analysis(DefUseAnalysis).uses(id)) {
    const fn = entryPoints.functionContaining(use.instruction);
    if (fn !== undefined && entryPoint.reachable.has(fn.id)) return true;
  }
  return false;
}
