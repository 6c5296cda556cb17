import { Decoration, LinkageType, Op } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';

/**
 * The LinkageAttributes rules spirv-val checks: a function declaration (no blocks) is imported (an
 * Import LinkageAttributes), a function definition is not, an imported variable has no
 * initializer, and an entry point's function has no LinkageAttributes at all.
 */
export function checkLinkage(c: DecorationsContext): void {
  const { scan, table } = c;
  const { count, opcode, resultId } = scan;
  let linked = false;
  for (let r = 0; r < table.count && !linked; r++) linked = table.kind[r] === Decoration.LinkageAttributes;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.Function) {
      let k = i + 1;
      while (k < count && (opcode[k] === Op.FunctionParameter || opcode[k] === Op.Line || opcode[k] === Op.NoLine)) k++;
      const declaration = k < count && opcode[k] === Op.FunctionEnd;
      const fn = resultId[i];
      const imported = linked && isImported(c, fn);
      if (declaration && !imported) {
        c.report(
          'spvkit-decorations-linkage',
          i,
          (n) => `${n(fn)} is a function declaration (it has no blocks), so it needs a LinkageAttributes decoration of Import type`,
          [fn],
        );
      } else if (!declaration && imported) {
        c.report('spvkit-decorations-linkage', i, (n) => `${n(fn)} is a function definition, which may not be of Import LinkageAttributes`, [fn]);
      }
    } else if (op === Op.Variable && linked && scan.end[i] - scan.operandStart[i] >= 2 && c.reporter.isFlagged(i) === false) {
      const v = resultId[i];
      if (scan.end[i] - scan.pos[i] === 5 && isImported(c, v) && !inFunction(c, i)) {
        c.report('spvkit-decorations-linkage', i, (n) => `${n(v)} is imported (Import LinkageAttributes), so it may have no initializer`, [v]);
      }
    } else if (op === Op.EntryPoint && linked && scan.end[i] - scan.operandStart[i] >= 2) {
      const fn = scan.words[scan.operandStart[i] + 1];
      if (table.any(fn, Decoration.LinkageAttributes)) {
        c.report('spvkit-decorations-linkage', i, (n) => `${n(fn)} is an entry point, so it may have no LinkageAttributes decoration`, [fn]);
      }
    }
  }
}

function isImported(c: DecorationsContext, id: number): boolean {
  const { table, scan } = c;
  for (let k = table.start(id); k < table.end(id); k++) {
    const r = table.at(k);
    if (
      table.kind[r] === Decoration.LinkageAttributes &&
      table.paramEnd[r] - table.paramStart[r] >= 2 &&
      scan.words[table.paramEnd[r] - 1] === LinkageType.Import
    )
      return true;
  }
  return false;
}

/** Whether instruction `i` is inside a function (a global variable is not). */
function inFunction(c: DecorationsContext, i: number): boolean {
  const { opcode } = c.scan;
  for (let k = i - 1; k >= 0; k--) {
    if (opcode[k] === Op.FunctionEnd) return false;
    if (opcode[k] === Op.Function) return true;
  }
  return false;
}
