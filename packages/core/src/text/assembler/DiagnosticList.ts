import type { SourceDiagnostic, SourceLocation } from '../../errors/SpirvError.js';
import type { SourceText } from './SourceText.js';
import { formatLocation } from '../../errors/formatLocation.js';

/**
 * Collects the diagnostics of one assembly, turning byte ranges into what a person reads: file,
 * line and column (UTF-16 units, 1-based), the end column on the same line, and the line's text.
 */
export class DiagnosticList {
  readonly items: SourceDiagnostic[] = [];
  private errorCount = 0;

  constructor(private readonly source: SourceText) {}

  /** Number of errors (warnings not counted). */
  get errors(): number {
    return this.errorCount;
  }

  /** Adds an error about bytes [start, end). */
  error(start: number, end: number, message: string, hint?: string): void {
    this.errorCount++;
    this.items.push(this.make('error', start, end, message, hint));
  }

  /** Adds a warning about bytes [start, end). */
  warning(start: number, end: number, message: string, hint?: string): SourceDiagnostic {
    const d = this.make('warning', start, end, message, hint);
    this.items.push(d);
    return d;
  }

  /** `file:line:column` of a byte offset, for messages that point elsewhere ("first defined at ..."). */
  where(pos: number): string {
    const loc = this.location(pos);
    return formatLocation(loc);
  }

  /** The location of a byte offset. */
  location(pos: number): SourceLocation {
    const src = this.source;
    const { line, lineStart } = src.lineOf(pos);
    const column = src.column(lineStart, pos);
    return src.file === undefined ? { line, column } : { file: src.file, line, column };
  }

  private make(severity: 'error' | 'warning', start: number, end: number, message: string, hint: string | undefined): SourceDiagnostic {
    const src = this.source;
    const { line, lineStart } = src.lineOf(start);
    const column = src.column(lineStart, start);
    // The underline stops at the end of the line.
    let stop = start;
    while (stop < end && stop < src.end && src.bytes[stop] !== 10) stop++;
    const endColumn = src.column(lineStart, stop);
    const location: SourceLocation = src.file === undefined ? { line, column } : { file: src.file, line, column };
    const d: { -readonly [K in keyof SourceDiagnostic]: SourceDiagnostic[K] } = {
      severity,
      message,
      location,
      sourceLine: src.lineText(lineStart),
    };
    if (endColumn > column + 1) d.endColumn = endColumn;
    if (hint !== undefined) d.hint = hint;
    return d;
  }
}
