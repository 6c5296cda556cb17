import { Op } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';

/** Which kind of operand {@link checkScopeOperand} judges, as messages name it. */
export const enum ScopeKind {
  Scope = 0,
  Semantics = 1,
}

const WHAT = ['a Scope', 'a Memory Semantics'] as const;

/** The highest Scope value (ShaderCallKHR); CrossDevice (0) to it are all defined. */
const LAST_SCOPE = 6;

/**
 * A Scope or Memory Semantics operand (operand `k`): a 32-bit int scalar, and where the module
 * declares Shader, an OpConstant (spirv-val counts no spec constant as one: its value is unknown);
 * a constant Scope names one of the scopes.
 */
export function checkScopeOperand(c: OperandCheck, k: number, kind: ScopeKind): void {
  if (k >= c.n) return;
  const { f } = c;
  const id = c.operand(k);
  if (!f.isIntScalar(c.type(k), 32)) {
    c.fail('spvkit-types-scope', (name) => `${WHAT[kind]} operand, ${name(id)} is not a 32-bit int scalar`, [id]);
    return;
  }
  const op = f.opcode(id);
  if (c.shader && op !== Op.Constant && op !== Op.ConstantNull) {
    c.fail('spvkit-types-scope', (name) => `${WHAT[kind]} operand, ${name(id)} is not an OpConstant, as the Shader capability requires`, [id]);
    return;
  }
  const value = f.constant32(id);
  if (kind === ScopeKind.Scope && value !== undefined && value > LAST_SCOPE) {
    c.fail('spvkit-types-scope', (name) => `the Scope ${name(id)} is ${value}, which names no scope`, [id]);
  }
}
