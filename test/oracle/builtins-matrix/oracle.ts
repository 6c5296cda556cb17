/**
 * Runs Debian spirv-as and spirv-val (SPIRV-Tools 2023.1) over many small modules, in parallel with
 * a small pool, caching every answer under test/.cache/validate-builtins/ keyed by the text, the
 * env and the tools' versions, so only the first run pays for the processes. Both are asked through
 * SpirvToolsServer (the same library in one process) where it builds, else run as processes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpirvToolsServer } from '../../support/spirvToolsServer/SpirvToolsServer.js';

export interface OracleAnswer {
  /** spirv-as accepted the text. */
  readonly assembled: boolean;
  /** spirv-as's complaint, when it refused. */
  readonly assembleError?: string;
  /** The binary (when assembled). */
  readonly words?: Uint32Array;
  /** spirv-val accepted the binary. */
  readonly valid?: boolean;
  /** spirv-val's message (first error). */
  readonly message?: string;
  /** The VUID spirv-val named, if any. */
  readonly vuid?: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cacheDir = path.join(repoRoot, 'test', '.cache', 'validate-builtins');

function version(tool: string): string | undefined {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return `${r.stdout}${r.stderr}`.trim();
}

let tools: { ok: boolean; reason?: string; versions?: string } | undefined;

/** Whether spirv-as and spirv-val run, and their versions. */
export function oracleTools(): { ok: boolean; reason?: string; versions?: string } {
  if (tools) return tools;
  const as = version('spirv-as');
  const val = version('spirv-val');
  const missing = [as === undefined ? 'spirv-as' : '', val === undefined ? 'spirv-val' : ''].filter(Boolean);
  tools =
    missing.length > 0
      ? { ok: false, reason: `not found on PATH: ${missing.join(', ')} (Debian package spirv-tools)` }
      : { ok: true, versions: `${as}\n${val}` };
  return tools;
}

interface Stored {
  a: boolean;
  ae?: string;
  w?: string;
  v?: boolean;
  m?: string;
}

function run(cmd: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out: Buffer.concat(chunks).toString('utf8').trim() }));
  });
}

const VUID_RE = /\[(VUID-[A-Za-z0-9_]+-[A-Za-z0-9_]+-\d+)\]/;

function toAnswer(s: Stored): OracleAnswer {
  let words: Uint32Array | undefined;
  if (s.w !== undefined) {
    const b = Buffer.from(s.w, 'base64');
    words = new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  }
  const vuid = s.m !== undefined ? VUID_RE.exec(s.m)?.[1] : undefined;
  return {
    assembled: s.a,
    ...(s.ae !== undefined ? { assembleError: s.ae } : {}),
    ...(words ? { words } : {}),
    ...(s.v !== undefined ? { valid: s.v } : {}),
    ...(s.m !== undefined ? { message: s.m } : {}),
    ...(vuid !== undefined ? { vuid } : {}),
  };
}

/** spirv-as and then spirv-val on `text`, as SpirvToolsServer answers them; undefined where the tools must run. */
function fromServer(text: string, env: string): Stored | undefined {
  const server = SpirvToolsServer.shared();
  const as = server?.assemble(text, env);
  if (as === undefined) return undefined;
  if (as.status !== 0) return { a: false, ae: as.message.trim() };
  const val = server!.validate(as.output, env, []);
  if (val === undefined) return undefined;
  const m = val.message.trim();
  return { a: true, w: Buffer.from(as.output).toString('base64'), v: val.status === 0, ...(m ? { m } : {}) };
}

/**
 * Assembles and validates each `{ text, env }` (spirv-as / spirv-val `--target-env env`). Answers
 * come back in input order.
 */
export async function askOracle(inputs: readonly { text: string; env: string }[], cacheName: string): Promise<OracleAnswer[]> {
  const t = oracleTools();
  if (!t.ok) throw new Error(t.reason);
  const toolsHash = createHash('sha256').update(t.versions!).digest('hex').slice(0, 12);
  const file = path.join(cacheDir, `${cacheName}-${toolsHash}.json`);
  let cache: Record<string, Stored> = {};
  if (existsSync(file)) {
    try {
      cache = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stored>;
    } catch {
      cache = {};
    }
  }
  const keys = inputs.map((i) => createHash('sha256').update(i.env).update('\0').update(i.text).digest('hex').slice(0, 24));
  const todo = inputs.map((_, i) => i).filter((i) => cache[keys[i]] === undefined);
  if (todo.length > 0) {
    const work = mkdtempSync(path.join(tmpdir(), 'spvkit-oracle-'));
    try {
      let next = 0;
      const pool = Math.max(2, Math.min(8, availableParallelism() + 1));
      const worker = async (): Promise<void> => {
        while (next < todo.length) {
          const i = todo[next++];
          const { text, env } = inputs[i];
          const served = fromServer(text, env);
          if (served !== undefined) {
            cache[keys[i]] = served;
            continue;
          }
          const src = path.join(work, `${i}.spvasm`);
          const bin = path.join(work, `${i}.spv`);
          writeFileSync(src, text);
          const as = await run('spirv-as', ['--target-env', env, src, '-o', bin]);
          if (as.code !== 0) {
            cache[keys[i]] = { a: false, ae: as.out };
            continue;
          }
          const val = await run('spirv-val', ['--target-env', env, bin]);
          cache[keys[i]] = { a: true, w: readFileSync(bin).toString('base64'), v: val.code === 0, ...(val.out ? { m: val.out } : {}) };
        }
      };
      await Promise.all(Array.from({ length: pool }, worker));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    mkdirSync(cacheDir, { recursive: true });
    // Keep only what this run asked for, so the file does not grow with old cases.
    const kept: Record<string, Stored> = {};
    for (const k of keys) kept[k] = cache[k]!;
    writeFileSync(file, JSON.stringify(kept));
  }
  return keys.map((k) => toAnswer(cache[k]));
}
