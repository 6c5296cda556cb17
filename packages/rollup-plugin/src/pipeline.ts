/**
 * From a file to checked, transformed words and their reflection: read (bytes for .spv, text for
 * the rest), assemble or compile, run the passes, validate, strip the compiler's debug info,
 * encode, reflect. Results are cached by content hash (the options are fixed per plugin).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  SourceLocationsAnalysis,
  SpirvError,
  decodeModule,
  disassemble,
  encodeModule,
  HOST_ENDIANNESS,
  passRegistry,
  reflectModule,
  runPasses,
  type Diagnostic,
  type Instruction,
  type Module,
  type Pass,
  type Reflection,
  type SourceLocation,
} from '@spvkit/core';
import { preserveSource, snapshotAssembly, type AssemblySnapshot, type PreservedSource } from '@spvkit/preserve-source';
import { decodeText, displayPath, looksLikeSpirvBinary, readBytes } from './files.js';
import { compileGlsl, GlslCompileError, type CompiledGlsl, type CompilerMessage } from './glsl/compilers.js';
import { INCLUDE_MARKER, preprocessGlsl, type PreprocessedGlsl } from './glsl/preprocess.js';
import { stripCompilerDebugInfo } from './glsl/stripDebug.js';
import { isGlslStage, GLSL_STAGES, type ShaderRequest } from './ids.js';
import type { ResolvedOptions } from './options.js';
import { releasePasses, type TransformPlan } from './release.js';
import { specializationPasses, specializationTag, specializeQuery } from './specialize.js';
import { ShaderError, type Problem, type ProblemLocation } from './problem.js';
import { loadTranslator, translateToWgsl, type Translate, type WgslOutput } from './wgsl.js';

/** A transformed shader. */
export interface ShaderResult {
  /** Content hash of the input (and everything it includes). */
  readonly key: string;
  readonly words: Uint32Array;
  readonly reflection: Reflection;
  /** Diagnostics reported as warnings (validation with `validate: 'warn'`, warning-severity findings). */
  readonly warnings: readonly Problem[];
  /** Texts of the files the problems point into, for code frames. */
  readonly texts: ReadonlyMap<string, string>;
  /** The WGSL and its reflection, when the import asked for WGSL (see TransformPlan.wgsl). */
  readonly wgsl?: WgslOutput;
  /** The disassembly of `words`, made on first use. */
  disassembly(): string;
  /**
   * For `.spvasm` input: the transformed module as the input's own text, edited where the passes
   * changed it (see `preserveSource` in @spvkit/passes), made on first use; undefined when that
   * text could not be made (then use {@link disassembly}).
   */
  assembly?(): string | undefined;
}

/** What a source-preserving run adds to a transform: its edited text, and where new instructions came from. */
interface Preserving {
  /**
   * The input's line an instruction of the transformed module comes from (new ones: through the
   * source map). A function property: it is handed on detached.
   */
  locate: (inst: Instruction) => SourceLocation | undefined;
  text(): string | undefined;
}

/** The edited text of `snapshot` once the passes ran, made once, on first use. */
function preserving(snapshot: AssemblySnapshot, file: string): Preserving {
  let made: PreservedSource | undefined;
  let failed = false;
  const get = (): PreservedSource | undefined => {
    if (made === undefined && !failed) {
      try {
        made = preserveSource(snapshot, { source: file });
      } catch {
        failed = true; // a pass left the module in a state the text cannot follow: no edited text
      }
    }
    return made;
  };
  return { locate: (inst) => get()?.originalLocation(inst), text: () => get()?.text };
}

/** What a load read, whether it succeeded or not: the plugin watches these. */
export interface ShaderInputs {
  files: string[];
  missing: string[];
  texts: Map<string, string>;
}

export interface PipelineEnv {
  readonly root: string;
  readonly options: ResolvedOptions;
  /** A production build (`vite build`, Rollup with NODE_ENV=production): the release passes' default. */
  readonly production: boolean;
}

function formatOffset(byteOffset: number): string {
  return `byte offset ${byteOffset} (0x${byteOffset.toString(16)})`;
}

/** The error a SpirvError from core becomes. */
function fromSpirvError(e: SpirvError, file: string, root: string): ShaderError {
  const diagnostics = (
    e as SpirvError & { diagnostics?: readonly { message: string; location?: { file?: string; line: number; column: number }; hint?: string }[] }
  ).diagnostics;
  if (diagnostics !== undefined && diagnostics.length > 0) {
    return new ShaderError(
      diagnostics.map((d) => ({
        code: e.code,
        message: d.message,
        ...(d.location ? { location: { file: absolute(d.location.file, file, root), line: d.location.line, column: d.location.column } } : {}),
        ...(d.hint ? { hint: d.hint } : {}),
      })),
    );
  }
  const where = e.offset !== undefined ? ` at ${formatOffset(e.offset)}` : '';
  const location = e.location ? { file: absolute(e.location.file, file, root), line: e.location.line, column: e.location.column } : undefined;
  return ShaderError.of(e.code, `${displayPath(file, root)}: ${e.message}${location ? '' : where}`, location, e.hint);
}

function absolute(name: string | undefined, file: string, root: string): string {
  if (name === undefined || name === '') return file;
  if (isAbsolute(name)) return name;
  const near = resolve(dirname(file), name);
  if (existsSync(near)) return near;
  return resolve(root, name);
}

/** Resolves a pass option entry to a Pass (names through the shared registry). */
export function resolvePass(p: string | Pass): Pass {
  return typeof p === 'string' ? passRegistry.create(p) : p;
}

/** Maps a location in compiled GLSL (OpLine or compiler message) back to the user's file. */
function mapGlslLocation(pre: PreprocessedGlsl, name: string | undefined, line: number, column: number): ProblemLocation | undefined {
  if (name !== undefined && name !== '' && !/^\d+$/.test(name)) {
    const file = pre.names.get(name);
    return file === undefined ? undefined : { file, line, column };
  }
  // No #line name in effect (source string number): the line is a line of the expanded text.
  const from = pre.lineMap[line - 1];
  return from === undefined ? undefined : { file: from.file, line: from.line, column };
}

/** Column of the token a glslang message quotes (`'name' : undeclared identifier`), else the first non-blank. */
function guessColumn(text: string | undefined, line: number, message: string): number {
  const src = text?.split(/\r?\n/)[line - 1];
  if (src === undefined) return 1;
  const quoted = /^\s*'([^']+)'\s*:/.exec(message)?.[1];
  if (quoted !== undefined) {
    const at = src.indexOf(quoted);
    if (at >= 0) return at + 1;
  }
  // Syntax errors name the unexpected token; its first occurrence is the best guess there is.
  const unexpected = /unexpected ([A-Z_]+)/.exec(message)?.[1];
  const char = unexpected === undefined ? undefined : TOKEN_CHARS[unexpected];
  if (char !== undefined) {
    const first = src.search(/\S/);
    const at = src.indexOf(char, Math.max(0, first));
    if (at >= 0) return at + 1;
  }
  const first = src.search(/\S/);
  return first < 0 ? 1 : first + 1;
}

const TOKEN_CHARS: Record<string, string> = {
  SEMICOLON: ';',
  COMMA: ',',
  COLON: ':',
  DOT: '.',
  EQUAL: '=',
  LEFT_PAREN: '(',
  RIGHT_PAREN: ')',
  LEFT_BRACE: '{',
  RIGHT_BRACE: '}',
  LEFT_BRACKET: '[',
  RIGHT_BRACKET: ']',
};

const LOG_LINE = /^(ERROR|WARNING):\s*(.*?):(\d+):\s*(.*)$/;

/** Problems from a glslang log; include markers become the include problem they stand for. */
function glslLogProblems(log: string, pre: PreprocessedGlsl): { errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const markerRe = new RegExp(`${INCLUDE_MARKER}(\\d+)`);
  const seenMarkers = new Set<number>();
  for (const raw of log.split(/\r?\n/)) {
    const m = LOG_LINE.exec(raw.trim());
    if (m === null) continue;
    const [, severity, name, lineText, message] = m as unknown as [string, string, string, string, string];
    const marker = markerRe.exec(message);
    if (marker !== null) {
      const n = Number(marker[1]);
      const problem = pre.includeProblems[n];
      if (problem !== undefined && !seenMarkers.has(n)) {
        seenMarkers.add(n);
        errors.unshift(problem);
      }
      continue;
    }
    const line = Number(lineText);
    const located = mapGlslLocation(pre, name, line, 1);
    const location = located ? { ...located, column: guessColumn(pre.texts.get(located.file), located.line, message) } : undefined;
    // glslang puts the offending token first (`'name' : ...`), or `'' :` when there is none.
    const text = message
      .replace(/^''\s*:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const problem: Problem = { code: 'GLSL_COMPILE', message: text, ...(location ? { location } : {}) };
    (severity === 'ERROR' ? errors : warnings).push(problem);
  }
  return { errors, warnings };
}

/**
 * The column of a glslang message: glslang's own where it points at the token the message quotes
 * (or quotes none), else that token's first place on the line (glslang puts a directive's
 * messages at the line's end, after `#extension NAME : require`). A syntax error is placed on
 * the last character of the unexpected token; the caret goes to its first.
 */
function messageColumn(text: string | undefined, line: number, message: string, column: number | undefined): number {
  const src = text?.split(/\r?\n/)[line - 1];
  if (src === undefined || column === undefined || column < 1) return guessColumn(text, line, message);
  const quoted = /^\s*'([^']+)'\s*:/.exec(message)?.[1];
  let at = Math.min(column, src.length + 1) - 1;
  if (quoted !== undefined && !src.startsWith(quoted, at)) {
    const found = src.indexOf(quoted);
    if (found >= 0) return found + 1;
  }
  while (at > 0 && at < src.length && /\w/.test(src[at]) && /\w/.test(src[at - 1])) at--;
  return at + 1;
}

/** Problems from messages a compiler gave structured (@spvkit/glslang); include markers become the include problem. */
function compilerMessageProblems(messages: readonly CompilerMessage[], pre: PreprocessedGlsl): Problem[] {
  const problems: Problem[] = [];
  const markerRe = new RegExp(`${INCLUDE_MARKER}(\\d+)`);
  const seenMarkers = new Set<number>();
  for (const m of messages) {
    const marker = markerRe.exec(m.message);
    if (marker !== null) {
      const n = Number(marker[1]);
      const problem = pre.includeProblems[n];
      if (problem !== undefined && !seenMarkers.has(n)) {
        seenMarkers.add(n);
        problems.unshift(problem);
      }
      continue;
    }
    const located = m.file !== undefined && m.line !== undefined ? mapGlslLocation(pre, m.file, m.line, 1) : undefined;
    const location = located ? { ...located, column: messageColumn(pre.texts.get(located.file), located.line, m.message, m.column) } : undefined;
    // glslang puts the offending token first (`'name' : ...`), or `'' :` when there is none.
    const text = m.message
      .replace(/^''\s*:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    problems.push({ code: 'GLSL_COMPILE', message: text, ...(location ? { location } : {}) });
  }
  return problems;
}

/** A user compiler's diagnostic message as text: a non-string one as JSON, a missing one as `compile error`. */
function compilerMessageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined || message === null) return 'compile error';
  return JSON.stringify(message) ?? 'compile error';
}

/** Problems from an error a user compiler threw. */
function compilerErrorProblems(e: unknown, pre: PreprocessedGlsl, file: string, root: string): Problem[] {
  const diagnostics = (e as { diagnostics?: unknown }).diagnostics;
  if (Array.isArray(diagnostics) && diagnostics.length > 0) {
    return diagnostics.map((d: { message?: unknown; location?: { file?: string; line?: number; column?: number } }) => {
      const loc = d.location;
      const mapped =
        loc && typeof loc.line === 'number'
          ? mapGlslLocation(pre, loc.file !== undefined && pre.names.has(loc.file) ? loc.file : undefined, loc.line, loc.column ?? 1)
          : undefined;
      const location =
        mapped ?? (loc?.file && typeof loc.line === 'number' ? { file: absolute(loc.file, file, root), line: loc.line, column: loc.column ?? 1 } : undefined);
      return { code: 'GLSL_COMPILE', message: compilerMessageText(d.message), ...(location ? { location } : {}) };
    });
  }
  if (e instanceof GlslCompileError && e.messages !== undefined && e.messages.length > 0) return compilerMessageProblems(e.messages, pre);
  const log = e instanceof GlslCompileError ? e.log : e instanceof Error ? e.message : String(e);
  const { errors } = glslLogProblems(log, pre);
  if (errors.length > 0) return errors;
  return [{ code: 'GLSL_COMPILE', message: `${displayPath(file, root)}: ${e instanceof Error ? e.message : String(e)}` }];
}

/**
 * Problems from pass and validator diagnostics. `locateNew` places instructions that have no
 * place of their own (ones a pass added to assembly text: the line they replaced).
 */
function diagnosticProblem(
  d: Diagnostic,
  module: Module,
  locate: (loc: { file?: string; line: number; column: number }) => ProblemLocation | undefined,
  locateNew?: (inst: Instruction) => SourceLocation | undefined,
): Problem {
  let loc = d.location;
  if (loc === undefined && d.instruction !== undefined) {
    try {
      loc = module.analysis(SourceLocationsAnalysis).of(d.instruction);
    } catch {
      /* no locations */
    }
    if (loc === undefined && locateNew !== undefined) loc = locateNew(d.instruction);
  }
  const location = loc === undefined ? undefined : locate(loc);
  const message = `${d.code ? `[${d.code}] ` : ''}${d.message}${d.pass ? ` (${d.pass})` : ''}`;
  return { code: d.code ?? 'PASS_DIAGNOSTIC', message, ...(location ? { location } : {}), ...(d.hint ? { hint: d.hint } : {}) };
}

function sha256(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(typeof p === 'string' ? p : p);
    h.update('\0');
  }
  return h.digest('hex');
}

/** Results kept per plugin instance; the least recently used go first. */
const MAX_CACHED = 2000;

/** The work, cached by content. One per plugin instance. */
export class ShaderPipeline {
  private readonly cache = new Map<string, Promise<ShaderResult>>();
  /** @spvkit/wgsl's translator, once an import asked for WGSL. */
  private translate: Translate | undefined;
  /** How many times a shader was actually transformed (not served from the cache). */
  transforms = 0;
  /**
   * Milliseconds of the plugin's own work per transform (decode or assemble, passes, validation,
   * encode, reflection; not file reads, not the GLSL compiler), newest last, at most 10000.
   */
  readonly timings: { file: string; ms: number }[] = [];

  constructor(private readonly env: () => PipelineEnv) {}

  /** Transforms `request.file`; fills `inputs` with every file read, also when it fails. */
  async run(request: ShaderRequest, inputs: ShaderInputs): Promise<ShaderResult> {
    const { root, options, production } = this.env();
    const file = request.file;
    inputs.files.push(file);
    const plan = transformPlan(request, options, production, root);
    if (plan.wgsl) this.translate ??= await loadTranslator();
    const bytes = await readBytes(file, options.maxFileSize, root);

    if (request.source === 'spv') {
      if (!looksLikeSpirvBinary(bytes)) {
        let hint = 'the file is empty, truncated or not SPIR-V';
        const text = bytes.toString('utf8');
        if (/^\s*(;|%|Op[A-Z])/m.test(text) && !text.includes('\0'))
          hint = `it looks like SPIR-V assembly text: rename it to ${displayPath(file, root).replace(/\.spv$/i, '.spvasm')}`;
        else if (/#\s*version\b/.test(text)) hint = 'it looks like GLSL: give it its stage extension (.comp, .vert, ...)';
        throw ShaderError.of('NOT_SPIRV_BINARY', `${displayPath(file, root)} is not a SPIR-V binary (no SPIR-V magic number at the start)`, undefined, hint);
      }
      const key = sha256('spv', file, bytes, plan.tag);
      return this.cached(key, () => {
        const started = performance.now();
        const module = this.decode(bytes, file, root);
        return this.finish(
          key,
          plan,
          module,
          file,
          new Map(),
          (loc) => ({ file: absolute(loc.file, file, root), line: loc.line, column: loc.column }),
          false,
          started,
        );
      });
    }

    if (request.source === 'spvasm') {
      const text = decodeText(bytes, file, root, 'SPIR-V assembly text');
      inputs.texts.set(file, text);
      const key = sha256('spvasm', file, text, plan.tag);
      return this.cached(key, () => {
        const started = performance.now();
        // Assembled for a source-preserving edit: `?spvasm` gives the input's text, edited, and
        // diagnostics on instructions a pass added point at the line they replaced.
        let snapshot: AssemblySnapshot;
        const asmWarnings: Problem[] = [];
        try {
          snapshot = snapshotAssembly(text, {
            file,
            targetEnv: options.targetEnv,
            onWarning: (w) =>
              asmWarnings.push({
                code: 'ASSEMBLY_WARNING',
                message: w.message,
                location: { file, line: w.location.line, column: w.location.column },
                ...(w.hint ? { hint: w.hint } : {}),
              }),
          });
        } catch (e) {
          if (e instanceof SpirvError) throw fromSpirvError(e, file, root);
          throw e;
        }
        const texts = new Map([[file, text]]);
        const locate = (loc: { file?: string; line: number; column: number }): ProblemLocation => ({
          file: absolute(loc.file, file, root),
          line: loc.line,
          column: loc.column,
        });
        return this.finish(key, plan, snapshot.module, file, texts, locate, false, started, asmWarnings, preserving(snapshot, file));
      });
    }

    const stage = request.stage;
    if (!isGlslStage(stage)) {
      throw ShaderError.of(
        'UNKNOWN_STAGE',
        `${displayPath(file, root)}?stage=${stage ?? ''}: unknown stage`,
        undefined,
        `use one of ${GLSL_STAGES.join(', ')}`,
      );
    }
    const text = decodeText(bytes, file, root, 'GLSL source');
    inputs.texts.set(file, text);
    const pre = await preprocessGlsl(file, text, {
      root,
      includePaths: options.includePaths.map((p) => resolve(root, p)),
      defines: options.defines,
      allowIncludeOutsideRoot: options.allowIncludeOutsideRoot,
      maxFileSize: options.maxFileSize,
    });
    for (const f of pre.files) if (!inputs.files.includes(f)) inputs.files.push(f);
    inputs.missing.push(...pre.missing);
    for (const [f, t] of pre.texts) inputs.texts.set(f, t);
    const compilerId = typeof options.compiler === 'function' ? 'function' : options.compiler;
    const key = sha256('glsl', file, stage, pre.source, compilerId, plan.tag);
    return this.cached(key, async () => {
      let compiled: CompiledGlsl;
      try {
        compiled = await compileGlsl(
          options.compiler,
          pre.source,
          {
            stage,
            file,
            defines: options.defines,
            includePaths: options.includePaths.map((p) => resolve(root, p)),
            targetEnv: options.targetEnv,
            debugInfo: true,
          },
          pre.mainName,
        );
      } catch (e) {
        if (e instanceof GlslCompileError || typeof options.compiler === 'function') throw new ShaderError(compilerErrorProblems(e, pre, file, root));
        throw ShaderError.of('GLSL_COMPILER', `${displayPath(file, root)}: ${(e as Error).message}`);
      }
      const started = performance.now();
      const module = this.decode(compiled.words, file, root);
      const locate = (loc: { file?: string; line: number; column: number }): ProblemLocation | undefined =>
        mapGlslLocation(pre, loc.file, loc.line, loc.column);
      const compilerWarnings = compilerMessageProblems(compiled.warnings, pre);
      return this.finish(key, plan, module, file, pre.texts, locate, !options.debugInfo, started, compilerWarnings);
    });
  }

  /** `make` may finish synchronously; what it throws becomes the rejection, so a failure is never cached. */
  private cached(key: string, make: () => ShaderResult | Promise<ShaderResult>): Promise<ShaderResult> {
    let p = this.cache.get(key);
    if (p !== undefined) {
      // Most recently used last, so a long dev session drops the versions it edited away from.
      this.cache.delete(key);
      this.cache.set(key, p);
      return p;
    }
    this.transforms++;
    p = new Promise<ShaderResult>((resolve) => resolve(make()));
    this.cache.set(key, p);
    p.catch(() => this.cache.delete(key));
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return p;
  }

  private decode(input: Uint8Array | Uint32Array, file: string, root: string): Module {
    try {
      return decodeModule(input, { lazyFunctions: false });
    } catch (e) {
      if (e instanceof SpirvError) throw fromSpirvError(e, file, root);
      throw e;
    }
  }

  private record(file: string, ms: number): void {
    if (this.timings.length >= 10_000) this.timings.shift();
    this.timings.push({ file, ms });
  }

  private finish(
    key: string,
    plan: TransformPlan,
    module: Module,
    file: string,
    texts: ReadonlyMap<string, string>,
    locate: (loc: { file?: string; line: number; column: number }) => ProblemLocation | undefined,
    strip: boolean,
    startedAt: number,
    earlierWarnings: readonly Problem[] = [],
    preserved?: Preserving,
  ): ShaderResult {
    try {
      return this.finishUntimed(key, plan, module, file, texts, locate, strip, earlierWarnings, preserved);
    } finally {
      this.record(file, performance.now() - startedAt);
    }
  }

  private finishUntimed(
    key: string,
    plan: TransformPlan,
    module: Module,
    file: string,
    texts: ReadonlyMap<string, string>,
    locate: (loc: { file?: string; line: number; column: number }) => ProblemLocation | undefined,
    strip: boolean,
    earlierWarnings: readonly Problem[],
    preserved: Preserving | undefined,
  ): ShaderResult {
    const { root, options } = this.env();
    const problem = (d: Diagnostic): Problem => diagnosticProblem(d, module, locate, preserved?.locate);
    // Specialization first, so that the user's passes see the constants it bakes in.
    const passes = [...plan.before.map(resolvePass), ...options.passes.map(resolvePass)];
    const validator = options.validate === false ? undefined : resolvePass(options.validator);
    const errors: Problem[] = [];
    const warnings: Problem[] = [...earlierWarnings];
    const collect = (diagnostics: readonly Diagnostic[], errorsAreWarnings: boolean): void => {
      for (const d of diagnostics) {
        if (d.severity === 'error') (errorsAreWarnings ? warnings : errors).push(problem(d));
        else if (d.severity === 'warning') warnings.push(problem(d));
      }
    };
    try {
      if (validator === undefined) {
        collect(runPasses(module, passes, { targetEnv: options.targetEnv }).diagnostics, false);
      } else {
        // 'error': after each pass that changed the module (the first invalid step stops the
        // build); 'warn': once at the end, its errors reported as warnings.
        const when = options.validate === 'error' ? 'each' : 'end';
        const r = runPasses(module, passes, { validate: when, validator, targetEnv: options.targetEnv });
        const warnOnly = options.validate !== 'error';
        collect(
          r.diagnostics.filter((d) => d.pass !== validator.name),
          false,
        );
        collect(
          r.diagnostics.filter((d) => d.pass === validator.name),
          warnOnly,
        );
      }
    } catch (e) {
      if (e instanceof SpirvError) throw fromSpirvError(e, file, root);
      throw e;
    }
    if (errors.length > 0) throw new ShaderError(errors);
    // Reflected before the release passes strip the names of bindings and entry points.
    const reflection = reflectModule(module);
    // Translated here too: after the user's passes and the validation, while the module still has
    // its names and debug info (the WGSL's names, the refusal's source line, the source map).
    let wgsl: WgslOutput | undefined;
    if (plan.wgsl) {
      if (this.translate === undefined) throw new Error('spvkit: the WGSL translator was not loaded');
      wgsl = translateToWgsl(this.translate, module, options.wgsl, {
        file,
        root,
        locate,
        texts,
        // The release passes strip the binary's debug info; the WGSL's map to it goes with it.
        sourceMap: !plan.after.includes('strip-debug'),
      });
    }
    if (plan.after.length > 0) {
      try {
        const r = runPasses(module, plan.after, { targetEnv: options.targetEnv });
        const failed = r.diagnostics.filter((d) => d.severity === 'error').map(problem);
        if (failed.length > 0) throw new ShaderError(failed);
      } catch (e) {
        if (e instanceof SpirvError) throw fromSpirvError(e, file, root);
        throw e;
      }
    }
    if (strip) stripCompilerDebugInfo(module);
    const words = encodeModule(module, { endianness: HOST_ENDIANNESS });
    let dis: string | undefined;
    return {
      key,
      words,
      reflection,
      ...(wgsl !== undefined ? { wgsl } : {}),
      warnings,
      texts,
      disassembly: () => (dis ??= disassemble(decodeModule(words))),
      ...(preserved !== undefined ? { assembly: () => preserved.text() } : {}),
    };
  }
}

/**
 * What runs around the user's passes for `request`: specialization (the option's values, the
 * query's over them) before, the release passes after; a bad `?specialize=` is the import's error.
 */
function transformPlan(request: ShaderRequest, options: ResolvedOptions, production: boolean, root: string): TransformPlan {
  let query = new Map<number, string>();
  if (request.specialize !== undefined) {
    const q = specializeQuery(request.specialize);
    if ('problem' in q)
      throw ShaderError.of(
        'BAD_SPECIALIZE_QUERY',
        `${displayPath(request.file, root)}?specialize=${request.specialize}: ${q.problem}`,
        undefined,
        'write ?specialize=SPECID:VALUE,SPECID:VALUE',
      );
    query = q.values;
  }
  const specialization = { option: options.specialize, query };
  const after = releasePasses(options, production);
  const wgsl = request.kind === 'wgsl' || (request.kind === 'module' && options.wgslByDefault);
  return {
    before: specializationPasses(specialization),
    after,
    wgsl,
    tag: JSON.stringify([specializationTag(specialization), after, wgsl ? options.wgsl : false]),
  };
}

/** Reads a file's text for a code frame, if it can. */
export function textForFrame(file: string, texts: ReadonlyMap<string, string>): string | undefined {
  const known = texts.get(file);
  if (known !== undefined) return known;
  try {
    const buf = readFileSync(file);
    if (buf.length > 4 << 20 || looksLikeSpirvBinary(buf)) return undefined;
    return buf.toString('utf8');
  } catch {
    return undefined;
  }
}
