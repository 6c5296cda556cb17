import { Op } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';

/** OpFunction: its Function Type is an OpTypeFunction, whose return type is the result type. Returns the function type, or 0 where it is none. */
export function checkFunction(c: OperandCheck): number {
  const { f, result } = c;
  if (c.n < 2) return 0;
  const type = c.operand(1);
  if (f.opcode(type) !== Op.TypeFunction) {
    c.fail('spvkit-types-function', (name) => `the function type ${name(type)} is not an OpTypeFunction`, [type]);
    return 0;
  }
  const returns = f.field(type, 0);
  if (returns !== result) {
    c.fail('spvkit-types-function', (name) => `the result type ${name(result)} is not the return type ${name(returns)} of the function type`, [
      result,
      returns,
    ]);
  }
  return type;
}

/**
 * OpFunctionParameter number `index` (from 0) of a function of type `functionType`: the function
 * type has that many parameters, and this one's type is the result type. (Fewer parameters than
 * the type has is not checked: spirv-val accepts it.)
 */
export function checkParameter(c: OperandCheck, index: number, functionType: number): void {
  const { f, result } = c;
  const count = f.count(functionType) - 1;
  if (index >= count) {
    c.fail('spvkit-types-parameter', (name) => `the function has more parameters than the ${count} of its type ${name(functionType)}`, [functionType]);
    return;
  }
  const wanted = f.field(functionType, 1 + index);
  if (wanted !== result) {
    c.fail('spvkit-types-parameter', (name) => `the result type ${name(result)} is not ${name(wanted)}, parameter ${index} of the function type`, [
      result,
      wanted,
    ]);
  }
}

/** OpFunctionCall: the callee is an OpFunction returning the result type, called with one argument of each parameter's type. */
export function checkCall(c: OperandCheck): void {
  const { f, result, scan } = c;
  if (c.n < 1) return;
  const callee = c.operand(0);
  if (f.opcode(callee) !== Op.Function) {
    c.fail('spvkit-types-call', (name) => `${name(callee)} is not a function`, [callee]);
    return;
  }
  const returns = scan.typeId[scan.defOf[callee] - 1];
  if (returns !== result) {
    c.fail('spvkit-types-call', (name) => `the result type ${name(result)} is not the return type ${name(returns)} of ${name(callee)}`, [
      result,
      returns,
      callee,
    ]);
  }
  const type = f.field(callee, 1);
  if (f.opcode(type) !== Op.TypeFunction) return;
  const parameters = f.count(type) - 1;
  const args = c.n - 1;
  if (parameters !== args) {
    c.fail('spvkit-types-call', (name) => `${name(callee)} takes ${parameters} arguments, not ${args}`, [callee]);
    return;
  }
  for (let k = 0; k < args; k++) {
    const wanted = f.field(type, 1 + k);
    if (c.type(1 + k) !== wanted) {
      const arg = c.operand(1 + k);
      c.fail('spvkit-types-call', (name) => `argument ${name(arg)} is not of the type ${name(wanted)} of parameter ${k} of ${name(callee)}`, [
        arg,
        wanted,
        callee,
      ]);
    }
  }
}
