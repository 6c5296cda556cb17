import type { SourceDiagnostic, SourceLocation } from '@spvkit/core';
import { SpirvError } from '@spvkit/core';

/**
 * A failure tied to one file the command read or would write: printed as `FILE: error: ...` (or
 * `FILE:LINE:COLUMN: error: ...` when it has a place in a text), exit code 1. Core's errors know
 * nothing of files for binary input (a decode error has a byte offset, not a name), so the
 * command wraps them in this with the name the user gave.
 */
export class FileError extends Error {
  override readonly name = 'FileError';
  /** The file as the user named it (`<stdin>` for standard input). */
  readonly file: string;
  readonly hint?: string;
  readonly location?: SourceLocation;
  /** Every problem of an assembly text, each with its place and code frame. */
  readonly diagnostics?: readonly SourceDiagnostic[];

  constructor(
    file: string,
    message: string,
    details: { hint?: string; location?: SourceLocation; diagnostics?: readonly SourceDiagnostic[]; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.file = file;
    if (details.hint !== undefined) this.hint = details.hint;
    if (details.location !== undefined) this.location = details.location;
    if (details.diagnostics !== undefined) this.diagnostics = details.diagnostics;
  }

  /** `e` as an error of `file`; anything but a SpirvError is thrown on unchanged (a bug, not bad input). */
  static of(file: string, e: unknown): FileError {
    if (e instanceof FileError) return e;
    if (!(e instanceof SpirvError)) throw e;
    return new FileError(file, e.message, {
      ...(e.hint !== undefined ? { hint: e.hint } : {}),
      ...(e.location !== undefined ? { location: e.location } : {}),
      ...(e.diagnostics !== undefined ? { diagnostics: e.diagnostics } : {}),
      cause: e,
    });
  }
}

/** Runs `fn`, turning a SpirvError it throws into a {@link FileError} of `file`. */
export function inFile<T>(file: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw FileError.of(file, e);
  }
}
