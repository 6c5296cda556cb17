import { DefUseAnalysis, Op, TypesAnalysis, UNCHANGED, type Instruction, type Pass } from '@spvkit/core';
import { declareConstant, fixedConstantValues } from './constantDeclarer.js';
import { replaceResult } from './replaceResult.js';
import { FOLDABLE_OPCODES, foldInstruction } from './instructionFolder.js';
import { memberLoadsOfCopy, removeIfUnread } from './extractOfLoad.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * spirv-opt's `--simplify-instructions`: folds each instruction of every function, in block
 * order (dominators first) and then every instruction whose operands changed, until nothing
 * folds. An instruction that folds to a constant or to an id already there goes, its uses moved
 * to that value (its names and decorations go with it); an OpCompositeExtract that reads through
 * inserts or a construct reads from where the value was put; the extracts of an OpCopyLogical
 * of a struct or array loaded whole from a buffer, block or other shared memory become loads of
 * the one or two parts they read ({@link memberLoadsOfCopy}). See {@link foldInstruction}
 * for the rules, and why floating-point arithmetic is left alone. The copy and the whole load go when
 * member loads took all their reads. Other dead instructions left behind (an insert nothing reads
 * any more) are for `eliminate-dead-code-aggressive`.
 *
 * @example
 * ```ts
 * runPasses(module, ['simplify-instructions']); // %a = OpIAdd %uint %uint_2 %uint_3 becomes %uint_5
 * ```
 */
export const simplifyInstructions: Pass = {
  name: 'simplify-instructions',
  description: 'fold constant integer and bool arithmetic, constant selects and extracts, and identities such as x+0 and x*1',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const defUse = module.analysis(DefUseAnalysis);
    const values = fixedConstantValues(types, module.globals);
    let changed = false;
    for (const fn of functions) {
      if (fn.blocks.length === 0) continue;
      const pending: Instruction[] = [];
      const queued = new Set<Instruction>();
      // Blocks are laid out with every block after its dominators (a rule of the specification),
      // so the layout order already sees definitions before their uses, without a graph.
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (FOLDABLE_OPCODES.has(inst.opcode)) {
            pending.push(inst);
            queued.add(inst);
          }
        }
      }
      const removed = new Set<Instruction>();
      // Whole loads and their copies that member loads replaced, copies first: removed at the end when unread.
      const replacedCopies = new Set<Instruction>();
      const replacedLoads = new Set<Instruction>();
      const triedCopies = new Set<Instruction>();
      const requeue = (user: Instruction): void => {
        if (!queued.has(user) && FOLDABLE_OPCODES.has(user.opcode)) {
          pending.push(user);
          queued.add(user);
        }
      };
      // A queue, not a stack: definitions before their uses, as in the block order.
      for (let next = 0; next < pending.length; next++) {
        const inst = pending[next];
        queued.delete(inst);
        if (removed.has(inst)) continue;
        const folded = foldInstruction(inst, types, values, defUse);
        if (folded === undefined) {
          // An extract of a copy of a loaded struct or array: loads of the parts read, once per copy.
          const copy = inst.opcode === Op.CompositeExtract ? defUse.def(inst.word(0)) : undefined;
          if (copy?.opcode !== Op.CopyLogical || triedCopies.has(copy)) continue;
          triedCopies.add(copy);
          const loads = memberLoadsOfCopy(copy, types, defUse, () => module.newId());
          if (loads === undefined) continue;
          module.insertBefore(loads.anchor, loads.instructions);
          for (const [extract, load] of loads.replaced) {
            replaceResult(module, extract, load, requeue);
            module.remove(extract);
            removed.add(extract);
          }
          replacedCopies.add(copy);
          replacedLoads.add(loads.anchor);
          changed = true;
          continue;
        } else if (folded.kind === 'operands') {
          module.setOperands(inst, folded.operands);
          changed = true;
          if (!queued.has(inst)) {
            pending.push(inst);
            queued.add(inst);
          }
          continue;
        }
        const replacement = folded.kind === 'id' ? folded.id : declareConstant(types, values, folded.value, inst.typeId);
        if (replacement === undefined || replacement === inst.resultId) continue;
        if (!replaceResult(module, inst, replacement, requeue)) continue;
        module.remove(inst);
        removed.add(inst);
        changed = true;
      }
      for (const copy of replacedCopies) if (!removed.has(copy)) removeIfUnread(module, defUse, copy);
      for (const load of replacedLoads) removeIfUnread(module, defUse, load);
    }
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
