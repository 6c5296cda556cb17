// Shared by the plugin suites: temporary projects, Rollup and Vite builds, running the output.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as core from '@spvkit/core';
import { createGlslang, type Glslang, type ShaderStage } from '@spvkit/glslang';
import '@spvkit/passes';
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { rollup, type OutputAsset, type OutputChunk, type Plugin as RollupPlugin, type RollupError, type RollupLog } from 'rollup';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');
const cacheRoot = join(repoRoot, 'test', '.cache', 'plugins');

/** True when @spvkit/core exports the assembler. */
export const hasAssembler = typeof (core as unknown as { assemble?: unknown }).assemble === 'function';
/** True when @spvkit/validator/register registered validate-builtins. */
export const hasValidateBuiltins = core.passRegistry.has('validate-builtins');
export const hasLowering = core.passRegistry.has('lower-local-invocation-index');

export interface Project {
  readonly root: string;
  path(rel: string): string;
  write(rel: string, content: string | Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

/** A fresh directory under test/.cache/plugins with `files` written into it. */
export async function makeProject(name: string, files: Record<string, string | Uint8Array>): Promise<Project> {
  await mkdir(cacheRoot, { recursive: true });
  const root = await mkdtemp(join(cacheRoot, `${name}-`));
  const project: Project = {
    root,
    path: (rel) => join(root, rel),
    async write(rel, content) {
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await writeFile(join(root, rel), content);
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  for (const [rel, content] of Object.entries(files)) await project.write(rel, content);
  return project;
}

export interface BuildOutput {
  chunks: OutputChunk[];
  assets: OutputAsset[];
  warnings: RollupLog[];
}

/** rollup({ input, plugins }) + generate({ format: 'es' }). */
export async function rollupBuild(input: string, plugins: RollupPlugin[]): Promise<BuildOutput> {
  const warnings: RollupLog[] = [];
  const bundle = await rollup({ input, plugins, onwarn: (w) => void warnings.push(w) });
  try {
    const { output } = await bundle.generate({ format: 'es' });
    return {
      chunks: output.filter((o): o is OutputChunk => o.type === 'chunk'),
      assets: output.filter((o): o is OutputAsset => o.type === 'asset'),
      warnings,
    };
  } finally {
    await bundle.close();
  }
}

/**
 * What a failed Rollup or Vite build rejects with: Rollup's error fields (all optional beyond
 * `message`), and the `errors` list in which Rolldown wraps plugin errors.
 */
export interface BuildFailure extends RollupError {
  errors?: BuildFailure[];
}

/** An object with a string `message`; every other BuildFailure field is optional, read as the test asserts it. */
function isBuildFailure(e: unknown): e is BuildFailure {
  return typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string';
}

/** The error a build rejects with (fails the test when it does not, or rejects with something that has no message). */
export async function buildError(p: Promise<unknown>): Promise<BuildFailure> {
  try {
    await p;
  } catch (e) {
    // Not always an Error instance: the Vite dev server rejects with a plain object carrying the fields.
    if (isBuildFailure(e)) return e;
    throw new Error(`expected the build to reject with an error object, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the build to fail, but it succeeded');
}

/** The parts of a Rollup or Rolldown chunk that {@link runOutput} writes. */
export interface EmittedChunk {
  readonly fileName: string;
  readonly code: string;
  readonly isEntry: boolean;
}

/** The parts of a Rollup or Rolldown asset that {@link runOutput} writes. */
export interface EmittedAsset {
  readonly fileName: string;
  readonly source: string | Uint8Array;
}

/** The exports of a built entry; tests narrow each with the readers in exports.ts. */
export type OutputModule = Readonly<Record<string, unknown>>;

/**
 * Writes the output to a directory and imports the entry chunk. `fetch` of the emitted assets
 * (file: URLs in Rollup output, `/assets/...` paths in Vite output) is served from that directory
 * while the entry loads.
 */
export async function runOutput(out: { chunks: readonly EmittedChunk[]; assets: readonly EmittedAsset[] }, project: Project): Promise<OutputModule> {
  const dir = await mkdtemp(join(project.root, 'out-'));
  for (const c of out.chunks) {
    await mkdir(dirname(join(dir, c.fileName)), { recursive: true });
    await writeFile(join(dir, c.fileName.replace(/\.js$/, '.mjs')), c.code.replace(/(from\s+["'][^"']+)\.js(["'])/g, '$1.mjs$2'));
  }
  for (const a of out.assets) {
    await mkdir(dirname(join(dir, a.fileName)), { recursive: true });
    await writeFile(join(dir, a.fileName), a.source);
  }
  const entry = out.chunks.find((c) => c.isEntry);
  if (entry === undefined) throw new Error('no entry chunk');
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL) => {
    const url = String(input);
    const file = url.startsWith('file:') ? fileURLToPath(url) : url.startsWith('/') ? join(dir, url) : undefined;
    if (file === undefined) return realFetch(input);
    try {
      return new Response(await readFile(file));
    } catch {
      return new Response('not found', { status: 404 });
    }
  }) as typeof fetch;
  try {
    const namespace: unknown = await import(pathToFileURL(join(dir, entry.fileName.replace(/\.js$/, '.mjs'))).href);
    if (typeof namespace !== 'object' || namespace === null) throw new Error(`${entry.fileName} did not load as a module`);
    return Object.fromEntries(Object.entries(namespace));
  } finally {
    globalThis.fetch = realFetch;
  }
}

let glslang: Promise<Glslang> | undefined;

/**
 * Compiles GLSL with @spvkit/glslang for Vulkan 1.1 (SPIR-V 1.3), for .spv fixtures and compiler
 * functions; throws with glslang's messages when it does not compile.
 */
export async function compileWithWasm(source: string, stage: ShaderStage, debug = false): Promise<Uint8Array> {
  glslang ??= createGlslang();
  const result = (await glslang).compile(source, { stage, file: 'fixture.glsl', targetEnv: 'vulkan1.1', debugInfo: debug });
  if (!result.ok) throw new Error(`fixture does not compile:\n${result.diagnostics.map((d) => d.text).join('\n')}`);
  const words = result.words;
  return new Uint8Array(words.buffer.slice(words.byteOffset, words.byteOffset + words.byteLength));
}

/** Words of little-endian bytes. */
export function bytesToWords(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = new Uint32Array(bytes.length >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}

/** Opcode names of a module's function bodies, e.g. to see what a pass did. */
export function builtinsOf(words: Uint32Array): number[] {
  const module = core.decodeModule(words);
  const out: number[] = [];
  for (const inst of module.annotations) {
    if (inst.opcode === core.Op.Decorate && inst.word(1) === core.Decoration.BuiltIn) out.push(inst.word(2));
  }
  return out;
}
