/**
 * @spvkit/vite-plugin — the spvkit Rollup plugin for Vite 8, plus what only a dev server has:
 * HMR when a shader or any file it includes changes, compile and validation errors in the error
 * overlay (the server keeps running; fixing the file recovers), and working URLs for shader
 * binaries (`?url`, `emit: 'asset'`) in dev.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * import { defineConfig } from 'vite';
 * import spvkit from '@spvkit/vite-plugin';
 * export default defineConfig({ plugins: [spvkit({ passes: ['lower-local-invocation-index'] })] });
 * ```
 * @packageDocumentation
 */
import createRollupPlugin, { type SpvkitApi, type SpvkitOptions } from '@spvkit/rollup-plugin';
import type { Plugin, ResolvedConfig } from 'vite';
import { viteCodeFrame } from './codeFrame.js';
import { createDevAssets } from './devAssets.js';
import { shaderHotUpdate } from './hotUpdate.js';
import { printFailuresOnce } from './printOnce.js';

export type {
  SpvkitOptions,
  GlslCompiler,
  GlslCompileContext,
  EmitOption,
  WgslOptions,
  WgslPushConstantBinding,
  WgslSourceMap,
  GlslStage,
  SpecializationValue,
  SpecializeOption,
  SpvkitApi,
  FilterPattern,
  SpvkitLog,
  Diagnostic,
  Pass,
  PassContext,
  PassFactory,
  PassResult,
  Severity,
} from '@spvkit/rollup-plugin';

export { DEV_ASSET_PREFIX } from './devAssets.js';

/** The dev server's line when the first GLSL shader starts loading the compiler. */
export const COMPILER_LOADING = 'spvkit: loading the GLSL compiler (glslang in WebAssembly); the first GLSL shader takes a second or so';

/** The Vite plugin; its `api` is the Rollup plugin's. */
export type SpvkitVitePlugin = Plugin<SpvkitApi> & { api: SpvkitApi };

/**
 * Creates the spvkit Vite plugin.
 *
 * @param options - the same options as `@spvkit/rollup-plugin`; `root` defaults to Vite's root.
 *
 * @example
 * ```ts
 * // vite.config.ts: every shader import gives WGSL for the browser's WebGPU
 * export default defineConfig({ plugins: [spvkit({ wgsl: true })] });
 * ```
 */
export default function spvkit(options: SpvkitOptions = {}): SpvkitVitePlugin {
  const inner = createRollupPlugin(options);
  const api = inner.api;
  let config: ResolvedConfig | undefined;
  const devAssets = createDevAssets(() => config?.base ?? '/');

  return {
    // The Rollup plugin's hooks are typed by the part of the plugin context that Rollup,
    // Rolldown and Vite's dev server all provide, so they fit Vite's hooks as they are.
    ...inner,
    name: 'spvkit',
    enforce: 'pre',
    api,

    configResolved(resolved) {
      config = resolved;
      const serve = resolved.command === 'serve';
      // `vite build` is a production build: the release passes run unless `release: false`.
      api.configure({
        root: options.root ?? resolved.root,
        serveAsset: serve ? devAssets.serve : undefined,
        watchMissingIncludes: !serve,
        production: resolved.command === 'build',
        // Vite's layout, in builds too: the overlay shows no other, and the terminal reads as Vite's.
        codeFrame: viteCodeFrame,
      });
    },

    configureServer(server) {
      server.middlewares.use(devAssets.middleware);
      printFailuresOnce(server.config.logger, 'spvkit');
      // The first GLSL request waits for glslang's load and built-in tables (a second or more on a
      // busy machine); without a line the terminal looks hung.
      const logger = server.config.logger;
      api.configure({ compilerLoading: () => logger.info(COMPILER_LOADING, { timestamp: true }) });
    },

    hotUpdate: shaderHotUpdate(api),
  };
}
