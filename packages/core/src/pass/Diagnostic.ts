import type { SourceLocation } from '../errors/SpirvError.js';
import type { Instruction } from '../ir/Instruction.js';
import { formatLocation } from '../errors/formatLocation.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * A finding of a pass or a validator: what is wrong, where (the instruction, and the source line
 * when the module carries debug info), and the rule (e.g. a Vulkan VUID) it breaks.
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly message: string;
  /** A stable identifier of the rule, e.g. `VUID-LocalInvocationIndex-LocalInvocationIndex-04286`. */
  readonly code?: string;
  /** Name of the pass that produced it. */
  readonly pass?: string;
  readonly instruction?: Instruction;
  /** Source position from OpLine, NonSemantic.Shader.DebugInfo.100 or the assembly text. */
  readonly location?: SourceLocation;
  readonly hint?: string;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * One line per diagnostic in the usual compiler form:
 * `file:line:column: error: [CODE] message`.
 *
 * @example
 * ```ts
 * console.error(formatDiagnostic(d)); // blur.comp:12:5: error: [VUID-...] ...
 * ```
 */
export function formatDiagnostic(d: Diagnostic): string {
  const loc = d.location;
  const where = loc ? `${formatLocation(loc)}: ` : '';
  const code = d.code ? `[${d.code}] ` : '';
  const hint = d.hint ? `\n  hint: ${d.hint}` : '';
  return `${where}${d.severity}: ${code}${d.message}${hint}`;
}
