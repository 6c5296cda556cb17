import { Op } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';
import { ScopeKind, checkScopeOperand } from './scopes.js';

/** OpControlBarrier (Execution scope, Memory scope, Semantics) and OpMemoryBarrier (Memory scope, Semantics): operand types. */
export function checkBarrier(c: OperandCheck): void {
  const semantics = c.op === Op.ControlBarrier ? 2 : 1;
  for (let k = 0; k < semantics; k++) checkScopeOperand(c, k, ScopeKind.Scope);
  checkScopeOperand(c, semantics, ScopeKind.Semantics);
}
