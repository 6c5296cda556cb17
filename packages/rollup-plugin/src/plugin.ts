/**
 * The Rollup plugin: Rollup 4's hooks (which Vite 8 runs unchanged) over the bundler-agnostic
 * {@link ShaderDriver}. The hooks only hand over what the bundler gives (ids, `this.resolve`,
 * `this.emitFile`) and report what the driver returns (`this.error`, `this.warn`, `this.addWatchFile`).
 */
import type { SpvkitLoadResult, SpvkitPluginContext, SpvkitResolvedId } from './bundlerTypes.js';
import { ShaderDriver } from './driver/ShaderDriver.js';
import { startWasmGlslang } from './glsl/wasmGlslang.js';
import { parseShaderId } from './ids.js';
import type { SpvkitOptions } from './options.js';
import type { CodeFrameLayout } from './problems/problem.js';

/**
 * What a host (the Vite plugin) can tell the plugin, through {@link SpvkitApi.configure}.
 *
 * @example
 * ```ts
 * // in a host plugin's configResolved hook
 * spvkitPlugin.api.configure({ root: config.root, production: config.command === 'build' });
 * ```
 */
export interface SpvkitHost {
  /** Project root. */
  root?: string;
  /**
   * In a dev server, where emitting files is not possible: keep `bytes` and return the URL
   * they are served at. Unset in builds, where binaries are emitted with `this.emitFile`.
   */
  serveAsset?: ((name: string, bytes: Uint8Array) => string) | undefined;
  /**
   * `this.addWatchFile` the places where a missing include could appear (default true), so that
   * creating it rebuilds. Vite's dev server turns watch files into imports, which must exist; it
   * learns about new files from its own watcher and `SpvkitApi.dependents` instead.
   */
  watchMissingIncludes?: boolean;
  /**
   * Whether this is a production build, which runs the release passes unless the `release` option
   * says otherwise. The Vite plugin sets it (`vite build`); unset, it is
   * `process.env.NODE_ENV === 'production'` at the start of the build.
   */
  production?: boolean | undefined;
  /**
   * How the code frame of an error or warning (`frame`) is drawn. Unset, Rollup's layout
   * (`9: code` and a caret line); the Vite plugin sets Vite's, the only one its error overlay shows.
   */
  codeFrame?: CodeFrameLayout | undefined;
  /**
   * Called when the first GLSL shader starts the load of the default compiler (@spvkit/glslang,
   * whose first compile takes about a second: glslang builds its built-in tables), so a dev
   * server can say why that request is slow. Called at most once per process.
   */
  compilerLoading?: (() => void) | undefined;
}

/**
 * The plugin's `api`, for other plugins (the Vite plugin uses it).
 *
 * @example
 * ```ts
 * // which shaders an edited include affects
 * const api = (plugins.find((p) => p.name === 'spvkit') as SpvkitPlugin).api;
 * api.dependents('/app/src/lib/common.glsl'); // ['/app/src/blur.comp']
 * ```
 */
export interface SpvkitApi {
  /** Changes how the plugin runs inside a host. */
  configure(host: SpvkitHost): void;
  /** The project root in use. */
  readonly root: string;
  /**
   * Shader files (absolute, no query) whose last load read `file` as an include, or would
   * have read it had it existed.
   */
  dependents(file: string): string[];
  /** True when the plugin handles imports of `file` (by extension, `include` and `exclude`). */
  handles(file: string): boolean;
  /** How many shaders were transformed rather than served from the cache (for tests and benchmarks). */
  readonly transformCount: number;
  /**
   * Milliseconds of the plugin's own work per transform, newest last (at most 10000): decode or
   * assemble, passes, validation, encode, reflection. File reads and the GLSL compiler are not
   * counted. For benchmarks.
   */
  readonly timings: readonly { readonly file: string; readonly ms: number }[];
}

/**
 * The plugin: a Rollup 4 plugin that Vite 8 (Rolldown) also runs unchanged, with `enforce: 'pre'`
 * (read by Vite, ignored by Rollup) and its `api`. Typed structurally (see
 * {@link SpvkitPluginContext}) so that its types need neither `rollup` nor `vite` installed; it is
 * accepted wherever Rollup's `Plugin` or Vite's `PluginOption` is.
 */
export interface SpvkitPlugin {
  readonly name: 'spvkit';
  readonly enforce: 'pre';
  readonly api: SpvkitApi;
  /** Checks that every pass named in the options (and the release passes, when they run) exists. */
  buildStart(this: SpvkitPluginContext): void;
  /** Resolves shader imports with a query (`./a.comp?spvasm`) by resolving the path without it. */
  readonly resolveId: {
    readonly order: 'pre';
    handler(this: SpvkitPluginContext, source: string, importer: string | undefined, options: object): Promise<string | SpvkitResolvedId | null>;
  };
  /** Reads, compiles or assembles, transforms, validates and generates the module of a shader import. */
  readonly load: {
    readonly order: 'pre';
    handler(this: SpvkitPluginContext, id: string): Promise<SpvkitLoadResult | null>;
  };
}

/**
 * The plugin: a {@link ShaderDriver} for `options`, and hooks that run it. See {@link SpvkitOptions}.
 *
 * @example
 * ```js
 * const plugin = createSpvkitPlugin({ validate: 'warn' });
 * await rollup({ input: 'src/main.js', plugins: [plugin] });
 * plugin.api.transformCount; // shaders transformed, not served from the cache
 * ```
 */
export function createSpvkitPlugin(options: SpvkitOptions = {}): SpvkitPlugin {
  const host: SpvkitHost = {};
  const driver = new ShaderDriver(options, () => host);

  /** Where a binary goes: the dev server's store when the host serves them, else an emitted asset. */
  const emitAsset = (ctx: SpvkitPluginContext, name: string, bytes: Uint8Array): string => {
    if (host.serveAsset) return JSON.stringify(host.serveAsset(name, bytes));
    const ref = ctx.emitFile({ type: 'asset', name, source: bytes });
    return `import.meta.ROLLUP_FILE_URL_${ref}`;
  };

  const api: SpvkitApi = {
    configure(next) {
      Object.assign(host, next);
    },
    get root() {
      return driver.root;
    },
    dependents: (file) => driver.dependents(file),
    handles: (file) => driver.handles(file),
    get transformCount() {
      return driver.transformCount;
    },
    get timings() {
      return driver.timings;
    },
  };

  return {
    name: 'spvkit',
    enforce: 'pre',
    api,

    buildStart() {
      const error = driver.buildStart();
      if (error !== undefined) this.error(error);
      for (const warning of driver.startWarnings()) this.warn(warning);
    },

    resolveId: {
      order: 'pre',
      async handler(source: string, importer: string | undefined, resolveOptions: object): Promise<string | SpvkitResolvedId | null> {
        const target = driver.target(source);
        if (target === undefined) return null;
        if ('id' in target) return target.id;
        const r = await this.resolve(target.path, importer, { ...resolveOptions, skipSelf: true });
        if (r === null || r.external) return r;
        if (r.id.includes('?')) return null;
        return r.id + target.query;
      },
    },

    // 'pre': the binary is read here, as bytes, before any other plugin's load hook could read
    // it as text (Rollup and Vite both honour hook order).
    load: {
      order: 'pre',
      async handler(id: string): Promise<SpvkitLoadResult | null> {
        // The compiler loads while the shader and its includes are read and preprocessed.
        if (usesWasmGlslang(driver, id) && startWasmGlslang()) host.compilerLoading?.();
        const out = await driver.load({ id, emitAsset: (name, bytes) => emitAsset(this, name, bytes) });
        if (out === null) return null;
        for (const f of out.watchFiles) this.addWatchFile(f);
        if (host.watchMissingIncludes !== false) for (const f of out.missingFiles) this.addWatchFile(f);
        if (out.status === 'crashed') throw out.cause;
        if (out.status === 'failed') return this.error(out.error);
        for (const w of out.warnings) this.warn(w);
        return { code: out.code, map: { mappings: '' } };
      },
    },
  };
}

/** Whether loading module `id` compiles GLSL with the default compiler, @spvkit/glslang. */
function usesWasmGlslang(driver: ShaderDriver, id: string): boolean {
  const compiler = driver.options.compiler;
  return (compiler === 'auto' || compiler === '@spvkit/glslang') && parseShaderId(id)?.source === 'glsl' && driver.handles(id);
}
