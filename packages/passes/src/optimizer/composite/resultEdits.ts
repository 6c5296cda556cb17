import { Op, type Block, type DefUse, type Instruction, type Module, type Use } from '@spvkit/core';
import { KEPT_THROUGH_BODY_REWRITES } from '../optimizerPreserves.js';

/** Instructions that only describe their first operand: names and decorations. */
const DESCRIBING: ReadonlySet<number> = new Set([Op.Name, Op.Decorate, Op.DecorateId, Op.DecorateString]);

/**
 * Edits of this group's passes, planned while the analyses are current and made at once: values
 * whose uses move to another id, instructions put before others or removed. Each block is swept
 * once however many of its instructions change, and no analysis is kept current edit by edit
 * (which would cost a scan of each type's long use list per edit).
 *
 * @example
 * ```ts
 * const edits = new ResultEdits();
 * edits.insertBefore(block, load, [chain, narrowLoad]);
 * edits.replace(block, extract, narrowLoad.resultId);
 * edits.apply(module, module.analysis(DefUseAnalysis));
 * ```
 */
export class ResultEdits {
  private readonly values = new Map<number, number>();
  private readonly blocks = new Map<Block, Map<Instruction, Instruction[]>>();
  private readonly removedIds = new Set<number>();

  /** Whether anything was planned. */
  get empty(): boolean {
    return this.blocks.size === 0;
  }

  private planned(block: Block, inst: Instruction): Instruction[] {
    let map = this.blocks.get(block);
    if (map === undefined) this.blocks.set(block, (map = new Map<Instruction, Instruction[]>()));
    let list = map.get(inst);
    if (list === undefined) map.set(inst, (list = [inst]));
    return list;
  }

  /** Puts `instructions` just before `anchor` (after any put there earlier). */
  insertBefore(block: Block, anchor: Instruction, instructions: readonly Instruction[]): void {
    const list = this.planned(block, anchor);
    list.splice(list.indexOf(anchor), 0, ...instructions);
  }

  /** Puts `instructions` just after `anchor` (after any put there earlier). */
  insertAfter(block: Block, anchor: Instruction, instructions: readonly Instruction[]): void {
    const list = this.planned(block, anchor);
    list.push(...instructions);
  }

  /** Removes `inst` from `block`, its names and decorations with it. */
  remove(block: Block, inst: Instruction): void {
    const list = this.planned(block, inst);
    list.splice(list.indexOf(inst), 1);
    if (inst.resultId !== 0) this.removedIds.add(inst.resultId);
  }

  /** Moves every use of `inst`'s result to `value` and removes `inst`. */
  replace(block: Block, inst: Instruction, value: number): void {
    this.values.set(inst.resultId, value);
    this.remove(block, inst);
  }

  /** Makes the planned edits; `defUse` must be the module's current def-use analysis. */
  apply(module: Module, defUse: DefUse): void {
    const redirects: { uses: readonly Use[]; to: number }[] = [];
    for (const [id, value] of this.values) {
      let to = value;
      for (let next = this.values.get(to); next !== undefined; next = this.values.get(to)) to = next;
      redirects.push({ uses: [...defUse.uses(id)], to });
    }
    module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
    for (const [block, map] of this.blocks) module.replaceIn(block, (inst) => map.get(inst));
    for (const { uses, to } of redirects) {
      for (const { instruction, operand } of uses) {
        if (operand < 0 || (DESCRIBING.has(instruction.opcode) && operand === 0) || this.removedIds.has(instruction.resultId)) continue;
        module.setOperand(instruction, operand, to);
      }
    }
    if (this.removedIds.size === 0) return;
    const gone = this.removedIds;
    module.removeWhere('debugNames', (i) => i.opcode === Op.Name && gone.has(i.word(0)));
    module.removeWhere('annotations', (i) => DESCRIBING.has(i.opcode) && gone.has(i.word(0)));
    for (const inst of [...module.annotations]) {
      if (inst.opcode !== Op.GroupDecorate) continue;
      const targets = Array.from(inst.operands.subarray(1));
      if (targets.some((t) => gone.has(t))) module.setOperands(inst, [inst.word(0), ...targets.filter((t) => !gone.has(t))]);
    }
  }
}
