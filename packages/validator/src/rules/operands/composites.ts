import { Op } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';

/**
 * OpCompositeInsert: the result type is the composite's type, the indexes stay within the
 * composite (vector and matrix sizes, constant array lengths, struct members), and the object has
 * the type they reach.
 */
export function checkCompositeInsert(c: OperandCheck): void {
  const { f, result } = c;
  if (c.n < 2) return;
  const object = c.operand(0);
  const composite = c.operand(1);
  let type = c.type(1);
  if (type !== result) {
    c.fail('spvkit-types-composite-insert', (name) => `the result type ${name(result)} is not the type of the composite ${name(composite)}`, [
      result,
      composite,
    ]);
    return;
  }
  for (let k = 2; k < c.n; k++) {
    const index = c.operand(k);
    const op = f.opcode(type);
    let size: number | undefined;
    switch (op) {
      case Op.TypeVector:
      case Op.TypeMatrix:
        size = f.field(type, 1);
        break;
      case Op.TypeArray:
        size = f.constant32(f.field(type, 1));
        break;
      case Op.TypeRuntimeArray:
        size = undefined;
        break;
      case Op.TypeStruct:
        size = f.count(type);
        break;
      case 0:
        return;
      default: {
        const reached = type;
        c.fail('spvkit-types-composite-insert', (name) => `the indexes go on past ${name(reached)}, which is no composite`, [reached]);
        return;
      }
    }
    if (size !== undefined && index >= size) {
      const into = type;
      c.fail('spvkit-types-composite-insert', (name) => `index ${index} is out of bounds of ${name(into)}, which has ${size}`, [into]);
      return;
    }
    type = op === Op.TypeStruct ? f.field(type, index) : f.field(type, 0);
  }
  if (c.type(0) !== type) {
    const reached = type;
    c.fail('spvkit-types-composite-insert', (name) => `the object ${name(object)} is not of the type ${name(reached)} the indexes reach`, [object, reached]);
  }
}
