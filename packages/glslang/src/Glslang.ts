// One instance of glslang in WebAssembly and the compile() call over it.
import type { GlslangModule } from '../wasm/glslang.js';
import { definedNames, definesToPreamble, type Defines } from './defines.js';
import { parseInfoLog, type GlslangDiagnostic } from './diagnostics.js';
import { GlslangError } from './GlslangError.js';
import { compileWasm, instantiate, type ModuleHooks, type WasmSource } from './loader.js';
import { isShaderStage, STAGE_LANGUAGE, type ShaderStage } from './stage.js';
import { resolveTarget, type TargetEnv, type TargetSpirv } from './target.js';

/** What an include function is asked for. */
export interface IncludeRequest {
  /** The name between the quotes or angle brackets of the `#include`. */
  readonly name: string;
  /** `'local'` for `#include "name"`, `'system'` for `#include <name>`. */
  readonly kind: 'local' | 'system';
  /** The file that has the `#include`: compile()'s `file`, or an included file's `file`. */
  readonly includer: string;
  /** 1 for an include in the main file, 2 for one in a file it includes, … */
  readonly depth: number;
}

/** An included file: the name glslang uses for it in messages and debug info, and its text. */
export interface IncludedFile {
  readonly file: string;
  readonly source: string;
}

/**
 * Resolves `#include` (GL_GOOGLE_include_directive), synchronously. Return the file, or
 * null/undefined when it does not exist (glslang then reports "Could not process include
 * directive"); throw to report your own reason at the `#include` line.
 */
export type IncludeFunction = (request: IncludeRequest) => IncludedFile | null | undefined;

/** Debug information, as glslangValidator's flags: `-g`, `-gV`, or `-gVS`. `true` means `'g'`. */
export type DebugInfo = boolean | 'g' | 'gV' | 'gVS';

/** Options of {@link Glslang.compile}. */
export interface CompileOptions {
  /** The stage (glslangValidator `-S`); see `stageFromFileName` to take it from a file name. */
  readonly stage: ShaderStage;
  /** The name of the source in messages, `#include` requests and debug info. Default `'shader.glsl'`. */
  readonly file?: string;
  /** Vulkan version. Default `'vulkan1.0'`, as glslangValidator -V. */
  readonly targetEnv?: TargetEnv;
  /** SPIR-V version. Default: glslangValidator's for `targetEnv` (1.0, 1.3, 1.5, 1.6, 1.6). */
  readonly targetSpirv?: TargetSpirv;
  /** Macros defined before the source, as `-D`. */
  readonly defines?: Defines;
  /** Resolves `#include`. Without it every `#include` is an error. */
  readonly include?: IncludeFunction;
  /** Debug info: `-g` (OpSource, OpLine, names) or `-gV`/`-gVS` (NonSemantic.Shader.DebugInfo.100). */
  readonly debugInfo?: DebugInfo;
}

/** The outcome of compiling: the module's words, or the reasons it has none. */
export type CompileResult =
  | { readonly ok: true; readonly words: Uint32Array; readonly diagnostics: readonly GlslangDiagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly GlslangDiagnostic[] };

/** Options of {@link createGlslang}. */
export interface CreateGlslangOptions {
  /**
   * Where the WebAssembly is: a URL, its bytes or a compiled `WebAssembly.Module`. Default: the
   * package's `wasm/glslang.wasm`, found with `new URL(..., import.meta.url)`.
   */
  readonly wasm?: WasmSource;
}

const DEBUG_LEVEL: ReadonlyMap<unknown, number> = new Map<unknown, number>([
  [false, 0],
  [true, 1],
  ['g', 1],
  ['gV', 2],
  ['gVS', 3],
]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * glslang compiled to WebAssembly: GLSL of every stage to SPIR-V for Vulkan, as
 * `glslangValidator -V` does. Make one with {@link createGlslang}; compile() is synchronous and
 * may be called any number of times.
 */
export class Glslang {
  /** glslang's version, e.g. `'16.5.0'`. */
  readonly version: string;
  readonly #module: GlslangModule;
  #include: IncludeFunction | undefined;
  #includedFiles: string[] = [];
  #printed: string[] = [];
  #busy = false;
  #aborted: GlslangError | undefined;

  /**
   * @internal Use {@link createGlslang}. `connect` receives the functions the module's hooks
   * (`spvkitInclude`, `print`) must call; they stay private to this instance.
   */
  constructor(module: GlslangModule, connect: (handlers: ModuleHooks) => void) {
    this.#module = module;
    connect({
      include: (kind, name, includer, depth) => this.#handleInclude(kind, name, includer, depth),
      print: (text) => this.#printed.push(text),
    });
    this.version = this.#readString(module._spvkit_glslang_version());
  }

  /**
   * Compiles one shader.
   *
   * @example
   * ```ts
   * const glslang = await createGlslang();
   * const result = glslang.compile(source, { stage: 'comp', file: 'blur.comp', targetEnv: 'vulkan1.2' });
   * if (result.ok) device.createShaderModule(result.words);
   * else for (const d of result.diagnostics) console.error(`${d.file}:${d.line}: ${d.message}`);
   * ```
   * @throws {@link GlslangError} for an option glslang does not take, a call from inside an
   * include function, or glslang aborting (then this instance is unusable; create another).
   */
  compile(source: string, options: CompileOptions): CompileResult {
    if (this.#aborted) throw this.#aborted;
    if (this.#busy) throw new GlslangError('GLSLANG_BAD_OPTION', 'compile() called from inside an include function of the same Glslang instance');
    if (typeof source !== 'string') throw new GlslangError('GLSLANG_BAD_OPTION', 'the source must be a string');
    if (!isShaderStage(options?.stage)) {
      throw new GlslangError('GLSLANG_BAD_OPTION', `stage '${String(options?.stage)}': expected one of ${Object.keys(STAGE_LANGUAGE).join(', ')}`);
    }
    const { vulkanMinor, spirvMinor } = resolveTarget(options.targetEnv, options.targetSpirv);
    const debug = DEBUG_LEVEL.get(options.debugInfo ?? false);
    if (debug === undefined) throw new GlslangError('GLSLANG_BAD_OPTION', `debugInfo '${String(options.debugInfo)}': expected true, false, 'g', 'gV' or 'gVS'`);
    const file = options.file ?? 'shader.glsl';
    if (file === '') throw new GlslangError('GLSLANG_BAD_OPTION', 'file must not be empty');
    const defined = definedNames(options.defines);
    const preamble = definesToPreamble(options.defines);

    const m = this.#module;
    const sourceBytes = encoder.encode(source);
    const pointers = [this.#writeBytes(sourceBytes), this.#writeString(file), this.#writeString(preamble)];
    this.#include = options.include;
    this.#includedFiles = [];
    this.#printed = [];
    this.#busy = true;
    let result: number;
    try {
      result = m._spvkit_glslang_compile(
        pointers[0],
        sourceBytes.length,
        pointers[1],
        pointers[2],
        STAGE_LANGUAGE[options.stage],
        vulkanMinor,
        spirvMinor,
        debug,
      );
    } catch (e) {
      // A trap leaves glslang's global state half-updated; nothing may run on it again.
      const why = e instanceof Error ? e.message : String(e);
      const stack = /stack overflow|Maximum call stack size/i.test(why);
      this.#aborted = new GlslangError(
        'GLSLANG_ABORTED',
        stack
          ? `glslang ran out of stack compiling ${file}: an expression or nesting in it is too deep (thousands of levels); this Glslang instance cannot be used again, create another with createGlslang()`
          : `glslang aborted compiling ${file}: ${why}; this Glslang instance cannot be used again, create another with createGlslang()`,
        { cause: e },
      );
      throw this.#aborted;
    } finally {
      this.#busy = false;
      this.#include = undefined;
      if (!this.#aborted) for (const p of pointers) m._free(p);
    }
    try {
      const status = m._spvkit_result_status(result);
      const log = this.#readString(m._spvkit_result_log(result)) + this.#printed.map((t) => `NOTE: ${t}\n`).join('');
      const diagnostics = parseInfoLog(
        log,
        [file, ...this.#includedFiles],
        file,
        defined.map(([name]) => name),
      );
      if (status !== 0) {
        if (!diagnostics.some((d) => d.severity === 'error')) {
          diagnostics.push({ severity: 'error', message: `glslang failed (status ${status}) without a message`, file, text: '' });
        }
        return { ok: false, diagnostics };
      }
      const count = m._spvkit_result_word_count(result);
      const at = m._spvkit_result_words(result) >>> 2;
      const words = m.HEAPU32.slice(at, at + count);
      return { ok: true, words, diagnostics };
    } finally {
      m._spvkit_result_free(result);
    }
  }

  /** The entry's #include hook: see native/spvkit_glslang.cpp for the block it returns. */
  #handleInclude(kind: number, namePtr: number, includerPtr: number, depth: number): number {
    const include = this.#include;
    if (!include) return 0;
    const name = this.#readString(namePtr);
    const includer = this.#readString(includerPtr);
    let found = false;
    let resolved = '';
    let text: string;
    try {
      const r = include({ name, kind: kind === 0 ? 'local' : 'system', includer, depth });
      if (r === null || r === undefined) {
        text = 'Could not process include directive';
      } else if (typeof r.file !== 'string' || r.file === '' || typeof r.source !== 'string') {
        text = 'the include function returned no file name or no source';
      } else {
        found = true;
        resolved = r.file;
        text = r.source;
        this.#includedFiles.push(r.file);
      }
    } catch (e) {
      text = e instanceof Error ? e.message : String(e);
    }
    const nameBytes = encoder.encode(resolved);
    const textBytes = encoder.encode(text);
    const m = this.#module;
    const block = m._malloc(12 + nameBytes.length + textBytes.length);
    const header = new Uint32Array([found ? 1 : 0, nameBytes.length, textBytes.length]);
    m.HEAPU8.set(new Uint8Array(header.buffer), block);
    m.HEAPU8.set(nameBytes, block + 12);
    m.HEAPU8.set(textBytes, block + 12 + nameBytes.length);
    return block;
  }

  #writeString(text: string): number {
    return this.#writeBytes(encoder.encode(text));
  }

  /** Copies `bytes` into the wasm's memory with a NUL after them. */
  #writeBytes(bytes: Uint8Array): number {
    const ptr = this.#module._malloc(bytes.length + 1);
    const heap = this.#module.HEAPU8;
    heap.set(bytes, ptr);
    heap[ptr + bytes.length] = 0;
    return ptr;
  }

  #readString(ptr: number): string {
    const heap = this.#module.HEAPU8;
    let end = ptr;
    while (heap[end] !== 0) end++;
    return decoder.decode(heap.subarray(ptr, end));
  }
}

/**
 * Loads glslang's WebAssembly and returns a compiler. Nothing is loaded until this is called;
 * the compiled wasm is shared by every instance made from the default location.
 *
 * @example
 * ```ts
 * import { createGlslang } from '@spvkit/glslang';
 *
 * const glslang = await createGlslang();
 * const result = glslang.compile('#version 450\nlayout(local_size_x = 64) in;\nvoid main() {}\n', {
 *   stage: 'comp',
 *   file: 'empty.comp',
 *   targetEnv: 'vulkan1.3',
 * });
 * if (result.ok) console.log(result.words.length);
 * ```
 * @throws {@link GlslangError} `GLSLANG_LOAD_FAILED` when the wasm cannot be read or instantiated.
 */
export async function createGlslang(options: CreateGlslangOptions = {}): Promise<Glslang> {
  const wasm = await compileWasm(options.wasm);
  // The module exists before the instance that answers its hooks; until then they answer nothing.
  let handlers: ModuleHooks | undefined;
  const module = await instantiate(wasm, {
    include: (kind, name, includer, depth) => handlers?.include(kind, name, includer, depth) ?? 0,
    print: (text) => handlers?.print(text),
  });
  return new Glslang(module, (h) => (handlers = h));
}
