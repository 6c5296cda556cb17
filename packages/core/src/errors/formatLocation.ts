import type { SourceLocation } from './SpirvError.js';

/**
 * `file:line:column`, the form compilers and editors agree on (a terminal makes it a link).
 * `fallbackFile` names a location without a file (`<input>` by default).
 *
 * @example
 * ```ts
 * formatLocation({ file: 'blur.comp', line: 12, column: 5 }); // 'blur.comp:12:5'
 * ```
 */
export function formatLocation(loc: SourceLocation, fallbackFile = '<input>'): string {
  return `${loc.file ?? fallbackFile}:${loc.line}:${loc.column}`;
}
