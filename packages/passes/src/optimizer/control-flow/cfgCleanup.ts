import { ControlFlowAnalysis, DefUseAnalysis, Op, UNCHANGED, type Block, type Function, type Instruction, type Module, type Pass } from '@spvkit/core';
import { forgetIds, removeBlocks } from './blockEdits.js';
import { keptIncoming } from './phiIncoming.js';
import { mergeInstructionOf, phisOf } from './structuredBlocks.js';
import { UndefValues } from './undefValues.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const CFG_CLEANUP = 'cfg-cleanup';

/** What removing a function's unreachable blocks takes: found before any edit. */
interface Cleanup {
  readonly fn: Function;
  readonly gone: Set<Block>;
  /** Each kept OpPhi with its new operand words (undefined values marked by `undefOf`). */
  readonly phis: { phi: Instruction; words: number[] }[];
}

/** An operand standing for "an OpUndef of the phi's type", replaced when the edits are applied. */
const UNDEF = 0;

/**
 * `cfg-cleanup`: removes the blocks no path from the function's entry reaches, as spirv-opt's
 * cfg-cleanup. The merge blocks and continue targets of the kept headers stay, and what they
 * reach, since the structured rules need them; an OpPhi of a kept block loses the pairs of removed
 * parents, and a value defined in a removed block becomes an OpUndef. A function where a kept
 * block uses a value of a removed one other than through an OpPhi (possible only in code no path
 * reaches), or where an OpPhi would lose every pair, is left as it is.
 *
 * @example
 * ```ts
 * runPasses(module, ['cfg-cleanup']);
 * ```
 */
export const cfgCleanup: Pass = {
  name: CFG_CLEANUP,
  description: 'remove unreachable blocks, fixing the OpPhi instructions of the others',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const plans: Cleanup[] = [];
    for (const fn of module.functions) {
      const plan = planCleanup(module, fn);
      if (plan !== undefined) plans.push(plan);
    }
    if (plans.length === 0) return UNCHANGED;
    const undefs = new UndefValues(module);
    const goneIds = new Set<number>();
    for (const { fn, gone, phis } of plans) {
      for (const { phi, words } of phis) {
        module.setOperands(
          phi,
          words.map((w, i) => (i % 2 === 0 && w === UNDEF ? undefs.of(phi.typeId) : w)),
        );
      }
      for (const id of removeBlocks(module, fn, gone)) goneIds.add(id);
    }
    forgetIds(module, goneIds);
    return { changed: true, diagnostics: [] };
  },
};

function planCleanup(module: Module, fn: Function): Cleanup | undefined {
  if (fn.blocks.length < 2) return undefined;
  const flow = module.analysis(ControlFlowAnalysis).of(fn);
  const byId = new Map<number, Block>();
  for (const b of fn.blocks) byId.set(b.id, b);
  // Reached from the entry, through branches and through the merge and continue targets of
  // reached headers.
  const kept = new Set<Block>([fn.blocks[0]]);
  const work: Block[] = [fn.blocks[0]];
  const reach = (b: Block | undefined): void => {
    if (b !== undefined && !kept.has(b)) {
      kept.add(b);
      work.push(b);
    }
  };
  while (work.length > 0) {
    const block = work.pop()!;
    for (const s of flow.successors(block)) reach(s);
    const merge = mergeInstructionOf(block);
    if (merge !== undefined) {
      reach(byId.get(merge.word(0)));
      if (merge.opcode === Op.LoopMerge) reach(byId.get(merge.word(1)));
    }
  }
  if (kept.size === fn.blocks.length) return undefined;
  const gone = new Set<Block>();
  const goneInstructions = new Set<Instruction>();
  const goneIds = new Set<number>();
  for (const b of fn.blocks) {
    if (kept.has(b)) continue;
    gone.add(b);
    goneIds.add(b.id);
    for (const inst of b.instructions) {
      goneInstructions.add(inst);
      if (inst.resultId !== 0) goneIds.add(inst.resultId);
    }
  }
  const defUse = module.analysis(DefUseAnalysis);
  for (const id of goneIds) {
    for (const { instruction } of defUse.uses(id)) {
      // Only an OpPhi of a kept block may name a removed value or parent; names go with them.
      if (goneInstructions.has(instruction) || instruction.opcode === Op.Phi || instruction.opcode === Op.Name) continue;
      if (instruction.opcode === Op.Decorate || instruction.opcode === Op.DecorateId || instruction.opcode === Op.DecorateString) continue;
      if (instruction.opcode === Op.MemberName || instruction.opcode === Op.MemberDecorate || instruction.opcode === Op.GroupDecorate) continue;
      return undefined;
    }
  }
  const phis: { phi: Instruction; words: number[] }[] = [];
  for (const b of kept) {
    for (const phi of phisOf(b)) {
      const words = keptIncoming(
        phi,
        (parent) => !goneIds.has(parent),
        (value) => (goneIds.has(value) ? UNDEF : value),
      );
      if (words === undefined) continue;
      if (words.length === 0) return undefined;
      phis.push({ phi, words });
    }
  }
  return { fn, gone, phis };
}
