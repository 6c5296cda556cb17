import type { Instruction, Module, SourceLocation } from '@spvkit/core';
import type { BuiltinDiagnostic, BuiltinProblem } from './BuiltinProblem.js';
import type { CollectedBuiltins } from './collect.js';
import { findBuiltinProblems } from './findBuiltinProblems.js';
import { parseBuiltinsTargetEnv } from './targetEnv.js';

/** Options of {@link validateBuiltins}. */
export interface ValidateBuiltinsOptions {
  /**
   * `vulkan` (default: Vulkan rules, version from the module), `vulkan1.0` ... `vulkan1.4`,
   * `vulkan1.1spv1.4`, `universal` or `spv1.N` (SPIR-V rules only).
   */
  readonly targetEnv?: string;
}

const PASS_NAME = 'validate-builtins';

/**
 * Checks every BuiltIn decoration of `module` against the Vulkan rules for it (execution model,
 * storage class, type, and the further rules some built-ins have), each finding carrying its VUID.
 * Never changes the module. Every broken rule is reported once per decorated object and entry point.
 *
 * An execution-model rule applies where an entry point of that model reaches a use of the
 * built-in through its call graph: a variable only listed in an interface is not "used".
 * The same rules are the `builtins` family of `validate()`; this is them alone, with warnings.
 *
 * @example
 * ```ts
 * const diagnostics = validateBuiltins(decodeModule(bytes), { targetEnv: 'vulkan1.2' });
 * for (const d of diagnostics) console.error(formatDiagnostic(d));
 * ```
 */
export function validateBuiltins(module: Module, options: ValidateBuiltinsOptions = {}): BuiltinDiagnostic[] {
  const { problems, collected } = findBuiltinProblems(module, parseBuiltinsTargetEnv(options.targetEnv ?? 'vulkan'));
  return problems.map((p) => toDiagnostic(p, collected));
}

/**
 * `problem` as a diagnostic of validate-builtins. The use's source position comes from the scan;
 * the module's own Instruction object is looked up only when someone reads `instruction` (it may
 * decode every function body).
 */
function toDiagnostic(problem: BuiltinProblem, collected: CollectedBuiltins | undefined): BuiltinDiagnostic {
  // What the problem tells is the diagnostic's; where it is, is told as location and instruction.
  const { site, declaration, ...told } = problem;
  const location =
    site !== undefined && collected !== undefined ? collected.locate(site) : declaration !== undefined ? declarationLocation(declaration) : undefined;
  let resolved: Instruction | undefined;
  const instructionField: { readonly instruction?: Instruction } =
    site !== undefined && collected !== undefined
      ? {
          get instruction(): Instruction {
            return (resolved ??= collected.resolve(site));
          },
        }
      : declaration !== undefined
        ? { instruction: declaration }
        : {};
  const diagnostic: BuiltinDiagnostic = { ...told, pass: PASS_NAME, ...(location ? { location } : {}) };
  Object.defineProperties(diagnostic, Object.getOwnPropertyDescriptors(instructionField));
  return diagnostic;
}

/** Where a declaration (a global: no OpLine applies to it) was written, when the module was assembled. */
function declarationLocation(inst: Instruction): SourceLocation | undefined {
  const span = inst.span;
  return span === undefined ? undefined : { ...(span.file !== undefined ? { file: span.file } : {}), line: span.line, column: span.column };
}
