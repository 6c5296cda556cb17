/**
 * @spvkit/rollup-plugin — import SPIR-V binaries (`.spv`), SPIR-V assembly (`.spvasm`) and GLSL
 * (`.comp`, `.vert`, `.frag`, ..., `.glsl?stage=comp`) in Rollup 4 and Vite 8. Each import is
 * assembled or compiled, run through spvkit passes, validated, and handed over as words plus the
 * reflection a pipeline needs.
 *
 * @example
 * ```js
 * // rollup.config.js
 * import spvkit from '@spvkit/rollup-plugin';
 * export default {
 *   input: 'src/main.js',
 *   output: { dir: 'dist', format: 'es' },
 *   plugins: [spvkit({ passes: ['lower-local-invocation-index'] })],
 * };
 *
 * // src/main.js
 * import blur, { entryPoints, bindings } from './blur.comp';
 * import blurWgsl, { wgslBindings } from './blur.comp?wgsl'; // WGSL for a browser's WebGPU
 * ```
 * @packageDocumentation
 */
import { createSpvkitPlugin, type SpvkitPlugin } from './plugin.js';
import type { SpvkitOptions } from './options.js';

export type { SpvkitOptions, GlslCompiler, GlslCompilerOption, GlslCompileContext, EmitOption, WgslOptions, WgslPushConstantBinding } from './options.js';
export type { WgslSourceMap } from './wgsl.js';
export type { GlslStage } from './ids.js';
export type { SpecializationValue, SpecializeOption } from './specialize.js';
export type { SpvkitApi, SpvkitHost, SpvkitPlugin } from './plugin.js';
export type { CodeFrameLayout } from './problems/problem.js';
export type { FilterPattern, SpvkitLoadResult, SpvkitLog, SpvkitLogLocation, SpvkitPluginContext, SpvkitResolvedId } from './bundlerTypes.js';
// What a config that passes its own passes (`passes: [myPass]`, `validator`) writes, so that it
// needs no import of @spvkit/core of its own.
export type { Diagnostic, Pass, PassContext, PassFactory, PassResult, Severity } from '@spvkit/core';

/**
 * Creates the spvkit plugin.
 *
 * @param options - see {@link SpvkitOptions}; every field is optional.
 * @returns a Rollup plugin (also a valid Vite plugin; in Vite prefer `@spvkit/vite-plugin`,
 *   which adds HMR for includes and dev URLs for emitted binaries).
 *
 * @example
 * ```js
 * // rollup.config.js: binaries of 4 KiB and more become files, validation only warns
 * import spvkit from '@spvkit/rollup-plugin';
 * export default { input: 'src/main.js', output: { dir: 'dist' }, plugins: [spvkit({ emit: { asset: 4096 }, validate: 'warn' })] };
 * ```
 */
export default function spvkit(options: SpvkitOptions = {}): SpvkitPlugin {
  return createSpvkitPlugin(options);
}
