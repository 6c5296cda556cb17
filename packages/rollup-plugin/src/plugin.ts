import { basename, extname } from 'node:path';
import { createFilter } from '@rollup/pluginutils';
import { SpirvError, formatLocation, type Pass } from '@spvkit/core';
import '@spvkit/passes';
import type { SpvkitLoadResult, SpvkitLog, SpvkitPluginContext, SpvkitResolvedId } from './bundlerTypes.js';
import {
  RUNTIME_CODE,
  RUNTIME_ID,
  RUNTIME_SPECIFIER,
  disassemblyModuleCode,
  failedQueryModuleCode,
  shaderModuleCode,
  urlModuleCode,
  wgslModuleCode,
  wordsToBytes,
  type BinarySource,
} from './codegen.js';
import { FailureLedger } from './failureLedger.js';
import { displayPath } from './files.js';
import { parseShaderId, splitQuery, type ShaderRequest } from './ids.js';
import { resolveOptions, type SpvkitOptions } from './options.js';
import { ShaderPipeline, resolvePass, textForFrame, type ShaderInputs, type ShaderResult } from './pipeline.js';
import { ShaderError, codeFrame, type Problem } from './problem.js';
import { releasePasses } from './release.js';
import { specializationPasses } from './specialize.js';

/** What a host (the Vite plugin) can tell the plugin. */
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
}

/** The plugin's `api`, for other plugins (the Vite plugin uses it). */
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

function problemText(p: Problem, root: string): string {
  const where = p.location ? `${formatLocation({ ...p.location, file: displayPath(p.location.file, root) })}: ` : '';
  return `${where}${p.message}${p.hint ? `\n  hint: ${p.hint}` : ''}`;
}

/**
 * A bundler log for problems of the shader `shader`: `id`, `loc` and frame of the first problem,
 * the others listed in the message. `id` is the file the first problem is in (an include's
 * problem names the include, as Vite does for its own errors: its terminal prints `File: id:line:column`);
 * a problem with no place in a text (a binary, an unreadable file) names `shader`, at 1:1.
 */
export function problemsToLog(problems: readonly Problem[], texts: ReadonlyMap<string, string>, root: string, shader: string): SpvkitLog {
  const [first, ...rest] = problems;
  if (first === undefined) return { message: 'unknown shader error', id: shader, loc: { file: shader, line: 1, column: 1 } };
  let message = `${first.message}${first.hint ? `\n  hint: ${first.hint}` : ''}`;
  if (rest.length > 0) {
    const shown = rest.slice(0, 20).map((p) => problemText(p, root));
    message += `\n${shown.join('\n')}${rest.length > 20 ? `\n... and ${rest.length - 20} more` : ''}`;
  }
  if (first.location === undefined) return { message, code: first.code, id: shader, loc: { file: shader, line: 1, column: 1 } };
  const { file, line, column } = first.location;
  const text = textForFrame(file, texts);
  const frame = text === undefined ? '' : codeFrame(text, line, column);
  return { message, code: first.code, id: file, loc: { file, line, column }, ...(frame ? { frame } : {}) };
}

function assetName(request: ShaderRequest): string {
  const base = basename(request.file, extname(request.file));
  return request.source === 'glsl' ? `${base}.${request.stage}.spv` : `${base}.spv`;
}

/** The plugin. See {@link SpvkitOptions}. */
export function createSpvkitPlugin(options: SpvkitOptions = {}): SpvkitPlugin {
  const resolved = resolveOptions(options);
  const host: SpvkitHost = {};
  const root = (): string => options.root ?? host.root ?? process.cwd();
  // Relative include/exclude patterns resolve against the root, known only once a host (Vite)
  // has said what it is; so the filter is made on first use after that.
  let filterFor: string | undefined;
  let filterFn: (id: unknown) => boolean = () => true;
  const filter = (file: string): boolean => {
    if (filterFor !== root()) {
      filterFor = root();
      filterFn = createFilter(options.include, options.exclude, { resolve: filterFor });
    }
    return filterFn(file);
  };
  /** NODE_ENV as the build started (a config may set it after the plugin is made). */
  let nodeEnvProduction = process.env.NODE_ENV === 'production';
  const production = (): boolean => host.production ?? nodeEnvProduction;
  const pipeline = new ShaderPipeline(() => ({ root: root(), options: resolved, production: production() }));
  /** include or missing-include file -> shader files that read it. */
  const graph = new Map<string, Set<string>>();
  /** shader file -> files it read last time (to drop stale edges). */
  const readBy = new Map<string, string[]>();
  const warned = new Set<string>();
  const failures = new FailureLedger();

  const record = (shader: string, inputs: ShaderInputs): void => {
    for (const f of readBy.get(shader) ?? []) graph.get(f)?.delete(shader);
    const deps = [...inputs.files.filter((f) => f !== shader), ...inputs.missing];
    readBy.set(shader, deps);
    for (const f of deps) {
      let set = graph.get(f);
      if (set === undefined) graph.set(f, (set = new Set()));
      set.add(shader);
    }
  };

  const emitBinary = (ctx: SpvkitPluginContext, name: string, bytes: Uint8Array): string => {
    if (host.serveAsset) return JSON.stringify(host.serveAsset(name, bytes));
    const ref = ctx.emitFile({ type: 'asset', name, source: bytes });
    return `import.meta.ROLLUP_FILE_URL_${ref}`;
  };

  /**
   * The failure of module `id` (a query of `request.file`): reported with `this.error`, or, when
   * another query of the shader already reports this very failure, a module that throws it when
   * run (see FailureLedger). Anything but a ShaderError or SpirvError is a bug and propagates.
   */
  const fail = (ctx: SpvkitPluginContext, e: unknown, id: string, request: ShaderRequest, texts: ReadonlyMap<string, string>): SpvkitLoadResult => {
    let log: SpvkitLog;
    if (e instanceof ShaderError) log = problemsToLog(e.problems, texts, root(), request.file);
    else if (e instanceof SpirvError) log = { message: e.message, code: e.code, id: request.file, loc: { file: request.file, line: 1, column: 1 } };
    else throw e;
    const reporter = failures.claim(request.file, JSON.stringify(log), id);
    if (reporter === undefined) return ctx.error(log);
    const where = log.loc ? `${formatLocation({ ...log.loc, file: displayPath(log.loc.file, root()) })}: ` : '';
    return { code: failedQueryModuleCode(reporter, request.kind, `spvkit: ${where}${log.message}`), map: { mappings: '' } };
  };

  const api: SpvkitApi = {
    configure(next) {
      Object.assign(host, next);
    },
    get root() {
      return root();
    },
    dependents(file) {
      return [...(graph.get(file) ?? [])];
    },
    handles(file) {
      const request = parseShaderId(file);
      if (request !== undefined) return filter(request.file);
      // .glsl is handled only with ?stage=; a bare path is one of ours if some stage would take it.
      return /\.glsl$/i.test(file) && parseShaderId(`${file}?stage=comp`) !== undefined && filter(file);
    },
    get transformCount() {
      return pipeline.transforms;
    },
    get timings() {
      return pipeline.timings;
    },
  };

  return {
    name: 'spvkit',
    enforce: 'pre',
    api,

    buildStart() {
      warned.clear();
      nodeEnvProduction = process.env.NODE_ENV === 'production';
      // The passes every import runs: specialization's and the release set's are checked here
      // too, so a build without them registered fails at its start, naming them.
      const named: (string | Pass)[] = [
        ...specializationPasses({ option: resolved.specialize, query: new Map() }),
        ...resolved.passes,
        ...releasePasses(resolved, production()),
      ];
      if (resolved.validate !== false) named.push(resolved.validator);
      for (const p of named) {
        try {
          resolvePass(p);
        } catch (e) {
          if (e instanceof SpirvError) {
            this.error({ message: `${e.message}${e.hint ? ` (${e.hint})` : ''}`, code: e.code });
          }
          throw e;
        }
      }
    },

    resolveId: {
      order: 'pre',
      async handler(source: string, importer: string | undefined, resolveOptions: object): Promise<string | SpvkitResolvedId | null> {
        if (source === RUNTIME_SPECIFIER) return RUNTIME_ID;
        const [path, query] = splitQuery(source);
        if (query === '' || path === '' || parseShaderId(source) === undefined) return null;
        const r = await this.resolve(path, importer, { ...resolveOptions, skipSelf: true });
        if (r === null || r.external) return r;
        if (r.id.includes('?')) return null;
        return r.id + query;
      },
    },

    // 'pre': the binary is read here, as bytes, before any other plugin's load hook could read
    // it as text (Rollup and Vite both honour hook order).
    load: {
      order: 'pre',
      async handler(id: string): Promise<SpvkitLoadResult | null> {
        if (id === RUNTIME_ID) return { code: RUNTIME_CODE, map: { mappings: '' } };
        const request = parseShaderId(id);
        if (request === undefined || !filter(request.file)) return null;
        const inputs: ShaderInputs = { files: [], missing: [], texts: new Map() };
        let result: ShaderResult;
        try {
          result = await pipeline.run(request, inputs);
        } catch (e) {
          return fail(this, e, id, request, inputs.texts);
        } finally {
          record(request.file, inputs);
          for (const f of inputs.files) if (f !== request.file) this.addWatchFile(f);
          if (host.watchMissingIncludes !== false) for (const f of inputs.missing) this.addWatchFile(f);
        }
        failures.succeeded(request.file);
        if (result.warnings.length > 0 && !warned.has(result.key)) {
          warned.add(result.key);
          for (const w of result.warnings) this.warn(problemsToLog([w], result.texts, root(), request.file));
        }
        let code: string;
        if (request.kind === 'spvasm') {
          // Assembly input: its own text, edited where the passes changed it; else a disassembly.
          code = disassemblyModuleCode(result.assembly?.() ?? result.disassembly());
        } else if (request.kind === 'url') {
          code = urlModuleCode(emitBinary(this, assetName(request), wordsToBytes(result.words)));
        } else if (result.wgsl !== undefined) {
          // `?wgsl`, or any import with the `wgsl` option: the WGSL text, inline (no binary to emit).
          code = wgslModuleCode(result.wgsl, result.reflection);
        } else {
          const bytes = wordsToBytes(result.words);
          const binary: BinarySource =
            bytes.length >= resolved.assetThreshold ? { urlExpression: emitBinary(this, assetName(request), bytes) } : { inline: bytes };
          code = shaderModuleCode(binary, resolved.output, result.reflection);
        }
        return { code, map: { mappings: '' } };
      },
    },
  };
}
