import type { Pass } from '@spvkit/core';
import type { FilterPattern } from './bundlerTypes.js';
import type { GlslStage } from './ids.js';
import { specializeOption, type SpecializationValue, type SpecializeOption } from './specialize.js';
import { BLOCK_LAYOUT_FLAGS } from '@spvkit/validator';

/**
 * spirv-val's block layout switches, as @spvkit/validator's BlockLayoutOptions: written out here so
 * that the plugin's declarations need no @spvkit/validator types where a project installs the
 * plugin alone (its code bundles the validator).
 */
export interface BlockLayoutOptions {
  readonly relaxBlockLayout?: boolean;
  readonly uniformBufferStandardLayout?: boolean;
  readonly scalarBlockLayout?: boolean;
  readonly workgroupScalarBlockLayout?: boolean;
  readonly skipBlockLayout?: boolean;
}
import { createDefaultValidator } from './defaultValidator.js';

/** What the GLSL compiler is told besides the source. */
export interface GlslCompileContext {
  /** The stage, from the file extension or the `?stage=` query. */
  readonly stage: GlslStage;
  /** Absolute path of the imported file. */
  readonly file: string;
  /**
   * The `defines` option. They are already written into `source` as `#define` lines after
   * `#version`; given here for compilers that want them another way.
   */
  readonly defines: Readonly<Record<string, string>>;
  /**
   * The `includePaths` option, absolute. `#include` directives are already expanded in `source`;
   * given here for information.
   */
  readonly includePaths: readonly string[];
  /** The `targetEnv` option, e.g. `vulkan1.1`. */
  readonly targetEnv: string;
  /** True: emit OpLine/OpSource debug info (glslang `-g`), so diagnostics can point at source lines. */
  readonly debugInfo: boolean;
}

/**
 * Your own GLSL compiler: takes the preprocessed source (includes expanded, defines inserted,
 * `#line N "file"` directives under `GL_GOOGLE_cpp_style_line_directive`) and returns SPIR-V words.
 * To report errors, throw: an Error whose message has glslang-style lines
 * (`ERROR: file:line: message`), or one with `diagnostics: [{ message, location: { file, line, column } }]`.
 */
export type GlslCompiler = (source: string, context: GlslCompileContext) => Uint32Array | Promise<Uint32Array>;

/**
 * The `compiler` option: `'auto'` (the same as `'@spvkit/glslang'`), `'glslangValidator'`, or a
 * function of yours.
 */
export type GlslCompilerOption = 'auto' | '@spvkit/glslang' | 'glslangValidator' | GlslCompiler;

/** How the binary gets into the bundle. */
export type EmitOption =
  /** Base64 in the JavaScript module (default). */
  | 'inline'
  /** Every binary becomes an asset file, fetched at module load (top-level await). */
  | 'asset'
  /** Binaries of at least `asset` bytes become asset files; smaller ones are inlined. */
  | { readonly asset: number };

/** Where the translator puts the push constants: WGSL has none, so they become a uniform buffer. */
export interface WgslPushConstantBinding {
  /** The `@group` of the uniform buffer. */
  readonly group: number;
  /** Its `@binding`. */
  readonly binding: number;
}

/** Options of the WGSL output (`wgsl: { ... }`, and every `?wgsl` import). */
export interface WgslOptions {
  /**
   * The `@group`/`@binding` of the uniform buffer that stands for the push constants. Default:
   * binding 0 of the group after the highest DescriptorSet the module uses (group 0 when it uses
   * none); the `wgslBindings` export lists it with kind `'push-constant'` either way.
   */
  readonly pushConstants?: WgslPushConstantBinding;
  /**
   * WGSL has no combined image samplers: a `sampler2D` becomes a texture at its binding and a
   * sampler at the same group and the binding plus this offset (default 500; WebGPU allows
   * bindings up to 999). `wgslBindings` lists both.
   */
  readonly combinedSamplerBindingOffset?: number;
}

/** Options of the spvkit Rollup and Vite plugins. */
export interface SpvkitOptions {
  /**
   * Files to handle (picomatch patterns or RegExps, matched against the path without query).
   * Only `.spv`, `.spvasm`, the GLSL stage extensions and `.glsl?stage=...` are ever handled.
   * Default: all of them.
   */
  include?: FilterPattern;
  /** Files to leave alone. Default: none. */
  exclude?: FilterPattern;
  /**
   * Passes to run on every module, in order: names registered in `passRegistry` (the built-in
   * ones come from `@spvkit/passes`, e.g. `'lower-local-invocation-index'`) or `Pass` objects.
   * Default: none.
   */
  passes?: readonly (string | Pass)[];
  /**
   * Check every module: `'error'` fails the build on a problem (default), `'warn'` reports it as
   * a warning and goes on, `false` skips the check. With `'error'`, the validator also runs
   * after each pass that changed the module.
   */
  validate?: 'error' | 'warn' | false;
  /**
   * The validator: a registered pass name or a Pass. Default: @spvkit/validator's pass `validate`
   * (every rule family: layout, ids, SSA, types, control flow, decorations, capabilities, the
   * target environment and the Vulkan BuiltIn rules). Name another (`'validate-builtins'`) to run
   * that alone.
   */
  validator?: string | Pass;
  /**
   * How the default validator judges block layouts: spirv-val's options of the same names
   * (`{ scalarBlockLayout: true }` is `spirv-val --scalar-block-layout`), for devices with
   * VK_EXT_scalar_block_layout and the like. Without it, a shader whose GLSL enables
   * `GL_EXT_scalar_block_layout` is judged by scalar layout, every other by the target
   * environment's default. Not for a `validator` of your own: configure that one itself.
   *
   * @example
   * ```ts
   * spvkit({ blockLayout: { scalarBlockLayout: true } });
   * ```
   */
  blockLayout?: BlockLayoutOptions;
  /** Target environment for the GLSL compiler, the passes and the validator. Default `'vulkan1.1'`. */
  targetEnv?: 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' | 'vulkan1.3' | (string & {});
  /**
   * What the default export is: `'words'` a Uint32Array (default, ready for Vulkan's
   * vkCreateShaderModule or a native WebGPU implementation's SPIR-V shader source; a browser's
   * WebGPU takes WGSL, not SPIR-V), `'bytes'` a Uint8Array (little-endian),
   * `'base64'` a string of the little-endian bytes.
   */
  output?: 'words' | 'bytes' | 'base64';
  /**
   * `'inline'` (default): the binary is in the JavaScript. `'asset'`, or `{ asset: minBytes }`
   * for binaries of at least `minBytes` bytes: the binary is emitted as a file and the module
   * fetches it with top-level await, so the default export keeps its type. That needs ES module
   * output and a target with top-level await and `fetch`. For a URL without the fetch, import
   * with `?url`.
   */
  emit?: EmitOption;
  /**
   * The GLSL compiler. `'auto'` (default) or `'@spvkit/glslang'`: a current glslang in
   * WebAssembly (a dependency of this plugin, loaded on the first GLSL compile), in process, for
   * every stage, so a build gives the same binary on every machine. `'glslangValidator'`: the
   * one on PATH, a process per shader. Or your own function.
   */
  compiler?: GlslCompilerOption;
  /** Directories searched for `#include` after the including file's directory (relative to `root`). */
  includePaths?: readonly string[];
  /** Preprocessor macros for GLSL, written as `#define NAME VALUE` after `#version`. */
  defines?: Readonly<Record<string, string | number | boolean>>;
  /** Allow `#include` of files outside `root`. Default false: such an include is an error. */
  allowIncludeOutsideRoot?: boolean;
  /** Largest file (shader or include) read, in bytes. Default 16 MiB. */
  maxFileSize?: number;
  /**
   * Keep the debug info of compiled GLSL (OpLine, OpString, OpSource text) in the output.
   * Default false: GLSL is compiled with debug info so diagnostics can point at source lines,
   * and it is stripped afterwards. Binaries and assembly you import are never stripped.
   */
  debugInfo?: boolean;
  /** Project root: includes outside it are refused, and file names in #line are relative to it. Default: Vite's root, else `process.cwd()`. */
  root?: string;
  /**
   * Values of spec constants by `SpecId`, baked into every module: `{ 0: 64, 1: true }`. They
   * become the defaults (spirv-opt's `--set-spec-const-default-value`), then every spec constant
   * is frozen to a constant (`--freeze-spec-const`: also those not named here, at their defaults)
   * and the expressions over them folded (`--fold-spec-const-op-composite`), so the driver sees
   * constants and a `local_size_x_id` workgroup size is fixed. Runs before `passes`. A SpecId a
   * module lacks is ignored for that module, as by spirv-opt; a value its constant's type cannot
   * hold fails the import. An import adds or overrides values with `?specialize=0:64,1:true`
   * (entries `SPECID:VALUE` with values as spirv-opt reads them; there a SpecId the module lacks
   * is an error). Default: none (spec constants stay specializable at pipeline creation).
   */
  specialize?: SpecializeOption;
  /**
   * The release passes (`RELEASE_PASSES` of @spvkit/passes, what `spvkit opt --size` runs):
   * strip-debug, strip-nonsemantic, eliminate-dead-functions, remove-unused-interface-variables,
   * eliminate-dead-variables, eliminate-dead-const, compact-ids, after `passes` and the
   * validation. The exports `entryPoints`, `bindings`, `pushConstants` and `specConstants` are
   * computed before them, so names of bindings and entry points survive the stripping. With
   * `debugInfo: true` the stripping passes are left out.
   *
   * Default: on in production builds (`vite build`; Rollup with `NODE_ENV=production`), off
   * otherwise, so that in dev diagnostics and debuggers point at source lines. `true` runs them
   * in dev too, `false` never.
   */
  release?: boolean;
  /**
   * spirv-opt's optimizer recipes where the release passes run (production builds, or `release:
   * true`), before them: `'performance'` is spirv-opt's `-O` (`PERFORMANCE_PASSES` of
   * @spvkit/passes), `'size'` its `-Os` (`SIZE_PASSES`). A dev server without `release: true`
   * never optimizes.
   *
   * Default: `false`, from what was measured: with `'size'` the 366 modules of the benchmark
   * folder (test/shaders and the corpus's assembly) come out 26% smaller than with the release
   * passes alone (0.98 MB against 1.32 MB; spirv-opt's `-Os` with the same stripping: 0.98 MB,
   * 0.2% more), every output valid; compute shaders give the same buffers and vertex and
   * fragment shaders the same images on a Vulkan driver before and after, and 2,669 real
   * shaders from outside the repository (llama.cpp's compute shaders, piglit's of every stage)
   * come out valid. What it buys is bytes: drivers optimize again when they compile the
   * pipeline. What it costs is build time (about 10 ms a shader) and code that no longer reads as
   * the GLSL was written in a graphics debugger. So optimizing is asked for, not assumed.
   */
  optimize?: 'performance' | 'size' | false;
  /**
   * WGSL for a browser's WebGPU, which takes no SPIR-V. `true` (or an object of
   * {@link WgslOptions}): every imported shader's default export is the WGSL text of the module
   * (translated by `@spvkit/wgsl` after specialization, your `passes` and the validation, before
   * the release passes), instead of its words. Default `false`: only imports with the `?wgsl`
   * query give WGSL (`import code, { wgslBindings } from './blur.comp?wgsl'`); the options given
   * here apply to those too. `?spvasm` and `?url` imports are not affected.
   *
   * A WGSL module keeps the words output's exports (`entryPoints`, `bindings`, `pushConstants`,
   * `specConstants`, the SPIR-V reflection) and adds what a WebGPU host needs: `wgslEntryPoints`
   * (the WGSL function name and stage of each entry point, and the workgroup size),
   * `wgslBindings` (`@group`/`@binding`, name, WebGPU binding kind and size of each resource,
   * the push-constant buffer included), `overrides` (each spec constant as an `override` with
   * its `@id`: the keys of `GPUProgrammableStage.constants`) and `sourceMap`: a source map
   * (version 3, as a JSON-ready object) from the WGSL text's lines to the lines of the GLSL or
   * assembly they came from, where the module has debug info (OpLine), `sources` relative to the
   * root, with `sourcesContent`; undefined where there is none, and in builds whose release
   * passes strip debug info (production builds without `debugInfo: true`).
   *
   * A construct WGSL cannot express (64-bit types, pointer casts, ...) fails the import with the
   * source line of the instruction. `@spvkit/wgsl` is loaded only when WGSL is asked for.
   */
  wgsl?: boolean | WgslOptions;
}

/** The options with defaults applied. */
export interface ResolvedOptions {
  readonly passes: readonly (string | Pass)[];
  readonly validate: 'error' | 'warn' | false;
  readonly validator: string | Pass;
  readonly targetEnv: string;
  readonly output: 'words' | 'bytes' | 'base64';
  /** Binaries of at least this many bytes are emitted as assets; Infinity: never. */
  readonly assetThreshold: number;
  readonly compiler: GlslCompilerOption;
  readonly includePaths: readonly string[];
  readonly defines: Readonly<Record<string, string>>;
  readonly allowIncludeOutsideRoot: boolean;
  readonly maxFileSize: number;
  readonly debugInfo: boolean;
  /** SpecId -> value, from `specialize`. */
  readonly specialize: ReadonlyMap<number, SpecializationValue>;
  /** `release` as given; undefined: decided by the build (production or not). */
  readonly release: boolean | undefined;
  /** The optimizer recipe run with the release passes, if any. */
  readonly optimize: 'performance' | 'size' | false;
  /** True when every import's default export is WGSL (the `wgsl` option), not only `?wgsl` ones. */
  readonly wgslByDefault: boolean;
  /** The translator's options, for every WGSL output. */
  readonly wgsl: WgslOptions;
}

export const DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;

/** Applies defaults and checks the option values; throws a TypeError naming the bad one. */
export function resolveOptions(options: SpvkitOptions): ResolvedOptions {
  const bad = (name: string, value: unknown, expected: string): never => {
    throw new TypeError(`@spvkit/rollup-plugin: option ${name} must be ${expected}, got ${JSON.stringify(value)}`);
  };
  const validate = options.validate ?? 'error';
  if (options.validator !== undefined && options.blockLayout !== undefined)
    bad('blockLayout', options.blockLayout, 'left out where a validator is given (it configures the default validator; configure yours itself)');
  if (validate !== 'error' && validate !== 'warn' && validate !== false) bad('validate', validate, "'error', 'warn' or false");
  const output = options.output ?? 'words';
  if (output !== 'words' && output !== 'bytes' && output !== 'base64') bad('output', output, "'words', 'bytes' or 'base64'");
  const emit = options.emit ?? 'inline';
  let assetThreshold = Infinity;
  if (emit === 'asset') assetThreshold = 0;
  else if (typeof emit === 'object' && emit !== null) {
    if (!(Number.isFinite(emit.asset) && emit.asset >= 0)) bad('emit.asset', emit.asset, 'a number of bytes >= 0');
    assetThreshold = emit.asset;
  } else if (emit !== 'inline') bad('emit', emit, "'inline', 'asset' or { asset: minBytes }");
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (!(Number.isFinite(maxFileSize) && maxFileSize > 0)) bad('maxFileSize', maxFileSize, 'a positive number of bytes');
  const compiler = options.compiler ?? 'auto';
  if ((compiler as string) === '@webgpu/glslang') {
    // Named by earlier versions; say what replaced it rather than only what is accepted.
    throw new TypeError(
      "@spvkit/rollup-plugin: option compiler '@webgpu/glslang' is no longer supported: 'auto' (the default) compiles every stage with @spvkit/glslang, a current glslang in WebAssembly; remove the option and the @webgpu/glslang package",
    );
  }
  if (typeof compiler !== 'function' && compiler !== 'auto' && compiler !== '@spvkit/glslang' && compiler !== 'glslangValidator') {
    bad('compiler', compiler, "'auto', '@spvkit/glslang', 'glslangValidator' or a function");
  }
  const defines: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.defines ?? {})) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) bad(`defines.${name}`, name, 'a GLSL identifier');
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    if (/[\r\n]/.test(text)) bad(`defines.${name}`, value, 'a value on one line');
    defines[name] = text;
  }
  const wgsl = options.wgsl ?? false;
  let wgslOptions: WgslOptions = {};
  if (typeof wgsl === 'object' && wgsl !== null) {
    const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    const push = wgsl.pushConstants;
    if (push !== undefined) {
      if (typeof push !== 'object' || push === null || !whole(push.group) || !whole(push.binding))
        bad('wgsl.pushConstants', push, '{ group, binding } with whole numbers >= 0');
      wgslOptions = { pushConstants: { group: push.group, binding: push.binding } };
    }
    const offset = wgsl.combinedSamplerBindingOffset;
    if (offset !== undefined) {
      if (!whole(offset)) bad('wgsl.combinedSamplerBindingOffset', offset, 'a whole number >= 0');
      wgslOptions = { ...wgslOptions, combinedSamplerBindingOffset: offset };
    }
  } else if (typeof wgsl !== 'boolean') bad('wgsl', wgsl, 'true, false or { pushConstants: { group, binding }, combinedSamplerBindingOffset }');
  return {
    wgslByDefault: wgsl !== false,
    wgsl: wgslOptions,
    passes: options.passes ?? [],
    validate,
    validator: options.validator ?? createDefaultValidator(blockLayoutOption(options, bad)),
    targetEnv: options.targetEnv ?? 'vulkan1.1',
    output,
    assetThreshold,
    compiler,
    includePaths: options.includePaths ?? [],
    defines,
    allowIncludeOutsideRoot: options.allowIncludeOutsideRoot ?? false,
    maxFileSize,
    debugInfo: options.debugInfo ?? false,
    specialize: specializeOption(options.specialize, '@spvkit/rollup-plugin: option specialize'),
    release:
      options.release === undefined
        ? undefined
        : options.release === true
          ? true
          : options.release === false
            ? false
            : bad('release', options.release, 'true or false'),
    optimize:
      options.optimize === undefined || options.optimize === false
        ? false
        : options.optimize === 'performance' || options.optimize === 'size'
          ? options.optimize
          : bad('optimize', options.optimize, "'performance', 'size' or false"),
  };
}

const BLOCK_LAYOUT_KEYS: readonly (keyof BlockLayoutOptions)[] = Object.values(BLOCK_LAYOUT_FLAGS);

/** The `blockLayout` option, checked: an object of those of spirv-val's layout switches given, for the default validator only. */
function blockLayoutOption(options: SpvkitOptions, bad: (name: string, value: unknown, expected: string) => never): BlockLayoutOptions {
  const layout: unknown = options.blockLayout;
  if (layout === undefined) return {};
  const expected = `an object of booleans among ${BLOCK_LAYOUT_KEYS.join(', ')}`;
  if (typeof layout !== 'object' || layout === null || Array.isArray(layout)) return bad('blockLayout', layout, expected);
  for (const [key, value] of Object.entries(layout)) {
    if (!(BLOCK_LAYOUT_KEYS as readonly string[]).includes(key) || typeof value !== 'boolean') bad(`blockLayout.${key}`, value, expected);
  }
  return layout;
}
