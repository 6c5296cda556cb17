import {
  DefUseAnalysis,
  Op,
  TypesAnalysis,
  UNCHANGED,
  type DefUse,
  type Function,
  type Instruction,
  type Module,
  type Pass,
  type TypeManager,
} from '@spvkit/core';
import { UndefValues } from '../control-flow/undefValues.js';
import { glslStd450, isPure } from './eliminateDeadCodeAggressive.js';
import { replaceResult } from './replaceResult.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** Annotations and debug names that only describe an id: they are not reads. */
const DESCRIBING: ReadonlySet<number> = new Set([Op.Name, Op.Decorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorate, Op.MemberDecorateString]);

/** Every component of a vector (16 at most) or the one of a scalar. */
const ALL = 0xffff;

/**
 * Operations whose result component i depends only on component i of each vector operand (and on
 * scalar operands as a whole): spirv-opt's scalarizable opcodes, OpBitwiseXor included.
 */
const COMPONENT_WISE: ReadonlySet<number> = new Set([
  Op.Phi,
  Op.CopyObject,
  Op.ConvertFToU,
  Op.ConvertFToS,
  Op.ConvertSToF,
  Op.ConvertUToF,
  Op.UConvert,
  Op.SConvert,
  Op.FConvert,
  Op.QuantizeToF16,
  Op.VectorInsertDynamic,
  Op.SNegate,
  Op.FNegate,
  Op.IAdd,
  Op.FAdd,
  Op.ISub,
  Op.FSub,
  Op.IMul,
  Op.FMul,
  Op.UDiv,
  Op.SDiv,
  Op.FDiv,
  Op.UMod,
  Op.SRem,
  Op.SMod,
  Op.FRem,
  Op.FMod,
  Op.VectorTimesScalar,
  Op.ShiftRightLogical,
  Op.ShiftRightArithmetic,
  Op.ShiftLeftLogical,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.BitwiseAnd,
  Op.Not,
  Op.BitFieldInsert,
  Op.BitFieldSExtract,
  Op.BitFieldUExtract,
  Op.BitReverse,
  Op.BitCount,
  Op.IsNan,
  Op.IsInf,
  Op.IsFinite,
  Op.IsNormal,
  Op.SignBitSet,
  Op.LessOrGreater,
  Op.Ordered,
  Op.Unordered,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalNot,
  Op.Select,
  Op.IEqual,
  Op.INotEqual,
  Op.UGreaterThan,
  Op.SGreaterThan,
  Op.UGreaterThanEqual,
  Op.SGreaterThanEqual,
  Op.ULessThan,
  Op.SLessThan,
  Op.ULessThanEqual,
  Op.SLessThanEqual,
  Op.FOrdEqual,
  Op.FUnordEqual,
  Op.FOrdNotEqual,
  Op.FUnordNotEqual,
  Op.FOrdLessThan,
  Op.FUnordLessThan,
  Op.FOrdGreaterThan,
  Op.FUnordGreaterThan,
  Op.FOrdLessThanEqual,
  Op.FUnordLessThanEqual,
  Op.FOrdGreaterThanEqual,
  Op.FUnordGreaterThanEqual,
]);

/**
 * GLSL.std.450 instructions that work component by component, as spirv-opt's list: rounding,
 * sign and abs, trigonometry, exponentials and roots, min, max, clamp, mix, step, smoothstep, fma,
 * ldexp, the find-bit instructions and the NaN-aware min, max and clamp.
 */
const GLSL_COMPONENT_WISE: ReadonlySet<number> = new Set([
  ...Array.from({ length: 32 }, (_, i) => i + 1), // Round .. InverseSqrt
  ...Array.from({ length: 14 }, (_, i) => i + 37), // FMin .. Fma
  53, // Ldexp
  73, // FindILsb
  74, // FindSMsb
  75, // FindUMsb
  79, // NMin
  80, // NMax
  81, // NClamp
]);

/**
 * spirv-opt's `--vector-dce`: finds, from every instruction that is not a pure operation on
 * vectors or scalars, backwards through extracts, inserts, shuffles, constructs and
 * component-wise operations (GLSL.std.450's among them), which components of each vector value
 * something reads. Then: a pure vector or scalar instruction none of whose components is read
 * has its uses moved to an OpUndef and goes (so the constituents of a construct or shuffle that only feed dead components
 * become OpUndef); an OpCompositeInsert into a vector whose inserted component is not read is
 * replaced by the vector it inserts into; one where only the inserted component is read inserts
 * into an OpUndef. Structs, matrices and arrays are not followed: whatever reads one reads all
 * of it.
 *
 * Unlike spirv-opt, a dead instruction passes no reads on (spirv-opt's extract of a dead result
 * still reads its component), so one run finds all there is; and NonSemantic debug instructions
 * read what they name, where spirv-opt ignores them.
 *
 * @example
 * ```ts
 * runPasses(module, ['vector-dce']); // the insert of .w into a vector only .xy of is read goes
 * ```
 */
export const vectorDce: Pass = {
  name: 'vector-dce',
  description: 'remove the components of vector values that nothing reads: dead inserts, and pure vector values no component of which is read',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const defUse = module.analysis(DefUseAnalysis);
    const glsl = glslStd450(module);
    const undefs = new UndefValues(module);
    let changed = false;
    for (const fn of functions) {
      const tracked = (inst: Instruction): boolean => shapeOf(inst, types) !== 0 && isPure(inst, glsl);
      const componentWise = (inst: Instruction): boolean =>
        COMPONENT_WISE.has(inst.opcode) || (inst.opcode === Op.ExtInst && inst.word(0) === glsl && GLSL_COMPONENT_WISE.has(inst.word(1)));
      const live = liveComponents(fn, types, defUse, tracked, componentWise);
      if (rewrite(module, fn, types, defUse, undefs, live, tracked)) changed = true;
    }
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

/** The components of `inst`'s result: 1 for a scalar, n for a vector of n, 0 for anything else. */
function shapeOf(inst: Instruction | undefined, types: TypeManager): number {
  if (inst === undefined || inst.typeId === 0) return 0;
  const type = types.def(inst.typeId);
  if (type === undefined) return 0;
  switch (type.opcode) {
    case Op.TypeBool:
    case Op.TypeInt:
    case Op.TypeFloat:
      return 1;
    case Op.TypeVector:
      return type.word(1);
    default:
      return 0;
  }
}

/** The read components of each vector or scalar value of `fn` (and of the globals it reads), as bit masks. */
function liveComponents(
  fn: Function,
  types: TypeManager,
  defUse: DefUse,
  tracked: (inst: Instruction) => boolean,
  componentWise: (inst: Instruction) => boolean,
): Map<Instruction, number> {
  const live = new Map<Instruction, number>();
  const work: Instruction[] = [];
  const add = (def: Instruction | undefined, mask: number): void => {
    if (def === undefined || shapeOf(def, types) === 0) return;
    const old = live.get(def);
    if (old !== undefined && (old | mask) === old) return;
    live.set(def, (old ?? 0) | mask);
    work.push(def);
  };
  // Every operand word naming a vector or scalar is read (a literal equal to such an id only
  // keeps more alive, which is safe).
  const readAll = (inst: Instruction, vectorMask: number): void => {
    const scalarMask = vectorMask === 0 ? 0 : 1;
    for (let i = 0; i < inst.operandCount; i++) {
      const def = defUse.def(inst.word(i));
      const shape = shapeOf(def, types);
      if (shape > 1) add(def, vectorMask);
      else if (shape === 1) add(def, scalarMask);
    }
  };
  for (const block of fn.blocks) for (const inst of block.instructions) if (!tracked(inst)) readAll(inst, ALL);
  while (work.length > 0) {
    const inst = work.pop()!;
    const mask = live.get(inst)!;
    switch (inst.opcode) {
      case Op.CompositeExtract: {
        const composite = defUse.def(inst.word(0));
        if (shapeOf(composite, types) > 1 && inst.operandCount === 2) add(composite, mask === 0 ? 0 : bit(inst.word(1)));
        break;
      }
      case Op.CompositeInsert:
        if (shapeOf(inst, types) > 1 && inst.operandCount === 3) {
          const at = bit(inst.word(2));
          add(defUse.def(inst.word(1)), mask & ~at);
          add(defUse.def(inst.word(0)), mask & at ? 1 : 0);
        } else {
          readAll(inst, mask === 0 ? 0 : ALL);
        }
        break;
      case Op.VectorShuffle: {
        const first = defUse.def(inst.word(0));
        const second = defUse.def(inst.word(1));
        const size = shapeOf(first, types);
        let a = 0;
        let b = 0;
        for (let i = 2; i < inst.operandCount; i++) {
          if ((mask & bit(i - 2)) === 0) continue;
          const index = inst.word(i);
          if (index < size) a |= bit(index);
          else if (index !== 0xffffffff) b |= bit(index - size);
        }
        add(first, a);
        add(second, b);
        break;
      }
      case Op.CompositeConstruct: {
        if (shapeOf(inst, types) <= 1) {
          readAll(inst, mask === 0 ? 0 : ALL);
          break;
        }
        let component = 0;
        for (const id of inst.operands) {
          const part = defUse.def(id);
          const size = shapeOf(part, types);
          add(part, (mask >>> component) & ((1 << size) - 1));
          component += size;
        }
        break;
      }
      default:
        readAll(inst, componentWise(inst) ? mask : mask === 0 ? 0 : ALL);
    }
  }
  return live;
}

/** Makes the edits the read components allow in `fn`; true when something changed. */
function rewrite(
  module: Module,
  fn: Function,
  types: TypeManager,
  defUse: DefUse,
  undefs: UndefValues,
  live: ReadonlyMap<Instruction, number>,
  tracked: (inst: Instruction) => boolean,
): boolean {
  let changed = false;
  // Users before what they read: a dead value whose readers all went needs no OpUndef.
  const order = fn.blocks.flatMap((block) => block.instructions);
  for (let k = order.length - 1; k >= 0; k--) {
    const inst = order[k];
    const mask = live.get(inst);
    if (mask === undefined || !tracked(inst)) continue;
    const full = (1 << shapeOf(inst, types)) - 1;
    if ((mask & full) === 0) {
      if (inst.opcode === Op.Undef) continue;
      // Nothing reads any component: what still uses it takes an OpUndef instead.
      const read = defUse.uses(inst.resultId).some((u) => !DESCRIBING.has(u.instruction.opcode) || u.operand !== 0);
      if (!replaceResult(module, inst, read ? undefs.of(inst.typeId) : inst.resultId, () => {})) continue;
      module.remove(inst);
      changed = true;
      continue;
    }
    if (inst.opcode !== Op.CompositeInsert || inst.operandCount !== 3 || full === 1) continue;
    const at = bit(inst.word(2));
    if ((mask & at) === 0) {
      // The inserted component is never read: the insert reads as the vector it inserts into.
      if (replaceResult(module, inst, inst.word(1), () => {})) changed = true;
    } else if ((mask & full & ~at) === 0 && defUse.def(inst.word(1))?.opcode !== Op.Undef) {
      // Only the inserted component is read: what it inserts into does not matter.
      module.setOperand(inst, 1, undefs.of(inst.typeId));
      changed = true;
    }
  }
  return changed;
}

function bit(index: number): number {
  return index < 16 ? 1 << index : 0;
}
