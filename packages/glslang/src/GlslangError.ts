// The one error class of @spvkit/glslang. A shader that does not compile is not an error (it is a
// CompileResult with diagnostics); this is for misuse and for the compiler itself failing.

/** Stable codes of {@link GlslangError}. */
export type GlslangErrorCode =
  /** An option of compile() is not one glslang takes (unknown stage, target, define name). */
  | 'GLSLANG_BAD_OPTION'
  /** The WebAssembly could not be fetched, read or instantiated. */
  | 'GLSLANG_LOAD_FAILED'
  /** glslang trapped (out of memory, an internal abort); the instance cannot be used again. */
  | 'GLSLANG_ABORTED';

/** Thrown for a bad option, a wasm that cannot load, or glslang aborting. */
export class GlslangError extends Error {
  /** Which kind of failure this is. */
  readonly code: GlslangErrorCode;

  constructor(code: GlslangErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GlslangError';
    this.code = code;
  }
}
