import { ExecutionMode as M, Op, enumerantName, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import type { EntryPointTable } from './EntryPointTable.js';

/**
 * Modes an entry point may declare more than once with different operands: the float controls
 * take a target width (or type) and set one property per width, so `DenormPreserve 16` and
 * `DenormPreserve 32` are two settings. Any other mode holds one value for its entry point.
 */
const PER_OPERANDS = new Set<number>([
  M.DenormPreserve,
  M.DenormFlushToZero,
  M.SignedZeroInfNanPreserve,
  M.RoundingModeRTE,
  M.RoundingModeRTZ,
  M.RoundingModeRTPINTEL,
  M.RoundingModeRTNINTEL,
  M.FloatingPointModeALTINTEL,
  M.FloatingPointModeIEEEINTEL,
  M.FPFastMathDefault,
]);

/**
 * No execution mode twice for one entry point, as the current spirv-val rejects it ("LocalSize
 * execution mode must not be specified multiple times per entry point"); the float-control modes
 * may repeat with other operands, never with the same ones ("... for the same entry point and
 * operands"). Reported at the later declaration. Modes of what is no entry point are the
 * mode-target rule's.
 */
export function checkDuplicateModes(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable): void {
  const { words, opcode } = scan;
  /** Per (entry point function, mode): the instructions declaring it so far. */
  const declared = new Map<string, number[]>();
  for (let i = 0; i < scan.count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break;
    if (op !== Op.ExecutionMode && op !== Op.ExecutionModeId) continue;
    const s = scan.operandStart[i];
    if (scan.end[i] - s < 2 || reporter.isFlagged(i)) continue;
    const target = words[s];
    const mode = words[s + 1];
    if (entryPoints.modelsOf(target) === 0) continue;
    const key = `${target}:${mode}`;
    const earlier = declared.get(key);
    if (earlier === undefined) {
      declared.set(key, [i]);
      continue;
    }
    const same = earlier.some((e) => sameOperands(scan, e, i));
    earlier.push(i);
    if (!same && PER_OPERANDS.has(mode)) continue;
    const name = enumerantName('ExecutionMode', mode) ?? `${mode}`;
    reporter.report(
      'spvkit-environment-mode-duplicate',
      i,
      (n) =>
        same && PER_OPERANDS.has(mode)
          ? `${opcodeLabel(op)}: mode ${name} of ${n(target)} is declared more than once with the same operands`
          : `${opcodeLabel(op)}: mode ${name} of ${n(target)} is declared more than once`,
      [target],
    );
  }
}

function opcodeLabel(op: number): string {
  return op === Op.ExecutionModeId ? 'OpExecutionModeId' : 'OpExecutionMode';
}

/** Whether instructions `a` and `b` have the same operand words. */
function sameOperands(scan: ModuleIndex, a: number, b: number): boolean {
  const sa = scan.operandStart[a];
  const sb = scan.operandStart[b];
  const n = scan.end[a] - sa;
  if (scan.end[b] - sb !== n) return false;
  for (let k = 0; k < n; k++) if (scan.words[sa + k] !== scan.words[sb + k]) return false;
  return true;
}
