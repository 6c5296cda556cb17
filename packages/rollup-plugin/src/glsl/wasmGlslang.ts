/**
 * The default compiler: @spvkit/glslang, a current glslang in WebAssembly, in process, for every
 * stage. The same compiler on every machine, so a build gives the same binary everywhere, with or
 * without glslangValidator on PATH.
 *
 * The package is imported with import() on the first GLSL compile: a build that imports no GLSL
 * never loads (or even resolves) the wasm.
 *
 * Includes are not resolved through glslang's include callback: the plugin has already expanded
 * them (see preprocess.ts for why), so the source comes with `#line` directives and glslang's
 * messages and debug info name the user's files by those.
 */
import type { CompileOptions, Glslang, TargetEnv, TargetSpirv } from '@spvkit/glslang';
import type { GlslCompileContext } from '../options.js';
import { GlslCompileError, type CompiledGlsl, type CompilerMessage } from './compilerMessage.js';

let instance: Promise<Glslang> | undefined;

/** The shared instance, made on first use; made again after a failed load or an abort. */
function glslang(): Promise<Glslang> {
  if (instance === undefined) {
    const p = import('@spvkit/glslang').then((m) => m.createGlslang());
    instance = p;
    // A load that failed (wasm missing, out of memory) is tried again on the next compile.
    p.catch(() => {
      if (instance === p) instance = undefined;
    });
  }
  return instance;
}

/**
 * Starts loading the shared instance, unless it is loading or loaded, and returns at once; a
 * compile then waits only for what is left. True when this call started the load, so a host can
 * say once that the compiler is loading. A failed load is reported by the compile that awaits it.
 */
export function startWasmGlslang(): boolean {
  if (instance !== undefined) return false;
  glslang().catch(() => undefined);
  return true;
}

/**
 * The targets of glslangValidator's `--target-env` that glslang in WebAssembly takes: Vulkan
 * versions (with their default SPIR-V version), and SPIR-V versions alone (for Vulkan 1.0, as
 * glslangValidator -V does).
 */
export function wasmTarget(targetEnv: string): { targetEnv: TargetEnv; targetSpirv?: TargetSpirv } {
  if (/^vulkan1\.[0-4]$/.test(targetEnv)) return { targetEnv: targetEnv as TargetEnv };
  if (/^spv1\.[0-6]$/.test(targetEnv)) return { targetEnv: 'vulkan1.0', targetSpirv: targetEnv as TargetSpirv };
  throw new Error(`targetEnv '${targetEnv}': @spvkit/glslang compiles for vulkan1.0 … vulkan1.4 or spv1.0 … spv1.6`);
}

/** glslang's note after the first error stops it; the error before it says everything. */
const TERMINATED = /^'' : compilation terminated\s*$/;

/**
 * Compiles the plugin's preprocessed source. `name` is the main file's name in the source's
 * `#line` directives, given as glslang's file name so that every message and OpString names a
 * file the plugin can map back (and no absolute path of the build machine lands in debug info).
 * Throws GlslCompileError with glslang's messages when the shader does not compile.
 */
export async function compileWithWasmGlslang(source: string, ctx: GlslCompileContext, name: string): Promise<CompiledGlsl> {
  const current = glslang();
  const compiler = await current;
  const options: CompileOptions = { stage: ctx.stage, file: name, ...wasmTarget(ctx.targetEnv), debugInfo: ctx.debugInfo };
  let result;
  try {
    result = compiler.compile(source, options);
  } catch (e) {
    // GLSLANG_ABORTED: this instance is done; the next compile makes another (the compiled wasm is shared).
    if ((e as { code?: unknown }).code === 'GLSLANG_ABORTED' && instance === current) instance = undefined;
    throw e;
  }
  const messages: CompilerMessage[] = result.diagnostics.map((d) => ({
    severity: d.severity,
    message: d.message.trim(),
    ...(d.file !== undefined ? { file: d.file } : {}),
    ...(d.line !== undefined ? { line: d.line } : {}),
    ...(d.column !== undefined ? { column: d.column } : {}),
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
  }));
  if (result.ok) return { words: result.words, warnings: messages.filter((m) => m.severity === 'warning') };
  const errors = messages.filter((m) => m.severity === 'error');
  const shown = errors.length > 1 ? errors.filter((m) => !TERMINATED.test(m.message)) : errors;
  const log = result.diagnostics.map((d) => d.text).join('\n');
  throw new GlslCompileError(`GLSL compilation failed:\n${log}`, log, shown);
}
