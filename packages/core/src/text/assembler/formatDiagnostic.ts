import type { SourceDiagnostic } from '../../errors/SpirvError.js';
import { formatLocation } from '../../errors/formatLocation.js';

/**
 * A code frame: the source line with its number, and carets under columns
 * [column, endColumn) (one caret when there is no end). Tabs in the line are kept in the caret
 * line so the carets stay under the text in any tab width.
 *
 * @example
 * codeFrame('%x = OpLaod %int %p', 12, 6, 12)
 * // 12 | %x = OpLaod %int %p
 * //    |      ^^^^^^
 */
export function codeFrame(lineText: string, line: number, column: number, endColumn?: number): string {
  const gutter = String(line);
  const pad = ' '.repeat(gutter.length);
  const start = Math.max(1, Math.min(column, lineText.length + 1));
  const width = Math.max(1, (endColumn ?? start + 1) - start);
  let indent = '';
  for (let i = 0; i < start - 1; i++) indent += lineText[i] === '\t' ? '\t' : ' ';
  return `${gutter} | ${lineText}\n${pad} | ${indent}${'^'.repeat(width)}`;
}

/**
 * A diagnostic as a compiler prints it: `file:line:column: error: message`, the code frame, and
 * the hint.
 *
 * @example
 * ```ts
 * catch (e) {
 *   if (e instanceof SpirvError && e.diagnostics) for (const d of e.diagnostics) console.error(formatAssemblyDiagnostic(d));
 * }
 * // shader.spvasm:12:6: error: unknown opcode 'OpLaod'
 * // 12 | %x = OpLaod %int %p
 * //    |      ^^^^^^
 * // hint: did you mean OpLoad?
 * ```
 */
export function formatAssemblyDiagnostic(d: SourceDiagnostic): string {
  const loc = d.location;
  const lines = [`${formatLocation(loc)}: ${d.severity}: ${d.message}`];
  if (d.sourceLine !== undefined) lines.push(codeFrame(d.sourceLine, loc.line, loc.column, d.endColumn));
  if (d.hint !== undefined) lines.push(`hint: ${d.hint}`);
  return lines.join('\n');
}
