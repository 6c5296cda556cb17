import type { Diagnostic, Instruction } from '@spvkit/core';
import type { BuiltinErrorCode, BuiltinWarningCode } from './codes.js';
import type { UseSite } from './uses.js';

/**
 * A diagnostic of validate-builtins: a core {@link Diagnostic} plus what it is about, for tools
 * (the CLI's `--json` prints these fields).
 */
export interface BuiltinDiagnostic extends Diagnostic {
  /** The BuiltIn name, e.g. `LocalInvocationIndex` (absent for module-level findings). */
  readonly builtIn?: string;
  /** The decorated object: a variable, a struct type (with `member`), or a constant. */
  readonly target?: { readonly id: number; readonly name?: string; readonly member?: number; readonly variableId?: number };
  /** The entry point through which the broken rule applies, when one does. */
  readonly entryPoint?: { readonly name: string; readonly executionModel: string };
}

/**
 * A broken BuiltIn rule as the checks find it, before it is told as a diagnostic of
 * validate-builtins or as a finding of the validator's `builtins` family.
 */
export interface BuiltinProblem {
  /** `warning` for the two warning codes (see `isBuiltinWarning`), `error` for the rest. */
  readonly severity: 'error' | 'warning';
  readonly code: BuiltinErrorCode | BuiltinWarningCode;
  /** The whole message, ids as `%N` (the CLI names them as an assembly text did). */
  readonly message: string;
  readonly hint?: string;
  readonly builtIn?: string;
  readonly target?: BuiltinDiagnostic['target'];
  readonly entryPoint?: BuiltinDiagnostic['entryPoint'];
  /** The use in a function body it is about, when an entry point's use breaks the rule. */
  readonly site?: UseSite;
  /** Else the declaration it is about (the variable or constant); neither: its decoration, or the module. */
  readonly declaration?: Instruction;
}

/** A problem that is an error (not advice): what the validator's `builtins` family reports. */
export type BuiltinError = BuiltinProblem & { readonly severity: 'error'; readonly code: BuiltinErrorCode };
