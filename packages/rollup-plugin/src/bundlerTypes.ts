/**
 * The bundler interface the plugin is written against, as structural types of our own.
 *
 * Why not `import type { Plugin } from 'rollup'`: a Vite 8 project has no `rollup` package (Vite 8
 * bundles with Rolldown), so with `skipLibCheck: false` such an import in our emitted `.d.ts`
 * fails with TS2307, and `rollup` is only an optional peer. Importing from `vite` instead would
 * break Rollup projects the same way. These types describe exactly what the plugin uses, which is
 * what Rollup 4, Rolldown and Vite 8 (build and dev server) all provide; the type tests
 * (test/plugins/plugin-types.test.ts) check that a plugin typed this way is accepted by Rollup's
 * `RollupOptions` and by Vite's `defineConfig`, each without the other package installed.
 */

/**
 * Files to include or exclude: a picomatch pattern, a RegExp, or a list of them; null for none.
 * The same shape as `FilterPattern` of `@rollup/pluginutils`.
 */
export type FilterPattern = ReadonlyArray<string | RegExp> | string | RegExp | null;

/** Where a problem is: a file and a 1-based line and column. */
export interface SpvkitLogLocation {
  /** Absolute path of the file. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** An error or warning as the plugin hands it to the bundler (`this.error`, `this.warn`). */
export interface SpvkitLog {
  readonly message: string;
  /** A stable code, e.g. `GLSL_COMPILE`, a SpirvError code, a Vulkan VUID. */
  readonly code?: string;
  /**
   * The file the problem is in (the included file when the problem is in an include). Vite's
   * terminal prints it as `File:`, and Rolldown and Rollup name it.
   */
  readonly id?: string;
  /** The place in `id`; `loc.file` is `id`. */
  readonly loc?: SpvkitLogLocation;
  /** Lines of the file around `loc`, with a caret under the column. */
  readonly frame?: string;
}

/** What `this.resolve` gives back: the part the plugin reads. */
export interface SpvkitResolvedId {
  readonly id: string;
  readonly external?: boolean | 'absolute' | 'relative';
}

/** What the plugin's `load` hook returns for one of its modules. */
export interface SpvkitLoadResult {
  readonly code: string;
  /** An empty map: the code is generated, there is no source to map back to. */
  readonly map: { readonly mappings: '' };
}

/**
 * The part of the bundler's plugin context (`this` in a hook) that the plugin uses. Rollup's
 * `PluginContext`, Rolldown's and Vite's all have these members.
 */
export interface SpvkitPluginContext {
  /** Fails the build (or, in a dev server, the request) with `log`. */
  error(log: SpvkitLog | string): never;
  warn(log: SpvkitLog | string): void;
  addWatchFile(id: string): void;
  /** Emits a binary asset; returns its reference id (for `import.meta.ROLLUP_FILE_URL_<id>`). */
  emitFile(file: { readonly type: 'asset'; readonly name: string; readonly source: Uint8Array }): string;
  /** Resolves `source` as the bundler would, skipping this plugin when `skipSelf` is set. */
  resolve(source: string, importer: string | undefined, options?: { readonly skipSelf?: boolean }): Promise<SpvkitResolvedId | null>;
}
