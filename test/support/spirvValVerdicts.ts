// spirv-val's verdicts, kept by content. Suites judge the same module many times over: a pass that
// left it as it was, a folder shader that several suites validate, a mutant that two campaigns
// draw. spirv-val is deterministic, so a verdict is kept under test/.cache/spirv-val/ by a hash of
// spirv-val's version, the arguments and the module's bytes, and every test process of a run (and
// every later run, until spirv-val or the module changes) reads it instead of running spirv-val.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpirvToolsServer } from './spirvToolsServer/SpirvToolsServer.js';

/** spirv-val's exit status (0: valid) and its output, stdout then stderr, trimmed. */
export interface SpirvValVerdict {
  readonly ok: boolean;
  readonly message: string;
}

const cacheDir = fileURLToPath(new URL('../.cache/spirv-val/', import.meta.url));

let version: string | undefined;
function spirvValVersion(): string {
  version ??= (() => {
    const r = spawnSync('spirv-val', ['--version'], { encoding: 'utf8' });
    return r.status === 0 ? `${r.stdout}${r.stderr}`.trim() : '';
  })();
  return version;
}

function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

function keyOf(args: readonly string[], bytes: Uint8Array): string {
  return createHash('sha256').update(spirvValVersion()).update('\0').update(args.join('\0')).update('\0').update(bytes).digest('hex').slice(0, 40);
}

function cached(key: string): SpirvValVerdict | undefined {
  try {
    const v = JSON.parse(readFileSync(join(cacheDir, `${key}.json`), 'utf8')) as Partial<SpirvValVerdict>;
    return typeof v.ok === 'boolean' && typeof v.message === 'string' ? { ok: v.ok, message: v.message } : undefined;
  } catch {
    return undefined; // not judged yet, or a file another process is still renaming into place
  }
}

function keep(key: string, verdict: SpirvValVerdict): SpirvValVerdict {
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed: a process reading it sees the whole verdict or none.
  const tmp = join(cacheDir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(tmp, JSON.stringify(verdict));
  renameSync(tmp, join(cacheDir, `${key}.json`));
  return verdict;
}

function argsOf(targetEnv: string, flags: readonly string[]): string[] {
  return ['--target-env', targetEnv, ...flags, '-'];
}

/** The library's verdict in the process's SpirvToolsServer, or undefined where spirv-val must run. */
function fromServer(bytes: Uint8Array, targetEnv: string, flags: readonly string[]): SpirvValVerdict | undefined {
  const answer = SpirvToolsServer.shared()?.validate(bytes, targetEnv, flags);
  return answer && { ok: answer.status === 0, message: answer.message.trim() };
}

/** `spirv-val --target-env ENV FLAGS -` on the module, or the verdict it gave this module before. */
export function spirvValVerdict(words: Uint32Array, targetEnv: string, flags: readonly string[] = []): SpirvValVerdict {
  const args = argsOf(targetEnv, flags);
  const bytes = bytesOf(words);
  const key = keyOf(args, bytes);
  const seen = cached(key);
  if (seen) return seen;
  const served = fromServer(bytes, targetEnv, flags);
  if (served) return keep(key, served);
  const r = spawnSync('spirv-val', args, { input: bytes, encoding: 'utf8' });
  if (r.error) throw r.error;
  const verdict = { ok: r.status === 0, message: `${r.stdout}${r.stderr}`.trim() };
  // A run ended by a signal judged nothing: it is not kept.
  return r.status === null ? verdict : keep(key, verdict);
}

/** The same as {@link spirvValVerdict}, with spirv-val run asynchronously (callers run several at once). */
export async function spirvValVerdictAsync(words: Uint32Array, targetEnv: string, flags: readonly string[] = []): Promise<SpirvValVerdict> {
  const args = argsOf(targetEnv, flags);
  const bytes = bytesOf(words);
  const key = keyOf(args, bytes);
  const seen = cached(key);
  if (seen) return seen;
  const served = fromServer(bytes, targetEnv, flags);
  if (served) return keep(key, served);
  const { code, verdict } = await new Promise<{ code: number | null; verdict: SpirvValVerdict }>((resolve, reject) => {
    const child = spawn('spirv-val', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, verdict: { ok: code === 0, message: `${Buffer.concat(out).toString('utf8')}${Buffer.concat(err).toString('utf8')}`.trim() } }),
    );
    // spirv-val may stop reading a module it rejects early; its exit code says why.
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
  });
  return code === null ? verdict : keep(key, verdict);
}
