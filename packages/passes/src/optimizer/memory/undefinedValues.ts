import { Instruction, Op, type Module } from '@spvkit/core';

/**
 * One OpUndef per type: the module's own where it has one, else one made on first request and
 * added to the globals by {@link UndefinedValues.declare}, so planning a pass changes nothing.
 *
 * @example
 * ```ts
 * const undefs = new UndefinedValues(module);
 * const id = undefs.of(floatType);
 * undefs.declare(module); // before the ids are used
 * ```
 */
export class UndefinedValues {
  private readonly ids = new Map<number, number>();
  private readonly made: Instruction[] = [];

  constructor(private readonly module: Module) {
    for (const inst of module.globals) {
      if (inst.opcode === Op.Undef && !this.ids.has(inst.typeId)) this.ids.set(inst.typeId, inst.resultId);
    }
  }

  /** The OpUndef of `type`. */
  of(type: number): number {
    let id = this.ids.get(type);
    if (id === undefined) {
      id = this.module.newId();
      this.ids.set(type, id);
      this.made.push(new Instruction(Op.Undef, type, id, []));
    }
    return id;
  }

  /** Adds the OpUndefs made so far to the end of the globals. */
  declare(module: Module): void {
    if (this.made.length > 0) module.insert('globals', this.made.splice(0));
  }
}
