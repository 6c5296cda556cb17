import { Instruction, Op, type Module } from '@spvkit/core';

/**
 * One OpUndef per type, the module's own where it has one, declared at the end of the globals
 * otherwise: the value an OpPhi gets for an edge whose value no longer exists.
 *
 * @example
 * ```ts
 * const undefs = new UndefValues(module);
 * module.setOperand(phi, 0, undefs.of(phi.typeId));
 * ```
 */
export class UndefValues {
  private byType: Map<number, number> | undefined;

  constructor(private readonly module: Module) {}

  /** The id of an OpUndef of type `typeId`. */
  of(typeId: number): number {
    if (this.byType === undefined) {
      this.byType = new Map();
      for (const inst of this.module.globals) if (inst.opcode === Op.Undef && !this.byType.has(inst.typeId)) this.byType.set(inst.typeId, inst.resultId);
    }
    let id = this.byType.get(typeId);
    if (id === undefined) {
      id = this.module.newId();
      this.module.insert('globals', [new Instruction(Op.Undef, typeId, id)]);
      this.byType.set(typeId, id);
    }
    return id;
  }
}
