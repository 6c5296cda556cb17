import { Capability, Op, StorageClass, UNCHANGED, decodeLiteralString, type Instruction, type Module, type Pass, DefUseAnalysis } from '@spvkit/core';
import { removeDeadGlobals } from './deadGlobals.js';
import { NUMBERED } from './valueNumbering.js';

/**
 * Instructions with no effect but their result: they live only when something live reads them.
 * Everything else (stores outside Function memory, calls, atomics, barriers, image writes, kills,
 * emits, ray and mesh operations, every branch, merge and label, OpLine, extended instructions of
 * other sets, NonSemantic debug info) is live by itself. Unknown opcodes are live too.
 */
const PURE: ReadonlySet<number> = new Set([
  // What value numbering may merge computes from its operands alone; besides it, what reads
  // without effect: undefs, phis, derivatives, image reads and queries.
  ...NUMBERED,
  Op.Undef,
  Op.Phi,
  Op.ArrayLength,
  Op.DPdx,
  Op.DPdy,
  Op.Fwidth,
  Op.DPdxFine,
  Op.DPdyFine,
  Op.FwidthFine,
  Op.DPdxCoarse,
  Op.DPdyCoarse,
  Op.FwidthCoarse,
  Op.SampledImage,
  Op.Image,
  Op.ImageSampleImplicitLod,
  Op.ImageSampleExplicitLod,
  Op.ImageSampleDrefImplicitLod,
  Op.ImageSampleDrefExplicitLod,
  Op.ImageSampleProjImplicitLod,
  Op.ImageSampleProjExplicitLod,
  Op.ImageSampleProjDrefImplicitLod,
  Op.ImageSampleProjDrefExplicitLod,
  Op.ImageFetch,
  Op.ImageGather,
  Op.ImageDrefGather,
  Op.ImageQuerySizeLod,
  Op.ImageQuerySize,
  Op.ImageQueryLod,
  Op.ImageQueryLevels,
  Op.ImageQuerySamples,
]);

/** GLSL.std.450 instructions that write through a pointer operand (Modf, Frexp) or read an input's interpolation (InterpolateAt*). */
const GLSL_NOT_PURE: ReadonlySet<number> = new Set([35, 51, 76, 77, 78]);

/** Annotations and debug names that only describe an id: they go with it. */
const DESCRIBING: ReadonlySet<number> = new Set([
  Op.Name,
  Op.MemberName,
  Op.Decorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorate,
  Op.MemberDecorateString,
]);

/**
 * spirv-opt's `--eliminate-dead-code-aggressive`, the conservative half of it: in each function,
 * everything with an effect is live (see {@link PURE} for what has none), and so is whatever a
 * live instruction reads; a Function variable is live when something live reads it, and then so
 * is every store into it (through access chains too). What is not live goes: dead arithmetic,
 * loads nothing uses (not volatile ones), Function variables only ever stored to and their
 * stores, with their names and decorations; then the types, constants and undefs nothing uses
 * any more ({@link removeDeadGlobals}). Control flow is kept whole: every label, branch and
 * merge stays, so the structure is never touched (spirv-opt also removes dead branches and
 * loops; this pass does not). A decoration group naming a dead id keeps it.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-dead-code-aggressive']); // `%t = OpIAdd %uint %a %b` nothing reads goes
 * ```
 */
export const eliminateDeadCodeAggressive: Pass = {
  name: 'eliminate-dead-code-aggressive',
  description:
    'remove instructions whose results nothing live needs, Function variables only stored to, and the types and constants nothing uses (control flow kept)',
  preserves: [DefUseAnalysis],
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const glsl = glslStd450(module);
    const grouped = groupDecorated(module);
    const dead = new Set<number>();
    let changed = false;
    for (const fn of functions) {
      // The function's own definitions, for what a live operand brings to life.
      const local = new Map<number, Instruction>();
      const storesInto = new Map<number, Instruction[]>();
      const live = new Set<Instruction>();
      const work: Instruction[] = [];
      const candidates: Instruction[] = [];
      for (const block of fn.blocks) for (const inst of block.instructions) if (inst.resultId !== 0) local.set(inst.resultId, inst);
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          // A volatile store stays whatever it stores into.
          if (inst.opcode === Op.Store && (inst.operandCount < 3 || (inst.word(2) & 1) === 0)) {
            const variable = functionVariableOf(inst.word(0), local);
            if (variable !== undefined) {
              let list = storesInto.get(variable);
              if (list === undefined) storesInto.set(variable, (list = []));
              list.push(inst);
              continue;
            }
          } else if (isPure(inst, glsl) && !grouped.has(inst.resultId)) {
            candidates.push(inst);
            continue;
          }
          live.add(inst);
          work.push(inst);
        }
      }
      while (work.length > 0) {
        const inst = work.pop()!;
        const wake = (id: number): void => {
          const def = local.get(id);
          if (def === undefined || live.has(def)) return;
          live.add(def);
          work.push(def);
          if (def.opcode !== Op.Variable) return;
          for (const store of storesInto.get(id) ?? []) {
            if (live.has(store)) continue;
            live.add(store);
            work.push(store);
          }
        };
        if (inst.typeId !== 0) wake(inst.typeId);
        const count = inst.operandCount;
        // Every operand word that names a function-local definition is a read (literals that
        // happen to equal such an id only keep something alive, which is safe).
        for (let i = 0; i < count; i++) wake(inst.word(i));
      }
      let removedHere = false;
      for (const inst of candidates) {
        if (live.has(inst)) continue;
        dead.add(inst.resultId);
        removedHere = true;
      }
      for (const list of storesInto.values()) for (const store of list) if (!live.has(store)) removedHere = true;
      if (!removedHere) continue;
      for (const block of fn.blocks)
        module.removeWhere(block, (inst) => !live.has(inst) && (inst.resultId !== 0 ? dead.has(inst.resultId) : inst.opcode === Op.Store));
      changed = true;
    }
    if (changed) {
      // What named or decorated the removed ids goes with them.
      module.removeWhere('debugNames', (inst) => DESCRIBING.has(inst.opcode) && dead.has(inst.word(0)));
      module.removeWhere('annotations', (inst) => DESCRIBING.has(inst.opcode) && dead.has(inst.word(0)));
    }
    // Then the types and constants only the removed code used (or nothing ever did).
    // A module that links with others may export what looks unused here.
    const linked = module.capabilities.some((c) => c.word(0) === Capability.Linkage);
    if (!linked && removeDeadGlobals(module).size > 0) changed = true;
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

/**
 * Whether `inst` has no effect but its result (see {@link PURE}): `glsl` is the module's
 * GLSL.std.450 import, whose instructions are pure but for those that write memory or read an
 * input's interpolation.
 *
 * @example
 * ```ts
 * if (isPure(inst, glslStd450(module))) module.remove(inst); // once nothing reads it
 * ```
 */
export function isPure(inst: Instruction, glsl: number | undefined): boolean {
  const opcode = inst.opcode;
  if (opcode === Op.Load) return inst.operandCount < 2 || (inst.word(1) & 1) === 0; // not Volatile
  if (opcode === Op.Variable) return inst.word(0) === StorageClass.Function;
  if (opcode === Op.ExtInst) return glsl !== undefined && inst.word(0) === glsl && !GLSL_NOT_PURE.has(inst.word(1));
  return PURE.has(opcode);
}

/** The Function variable a pointer is, or is an access chain into; undefined for any other pointer. */
function functionVariableOf(pointer: number, local: ReadonlyMap<number, Instruction>): number | undefined {
  for (let def = local.get(pointer); def !== undefined; def = local.get(def.word(0))) {
    if (def.opcode === Op.Variable) return def.word(0) === StorageClass.Function ? def.resultId : undefined;
    if (def.opcode !== Op.AccessChain && def.opcode !== Op.InBoundsAccessChain) return undefined;
  }
  return undefined;
}

/** The id of the module's GLSL.std.450 import, if it has one. */
export function glslStd450(module: Module): number | undefined {
  for (const inst of module.extInstImports) if (decodeLiteralString(inst.operands, 0, inst.operandCount).value === 'GLSL.std.450') return inst.resultId;
  return undefined;
}

/** Ids an OpGroupDecorate or OpGroupMemberDecorate names: kept, so the group stays valid. */
function groupDecorated(module: Module): Set<number> {
  const ids = new Set<number>();
  for (const inst of module.annotations) {
    if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) for (let i = 1; i < inst.operandCount; i++) ids.add(inst.word(i));
  }
  return ids;
}
