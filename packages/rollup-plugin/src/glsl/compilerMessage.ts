/** A compiler's message, placed in the text the compiler was given (names from its `#line` directives). */
export interface CompilerMessage {
  readonly severity: 'error' | 'warning' | 'note';
  /** The message without glslang's `ERROR: file:line:` prefix. */
  readonly message: string;
  /** A `#line` name, the main file's name, or undefined for a message about the whole shader. */
  readonly file?: string;
  readonly line?: number;
  /** 1-based, where the compiler says (glslang's column of the token, or of the line's end for directives). */
  readonly column?: number;
  /** What to do about it, where the compiler's message does not say (@spvkit/glslang's hints: a WebGL shader's #version). */
  readonly hint?: string;
}

/** What a compiler gave: the module, and the warnings it printed on the way. */
export interface CompiledGlsl {
  readonly words: Uint32Array;
  readonly warnings: readonly CompilerMessage[];
}

/** A compile failure: the compiler's messages, structured where it gave them so, and its log. */
export class GlslCompileError extends Error {
  override readonly name = 'GlslCompileError';
  constructor(
    message: string,
    /** The compiler's log: lines like `ERROR: file:line: message`. */
    readonly log: string,
    /** The messages, already parsed (from @spvkit/glslang); undefined: parse {@link log}. */
    readonly messages?: readonly CompilerMessage[],
  ) {
    super(message);
  }
}
