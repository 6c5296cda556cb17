import { Instruction, Op, type Module } from '@spvkit/core';
import type { ConstantValue } from './constantValue.js';
import { literalWords } from './scalarType.js';

/**
 * Declares the constants folded values need, each before the instruction that will use it (global
 * definitions must come before their uses), reusing an equal undecorated constant declared
 * earlier as spirv-opt's constant manager does.
 */
export class ConstantWriter {
  /** `opcode:type:words` of every undecorated fixed constant declared so far, to its id. */
  private readonly declared = new Map<string, number>();

  constructor(private readonly module: Module) {}

  /** Notes a fixed constant the walk has passed, so later values can reuse it. */
  saw(inst: Instruction): void {
    const key = keyOf(inst.opcode, inst.typeId, inst.operands);
    if (!this.declared.has(key)) this.declared.set(key, inst.resultId);
  }

  /** An equal undecorated constant declared before, to use instead of `inst`. */
  find(inst: Instruction): number | undefined {
    return this.declared.get(keyOf(inst.opcode, inst.typeId, inst.operands));
  }

  /** The instruction defining `value` as `resultId`; its parts are declared before `before`. */
  definition(value: ConstantValue, typeId: number, resultId: number, before: Instruction): Instruction {
    const { opcode, operands } = this.shape(value, before);
    return new Instruction(opcode, typeId, resultId, operands);
  }

  /** The id of a constant holding `value`: an equal one declared earlier, or a new one before `before`. */
  private idOf(value: ConstantValue, before: Instruction): number {
    const { opcode, operands } = this.shape(value, before);
    const key = keyOf(opcode, value.typeId, operands);
    const found = this.declared.get(key);
    if (found !== undefined) return found;
    const inst = new Instruction(opcode, value.typeId, this.module.newId(), operands);
    this.module.insertBefore(before, [inst]);
    this.declared.set(key, inst.resultId);
    return inst.resultId;
  }

  private shape(value: ConstantValue, before: Instruction): { opcode: number; operands: number[] } {
    switch (value.kind) {
      case 'null':
        return { opcode: Op.ConstantNull, operands: [] };
      case 'composite':
        return { opcode: Op.ConstantComposite, operands: value.parts.map((p) => this.idOf(p, before)) };
      case 'scalar':
        if (value.type.kind === 'bool') return { opcode: value.bits !== 0n ? Op.ConstantTrue : Op.ConstantFalse, operands: [] };
        return { opcode: Op.Constant, operands: literalWords(value.bits, value.type) };
    }
  }
}

function keyOf(opcode: number, typeId: number, operands: ArrayLike<number>): string {
  let key = `${opcode}:${typeId}`;
  for (let i = 0; i < operands.length; i++) key += `,${operands[i]}`;
  return key;
}
