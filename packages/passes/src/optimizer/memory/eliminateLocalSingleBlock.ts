import { DefUseAnalysis, Op, UNCHANGED, type Instruction, type Pass } from '@spvkit/core';
import { localVariables, TargetTypes, type LocalVariable } from './localVariables.js';
import { MemoryEdits } from './memoryEdits.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * `eliminate-local-single-block`, as spirv-opt's: inside each block, a load of a Function
 * variable that follows a store to it (or an earlier load of it) with nothing in between that
 * could change it is replaced by the stored (or loaded) value, and a store that a later store in
 * the same block overwrites before anything reads the variable is removed. Variables whose uses
 * are whole loads and stores or access chains qualify; an access through a chain forgets what the
 * block knew about the variable (and keeps the store before it). Nothing crosses a block
 * boundary: that is `eliminate-local-single-store`'s and `ssa-rewrite`'s work.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-local-single-block']);
 * ```
 */
export const eliminateLocalSingleBlock: Pass = {
  name: 'eliminate-local-single-block',
  description: 'replace loads of Function variables by the value stored or loaded earlier in the same block',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const targets = new TargetTypes(defUse);
    const edits = new MemoryEdits();
    for (const fn of module.functions) {
      const variables = localVariables(fn, defUse, targets, { accessChains: true });
      if (variables.length === 0) continue;
      // Every load and store that reaches one of the variables, whole or through a chain.
      const access = new Map<Instruction, { v: LocalVariable; whole: boolean }>();
      for (const v of variables) {
        for (const inst of v.loads) access.set(inst, { v, whole: true });
        for (const inst of v.stores) access.set(inst, { v, whole: true });
        for (const inst of v.chainAccesses) access.set(inst, { v, whole: false });
      }
      // What the current block knows, per variable: its value, and the store no load has read yet.
      const value = new Map<LocalVariable, number>();
      const unreadStore = new Map<LocalVariable, Instruction>();
      for (const block of fn.blocks) {
        value.clear();
        unreadStore.clear();
        for (const inst of block.instructions) {
          const a = access.get(inst);
          if (a === undefined) continue;
          const { v, whole } = a;
          if (!whole) {
            value.delete(v);
            unreadStore.delete(v);
          } else if (inst.opcode === Op.Store) {
            if (hasMemoryOperands(inst)) {
              value.delete(v);
              unreadStore.delete(v);
              continue;
            }
            const earlier = unreadStore.get(v);
            if (earlier !== undefined) edits.remove(block, earlier);
            unreadStore.set(v, inst);
            value.set(v, inst.word(1));
          } else {
            unreadStore.delete(v);
            const known = value.get(v);
            if (hasMemoryOperands(inst)) value.delete(v);
            else if (known !== undefined) edits.replaceLoad(block, inst, known);
            else value.set(v, inst.resultId);
          }
        }
      }
    }
    if (edits.empty) return UNCHANGED;
    edits.apply(module, defUse);
    return { changed: true, diagnostics: [] };
  },
};

/** Whether a load or store carries memory operands (Volatile and the like), which keep it. */
function hasMemoryOperands(inst: Instruction): boolean {
  return inst.operandCount > (inst.opcode === Op.Store ? 2 : 1);
}
