import { Op, type Block, type DefUse, type Instruction, type Module, type Use } from '@spvkit/core';

/**
 * The edits a memory-to-register pass plans, applied at once: loads whose value is known are
 * replaced by it, dead loads, stores and variables removed, OpPhis put at the top of their
 * blocks. Recording first and applying after keeps the control-flow analysis the planning reads
 * intact for every function, and each block is swept once however many of its instructions go.
 *
 * @example
 * ```ts
 * const edits = new MemoryEdits();
 * edits.replaceLoad(block, load, storedValue);
 * edits.apply(module, module.analysis(DefUseAnalysis));
 * ```
 */
export class MemoryEdits {
  /** Replaced load result → the value that replaces it (possibly another replaced load). */
  private readonly values = new Map<number, number>();
  private readonly removals = new Map<Block, Set<Instruction>>();
  private readonly phis = new Map<Block, Instruction[]>();
  private readonly removedIds = new Set<number>();

  /** Whether anything was recorded. */
  get empty(): boolean {
    return this.removals.size === 0 && this.phis.size === 0;
  }

  /** Replaces every use of `load`'s result by `value` and removes the load from `block`. */
  replaceLoad(block: Block, load: Instruction, value: number): void {
    this.values.set(load.resultId, value);
    this.remove(block, load);
  }

  /** Makes `id` (a value never put in the module, such as an OpPhi not kept) stand for `value`. */
  alias(id: number, value: number): void {
    this.values.set(id, value);
  }

  /** The value `id` stands for once the recorded replacements are made. */
  resolve(id: number): number {
    let value = id;
    for (let next = this.values.get(value); next !== undefined; next = this.values.get(value)) value = next;
    return value;
  }

  /** Removes `inst` from `block` (its names and decorations go with it). */
  remove(block: Block, inst: Instruction): void {
    let set = this.removals.get(block);
    if (set === undefined) this.removals.set(block, (set = new Set()));
    set.add(inst);
    if (inst.resultId !== 0) this.removedIds.add(inst.resultId);
  }

  /** Puts `phi` at the top of `block`, after the OpPhis already there and those added before. */
  addPhi(block: Block, phi: Instruction): void {
    let list = this.phis.get(block);
    if (list === undefined) this.phis.set(block, (list = []));
    list.push(phi);
  }

  /**
   * Makes the recorded edits through the module, which keeps `defUse` current (an edit marks the
   * old uses gone rather than searching the lists they are in): the next pass reads it rather
   * than building it again. The uses to redirect are read before any edit.
   */
  apply(module: Module, defUse: DefUse): void {
    const redirects: { uses: Use[]; to: number }[] = [];
    for (const [load, value] of this.values) {
      const uses = defUse.uses(load);
      if (uses.length > 0) redirects.push({ uses: [...uses], to: this.resolve(value) });
    }
    for (const [block, list] of this.phis) {
      let at = 0;
      while (block.instructions[at]?.opcode === Op.Phi) at++;
      module.insert(block, list, at);
    }
    for (const { uses, to } of redirects) {
      for (const { instruction, operand } of uses) {
        // Names and decorations of the load go with it rather than move to the value.
        if (describesTarget(instruction.opcode) || operand < 0) continue;
        module.setOperand(instruction, operand, to);
      }
    }
    for (const [block, set] of this.removals) module.removeWhere(block, (inst) => set.has(inst));
    if (this.removedIds.size === 0) return;
    const gone = this.removedIds;
    module.removeWhere('debugNames', (i) => (i.opcode === Op.Name || i.opcode === Op.MemberName) && gone.has(i.word(0)));
    module.removeWhere('annotations', (i) => describesTarget(i.opcode) && i.opcode !== Op.Name && gone.has(i.word(0)));
    for (const inst of [...module.annotations]) {
      if (inst.opcode !== Op.GroupDecorate) continue;
      const targets = Array.from(inst.operands.subarray(1));
      if (targets.some((t) => gone.has(t))) module.setOperands(inst, [inst.word(0), ...targets.filter((t) => !gone.has(t))]);
    }
  }
}

/** Instructions that only describe their first operand: names and decorations. */
function describesTarget(opcode: number): boolean {
  return opcode === Op.Name || opcode === Op.Decorate || opcode === Op.DecorateId || opcode === Op.DecorateString || opcode === Op.GroupDecorate;
}
