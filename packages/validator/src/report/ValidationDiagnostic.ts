import type { Diagnostic } from '@spvkit/core';
import type { RuleCode, RuleFamily } from './rules.js';

/** An id a diagnostic is about, with its OpName where the module has one. */
export interface NamedId {
  readonly id: number;
  readonly name?: string;
}

/**
 * A finding of the validator: a core {@link Diagnostic} (message, rule code, instruction, source
 * line) plus what tools need to act on it.
 */
export interface ValidationDiagnostic extends Diagnostic {
  readonly severity: 'error';
  readonly code: RuleCode;
  /** The rule family the code belongs to. */
  readonly family: RuleFamily;
  /** Byte offset of the instruction in the module (0 for the header). */
  readonly offset: number;
  /** Number of the instruction in binary order, from 0; -1 for a finding about the header or the whole module. */
  readonly instructionIndex: number;
  /** The instruction's opcode, when the finding is about one. */
  readonly opcode?: number;
  /** The ids the finding is about, by name. */
  readonly ids: readonly NamedId[];
  /** Family `builtins`: the BuiltIn name, e.g. `LocalInvocationIndex` (absent for module-level findings). */
  readonly builtIn?: string;
  /** Family `builtins`: the decorated object: a variable, a struct type (with `member`), or a constant. */
  readonly target?: { readonly id: number; readonly name?: string; readonly member?: number; readonly variableId?: number };
  /** Family `builtins`: the entry point through which the broken rule applies, when one does. */
  readonly entryPoint?: { readonly name: string; readonly executionModel: string };
}
