/** `glslangValidator` from PATH, a process per shader: the compiler of the user's machine, when asked for by name. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GlslCompileContext } from '../options.js';
import { GlslCompileError } from './compilerMessage.js';

const availableOnPath = new Map<string, Promise<boolean>>();

/** True when `glslangValidator` runs from PATH (asked once per value of PATH). */
export function glslangValidatorAvailable(): Promise<boolean> {
  const path = process.env.PATH ?? '';
  let p = availableOnPath.get(path);
  if (p === undefined) {
    p = new Promise((done) => execFile('glslangValidator', ['--version'], { timeout: 20_000 }, (err) => done(!err)));
    availableOnPath.set(path, p);
  }
  return p;
}

/** Compiles with `glslangValidator -V` (source on stdin). */
export async function glslangValidatorCompile(source: string, ctx: GlslCompileContext): Promise<Uint32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'spvkit-glslang-'));
  try {
    const out = join(dir, 'out.spv');
    // glslangValidator 12 wants --stdin before -S.
    const args = ['-V', '--target-env', ctx.targetEnv, '--stdin', '-S', ctx.stage, '-o', out];
    if (ctx.debugInfo) args.push('-g');
    const { code, log, spawnError } = await new Promise<{ code: number; log: string; spawnError?: Error }>((done) => {
      const child = execFile('glslangValidator', args, { timeout: 120_000, maxBuffer: 16 << 20, encoding: 'utf8' }, (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: unknown }) | null;
        if (e && typeof e.code === 'string') done({ code: -1, log: '', spawnError: e });
        else done({ code: e ? Number(e.code ?? 1) : 0, log: `${stdout}${stderr}` });
      });
      child.stdin?.end(source);
    });
    if (spawnError) throw new Error(`cannot run glslangValidator: ${spawnError.message}`);
    // Its first line names the input ("stdin"); drop it.
    const cleaned = log
      .split('\n')
      .filter((l) => l.trim() !== 'stdin')
      .join('\n')
      .trim();
    if (code !== 0) throw new GlslCompileError(`GLSL compilation failed:\n${cleaned}`, cleaned);
    const bytes = await readFile(out);
    const words = new Uint32Array(bytes.length >>> 2);
    for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
    return words;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
