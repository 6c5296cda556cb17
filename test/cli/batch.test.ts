// Many inputs in one command (issue 17, part 1): files, folders and quoted globs; per-file results
// in input order and one summary line; the exit code the worst of all files; --out-dir mirroring
// the inputs' relative paths; --json one object a line; --jobs N giving the same bytes as
// --jobs 1; a bad file among good ones reported while the others are still written.
// In process through runCli (from source) and, for worker threads, the built `spvkit` as a process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = fileURLToPath(new URL('../../packages/cli/bin/spvkit.js', import.meta.url));

/** A compute shader whose workgroup is N x 1 x 1, so each file's output differs. */
const shader = (n: number): string => `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %lii
OpExecutionMode %main LocalSize ${n} 1 1
OpDecorate %lii BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Input %uint
%lii = OpVariable %ptr Input
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpLoad %uint %lii
OpReturn
OpFunctionEnd
`;
const binary = (text: string): Uint8Array => {
  const w = encodeModule(assemble(text));
  return new Uint8Array(w.buffer, w.byteOffset, w.byteLength);
};
/** Files under `root`, relative, sorted. */
const tree = (root: string): string[] => {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(root, join(d, e.name)).split('\\').join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
};

const shaders = join(dir, 'shaders');
beforeAll(() => {
  // shaders/a/N.spv and shaders/b/c/N.spv, a bad module in b/, a text module in a/.
  for (let n = 1; n <= 24; n++) {
    const sub = join(shaders, n % 2 === 0 ? 'a' : join('b', 'c'));
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `s${String(n).padStart(2, '0')}.spv`), binary(shader(n)));
  }
  writeFileSync(join(shaders, 'a', 'text.spvasm'), shader(99));
  writeFileSync(join(shaders, 'b', 'broken.spv'), new Uint8Array([3, 2, 35, 7, 0, 0, 1, 0]));
  writeFileSync(join(shaders, 'b', 'notes.txt'), 'not a shader');
});

describe('several inputs', () => {
  it('prints each file in the order given, then one summary line', async () => {
    const a = join(shaders, 'a', 's04.spv');
    const b = join(shaders, 'b', 'c', 's01.spv');
    const r = await spvkit(['info', b, a, '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; exitCode: number; result: { entryPoints: { workgroupSize: number[] }[] } });
    expect(lines.map((l) => l.file)).toEqual([b, a]);
    expect(lines.map((l) => l.result.entryPoints[0].workgroupSize[0])).toEqual([1, 4]);
    expect(r.stderr).toBe('spvkit info: 2 files, 2 ok, 0 failed\n');

    const text = await spvkit(['info', b, a]);
    expect(text.stdout).toMatch(new RegExp(`^${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\n  version: `));
    expect(text.stdout.indexOf(`${a}:\n`)).toBeGreaterThan(text.stdout.indexOf(`${b}:\n`));
  });

  it('expands a folder to its modules at any depth, and a quoted glob, each sorted', async () => {
    const r = await spvkit(['val', shaders, '--json']);
    const files = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { file: string }).file);
    expect(files).toHaveLength(26); // 24 modules, the text one, the broken one; not notes.txt
    expect(files).toEqual([...files].sort());
    expect(files).toContain(join(shaders, 'a', 'text.spvasm'));
    const glob = await spvkit(['val', `${shaders}/**/s0*.spv`, '--json']);
    expect(glob.stdout.trimEnd().split('\n')).toHaveLength(9);
    expect(glob.code).toBe(0);
  });

  it('exits with the worst code, reports the bad file, and still writes the others', async () => {
    const out = join(dir, 'out-bad');
    const r = await spvkit(['dis', join(shaders, 'b'), '--out-dir', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${join(shaders, 'b', 'broken.spv')}: error:`);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('spvkit dis: 13 files, 12 ok, 1 failed');
    expect(tree(out)).toHaveLength(12);
    expect(tree(out)).not.toContain('broken.spvasm');
    expect(readFileSync(join(out, 'c', 's01.spvasm'), 'utf8')).toContain('OpExecutionMode %1 LocalSize 1 1 1');
  });

  it('--out-dir mirrors paths relative to the folder or the glob base', async () => {
    const out = join(dir, 'out-mirror');
    expect((await spvkit(['opt', `${shaders}/**/s1*.spv`, '--lower-local-invocation-index', '--out-dir', out])).code).toBe(0);
    expect(tree(out)).toEqual([
      'a/s10.spv',
      'a/s12.spv',
      'a/s14.spv',
      'a/s16.spv',
      'a/s18.spv',
      'b/c/s11.spv',
      'b/c/s13.spv',
      'b/c/s15.spv',
      'b/c/s17.spv',
      'b/c/s19.spv',
    ]);
    const lowered = await spvkit(['dis', join(out, 'a', 's10.spv')]);
    expect(lowered.stdout).toContain('LocalInvocationId');

    const asOut = join(dir, 'out-as');
    const as = await spvkit(['as', join(shaders, 'a'), '--out-dir', asOut, '--json']);
    expect(as.code).toBe(0);
    expect(JSON.parse(as.stdout.trim()) as unknown).toEqual({ file: join(shaders, 'a', 'text.spvasm'), exitCode: 0, output: join(asOut, 'text.spv') });
    expect(tree(asOut)).toEqual(['text.spv']);
  });

  it('--json gives one object per file, a failure with its messages', async () => {
    const r = await spvkit(['dis', join(shaders, 'b', 'broken.spv'), join(shaders, 'a', 's02.spv'), '--json']);
    expect(r.code).toBe(1);
    const [bad, good] = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(bad).toMatchObject({ file: join(shaders, 'b', 'broken.spv'), exitCode: 1, output: null });
    expect(String(bad.messages)).toContain('broken.spv: error:');
    expect(good).toMatchObject({ exitCode: 0, output: null });
    expect(String(good.text)).toContain('OpExecutionMode %1 LocalSize 2 1 1');
  });

  it('reports a glob that matches nothing as that argument failing', async () => {
    const r = await spvkit(['val', join(shaders, 'a', 's02.spv'), `${shaders}/**/*.nothing`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${shaders}/**/*.nothing: error: no file matches this pattern`);
    expect(r.stderr).toContain('spvkit val: 2 files, 1 ok, 1 failed');
  });

  it('is bad usage (exit 2) for -o with several inputs, opt without --out-dir, --out-dir where nothing is written, - among others, two inputs to one output, a bad --jobs', async () => {
    const a = join(shaders, 'a', 's02.spv');
    const b = join(shaders, 'a', 's04.spv');
    const cases = [
      ['dis', a, b, '-o', join(dir, 'x.spvasm')],
      ['opt', a, b, '--lower-local-invocation-index'],
      ['val', a, b, '--out-dir', join(dir, 'never')],
      ['val', a, '-'],
      ['dis', a, join(shaders, 'b', 'c', 's01.spv'), join(dir, 'a', 's02.spv'), '--out-dir', join(dir, 'never')],
      ['dis', a, join(shaders, 'x', 's02.spv'), '--out-dir', join(dir, 'never')],
      ['val', a, b, '--jobs', '0'],
      ['opt', shaders, '--out-dir', shaders],
    ];
    for (const args of cases) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage/);
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });
});

describe('--jobs', () => {
  /** `spvkit ARGS` as a process of the built bin, in `dir`. */
  const run = (args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'buffer', env: { ...process.env, SPVKIT_CODE_CACHE: '0' } });

  it('gives the same bytes on standard output and error, and the same files, as --jobs 1', () => {
    const outputs = new Map<string, { stdout: Buffer; stderr: Buffer; files: Map<string, Buffer> }>();
    for (const jobs of ['1', '3']) {
      const out = join(dir, `jobs-${jobs}`);
      const dis = run(['dis', 'shaders', '--jobs', jobs, '--raw-id']);
      const opt = run(['opt', 'shaders', '--out-dir', out, '--lower-local-invocation-index', '--jobs', jobs]);
      expect(dis.status).toBe(1);
      expect(opt.status).toBe(1);
      const files = new Map(tree(out).map((f) => [f, readFileSync(join(out, f))]));
      outputs.set(jobs, { stdout: Buffer.concat([dis.stdout, opt.stdout]), stderr: Buffer.concat([dis.stderr, opt.stderr]).subarray(0), files });
    }
    const one = outputs.get('1')!;
    const three = outputs.get('3')!;
    expect(one.stdout.length).toBeGreaterThan(10_000);
    expect(three.stdout.equals(one.stdout)).toBe(true);
    expect(three.stderr.toString()).toBe(one.stderr.toString());
    expect(one.stderr.toString()).toContain('broken.spv: error:');
    expect([...three.files.keys()]).toEqual([...one.files.keys()]);
    expect([...one.files.keys()]).toHaveLength(25);
    for (const [f, bytes] of one.files) expect(three.files.get(f)!.equals(bytes), f).toBe(true);
  });

  it('prints no progress line when standard error is not a terminal', () => {
    const r = run(['val', 'shaders', '--jobs', '2']);
    expect(r.stderr.toString()).not.toContain('\r');
    expect(statSync(join(dir, 'shaders')).isDirectory()).toBe(true);
  });
});

describe('the progress line of a long run', () => {
  // A run made long for certain: its first input is a named pipe that a shell writes a module
  // into 0.6 s after spvkit opened it (the line waits 0.4 s before it shows), and the others
  // finish after it. (The writer's open waits for the reader's, so a slow start-up cannot eat the delay.)
  // util-linux `script` gives the command a terminal (a pty) as standard output and error.
  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  const hasMkfifo = spawnSync('mkfifo', ['--version'], { encoding: 'utf8' }).status === 0;
  const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
  const rest = ['s02.spv', 's04.spv', 's06.spv', 's08.spv'].map((f) => join(shaders, 'a', f));
  /** The shell command: the pipe written late, then `spvkit dis` over it and the others, standard output discarded. */
  const slowRun = (fifo: string): string =>
    `(exec 3> ${quote(fifo)}; sleep 0.6; cat ${quote(join(shaders, 'a', 's10.spv'))} >&3) & ` +
    `SPVKIT_CODE_CACHE=0 ${quote(process.execPath)} ${quote(bin)} dis --raw-id --jobs 1 ${[fifo, ...rest].map(quote).join(' ')} > /dev/null; wait`;
  const fifoIn = (name: string): string => {
    const fifo = join(dir, name);
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    return fifo;
  };

  it('is drawn on a terminal, then cleared before the summary', (ctx) => {
    if (!hasScript || !hasMkfifo) ctx.skip('util-linux `script` (or mkfifo) is not installed: no terminal to run spvkit under');
    const r = spawnSync('script', ['-qec', slowRun(fifoIn('progress.fifo')), '/dev/null'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    // What the terminal received: standard error only (standard output went to /dev/null).
    const shown = r.stdout;
    const drawn = [1, 2, 3, 4].filter((n) => shown.includes(`\r\x1b[Kspvkit dis: ${n}/5 files`));
    expect(drawn.length).toBeGreaterThan(0);
    const summary = shown.lastIndexOf('spvkit dis: 5 files, 5 ok, 0 failed');
    expect(summary).toBeGreaterThan(0);
    // Cleared (carriage return, erase line) before the summary is written, and nothing drawn after it.
    expect(shown.slice(0, summary).endsWith('\r\x1b[K')).toBe(true);
    expect(shown.slice(summary)).not.toContain('\x1b[K');
  });

  it('writes nothing extra when standard error is a pipe', (ctx) => {
    if (!hasMkfifo) ctx.skip('mkfifo is not installed');
    const r = spawnSync('sh', ['-c', slowRun(fifoIn('piped.fifo'))], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('spvkit dis: 5 files, 5 ok, 0 failed\n');
  });
});
