/**
 * @spvkit/glslang — a current glslang compiled to WebAssembly: GLSL of every stage (vertex
 * through compute, both tessellation stages, geometry, mesh, task and the six ray-tracing stages)
 * to SPIR-V for Vulkan 1.0–1.4, with defines, `#include` through a function of yours, `-g`/`-gV`
 * debug info, and every message with its file and line. Runs in Node and browsers; the wasm is
 * loaded only when {@link createGlslang} is called.
 *
 * @example
 * ```ts
 * import { createGlslang } from '@spvkit/glslang';
 *
 * const glslang = await createGlslang();
 * const result = glslang.compile(source, {
 *   stage: 'frag',
 *   file: 'lit.frag',
 *   targetEnv: 'vulkan1.3',
 *   defines: { MAX_LIGHTS: 8 },
 *   include: ({ name }) => ({ file: name, source: files[name] }),
 *   debugInfo: 'gV',
 * });
 * if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`).join('\n'));
 * ```
 * @packageDocumentation
 */
export {
  createGlslang,
  Glslang,
  type CompileOptions,
  type CompileResult,
  type CreateGlslangOptions,
  type DebugInfo,
  type IncludeFunction,
  type IncludeRequest,
  type IncludedFile,
} from './Glslang.js';
export { GlslangError, type GlslangErrorCode } from './GlslangError.js';
export type { GlslangDiagnostic, GlslangSeverity } from './diagnostics.js';
export type { Defines } from './defines.js';
export type { WasmSource } from './loader.js';
export { SHADER_STAGES, isShaderStage, stageFromFileName, type ShaderStage } from './stage.js';
export type { TargetEnv, TargetSpirv } from './target.js';
