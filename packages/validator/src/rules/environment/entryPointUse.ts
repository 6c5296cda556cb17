import { Op, enumerantName, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import { readString } from '../../scan/readString.js';
import type { EntryPointTable } from './EntryPointTable.js';

/**
 * Entry points as a whole: no two of one execution model share a name, and no entry point's
 * function is called with OpFunctionCall.
 */
export function checkEntryPointUse(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable): void {
  if (entryPoints.count > 1) {
    const seen = new Set<string>();
    for (let e = 0; e < entryPoints.count; e++) {
      const at = entryPoints.at[e];
      const name = readString(scan.words, scan.operandStart[at] + 2, scan.end[at]);
      if (name === undefined) continue;
      const key = `${entryPoints.model[e]} ${name}`;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      const model = entryPoints.model[e];
      reporter.report(
        'spvkit-environment-entry-point-name',
        at,
        () => `OpEntryPoint: another ${enumerantName('ExecutionModel', model) ?? model} entry point is named "${name}"`,
      );
    }
  }
  if (entryPoints.count === 0) return;
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] !== Op.FunctionCall || scan.end[i] <= scan.operandStart[i] || reporter.isFlagged(i)) continue;
    const callee = scan.words[scan.operandStart[i]];
    if (entryPoints.modelsOf(callee) !== 0) {
      reporter.report(
        'spvkit-environment-entry-point-called',
        i,
        (name) => `OpFunctionCall: ${name(callee)} is an entry point's function, which OpFunctionCall may not call`,
        [callee],
      );
    }
  }
}
