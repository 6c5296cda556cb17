/**
 * Runs one matrix case through spvkit and holds it against spirv-val's answer or, where spirv-val
 * 2023.1 differs from the specification, against the entry of knownDifferences.ts.
 */
import { decodeModule } from '@spvkit/core';
import { validateBuiltins } from '../../../packages/validator/src/index.js';
import { KNOWN_DIFFERENCES, type KnownDifference } from './knownDifferences.js';
import type { MatrixCase } from './moduleText.js';
import type { OracleAnswer } from './oracle.js';

export interface Verdict {
  readonly case: MatrixCase;
  /** spvkit's error codes. */
  readonly codes: readonly string[];
  /** Which judge decided: 'spirv-val', 'spirv-as' (it refused the text), or a known difference (its id). */
  readonly judge: string;
  /** Empty when spvkit agrees with the judge. */
  readonly problem?: string;
}

/** spirv-val messages that come from its built-in checks (versus a case the generator got wrong). */
export function isBuiltinMessage(message: string | undefined): boolean {
  if (message === undefined) return false;
  return /BuiltIn|WorkgroupSize|VUID-[A-Za-z]+-[A-Za-z]+-0\d+\]/.test(message) && !/VUID-StandaloneSpirv/.test(message);
}

export function judge(c: MatrixCase, answer: OracleAnswer): Verdict {
  if (!answer.assembled || answer.words === undefined) {
    return { case: c, codes: [], judge: 'spirv-as', problem: `spirv-as refused the generated text: ${answer.assembleError}` };
  }
  const diagnostics = validateBuiltins(decodeModule(answer.words), { targetEnv: c.env });
  const codes = [...new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code ?? '(none)'))];
  const known: KnownDifference | undefined = KNOWN_DIFFERENCES.find((k) => k.applies(c, answer));
  if (known !== undefined) {
    const expected = known.expect(c);
    const want = [...expected].sort().join(', ') || '(accept)';
    const got = [...codes].sort().join(', ') || '(accept)';
    return { case: c, codes, judge: known.id, ...(want !== got ? { problem: `specification (${known.id}) expects ${want}; spvkit gives ${got}` } : {}) };
  }
  if (answer.valid) {
    return { case: c, codes, judge: 'spirv-val', ...(codes.length > 0 ? { problem: `spirv-val accepts; spvkit rejects with ${codes.join(', ')}` } : {}) };
  }
  if (!isBuiltinMessage(answer.message)) {
    return { case: c, codes, judge: 'spirv-val', problem: `spirv-val rejects for a reason outside built-ins (fix the generator): ${answer.message}` };
  }
  if (codes.length === 0)
    return { case: c, codes, judge: 'spirv-val', problem: `spirv-val rejects (${answer.vuid ?? 'no VUID'}); spvkit accepts. spirv-val: ${answer.message}` };
  if (answer.vuid === undefined) return { case: c, codes, judge: 'spirv-val (no VUID)' };
  if (!codes.includes(answer.vuid))
    return { case: c, codes, judge: 'spirv-val', problem: `spirv-val says ${answer.vuid}; spvkit says ${codes.join(', ')}. spirv-val: ${answer.message}` };
  return { case: c, codes, judge: 'spirv-val' };
}
