import { assemble, type AssembleOptions } from '../text/assembler/assemble.js';
import { disassemble, type DisassembleOptions } from '../text/disassembler/disassemble.js';
import { formatDiagnostic } from '../pass/Diagnostic.js';
import type { Pass } from '../pass/Pass.js';
import { runPasses, type RunPassesOptions, type RunPassesResult } from '../pass/runPasses.js';
import type { Module } from '../ir/Module.js';
import { assertFileCheck, FileCheckFailure, type FileCheckOptions } from './fileCheck.js';

/** Options of {@link checkPasses}. */
export interface CheckPassesOptions extends FileCheckOptions, Omit<RunPassesOptions, 'targetEnv'> {
  /**
   * The directives to match. Default: those in the assembly text itself, written as comments
   * (`; CHECK: ...`), as SPIRV-Tools' optimizer tests keep them.
   */
  checks?: string;
  /** The target environment for assembling and for the passes. */
  targetEnv?: string;
  /** Assembler options; `preserveNumericIds` defaults to true, as SPIRV-Tools' pass tests assemble. */
  assemble?: Omit<AssembleOptions, 'targetEnv'>;
  /** How the result is printed for matching. Default: friendly names, no header. */
  disassemble?: DisassembleOptions;
  /**
   * Accept a run that reported errors (to check what the pass left, or its diagnostics).
   * Default false: errors fail the check, listed in the failure.
   */
  allowErrors?: boolean;
}

/** What {@link checkPasses} saw: the module after the passes, its text, the run and the captures. */
export interface CheckPassesOutcome {
  readonly module: Module;
  readonly text: string;
  readonly result: RunPassesResult;
  readonly bindings: ReadonlyMap<string, string>;
}

/**
 * Assembles `assembly`, runs `passes` on it, disassembles the result and matches it against
 * FileCheck directives (see {@link fileCheck}): SPIRV-Tools' `SinglePassRunAndMatch`, in any test
 * runner and with nothing native. Throws a {@link FileCheckFailure} naming the directive that
 * failed and showing the text around it.
 *
 * @example
 * ```ts
 * import { checkPasses } from '@spvkit/core/testing';
 * import { stripNames } from './stripNames.js';
 *
 * test('removes every OpName', () => {
 *   checkPasses(`
 *     ; CHECK-NOT: OpName
 *     ; CHECK: OpFunction
 *                OpCapability Shader
 *                OpMemoryModel Logical GLSL450
 *                OpEntryPoint GLCompute %main "main"
 *                OpExecutionMode %main LocalSize 1 1 1
 *                OpName %main "main"
 *        %void = OpTypeVoid
 *          %fn = OpTypeFunction %void
 *        %main = OpFunction %void None %fn
 *       %entry = OpLabel
 *                OpReturn
 *                OpFunctionEnd`, [stripNames]);
 * });
 * ```
 */
export function checkPasses(assembly: string, passes: readonly (Pass | string)[], options: CheckPassesOptions = {}): CheckPassesOutcome {
  const { checks, targetEnv, allowErrors, disassemble: printOptions, assemble: assembleOptions, ...rest } = options;
  const module = assemble(assembly, {
    preserveNumericIds: true,
    ...assembleOptions,
    ...(targetEnv === undefined ? {} : { targetEnv }),
  });
  // As SPIRV-Tools checks IsConsistent after each pass in its tests: a pass whose preserves lied,
  // or that edited around the module's API, fails its own test.
  const result = runPasses(module, passes, { checkConsistency: true, ...rest, ...(targetEnv === undefined ? {} : { targetEnv }) });
  const text = disassemble(module, { header: false, ...printOptions });
  if (!result.ok && allowErrors !== true) {
    const listed = result.diagnostics.map((d) => `  ${formatDiagnostic(d)}`).join('\n');
    throw new FileCheckFailure(`the passes reported errors:\n${listed}\nmodule after the run:\n${text}`, undefined);
  }
  const bindings = assertFileCheck(text, checks ?? assembly, options);
  return { module, text, result, bindings };
}
