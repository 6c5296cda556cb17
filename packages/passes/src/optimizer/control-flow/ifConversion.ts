import {
  ControlFlowAnalysis,
  Instruction,
  Op,
  SelectionControl,
  TypesAnalysis,
  UNCHANGED,
  replaceAllUsesWith,
  type Block,
  type Function,
  type Module,
  type Pass,
} from '@spvkit/core';
import { globalDefinitions } from './globalDefinitions.js';
import { definingBlocks, mergeInstructionOf, phisOf, terminatorOf } from './structuredBlocks.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const IF_CONVERSION = 'if-conversion';

/** One OpPhi to become an OpSelect, found before any edit. */
interface Conversion {
  readonly merge: Block;
  readonly header: Block;
  readonly phi: Instruction;
  readonly condition: number;
  readonly whenTrue: number;
  readonly whenFalse: number;
  /** The vector size of the result (the condition is splat to it), 0 for a scalar. */
  readonly lanes: number;
}

/**
 * `if-conversion`: as spirv-opt's, an OpPhi at the merge of a two-way selection (an
 * OpSelectionMerge header ending in OpBranchConditional, whose merge block has the two arms as its
 * only predecessors) becomes an OpSelect on the header's condition, placed after the merge block's
 * OpPhis (a vector's condition splat with OpCompositeConstruct), when both incoming values are
 * already computed where the header branches: defined outside the function's blocks or in a
 * block that dominates the header. Like spirv-opt's, it moves no instruction out of an arm
 * (selecting between values an arm computes would need them computed on both paths). The branches
 * themselves stay for later passes to clean up.
 *
 * Left alone: OpPhis of other types than boolean, integer and float scalars and vectors, an OpPhi
 * another OpPhi of its block uses, a header marked DontFlatten, a selection with more than two
 * ways in (an OpSwitch, or breaks into the merge), and values an arm computes.
 *
 * @example
 * ```ts
 * runPasses(module, ['if-conversion']);
 * ```
 */
export const ifConversion: Pass = {
  name: IF_CONVERSION,
  description: 'turn OpPhis of two-way selections over values computed before the branch into OpSelect',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const globals = globalDefinitions(module);
    const plans: Conversion[][] = [];
    for (const fn of module.functions) {
      const conversions = planFunction(module, globals, fn);
      if (conversions.length > 0) plans.push(conversions);
    }
    if (plans.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    for (const conversions of plans) {
      // The plans name the values as they were: an OpPhi converted at an earlier merge of the
      // function may be another's condition or value, and is its OpSelect by then.
      const replaced = new Map<number, number>();
      const current = (id: number): number => replaced.get(id) ?? id;
      const byMerge = new Map<Block, Conversion[]>();
      for (const c of conversions) {
        const list = byMerge.get(c.merge);
        if (list === undefined) byMerge.set(c.merge, [c]);
        else list.push(c);
      }
      for (const [merge, list] of byMerge) {
        const made: Instruction[] = [];
        const splats = new Map<number, number>();
        for (const c of list) {
          let condition = current(c.condition);
          if (c.lanes > 0) {
            let splat = splats.get(c.lanes);
            if (splat === undefined) {
              const vector = new Instruction(
                Op.CompositeConstruct,
                types.vectorType(types.boolType(), c.lanes),
                module.newId(),
                new Array<number>(c.lanes).fill(condition),
              );
              made.push(vector);
              splat = vector.resultId;
              splats.set(c.lanes, splat);
            }
            condition = splat;
          }
          made.push(new Instruction(Op.Select, c.phi.typeId, module.newId(), [condition, current(c.whenTrue), current(c.whenFalse)]));
        }
        const phis = phisOf(merge);
        module.insertAfter(phis[phis.length - 1], made);
        const selects = made.filter((i) => i.opcode === Op.Select);
        list.forEach((c, k) => {
          // The OpSelect takes the OpPhi's place: its uses, names and decorations.
          replaceAllUsesWith(module, c.phi.resultId, selects[k].resultId);
          replaced.set(c.phi.resultId, selects[k].resultId);
          module.remove(c.phi);
        });
      }
    }
    return { changed: true, diagnostics: [] };
  },
};

function planFunction(module: Module, globals: ReadonlyMap<number, Instruction>, fn: Function): Conversion[] {
  const conversions: Conversion[] = [];
  const headers = fn.blocks.filter((b) => mergeInstructionOf(b)?.opcode === Op.SelectionMerge && terminatorOf(b).opcode === Op.BranchConditional);
  if (headers.length === 0) return conversions;
  const flow = module.analysis(ControlFlowAnalysis).of(fn);
  const blockOf = definingBlocks(fn);
  const byId = new Map<number, Block>();
  for (const b of fn.blocks) byId.set(b.id, b);
  for (const header of headers) {
    const selectionMerge = mergeInstructionOf(header)!;
    if ((selectionMerge.word(1) & SelectionControl.DontFlatten) !== 0) continue;
    const merge = byId.get(selectionMerge.word(0));
    const branch = terminatorOf(header);
    const thenBlock = byId.get(branch.word(1));
    const elseBlock = byId.get(branch.word(2));
    if (merge === undefined || thenBlock === undefined || elseBlock === undefined || branch.word(1) === branch.word(2) || !flow.reachable(header)) continue;
    const preds = flow.predecessors(merge);
    if (preds.length !== 2 || preds.some((p) => flow.dominates(merge, p))) continue;
    const phis = phisOf(merge);
    if (phis.length === 0) continue;
    const phiIds = new Set(phis.map((p) => p.resultId));
    // An OpPhi another OpPhi of the block takes a value from: the OpSelect would come too late.
    const usedByPhi = new Set<number>();
    for (const p of phis) for (let i = 0; i < p.operandCount; i += 2) if (phiIds.has(p.word(i))) usedByPhi.add(p.word(i));
    for (const phi of phis) {
      if (phi.operandCount !== 4) continue;
      const lanes = selectableLanes(globals, phi.typeId);
      if (lanes === undefined || usedByPhi.has(phi.resultId)) continue;
      const [v0, p0, v1, p1] = [phi.word(0), byId.get(phi.word(1)), phi.word(2), byId.get(phi.word(3))];
      if (p0 === undefined || p1 === undefined || phiIds.has(v0) || phiIds.has(v1)) continue;
      // Each value comes in along one arm: from inside it, or straight from the header when the arm
      // is the merge itself.
      const along = (p: Block, target: Block): boolean => (target === merge ? p === header : flow.dominates(target, p));
      const firstIsTrue = along(p0, thenBlock) && along(p1, elseBlock);
      if (!firstIsTrue && !(along(p0, elseBlock) && along(p1, thenBlock))) continue;
      const available = (id: number): boolean => {
        const block = blockOf.get(id);
        return block === undefined || flow.dominates(block, header);
      };
      if (!available(v0) || !available(v1)) continue;
      conversions.push({ merge, header, phi, condition: branch.word(0), whenTrue: firstIsTrue ? v0 : v1, whenFalse: firstIsTrue ? v1 : v0, lanes });
    }
  }
  return conversions;
}

/** 0 for a boolean, integer or float scalar, the size of a vector of them, undefined for other types. */
function selectableLanes(globals: ReadonlyMap<number, Instruction>, typeId: number): number | undefined {
  const type = globals.get(typeId);
  if (type === undefined) return undefined;
  if (type.opcode === Op.TypeBool || type.opcode === Op.TypeInt || type.opcode === Op.TypeFloat) return 0;
  if (type.opcode !== Op.TypeVector) return undefined;
  return selectableLanes(globals, type.word(0)) === 0 ? type.word(1) : undefined;
}
