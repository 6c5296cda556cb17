/**
 * Stable codes for every error spvkit raises. Tools match on these, so a code never changes
 * meaning once published; new failure kinds get new codes.
 */
export type SpirvErrorCode =
  // input shape
  | 'BAD_INPUT'
  | 'NOT_WORD_ALIGNED'
  | 'TRUNCATED_HEADER'
  | 'BAD_MAGIC'
  | 'BOUND_ZERO'
  | 'BOUND_TOO_LARGE'
  // instruction stream
  | 'WORD_COUNT_ZERO'
  | 'WORD_COUNT_PAST_END'
  | 'INSTRUCTION_TOO_SHORT'
  | 'INSTRUCTION_TOO_LONG'
  | 'UNTERMINATED_STRING'
  | 'STRING_TOO_LONG'
  | 'ID_OUT_OF_BOUND'
  | 'ID_ZERO'
  | 'DUPLICATE_RESULT_ID'
  | 'BAD_FUNCTION_LAYOUT'
  | 'TYPE_NESTING_TOO_DEEP'
  // construction
  | 'ID_LIMIT'
  | 'BAD_OPERAND'
  | 'UNKNOWN_OPCODE'
  | 'UNKNOWN_ENUMERANT'
  // text
  | 'ASSEMBLY'
  // passes and tools
  | 'PASS_FAILED'
  | 'VALIDATION_FAILED'
  /** An edit named an instruction that is not in the module. */
  | 'NOT_IN_MODULE'
  /** A cached analysis no longer matches the module (see checkConsistency). */
  | 'INCONSISTENT_ANALYSIS'
  | 'BAD_OPTION'
  // Translation to another language (WGSL): a construct the target cannot express.
  | 'UNSUPPORTED_CONSTRUCT';

/** A position in a source text (1-based line and column). */
export interface SourceLocation {
  readonly file?: string;
  readonly line: number;
  readonly column: number;
}

/**
 * One problem found in a source text, for errors that report several at once (the assembler
 * reports every error of a file in one SpirvError).
 */
export interface SourceDiagnostic {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  /** Where the problem starts (1-based line and column; columns count UTF-16 code units). */
  readonly location: SourceLocation;
  /** The column just past the problem, when it spans more than one character on its line. */
  readonly endColumn?: number;
  /** What the user can do about it. */
  readonly hint?: string;
  /** The text of the line, so a code frame can be printed without the source at hand. */
  readonly sourceLine?: string;
}

export interface SpirvErrorDetails {
  /** Byte offset into the binary module where the problem is. */
  readonly offset?: number;
  /** Opcode name of the instruction involved, e.g. `OpLoad`. */
  readonly opname?: string;
  /** Where the problem is in source text (assembly, or the GLSL line carried by OpLine). */
  readonly location?: SourceLocation;
  /** What the user can do about it. */
  readonly hint?: string;
  /** Every problem, when the error stands for several (code `ASSEMBLY`). */
  readonly diagnostics?: readonly SourceDiagnostic[];
  readonly cause?: unknown;
}

/**
 * The one error class of spvkit. Every failure caused by input (a malformed binary, bad assembly
 * text, a pass refusing a module, a bad option) is a SpirvError with a stable {@link code}.
 *
 * @example
 * ```ts
 * try { decodeModule(bytes); }
 * catch (e) { if (e instanceof SpirvError && e.code === 'BAD_MAGIC') console.error(e.message); }
 * ```
 */
export class SpirvError extends Error {
  override readonly name = 'SpirvError';
  readonly code: SpirvErrorCode;
  readonly offset?: number;
  readonly opname?: string;
  readonly location?: SourceLocation;
  readonly hint?: string;
  /** Every problem, when the error stands for several (code `ASSEMBLY`: each error of the file). */
  readonly diagnostics?: readonly SourceDiagnostic[];

  constructor(code: SpirvErrorCode, message: string, details: SpirvErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    if (details.offset !== undefined) this.offset = details.offset;
    if (details.opname !== undefined) this.opname = details.opname;
    if (details.location !== undefined) this.location = details.location;
    if (details.hint !== undefined) this.hint = details.hint;
    if (details.diagnostics !== undefined) this.diagnostics = details.diagnostics;
  }
}

/** Formats a byte offset the way error messages show it: decimal and hex. */
export function formatOffset(byteOffset: number): string {
  return `byte offset ${byteOffset} (0x${byteOffset.toString(16)})`;
}
