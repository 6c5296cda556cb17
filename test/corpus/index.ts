/**
 * The project's SPIR-V test corpus, compiled at test time.
 *
 * - `glsl/**` is compiled with glslangValidator (`-V`), each file in three variants: no debug
 *   info (`plain`), `-g` and `-gV` (NonSemantic.Shader.DebugInfo.100), for each target env the
 *   file asks for (see README.md for the header formats).
 * - `asm/*.spvasm` is assembled with spirv-as for the env named in its `; target-env:` header.
 *
 * Results are cached under `test/.cache/corpus/` keyed by a hash of the source (plus included
 * headers), the flags and the tool's version, so only the first run pays for the compiles.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spirvValVerdictAsync } from '../support/spirvValVerdicts.js';

export interface RunSpec {
  /** vkCmdDispatch(x, y, z). */
  groups: [number, number, number];
  /** Storage buffers at descriptor set 0; size in bytes. `fill` defaults to 'zero'. */
  buffers: { binding: number; size: number; fill?: 'zero' | 'iota' }[];
  /** SpecId -> 32-bit value. */
  specConstants?: Record<number, number>;
}

export interface CorpusModule {
  /** Unique, stable: `glsl/lii_in_main.comp:vulkan1.1:gV`, `asm/float_constants.spvasm:spv1.0:plain`. */
  name: string;
  /** Absolute path of the source file. */
  source: string;
  kind: 'glsl' | 'asm';
  /** 'plain' | 'g' | 'gV' for GLSL; always 'plain' for assembly. */
  variant: string;
  /** Environment for `spirv-val --target-env` (also what it was compiled/assembled for). */
  targetEnv: string;
  words: Uint32Array;
  run?: RunSpec;
}

export const corpusDir = path.dirname(fileURLToPath(import.meta.url));
export const glslDir = path.join(corpusDir, 'glsl');
export const asmDir = path.join(corpusDir, 'asm');
const repoRoot = path.resolve(corpusDir, '..', '..');
export const corpusCacheDir = path.join(repoRoot, 'test', '.cache', 'corpus');

const GLSL_EXTENSIONS = [
  '.vert',
  '.frag',
  '.geom',
  '.tesc',
  '.tese',
  '.comp',
  '.mesh',
  '.task',
  '.rgen',
  '.rchit',
  '.rahit',
  '.rmiss',
  '.rint',
  '.rcall',
] as const;
const RAY_TRACING_EXTENSIONS = new Set(['.rgen', '.rchit', '.rahit', '.rmiss', '.rint', '.rcall']);

/** glslang variants: name -> extra flags. */
const GLSL_VARIANTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['plain', []],
  ['g', ['-g']],
  ['gV', ['-gV']],
];

const TOOLS = ['glslangValidator', 'spirv-as', 'spirv-val'] as const;

// ---------------------------------------------------------------------------------------------
// Tools

let toolsCache: { ok: boolean; reason?: string } | undefined;
const versionCache = new Map<string, string>();

function toolVersion(tool: string): string | undefined {
  const cached = versionCache.get(tool);
  if (cached !== undefined) return cached;
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  const v = `${r.stdout}${r.stderr}`.trim();
  versionCache.set(tool, v);
  return v;
}

/** Whether glslangValidator, spirv-as and spirv-val can be run. */
export function corpusToolsAvailable(): { ok: boolean; reason?: string } {
  if (toolsCache) return toolsCache;
  const missing = TOOLS.filter((t) => toolVersion(t) === undefined);
  toolsCache = missing.length === 0 ? { ok: true } : { ok: false, reason: `not found or not runnable on PATH: ${missing.join(', ')}` };
  return toolsCache;
}

let gvSupport: boolean | undefined;
/** glslang 12 supports -gV; older ones do not (the variant is then skipped). */
export function glslangSupportsGV(): boolean {
  if (gvSupport === undefined) {
    const r = spawnSync('glslangValidator', ['--help'], { encoding: 'utf8' });
    gvSupport = /^\s*-gV\s/m.test(`${r.stdout}${r.stderr}`);
  }
  return gvSupport;
}

interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runTool(cmd: string, args: readonly string[], opts: { cwd?: string; input?: Uint8Array } = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {
      /* tool exited before reading all input; reported via code */
    });
    child.stdin.end(opts.input ?? undefined);
  });
}

/** Runs `spirv-val --target-env <env> -` on the module (or takes the verdict it gave the same module before); resolves to the validator's messages. */
export function spirvVal(words: Uint32Array, targetEnv: string): Promise<{ ok: boolean; message: string }> {
  return spirvValVerdictAsync(words, targetEnv);
}

// ---------------------------------------------------------------------------------------------
// Headers

/** Leading `//` (GLSL) or `;` (assembly) comment lines, up to the first other line. */
function headerLines(text: string, marker: '//' | ';'): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith(marker)) break;
    lines.push(line.slice(marker.length).trim());
  }
  return lines;
}

function headerValue(lines: readonly string[], key: string): string | undefined {
  const prefix = `${key}:`;
  const hits = lines.filter((l) => l.startsWith(prefix));
  if (hits.length > 1) throw new Error(`duplicate "${key}:" header`);
  return hits[0]?.slice(prefix.length).trim();
}

function parseUint(text: string, what: string): number {
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(text)) throw new Error(`bad ${what}: "${text}"`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > 0xffffffff) throw new Error(`bad ${what}: "${text}"`);
  return n;
}

/**
 * Parses the body of a `// run:` header:
 * `groups=X,Y,Z buffers=B:SIZE[:zero|iota],... [spec=ID:VALUE,...]`.
 */
export function parseRunSpec(text: string): RunSpec {
  const fields = new Map<string, string>();
  for (const tok of text.split(/\s+/).filter(Boolean)) {
    const eq = tok.indexOf('=');
    if (eq <= 0) throw new Error(`run: expected key=value, got "${tok}"`);
    const key = tok.slice(0, eq);
    if (!['groups', 'buffers', 'spec'].includes(key)) throw new Error(`run: unknown key "${key}"`);
    if (fields.has(key)) throw new Error(`run: duplicate key "${key}"`);
    fields.set(key, tok.slice(eq + 1));
  }
  const groupsText = fields.get('groups');
  if (groupsText === undefined) throw new Error('run: missing groups=');
  const g = groupsText.split(',').map((s) => parseUint(s, 'group count'));
  if (g.length !== 3 || g.some((n) => n < 1)) throw new Error(`run: groups must be three positive numbers: "${groupsText}"`);
  const spec: RunSpec = { groups: [g[0], g[1], g[2]], buffers: [] };

  const buffersText = fields.get('buffers');
  if (buffersText === undefined) throw new Error('run: missing buffers=');
  const seen = new Set<number>();
  for (const item of buffersText.split(',')) {
    const parts = item.split(':');
    if (parts.length < 2 || parts.length > 3) throw new Error(`run: buffer must be binding:size[:fill], got "${item}"`);
    const binding = parseUint(parts[0], 'binding');
    const size = parseUint(parts[1], 'buffer size');
    if (size === 0 || size % 4 !== 0) throw new Error(`run: buffer size must be a positive multiple of 4: "${item}"`);
    if (seen.has(binding)) throw new Error(`run: binding ${binding} listed twice`);
    seen.add(binding);
    const fill = parts[2];
    if (fill === undefined) {
      spec.buffers.push({ binding, size });
    } else if (fill === 'zero' || fill === 'iota') {
      spec.buffers.push({ binding, size, fill });
    } else {
      throw new Error(`run: unknown buffer fill "${fill}" (zero|iota)`);
    }
  }

  const specText = fields.get('spec');
  if (specText !== undefined) {
    const sc: Record<number, number> = {};
    for (const item of specText.split(',')) {
      const parts = item.split(':');
      if (parts.length !== 2) throw new Error(`run: spec must be id:value, got "${item}"`);
      const id = parseUint(parts[0], 'SpecId');
      if (id in sc) throw new Error(`run: SpecId ${id} listed twice`);
      sc[id] = parseUint(parts[1], 'spec constant value');
    }
    spec.specConstants = sc;
  }
  return spec;
}

function defaultGlslEnv(file: string, text: string): string {
  const ext = path.extname(file);
  if (RAY_TRACING_EXTENSIONS.has(ext)) return 'vulkan1.2';
  // SPV_EXT_mesh_shader needs SPIR-V 1.4; NV mesh shading works at 1.3.
  if ((ext === '.mesh' || ext === '.task') && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}

// ---------------------------------------------------------------------------------------------
// Jobs

interface Job {
  name: string;
  source: string;
  kind: 'glsl' | 'asm';
  variant: string;
  targetEnv: string;
  run?: RunSpec;
  tool: 'glslangValidator' | 'spirv-as';
  cwd: string;
  /** Arguments, with OUTPUT standing for the output path. Paths are relative to cwd. */
  args: string[];
  /** Everything the output depends on besides the tool version and args. */
  inputs: [string, string][];
}

function listFiles(dir: string, exts: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && exts.includes(path.extname(e.name)))
    .map((e) => e.name)
    .sort();
}

function includeInputs(): [string, string][] {
  const inc = path.join(glslDir, 'include');
  return listFiles(inc, ['.glsl', '.h']).map((f) => [`include/${f}`, readFileSync(path.join(inc, f), 'utf8')]);
}

function glslJobs(): Job[] {
  const jobs: Job[] = [];
  const includes = includeInputs();
  const variants = GLSL_VARIANTS.filter(([v]) => v !== 'gV' || glslangSupportsGV());
  for (const file of listFiles(glslDir, GLSL_EXTENSIONS)) {
    const source = path.join(glslDir, file);
    const text = readFileSync(source, 'utf8');
    const header = headerLines(text, '//');
    let envs: string[];
    let run: RunSpec | undefined;
    try {
      const envText = headerValue(header, 'target-env');
      envs = envText ? envText.split(/[\s,]+/).filter(Boolean) : [defaultGlslEnv(file, text)];
      const runText = headerValue(header, 'run');
      run = runText === undefined ? undefined : parseRunSpec(runText);
    } catch (e) {
      throw new Error(`${source}: ${(e as Error).message}`, { cause: e });
    }
    const inputs: [string, string][] = [[file, text]];
    if (/#\s*include\b/.test(text)) inputs.push(...includes);
    for (const env of envs) {
      for (const [variant, flags] of variants) {
        jobs.push({
          name: `glsl/${file}:${env}:${variant}`,
          source,
          kind: 'glsl',
          variant,
          targetEnv: env,
          run,
          tool: 'glslangValidator',
          cwd: glslDir,
          args: ['-V', '--target-env', env, ...flags, '-o', 'OUTPUT', file],
          inputs,
        });
      }
    }
  }
  return jobs;
}

function asmJobs(): Job[] {
  return listFiles(asmDir, ['.spvasm']).map((file) => {
    const source = path.join(asmDir, file);
    const text = readFileSync(source, 'utf8');
    const header = headerLines(text, ';');
    const env = headerValue(header, 'target-env');
    if (!env) throw new Error(`${source}: missing "; target-env: <env>" header`);
    // A `; run:` header makes a compute module runnable, as `// run:` does for GLSL.
    const runText = headerValue(header, 'run');
    let run: RunSpec | undefined;
    try {
      run = runText === undefined ? undefined : parseRunSpec(runText);
    } catch (e) {
      throw new Error(`${source}: ${(e as Error).message}`, { cause: e });
    }
    return {
      run,
      name: `asm/${file}:${env}:plain`,
      source,
      kind: 'asm' as const,
      variant: 'plain',
      targetEnv: env,
      tool: 'spirv-as' as const,
      cwd: asmDir,
      args: ['--target-env', env, '-o', 'OUTPUT', file],
      inputs: [[file, text]] as [string, string][],
    };
  });
}

function cacheKey(job: Job): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ tool: job.tool, version: toolVersion(job.tool), args: job.args, inputs: job.inputs }));
  return h.digest('hex').slice(0, 40);
}

function toWords(bytes: Uint8Array, what: string): Uint32Array {
  if (bytes.byteLength < 20 || bytes.byteLength % 4 !== 0) {
    throw new Error(`${what}: output is not a SPIR-V module (${bytes.byteLength} bytes)`);
  }
  const words = new Uint32Array(bytes.byteLength / 4);
  new Uint8Array(words.buffer).set(bytes);
  if (words[0] !== 0x07230203) throw new Error(`${what}: bad SPIR-V magic 0x${words[0].toString(16)}`);
  return words;
}

async function buildJob(job: Job): Promise<Uint32Array> {
  const key = cacheKey(job);
  const cached = path.join(corpusCacheDir, `${key}.spv`);
  try {
    return toWords(await readFile(cached), job.name);
  } catch {
    // not cached (or unreadable): build it
  }
  const tmp = path.join(corpusCacheDir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  const args = job.args.map((a) => (a === 'OUTPUT' ? tmp : a));
  const r = await runTool(job.tool, args, { cwd: job.cwd });
  if (r.code !== 0) {
    await rm(tmp, { force: true });
    throw new Error(`${job.name}: ${job.tool} ${args.join(' ')} failed (exit ${r.code}):\n${`${r.stdout}${r.stderr}`.trim()}`);
  }
  const bytes = await readFile(tmp);
  const words = toWords(bytes, job.name);
  await rename(tmp, cached); // atomic: concurrent workers may race on the same key harmlessly
  return words;
}

async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

let corpusPromise: Promise<CorpusModule[]> | undefined;

/**
 * Compiles/assembles the whole corpus (through the on-disk cache). The result is memoized
 * per process; pass `{ fresh: true }` to bypass the in-memory memo (the disk cache still applies).
 */
export function loadCorpus(opts: { fresh?: boolean } = {}): Promise<CorpusModule[]> {
  if (!corpusPromise || opts.fresh) {
    const p = loadCorpusUncached();
    if (!opts.fresh) corpusPromise = p;
    p.catch(() => {
      if (corpusPromise === p) corpusPromise = undefined;
    });
    return p;
  }
  return corpusPromise;
}

async function loadCorpusUncached(): Promise<CorpusModule[]> {
  const tools = corpusToolsAvailable();
  if (!tools.ok) throw new Error(`corpus tools unavailable: ${tools.reason}`);
  const jobs = [...glslJobs(), ...asmJobs()];
  await mkdir(corpusCacheDir, { recursive: true });
  const limit = Math.max(1, availableParallelism());
  const words = await mapBounded(jobs, limit, buildJob);
  return jobs.map((job, i) => {
    const m: CorpusModule = {
      name: job.name,
      source: job.source,
      kind: job.kind,
      variant: job.variant,
      targetEnv: job.targetEnv,
      words: words[i],
    };
    if (job.run) m.run = job.run;
    return m;
  });
}
