import {
  ControlFlowAnalysis,
  DefUseAnalysis,
  Op,
  StorageClass,
  UNCHANGED,
  isAnnotation,
  removeDefinition,
  type Block,
  type FunctionControlFlow,
  type Instruction,
  type Pass,
} from '@spvkit/core';

const accesses = (inst: Instruction, op: number, variable: number): boolean => inst.opcode === op && inst.word(0) === variable;

/**
 * Whether every path from the top of `from` overwrites `variable` before a load can read it. The
 * post-dominator tree names the block that does: the nearest post-dominator of `from` (itself
 * first) storing to it, else the exit, where the variable dies. Paths may wander before they get
 * there (branches, loops): each block reached short of it is searched for a load, it up to its store.
 */
function overwritten(flow: FunctionControlFlow, from: Block, variable: number): boolean {
  let killer: Block | undefined = from;
  while (killer !== undefined && !killer.instructions.some((inst) => accesses(inst, Op.Store, variable))) killer = flow.immediatePostDominator(killer);
  const reached = new Set([from]); // the blocks reached short of the killer: a Set's loop visits what is added as it runs
  for (const block of reached) {
    for (const inst of block.instructions) {
      if (block === killer && accesses(inst, Op.Store, variable)) break;
      if (accesses(inst, Op.Load, variable)) return false;
    }
    if (block !== killer) for (const next of flow.successors(block)) reached.add(next);
  }
  return true;
}

/**
 * Removes the stores to Function-storage variables that no load can read: a store that another
 * store overwrites before any load on every way out of its block, and every store to a variable
 * never loaded (which goes too). Only variables that nothing but OpLoad and OpStore uses as a
 * pointer are looked at: a pointer passed to a call or an access chain may be read there.
 */
export const eliminateDeadStores: Pass = {
  name: 'eliminate-dead-stores',
  description: 'remove stores to function variables that no load reads',
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const dead: Instruction[] = [];
    const unread: number[] = [];
    for (const fn of module.functions) {
      if (fn.blocks.length === 0) continue;
      const flow = module.analysis(ControlFlowAnalysis).of(fn);
      for (const variable of fn.blocks[0].instructions) {
        if (variable.opcode !== Op.Variable || variable.word(0) !== StorageClass.Function) continue;
        const id = variable.resultId;
        // Names and decorations describe the variable; they read nothing.
        const uses = defUse.uses(id).filter((u) => u.instruction.opcode !== Op.Name && !isAnnotation(u.instruction.opcode));
        if (!uses.every((u) => u.operand === 0 && (accesses(u.instruction, Op.Load, id) || accesses(u.instruction, Op.Store, id)))) continue;
        if (!uses.some((u) => u.instruction.opcode === Op.Load)) {
          dead.push(...uses.map((u) => u.instruction));
          unread.push(id);
          continue;
        }
        for (const block of fn.blocks) {
          const list = block.instructions.filter((inst) => accesses(inst, Op.Load, id) || accesses(inst, Op.Store, id));
          list.forEach((inst, k) => {
            if (inst.opcode !== Op.Store) return;
            // The next access in the block decides; after the last, each successor must overwrite it.
            const next = list[k + 1];
            if (next === undefined ? flow.successors(block).every((s) => overwritten(flow, s, id)) : next.opcode === Op.Store) dead.push(inst);
          });
        }
      }
    }
    if (dead.length === 0) return UNCHANGED;
    for (const store of dead) module.remove(store);
    for (const id of unread) removeDefinition(module, id);
    return { changed: true, diagnostics: [] };
  },
};
