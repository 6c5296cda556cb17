import { ControlFlowAnalysis, DefUseAnalysis, Op, UNCHANGED, decoratesTarget, type Block, type Instruction, type Module, type Pass } from '@spvkit/core';
import { replaceResult } from './replaceResult.js';
import { hasShaderCapability } from '../shaderModule.js';
import { ReadOnlyLoads } from './readOnlyLoads.js';
import { valueKey } from './valueNumbering.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** How many earlier instructions of one key a later one is compared with, to stay linear. */
const CANDIDATES_PER_KEY = 8;

/**
 * Removes instructions that compute again a value an earlier instruction already holds (same
 * {@link valueKey}), or loads again memory nothing writes ({@link ReadOnlyLoads}): the later
 * one's uses move to the earlier one. `acrossBlocks` false looks
 * within each block only; true also reuses a value from a block that dominates this one. A
 * decorated result (RelaxedPrecision, NoContraction, ...) is never merged with another, nor
 * reused: the two may not compute the same thing.
 */
function eliminateRedundancy(module: Module, acrossBlocks: boolean): boolean {
  const decorated = new Set<number>();
  for (const inst of module.annotations) if (decoratesTarget(inst.opcode)) decorated.add(inst.word(0));
  for (const inst of module.annotations) {
    if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) for (let i = 1; i < inst.operandCount; i++) decorated.add(inst.word(i));
  }
  let changed = false;
  let loads: ReadOnlyLoads | undefined;
  const loadKey = (inst: Instruction): string | undefined => {
    if (inst.opcode !== Op.Load) return undefined;
    loads ??= new ReadOnlyLoads(module, module.analysis(DefUseAnalysis), hasShaderCapability(module));
    return loads.keyOf(inst);
  };
  for (const fn of module.functions) {
    if (fn.blocks.length === 0) continue;
    // The graph is built only where a block may reuse another's value; within a block, the
    // layout order is enough.
    const flow = acrossBlocks ? module.analysis(ControlFlowAnalysis).of(fn) : undefined;
    const seen = new Map<string, { block: Block; id: number }[]>();
    // Uses in unreached blocks are not dominated by anything: a value they read is never merged.
    const unreached = new Set<Instruction>();
    if (flow !== undefined) for (const block of fn.blocks) if (!flow.reachable(block)) for (const inst of block.instructions) unreached.add(inst);
    for (const block of flow?.reversePostorder() ?? fn.blocks) {
      if (!acrossBlocks) seen.clear();
      for (const inst of [...block.instructions]) {
        const key = valueKey(inst) ?? loadKey(inst);
        if (key === undefined || decorated.has(inst.resultId)) continue;
        const earlier = seen.get(key);
        // Reverse postorder puts every dominator first, so only earlier entries can dominate.
        const found = earlier?.find((e) => e.block === block || (flow !== undefined && flow.dominates(e.block, block)));
        if (
          found !== undefined &&
          (unreached.size === 0 ||
            module
              .analysis(DefUseAnalysis)
              .uses(inst.resultId)
              .every((u) => !unreached.has(u.instruction)))
        ) {
          // Replaced at once, so the users still to come key on the earlier id and chains merge too.
          if (replaceResult(module, inst, found.id, () => {})) {
            module.remove(inst);
            changed = true;
            continue;
          }
        }
        if (earlier === undefined) seen.set(key, [{ block, id: inst.resultId }]);
        else {
          if (earlier.length === CANDIDATES_PER_KEY) earlier.shift();
          earlier.push({ block, id: inst.resultId });
        }
      }
    }
  }
  return changed;
}

/**
 * spirv-opt's `--local-redundancy-elimination`: within each block, an instruction that computes
 * again what an earlier one of the block computed (same opcode, type and operands; see
 * {@link valueKey}) goes, its uses moved to the earlier one.
 *
 * @example
 * ```ts
 * runPasses(module, ['local-redundancy-elimination']); // a second `OpIMul %uint %x %y` in a block reuses the first
 * ```
 */
export const localRedundancyElimination: Pass = {
  name: 'local-redundancy-elimination',
  description: 'reuse a value computed earlier in the same block instead of computing it again',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    return eliminateRedundancy(module, false) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

/**
 * spirv-opt's `--redundancy-elimination`: as `local-redundancy-elimination`, and across blocks:
 * a value computed in a block that dominates this one is reused too.
 *
 * @example
 * ```ts
 * runPasses(module, ['redundancy-elimination']); // an `OpIAdd` in both arms of an if, and before it, is computed once
 * ```
 */
export const redundancyElimination: Pass = {
  name: 'redundancy-elimination',
  description: 'reuse a value computed earlier in the same block or in a dominating block instead of computing it again',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    return eliminateRedundancy(module, true) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
