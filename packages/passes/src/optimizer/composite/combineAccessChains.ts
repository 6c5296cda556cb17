import {
  ControlFlowAnalysis,
  Decoration,
  DecorationsAnalysis,
  DefUseAnalysis,
  Instruction,
  Op,
  TypesAnalysis,
  UNCHANGED,
  type Block,
  type DefUse,
  type Module,
  type Pass,
} from '@spvkit/core';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

const isChain = (op: number): boolean => op === Op.AccessChain || op === Op.InBoundsAccessChain || op === Op.PtrAccessChain || op === Op.InBoundsPtrAccessChain;
const isPtrChain = (op: number): boolean => op === Op.PtrAccessChain || op === Op.InBoundsPtrAccessChain;
const isInBounds = (op: number): boolean => op === Op.InBoundsAccessChain || op === Op.InBoundsPtrAccessChain;

/** A chain as the pass sees it: planned edits are read back before they are written. */
interface ChainView {
  opcode: number;
  operands: number[];
}

/**
 * spirv-opt's `--combine-access-chains`: an access chain (OpAccessChain, OpInBoundsAccessChain,
 * OpPtrAccessChain, OpInBoundsPtrAccessChain) whose base is another access chain takes the inner
 * chain's base and indices, so one instruction computes the pointer. A chain onto a pointer
 * chain adds its Element to the inner chain's last index: two constants give a constant, else an
 * OpIAdd is made (never for an index into a struct, which must stay constant). A chain without
 * indices of its own becomes an OpCopyObject of its base; a base chain without indices is looked
 * through. Chains with 64-bit indices, a base whose pointer type has an ArrayStride, or a
 * decorated base chain (whose decorations, such as NonUniform, the combined chain would lose) are
 * left as they are. Blocks are visited in reverse postorder, so a chain of chains combines in one
 * run; unreachable blocks are left alone. The inner chains stay for dead-code elimination.
 *
 * @example
 * ```ts
 * runPasses(module, ['combine-access-chains', 'eliminate-dead-code-aggressive']);
 * ```
 */
export const combineAccessChains: Pass = {
  name: 'combine-access-chains',
  description: 'combine an access chain whose base is another access chain into one chain',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    return combine(module) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

function combine(module: Module): boolean {
  const defUse = module.analysis(DefUseAnalysis);
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const views = new Map<number, ChainView>();
  const view = (inst: Instruction): ChainView => views.get(inst.resultId) ?? { opcode: inst.opcode, operands: Array.from(inst.operands) };
  /** Planned rewrites per block: the chain's new shape and the OpIAdds to put before it. */
  const edits = new Map<Block, Map<Instruction, Instruction[]>>();
  const int32 = (id: number): boolean => {
    const t = defUse.def(defUse.def(id)?.typeId ?? 0);
    return t?.opcode === Op.TypeInt && t.word(0) === 32;
  };
  const constantOf = (id: number): number | undefined => {
    const d = defUse.def(id);
    return d?.opcode === Op.Constant && int32(id) ? d.word(0) : undefined;
  };
  for (const fn of module.functions) {
    if (fn.blocks.length === 0) continue;
    let found = false;
    for (const block of fn.blocks)
      for (const inst of block.instructions) if (isChain(inst.opcode) && isChain(defUse.def(inst.word(0))?.opcode ?? 0)) found = true;
    if (!found) continue;
    for (const block of module.analysis(ControlFlowAnalysis).of(fn).reversePostorder()) {
      for (const inst of block.instructions) {
        if (!isChain(inst.opcode)) continue;
        const baseInst = defUse.def(inst.word(0));
        if (baseInst === undefined || !isChain(baseInst.opcode)) continue;
        const outer = view(inst);
        // An inner chain this run turned into an OpCopyObject is no chain to combine with.
        const inner = view(baseInst);
        if (!isChain(inner.opcode)) continue;
        if (!outer.operands.slice(1).every(int32) || !inner.operands.slice(1).every(int32)) continue;
        if (decorations.find(baseInst.typeId, Decoration.ArrayStride) !== undefined) continue;
        if (decorations.of(baseInst.resultId).length > 0) continue;
        const added: Instruction[] = [];
        let next: ChainView | undefined;
        if (inner.operands.length === 1) next = { opcode: outer.opcode, operands: [inner.operands[0], ...outer.operands.slice(1)] };
        else if (outer.operands.length === 1) next = { opcode: Op.CopyObject, operands: [baseInst.resultId] };
        else {
          const operands = inner.operands.slice(0, -1);
          const last = inner.operands[inner.operands.length - 1];
          if (isPtrChain(outer.opcode)) {
            const element = outer.operands[1];
            const combiningElements = isPtrChain(inner.opcode) && inner.operands.length === 2;
            // What the inner chain's last index selects from: an array (or the pointer's own
            // array, for an Element) can take a sum; a struct's member index cannot move.
            const container = combiningElements ? undefined : containerOfLast(defUse, (id) => types.constantValue(id), inner);
            if (!combiningElements && container === undefined) continue;
            const intoStruct = container !== undefined && defUse.def(container)?.opcode === Op.TypeStruct;
            const a = constantOf(last);
            const b = constantOf(element);
            if (a !== undefined && b !== undefined) {
              if (intoStruct && b !== 0) continue;
              operands.push(types.constant(Op.Constant, defUse.def(last)!.typeId, [(a + b) >>> 0]));
            } else if (!intoStruct && (combiningElements || defUse.def(pointeeOf(defUse, baseInst.typeId))?.opcode !== Op.TypeStruct)) {
              const sum = new Instruction(Op.IAdd, defUse.def(last)!.typeId, module.newId(), [last, element]);
              added.push(sum);
              operands.push(sum.resultId);
            } else continue;
            operands.push(...outer.operands.slice(2));
          } else operands.push(last, ...outer.operands.slice(1));
          next = { opcode: combinedOpcode(outer.opcode, inner.opcode), operands };
        }
        views.set(inst.resultId, next);
        let map = edits.get(block);
        if (map === undefined) edits.set(block, (map = new Map<Instruction, Instruction[]>()));
        map.set(inst, added);
      }
    }
  }
  if (edits.size === 0) return false;
  module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
  for (const [block, map] of edits) {
    module.replaceIn(block, (inst) => {
      const added = map.get(inst);
      if (added === undefined) return undefined;
      const v = views.get(inst.resultId)!;
      return [...added, new Instruction(v.opcode, inst.typeId, inst.resultId, v.operands)];
    });
  }
  return true;
}

/** The pointee type of pointer type `pointerType`. */
function pointeeOf(defUse: DefUse, pointerType: number): number {
  const t = defUse.def(pointerType);
  return t?.opcode === Op.TypePointer ? t.word(1) : 0;
}

/** The type the last index of `chain` (seen as `shape`) selects a member or element of. */
function containerOfLast(defUse: DefUse, constantValue: (id: number) => number | undefined, shape: ChainView): number | undefined {
  let type = pointeeOf(defUse, defUse.def(shape.operands[0])?.typeId ?? 0);
  const first = isPtrChain(shape.opcode) ? 2 : 1;
  for (let i = first; i < shape.operands.length - 1; i++) {
    const t = defUse.def(type);
    if (t === undefined) return undefined;
    if (t.opcode === Op.TypeStruct) {
      const member = constantValue(shape.operands[i]);
      if (member === undefined || member >= t.operandCount) return undefined;
      type = t.word(member);
    } else if (t.opcode === Op.TypeArray || t.opcode === Op.TypeRuntimeArray || t.opcode === Op.TypeVector || t.opcode === Op.TypeMatrix) type = t.word(0);
    else return undefined;
  }
  return type;
}

/** spirv-opt's rule: the combined chain is of the inner chain's kind, in bounds only when both are. */
function combinedOpcode(outer: number, inner: number): number {
  if (inner === Op.InBoundsPtrAccessChain) return isInBounds(outer) ? inner : Op.PtrAccessChain;
  if (inner === Op.InBoundsAccessChain) return isInBounds(outer) ? inner : Op.AccessChain;
  return inner;
}
