import { Op, StorageClass } from '@spvkit/core';
import type { RuleCode } from '../../report/rules.js';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

/**
 * The Component decoration of record `r`, as spirv-val checks it: on an id, a variable in Input or
 * Output (or a function parameter); on a member, of a structure. In Vulkan the type it decorates
 * (one level of array stripped) is a numeric scalar or vector, the component is at most 3, and the
 * components it takes from there (two per 64-bit element, 64-bit vectors of at most 2) stay within
 * 0 to 3, a 64-bit type starting at component 0 or 2.
 */
export function checkComponent(c: DecorationsContext, r: number, target: number, member: number): void {
  const at = c.table.source[r];
  const op = c.opcodeOf(target);
  let type: number;
  if (member === NO_MEMBER) {
    if (op !== Op.Variable && op !== Op.FunctionParameter) {
      // OpDecorate of a non-memory-object is reported where it is.
      if (c.scan.opcode[at] !== Op.Decorate) {
        c.report('spvkit-decorations-component-target', at, (n) => `Component decorates ${n(target)}, which is not a variable or function parameter`, [target]);
      }
      return;
    }
    if (op === Op.Variable) {
      const sc = c.storageClassOfVariable(target);
      if (sc !== StorageClass.Input && sc !== StorageClass.Output) {
        c.report(
          'spvkit-decorations-component-target',
          at,
          (n) => `Component decorates ${n(target)}, a variable in ${c.storageClassName(sc)}, not Input or Output`,
          [target],
        );
        return;
      }
    }
    type = c.typeOf(target);
    if (c.opcodeOf(type) === Op.TypePointer) type = c.operand(type, 1);
  } else {
    if (op !== Op.TypeStruct) {
      c.report('spvkit-decorations-component-target', at, (n) => `Component decorates a member of ${n(target)}, which is not a structure type`, [target]);
      return;
    }
    type = c.operand(target, member);
  }
  if (!c.env.vulkan) return;
  if (c.opcodeOf(type) === Op.TypeArray) type = c.operand(type, 0);
  const scalar = c.opcodeOf(type) === Op.TypeVector ? c.operand(type, 0) : type;
  const scalarOp = c.opcodeOf(scalar);
  if (scalarOp !== Op.TypeInt && scalarOp !== Op.TypeFloat) {
    componentFailure(c, at, target, member, 'VUID-StandaloneSpirv-Component-04924', 'its type is not a numeric scalar or vector');
    return;
  }
  const component = c.table.param(r);
  if (component > 3) {
    componentFailure(c, at, target, member, 'VUID-StandaloneSpirv-Component-04920', `component ${component} is greater than 3`);
    return;
  }
  const dimension = c.opcodeOf(type) === Op.TypeVector ? c.operand(type, 1) : 1;
  const width = c.operand(scalar, 0);
  if (width === 16 || width === 32) {
    if (component + dimension > 4)
      componentFailure(
        c,
        at,
        target,
        member,
        'VUID-StandaloneSpirv-Component-04921',
        `its ${dimension} components starting at ${component} end at ${component + dimension - 1}, past 3`,
      );
  } else if (width === 64) {
    if (dimension > 2)
      componentFailure(
        c,
        at,
        target,
        member,
        'VUID-StandaloneSpirv-Component-07703',
        `a 64-bit vector of ${dimension} components, where only scalars and 2-component vectors may be`,
      );
    else if (component === 1 || component === 3)
      componentFailure(c, at, target, member, 'VUID-StandaloneSpirv-Component-04923', `component ${component} of a 64-bit type, which starts at 0 or 2`);
    else if (component + 2 * dimension > 4) {
      componentFailure(
        c,
        at,
        target,
        member,
        'VUID-StandaloneSpirv-Component-04922',
        `its ${dimension} 64-bit components starting at ${component} end at ${component + 2 * dimension - 1}, past 3`,
      );
    }
  }
}

/** Reports a Component decoration of `target` (or its `member`) breaking a Vulkan rule: made only on a finding. */
function componentFailure(c: DecorationsContext, at: number, target: number, member: number, code: RuleCode, what: string): void {
  c.report(code, at, (n) => `Component decorates ${n(target)}${member === NO_MEMBER ? '' : ` (${c.memberLabel(target, member)})`}: ${what}`, [target]);
}
