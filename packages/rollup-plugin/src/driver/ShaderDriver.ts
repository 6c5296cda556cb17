/**
 * The plugin without a bundler: which module ids are shaders, what each loads as (code, or the
 * error to report, and the files to watch), which shaders an edited file affects. The Rollup
 * plugin (plugin.ts) is a thin adapter over it, and the Vite plugin one over that; nothing here
 * knows a bundler's types, only the structural {@link SpvkitLog}.
 */
import { basename, extname } from 'node:path';
import { createFilter } from '@rollup/pluginutils';
import { SpirvError, type Pass } from '@spvkit/core';
import '@spvkit/passes';
import type { SpvkitLog } from '../bundlerTypes.js';
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
} from '../codegen.js';
import { parseShaderId, splitQuery, type ShaderRequest } from '../ids.js';
import { resolveOptions, type ResolvedOptions, type SpvkitOptions } from '../options.js';
import { failureLog, logPlace, problemsToLog } from '../problems/log.js';
import type { CodeFrameLayout } from '../problems/problem.js';
import { missingRecipePasses, releasePasses } from '../release.js';
import { specializationPasses } from '../specialize.js';
import { FailureLedger } from './failureLedger.js';
import { IncludeGraph } from './includeGraph.js';
import { ShaderPipeline, type ShaderInputs } from './pipeline.js';
import { resolvePass, type ShaderResult } from './transform.js';

/** What the host says about the build; read at every use, as a host may learn it late (Vite's root). */
export interface DriverEnvironment {
  /** Project root; the `root` option wins over it, `process.cwd()` stands in for both. */
  readonly root?: string | undefined;
  /** A production build; unset, `process.env.NODE_ENV === 'production'` at {@link ShaderDriver.buildStart}. */
  readonly production?: boolean | undefined;
  /** How code frames are drawn; unset, Rollup's layout. */
  readonly codeFrame?: CodeFrameLayout | undefined;
}

/** One module to load. */
export interface LoadRequest {
  /** The module id: an absolute shader path with its query (`/app/src/blur.comp?url`). */
  readonly id: string;
  /**
   * Puts `bytes` (a shader binary) where the built code can fetch it, as a file named after
   * `name`; returns a JavaScript expression for its URL (`import.meta.ROLLUP_FILE_URL_…` in a
   * build, a string literal in a dev server).
   */
  readonly emitAsset: (name: string, bytes: Uint8Array) => string;
}

/** What a load read, whatever its outcome: a bundler watches these. */
export interface LoadReads {
  /** Files the shader read besides itself (includes). */
  readonly watchFiles: readonly string[];
  /** Places where a missing include could appear: creating one changes the shader. */
  readonly missingFiles: readonly string[];
}

/** How a load ended. */
export type LoadOutcome =
  /** `code` is the module; `warnings` are to be reported (each shader version's once per build). */
  | (LoadReads & { readonly status: 'loaded'; readonly code: string; readonly warnings: readonly SpvkitLog[] })
  /** The shader failed and this module reports it: the host fails the load with `error`. */
  | (LoadReads & { readonly status: 'failed'; readonly error: SpvkitLog })
  /** Not a problem of the shader but a bug (the plugin's, or a pass's): the host rethrows `cause`. */
  | (LoadReads & { readonly status: 'crashed'; readonly cause: unknown });

/** Where an import specifier goes: a module id of the plugin's own, or a path the bundler resolves, with the query put back after. */
export type SpecifierTarget = { readonly id: string } | { readonly path: string; readonly query: string };

const NOTHING_READ: LoadReads = { watchFiles: [], missingFiles: [] };

/** The file name a shader's binary is emitted under. */
function assetName(request: ShaderRequest): string {
  const base = basename(request.file, extname(request.file));
  return request.source === 'glsl' ? `${base}.${request.stage}.spv` : `${base}.spv`;
}

/**
 * One plugin instance's work, for any bundler: options, cache, include graph and failures.
 *
 * @example
 * ```ts
 * const driver = new ShaderDriver({ passes: ['lower-local-invocation-index'] }, () => ({ root: '/app' }));
 * const out = await driver.load({ id: '/app/src/blur.comp', emitAsset: (name) => JSON.stringify(`/assets/${name}`) });
 * if (out?.status === 'loaded') console.log(out.code); // `export default binary; export const entryPoints = …`
 * ```
 */
export class ShaderDriver {
  readonly options: ResolvedOptions;
  private readonly pipeline: ShaderPipeline;
  private readonly graph = new IncludeGraph();
  private readonly failures = new FailureLedger();
  /** Keys of results whose warnings were reported in this build. */
  private readonly warned = new Set<string>();
  /** NODE_ENV as the build started (a config may set it after the plugin is made). */
  private nodeEnvProduction = process.env.NODE_ENV === 'production';
  // Relative include/exclude patterns resolve against the root, known only once a host (Vite)
  // has said what it is; so the filter is made on first use after that.
  private filterFor: string | undefined;
  private filterFn: (id: unknown) => boolean = () => true;

  /**
   * @param userOptions - the plugin's options; checked here (a bad value throws a TypeError naming it).
   * @param environment - what the host knows, read at every use.
   */
  constructor(
    private readonly userOptions: SpvkitOptions,
    private readonly environment: () => DriverEnvironment = () => ({}),
  ) {
    this.options = resolveOptions(userOptions);
    this.pipeline = new ShaderPipeline(() => ({ root: this.root, options: this.options, production: this.production }));
  }

  /** The project root in use. */
  get root(): string {
    return this.userOptions.root ?? this.environment().root ?? process.cwd();
  }

  private get production(): boolean {
    return this.environment().production ?? this.nodeEnvProduction;
  }

  /** How many shaders were transformed rather than served from the cache. */
  get transformCount(): number {
    return this.pipeline.transforms;
  }

  /** Milliseconds of the plugin's own work per transform, newest last (see SpvkitApi.timings). */
  get timings(): readonly { readonly file: string; readonly ms: number }[] {
    return this.pipeline.timings;
  }

  private filter(file: string): boolean {
    if (this.filterFor !== this.root) {
      this.filterFor = this.root;
      this.filterFn = createFilter(this.userOptions.include, this.userOptions.exclude, { resolve: this.filterFor });
    }
    return this.filterFn(file);
  }

  /** True when the plugin handles imports of `file` (by extension, `include` and `exclude`). */
  handles(file: string): boolean {
    const request = parseShaderId(file);
    if (request !== undefined) return this.filter(request.file);
    // .glsl is handled only with ?stage=; a bare path is one of ours if some stage would take it.
    return /\.glsl$/i.test(file) && parseShaderId(`${file}?stage=comp`) !== undefined && this.filter(file);
  }

  /** Shader files (absolute, no query) whose last load read `file`, or would have had it existed. */
  dependents(file: string): string[] {
    return this.graph.dependents(file);
  }

  /**
   * Starts a build: warnings are reported anew, NODE_ENV is read again, and every pass the
   * options name (and specialization's and the release set's, when they run) is checked.
   *
   * @returns the error of the first pass that does not exist, for the host to fail the build with.
   */
  buildStart(): SpvkitLog | undefined {
    this.warned.clear();
    this.nodeEnvProduction = process.env.NODE_ENV === 'production';
    // Checked here, so a build without them registered fails at its start, naming them.
    const named: (string | Pass)[] = [
      ...specializationPasses({ option: this.options.specialize, query: new Map() }),
      ...this.options.passes,
      ...releasePasses(this.options, this.production),
    ];
    if (this.options.validate !== false) named.push(this.options.validator);
    for (const p of named) {
      try {
        resolvePass(p);
      } catch (e) {
        if (e instanceof SpirvError) return { message: `${e.message}${e.hint ? ` (${e.hint})` : ''}`, code: e.code };
        throw e;
      }
    }
    return undefined;
  }

  /** What the build should know from its start: the passes of the `optimize` recipe it leaves out. */
  startWarnings(): SpvkitLog[] {
    const missing = missingRecipePasses(this.options, this.production);
    if (missing.length === 0) return [];
    return [
      {
        message: `optimize: '${this.options.optimize}' runs the passes of spirv-opt's ${this.options.optimize === 'size' ? '-Os' : '-O'} that spvkit has; it has no ${missing.join(', ')} yet`,
        code: 'OPTIMIZER_INCOMPLETE',
      },
    ];
  }

  /**
   * Where `specifier` goes: the runtime's id, or for a shader import with a query
   * (`./a.comp?spvasm`) the path to resolve without it; undefined for anything else.
   */
  target(specifier: string): SpecifierTarget | undefined {
    if (specifier === RUNTIME_SPECIFIER) return { id: RUNTIME_ID };
    const [path, query] = splitQuery(specifier);
    if (query === '' || path === '' || parseShaderId(specifier) === undefined) return undefined;
    return { path, query };
  }

  /** Loads module `request.id`; null when it is not one of the plugin's. */
  async load({ id, emitAsset }: LoadRequest): Promise<LoadOutcome | null> {
    if (id === RUNTIME_ID) return { status: 'loaded', code: RUNTIME_CODE, warnings: [], ...NOTHING_READ };
    const request = parseShaderId(id);
    if (request === undefined || !this.filter(request.file)) return null;
    const inputs: ShaderInputs = { files: [], missing: [], texts: new Map() };
    let result: ShaderResult;
    try {
      result = await this.pipeline.run(request, inputs);
    } catch (e) {
      return { ...this.failure(e, id, request, inputs.texts), ...this.reads(request, inputs) };
    }
    const reads = this.reads(request, inputs);
    this.failures.succeeded(request.file);
    let warnings: SpvkitLog[] = [];
    if (result.warnings.length > 0 && !this.warned.has(result.key)) {
      this.warned.add(result.key);
      warnings = result.warnings.map((w) => problemsToLog([w], result.texts, this.root, request.file, this.environment().codeFrame));
    }
    return { status: 'loaded', code: this.moduleCode(request, result, emitAsset), warnings, ...reads };
  }

  /** Records what the load of `request` read in the include graph. */
  private reads(request: ShaderRequest, inputs: ShaderInputs): LoadReads {
    this.graph.record(request.file, inputs.files, inputs.missing);
    return { watchFiles: inputs.files.filter((f) => f !== request.file), missingFiles: inputs.missing };
  }

  /**
   * The failure of module `id` (a query of `request.file`): to be reported, or, when another
   * query of the shader already reports this very failure, a module that throws it when run (see
   * FailureLedger). Anything but a ShaderError or SpirvError is a bug.
   */
  private failure(
    e: unknown,
    id: string,
    request: ShaderRequest,
    texts: ReadonlyMap<string, string>,
  ): { status: 'failed'; error: SpvkitLog } | { status: 'loaded'; code: string; warnings: [] } | { status: 'crashed'; cause: unknown } {
    const log = failureLog(e, texts, this.root, request.file, this.environment().codeFrame);
    if (log === undefined) return { status: 'crashed', cause: e };
    const reporter = this.failures.claim(request.file, JSON.stringify(log), id);
    if (reporter === undefined) return { status: 'failed', error: log };
    return { status: 'loaded', code: failedQueryModuleCode(reporter, request.kind, `spvkit: ${logPlace(log, this.root)}${log.message}`), warnings: [] };
  }

  /** The JavaScript of a shader import, by what the import asks for. */
  private moduleCode(request: ShaderRequest, result: ShaderResult, emitAsset: LoadRequest['emitAsset']): string {
    if (request.kind === 'spvasm') {
      // Assembly input: its own text, edited where the passes changed it; else a disassembly.
      return disassemblyModuleCode(result.assembly?.() ?? result.disassembly());
    }
    if (request.kind === 'url') return urlModuleCode(emitAsset(assetName(request), wordsToBytes(result.words)));
    // `?wgsl`, or any import with the `wgsl` option: the WGSL text, inline (no binary to emit).
    if (result.wgsl !== undefined) return wgslModuleCode(result.wgsl, result.reflection);
    const bytes = wordsToBytes(result.words);
    const binary: BinarySource = bytes.length >= this.options.assetThreshold ? { urlExpression: emitAsset(assetName(request), bytes) } : { inline: bytes };
    return shaderModuleCode(binary, this.options.output, result.reflection);
  }
}
