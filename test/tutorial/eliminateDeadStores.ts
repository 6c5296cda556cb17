import {
  ControlFlowAnalysis,
  DefUseAnalysis,
  Op,
  StorageClass,
  UNCHANGED,
  isAnnotation,
  removeDefinition,
  type Block,
  type Instruction,
  type Pass,
} from '@spvkit/core';

const isAccess = (inst: Instruction, variable: number): boolean => (inst.opcode === Op.Load || inst.opcode === Op.Store) && inst.word(0) === variable;

/**
 * Removes the stores to Function-storage variables that no load can read: a store that another
 * store overwrites before any load on every path, and every store to a variable never loaded
 * (which goes too). Only variables that nothing but OpLoad and OpStore uses as a pointer are
 * looked at: a pointer passed to a call or an access chain may be read there.
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
        if (!uses.every((u) => u.operand === 0 && isAccess(u.instruction, id))) continue;
        if (!uses.some((u) => u.instruction.opcode === Op.Load)) {
          dead.push(...uses.map((u) => u.instruction));
          unread.push(id);
          continue;
        }
        // The variable is live into a block when a load can read it before any store: a block's
        // own first access decides, else what its successors need (iterated to a fixed point, as
        // a loop makes a block its own successor's successor).
        const accesses = new Map<Block, Instruction[]>();
        for (const block of fn.blocks)
          accesses.set(
            block,
            block.instructions.filter((inst) => isAccess(inst, id)),
          );
        const liveIn = new Set<Block>();
        const liveOut = (block: Block): boolean => flow.successors(block).some((s) => liveIn.has(s));
        const postorder = flow.reversePostorder().reverse();
        for (let changed = true; changed;) {
          changed = false;
          for (const block of postorder) {
            const first = accesses.get(block)![0];
            if (liveIn.has(block) || !(first === undefined ? liveOut(block) : first.opcode === Op.Load)) continue;
            liveIn.add(block);
            changed = true;
          }
        }
        for (const block of postorder) {
          const list = accesses.get(block)!;
          list.forEach((inst, k) => {
            const next = list[k + 1];
            if (inst.opcode === Op.Store && (next === undefined ? !liveOut(block) : next.opcode === Op.Store)) dead.push(inst);
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
