// The inspector's Vite configuration, as a function of the plugin factory so that the browser
// test (test/browser/inspector.test.ts) builds exactly this app with the plugin's sources.
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import type spvkitPlugin from '@spvkit/vite-plugin';

type SpvkitFactory = typeof spvkitPlugin;
type SpvkitVitePlugin = ReturnType<SpvkitFactory>;

/** The app's directory: Vite's root, and the root the plugin applies its include rule to. */
export const root = fileURLToPath(new URL('.', import.meta.url));

/** The passes every imported shader goes through at build time. */
export const PASSES = ['lower-local-invocation-index'];

/**
 * Suffix of imports that give the disassembly of a shader *without* the passes, so the page can
 * show before and after. It is served by a second instance of the plugin (no passes, no
 * validation): `import text from './x.comp?untransformed'`.
 */
export const UNTRANSFORMED = '?untransformed';

export function inspectorConfig(spvkit: SpvkitFactory): UserConfig {
  return {
    root,
    base: './',
    plugins: [
      // What the app imports: lowered, then checked with validate-builtins ('error' fails the
      // build, also after each pass that changed the module). `release: false` in both: the page
      // shows the modules with their names and source lines, which a production build's release
      // passes (strip-debug, compact-ids, ...) would take out.
      spvkit({ passes: PASSES, validate: 'error', targetEnv: 'vulkan1.1', release: false }),
      untransformed(spvkit({ root, passes: [], validate: false, targetEnv: 'vulkan1.1', release: false })),
    ],
    build: {
      target: 'es2022',
      // @spvkit/core carries the SPIR-V grammar tables (every opcode and enumerant).
      chunkSizeWarningLimit: 1500,
    },
  };
}

/** Call a plugin hook whether it is written as a function or as `{ handler }`. */
function handlerOf<T extends (...args: never[]) => unknown>(hook: T | { handler: T } | undefined): T | undefined {
  return typeof hook === 'function' ? hook : hook?.handler;
}

/**
 * Serves `x?untransformed` imports with `inner`'s `x?spvasm`: the disassembly of the shader
 * as it is before any pass (GLSL compiled, `.spvasm` assembled, `.spv` read). The main
 * instance leaves these ids alone: it owns only the `?spvasm`, `?url` and `?stage` queries.
 */
function untransformed(inner: SpvkitVitePlugin): Plugin {
  const load = handlerOf(inner.load);
  const configResolved = handlerOf(inner.configResolved);
  return {
    name: 'inspector:untransformed',
    enforce: 'pre',
    configResolved(config) {
      return configResolved?.call(this, config);
    },
    async resolveId(source, importer) {
      if (!source.endsWith(UNTRANSFORMED)) return null;
      const resolved = await this.resolve(source.slice(0, -UNTRANSFORMED.length), importer, { skipSelf: true });
      return resolved && !resolved.external ? resolved.id + UNTRANSFORMED : null;
    },
    load(id, options) {
      if (!id.endsWith(UNTRANSFORMED) || load === undefined) return null;
      return load.call(this, `${id.slice(0, -UNTRANSFORMED.length)}?spvasm`, options);
    },
  };
}
