/**
 * What the three front ends (.spv binaries, .spvasm assembly, GLSL) share: what each is given,
 * and the module it hands to the transform. A front end works in two steps so that the cache can
 * sit between them: `prepare` reads everything the result depends on and keys it by content;
 * `compile`, which the cache runs only for a key it has not seen, makes the module.
 */
import { decodeModule, type Instruction, type Module, type SourceLocation } from '@spvkit/core';
import type { ShaderRequest } from '../ids.js';
import type { ResolvedOptions } from '../options.js';
import type { Problem } from '../problems/problem.js';
import { withSpirvErrors, type Locate } from '../problems/spirv.js';

/** What a load read, whether it succeeded or not: the plugin watches these. */
export interface ShaderInputs {
  /** Every file read, the shader first. */
  files: string[];
  /** Places where a missing include could appear. */
  missing: string[];
  /** Texts of the files read, for code frames. */
  texts: Map<string, string>;
}

/** What a front end is given. */
export interface FrontendInput {
  readonly request: ShaderRequest;
  /** The shader file's content, read within the `maxFileSize` limit. */
  readonly bytes: Buffer;
  readonly root: string;
  readonly options: ResolvedOptions;
  /** What runs around the user's passes, as text (see TransformPlan.tag): part of the cache key. */
  readonly planTag: string;
  /** Filled with what the front end reads besides the shader (includes, texts). */
  readonly inputs: ShaderInputs;
}

/** A shader read and keyed by content, not yet compiled. */
export interface PreparedShader {
  /** Content hash of the input, everything it includes and the plan. */
  readonly key: string;
  /** Makes the module; run once per key (the cache keeps the result). */
  compile(): CompiledShader | Promise<CompiledShader>;
}

/** The edited assembly text a source-preserving run gives, and where new instructions came from. */
export interface PreservedText {
  /**
   * The input's line an instruction of the transformed module comes from (new ones: through the
   * source map). A function property: it is handed on detached.
   */
  readonly locate: (inst: Instruction) => SourceLocation | undefined;
  /** The transformed module as the input's own text; undefined where the passes left a state the text cannot follow. */
  text(): string | undefined;
}

/** A front end's module, ready for the passes. */
export interface CompiledShader {
  readonly module: Module;
  /** Texts of the files the module came from, for code frames and the WGSL source map. */
  readonly texts: ReadonlyMap<string, string>;
  /** Places the module's debug info in the user's files. */
  readonly locate: Locate;
  /** Strip the compiler's debug info at the end (GLSL without the `debugInfo` option). */
  readonly stripDebugInfo: boolean;
  /** `performance.now()` when the plugin's own work began: the timings leave out file reads and the GLSL compiler. */
  readonly startedAt: number;
  /** Warnings of the front end (the assembler's, the compiler's), reported before the passes' own. */
  readonly warnings: readonly Problem[];
  /** For `.spvasm`: the input's text, edited where the passes change it. */
  readonly preserved?: PreservedText;
}

/** A front end: reads and keys one kind of shader file. */
export type Frontend = (input: FrontendInput) => PreparedShader | Promise<PreparedShader>;

/** Decodes a binary (a .spv file, a compiler's words) with every function body read now. */
export function decodeShader(input: Uint8Array | Uint32Array, file: string, root: string): Module {
  return withSpirvErrors(file, root, () => decodeModule(input, { lazyFunctions: false }));
}
