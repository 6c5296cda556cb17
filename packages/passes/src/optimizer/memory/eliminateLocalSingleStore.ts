import { ControlFlowAnalysis, DefUseAnalysis, Op, UNCHANGED, type Block, type Instruction, type Pass } from '@spvkit/core';
import { localVariables, TargetTypes, type LocalVariable } from './localVariables.js';
import { MemoryEdits } from './memoryEdits.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * `eliminate-local-single-store`, as spirv-opt's: a Function variable written exactly once (one
 * whole store, or only its initializer) has every load that the store dominates replaced by the
 * stored value. Loads the store does not dominate (before it in its block, on a path around it,
 * in unreached blocks) stay, and so do the store and the variable, for dead-code passes to remove.
 * Variables also read through access chains qualify (those loads stay); one written through an
 * access chain, passed to a call or otherwise used does not.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-local-single-store']);
 * ```
 */
export const eliminateLocalSingleStore: Pass = {
  name: 'eliminate-local-single-store',
  description: 'replace loads of Function variables stored once by the stored value where the store dominates them',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const targets = new TargetTypes(defUse);
    const edits = new MemoryEdits();
    const cfa = module.analysis(ControlFlowAnalysis);
    for (const fn of module.functions) {
      const candidates = new Map<Instruction, LocalVariable>();
      for (const v of localVariables(fn, defUse, targets, { accessChains: true })) {
        if (v.loads.length === 0 || v.chainAccesses.some((a) => a.opcode === Op.Store)) continue;
        const written = v.stores.length + (v.variable.operandCount > 1 ? 1 : 0);
        if (written !== 1 || v.stores.some((s) => s.operandCount > 2) || v.loads.some((l) => l.operandCount > 1)) continue;
        for (const load of v.loads) candidates.set(load, v);
        if (v.stores.length === 1) candidates.set(v.stores[0], v);
      }
      if (candidates.size === 0) continue;
      const flow = cfa.of(fn);
      // Where each variable's one write is (the entry block for an initializer), as the walk finds it.
      const written = new Map<LocalVariable, { block: Block; value: number }>();
      const entry = fn.blocks[0];
      for (const v of new Set(candidates.values())) {
        if (v.variable.operandCount > 1) written.set(v, { block: entry, value: v.variable.word(1) });
      }
      for (const block of fn.blocks) {
        if (!flow.reachable(block)) continue;
        for (const inst of block.instructions) {
          const v = candidates.get(inst);
          if (v === undefined) continue;
          if (inst.opcode === Op.Store) {
            written.set(v, { block, value: inst.word(1) });
            continue;
          }
          // Blocks come after their dominators, so a write that dominates this load was seen.
          const write = written.get(v);
          if (write !== undefined && (write.block === block || flow.dominates(write.block, block))) edits.replaceLoad(block, inst, write.value);
        }
      }
    }
    if (edits.empty) return UNCHANGED;
    edits.apply(module, defUse);
    return { changed: true, diagnostics: [] };
  },
};
