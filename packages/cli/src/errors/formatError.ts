import { formatAssemblyDiagnostic, formatLocation } from '@spvkit/core';
import type { FileError } from './FileError.js';

/**
 * The text of a {@link FileError} for a terminal: every assembly diagnostic with its code frame
 * and a count, or one line naming the file (with line and column when the error has them), and
 * the hint.
 */
export function formatError(e: FileError): string {
  if (e.diagnostics !== undefined && e.diagnostics.length > 0) {
    const errors = e.diagnostics.filter((d) => d.severity === 'error').length;
    return `${e.diagnostics.map((d) => formatAssemblyDiagnostic(d)).join('\n\n')}\n\n${errors} error${errors === 1 ? '' : 's'}`;
  }
  const where = e.location !== undefined ? formatLocation(e.location, e.file) : e.file;
  const lines = [`${where}: error: ${e.message}`];
  if (e.hint !== undefined) lines.push(`hint: ${e.hint}`);
  return lines.join('\n');
}
