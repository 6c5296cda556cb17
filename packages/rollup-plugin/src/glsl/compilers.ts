/**
 * Which GLSL compiler runs: `'auto'` is @spvkit/glslang (glslang in WebAssembly, every stage, the
 * same on every machine); `'glslangValidator'` is the one on PATH; or the user's function.
 */
import type { GlslCompileContext, GlslCompilerOption } from '../options.js';
import type { CompiledGlsl } from './compilerMessage.js';
import { glslangValidatorAvailable, glslangValidatorCompile } from './glslangValidator.js';
import { compileWithWasmGlslang } from './wasmGlslang.js';

export { GlslCompileError, type CompiledGlsl, type CompilerMessage } from './compilerMessage.js';

/**
 * What the plugin calls to compile, given its `compiler` option. `name` is the main file's name
 * in the source's `#line` directives (what glslang should call it).
 */
export async function compileGlsl(compiler: GlslCompilerOption, source: string, ctx: GlslCompileContext, name: string): Promise<CompiledGlsl> {
  if (typeof compiler === 'function') {
    const words = await compiler(source, ctx);
    if (!(words instanceof Uint32Array)) throw new Error('the compiler option returned something other than a Uint32Array');
    return { words, warnings: [] };
  }
  if (compiler === 'glslangValidator') {
    if (!(await glslangValidatorAvailable())) {
      throw new Error(
        "compiler 'glslangValidator' is selected but glslangValidator is not on PATH (install glslang-tools, or leave compiler at 'auto' for @spvkit/glslang)",
      );
    }
    return { words: await glslangValidatorCompile(source, ctx), warnings: [] };
  }
  return compileWithWasmGlslang(source, ctx, name);
}
