// Types for folder.mjs (plain JavaScript so that benchmarks run it without a build).

/** A stage, named as the file extension glslangValidator infers it from. */
export type ShaderStage = 'vert' | 'tesc' | 'tese' | 'geom' | 'frag' | 'comp' | 'mesh' | 'task' | 'rgen' | 'rint' | 'rahit' | 'rchit' | 'rmiss' | 'rcall';

/** Vulkan environments the folder's shaders are built for. */
export type ShaderTargetEnv = 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' | 'vulkan1.3';

/** What a shader needs beyond Debian's glslangValidator 12 (`// requires:` header). */
export type ShaderRequirement = 'glslang-new';

export interface ListedShader {
  /** Relative to `glslRoot`, `/`-separated: `post/bloom_downsample.frag`. */
  path: string;
  /** Absolute path of the source. */
  source: string;
  stage: ShaderStage;
  /** `--target-env` for glslangValidator and spirv-val (from `// target-env:`, else by stage). */
  targetEnv: ShaderTargetEnv;
  requires: ShaderRequirement[];
  /** The shader's text. */
  text: string;
  /** Every file it includes, transitively: [path relative to `glslRoot`, text], sorted. */
  includes: [string, string][];
}

export interface FolderShader {
  path: string;
  source: string;
  stage: ShaderStage;
  targetEnv: ShaderTargetEnv;
  requires: ShaderRequirement[];
  /** The module glslangValidator -V made (from the cache when it is there). */
  words: Uint32Array;
}

export interface NotCompiledShader {
  path: string;
  source: string;
  stage: ShaderStage;
  targetEnv: ShaderTargetEnv;
  requires: ShaderRequirement[];
  /** glslangValidator's messages. */
  message: string;
}

export interface ShaderFolder {
  /** Every shader this glslangValidator compiled, sorted by path. */
  shaders: FolderShader[];
  /** `requires: glslang-new` shaders this glslangValidator could not compile. */
  notCompiled: NotCompiledShader[];
  /** `glslangValidator --version`. */
  glslangValidator: string;
}

export type CompileResult = { ok: true; words: Uint32Array } | { ok: false; message: string };

export const shadersDir: string;
export const glslRoot: string;
export const shadersCacheDir: string;
export const STAGES: Readonly<Record<ShaderStage, ShaderStage>>;
export const DEFAULT_JOBS: number;

/** Lists the folder's shaders, sorted by path, without compiling; throws on a malformed header. */
export function listShaderFolder(): ListedShader[];
/** glslangValidator's `--version` text, or undefined where it cannot be run. */
export function glslangValidatorVersion(): string | undefined;
/** Debug info asked of glslangValidator: none, `-g` (OpLine, OpSource) or `-gV` (NonSemantic.Shader.DebugInfo.100). */
export type FolderDebugInfo = 'none' | 'g' | 'gV';
/** Compiles one shader through the cache; rejects only when glslangValidator cannot start. */
export function compileShader(shader: ListedShader, debugInfo?: FolderDebugInfo): Promise<CompileResult>;
/** Runs a tool with `input` on stdin; resolves to its exit code and its stdout and stderr. */
export function runTool(cmd: string, args: readonly string[], opts?: { cwd?: string; input?: Uint8Array }): Promise<{ code: number | null; output: string }>;
/** Maps `items` through `fn`, at most `limit` at a time, keeping their order. */
export function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]>;
/**
 * Compiles the whole folder with glslangValidator (cached). Rejects if a shader without a
 * `requires:` header fails to compile, or if glslangValidator is not on PATH.
 */
export function loadShaderFolder(opts?: { jobs?: number; debugInfo?: FolderDebugInfo }): Promise<ShaderFolder>;
