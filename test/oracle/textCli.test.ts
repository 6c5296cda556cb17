// `spvkit dis`, `spvkit as` and `spvkit info` on the command line, against Debian's spirv-tools
// (2023.1), over the whole corpus, as issue 3 states the round trips:
//   - `spvkit dis x` prints the text `spirv-dis x` prints (up to spirvDis2023.ts's aliases);
//   - `spirv-as --preserve-numeric-ids` of `spvkit dis --raw-id x` gives x back;
//   - `spvkit as --preserve-numeric-ids` of `spirv-dis --raw-id x` gives x back;
// both ignoring the generator word, and with the bound spirv-as computes (one more than the
// largest id: a module whose producer left ids unused at the top has a larger bound).
// Then the command's own behaviour: files and standard streams, exit codes 0 / 1 / 2 with a
// message and no stack trace, --help, and the `spvkit` the README's set-up installs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { corpusToolsAvailable, loadCorpus, runTool, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { runCli as spvkit } from '../support/runCli.js';
import { asSpirvDis2023, firstDifferences } from './spirvDis2023.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function availability(): Availability {
  const corpus = corpusToolsAvailable();
  if (!corpus.ok) return corpus;
  for (const tool of ['spirv-dis', 'spirv-as']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) return { ok: false, reason: `${tool} (Debian spirv-tools) is not installed` };
  }
  return { ok: true };
}

const tools = availability();
const modules: CorpusModule[] = tools.ok ? await loadCorpus() : [];
const dir = mkdtempSync(join(tmpdir(), 'spvkit-text-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = (words: Uint32Array): Uint8Array => new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
const wordsOf = (b: Uint8Array): number[] => Array.from(new Uint32Array(new Uint8Array(b).buffer));

/** x, with the generator word of `got` and, where x's bound is larger, the bound of `got`. */
function expectModule(got: Uint8Array, x: Uint32Array, what: string): void {
  const a = wordsOf(got);
  const b = Array.from(x);
  b[2] = a[2]!;
  if (b[3] > a[3]) b[3] = a[3]!;
  const first = a.findIndex((w, i) => w !== b[i]);
  if (first < 0 && a.length === b.length) return;
  expect.fail(`${what}: differs at word ${first < 0 ? Math.min(a.length, b.length) : first} (lengths ${a.length} and ${b.length})`);
}

describeWithOracle('spvkit dis / as against spirv-dis / spirv-as over the corpus', tools, () => {
  it('has the corpus', () => expect(modules.length).toBeGreaterThan(50));

  it.each(modules.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const file = join(dir, `${m.name.replace(/[^\w.-]/g, '_')}.spv`);
    writeFileSync(file, bytesOf(m.words));

    const theirs = await runTool('spirv-dis', [file]);
    expect(theirs.code).toBe(0);
    const ours = await spvkit(['dis', file]);
    expect(ours.code, ours.stderr).toBe(0);
    const text = asSpirvDis2023(ours.stdout);
    if (text !== theirs.stdout) expect.fail(`spvkit dis differs from spirv-dis:\n${firstDifferences(theirs.stdout, text)}`);

    // Our text, in the names spirv-as 2023.1 knows (the same aliases, the other way).
    const raw = await spvkit(['dis', '--raw-id', file]);
    expect(raw.code).toBe(0);
    const rawText = `${file}.raw.spvasm`;
    writeFileSync(rawText, asSpirvDis2023(raw.stdout));
    const back = await runTool('spirv-as', ['--target-env', m.targetEnv, '--preserve-numeric-ids', rawText, '-o', `${rawText}.spv`]);
    expect(back.code, back.stderr + back.stdout).toBe(0);
    expectModule(readFileSync(`${rawText}.spv`), m.words, 'spirv-as --preserve-numeric-ids of spvkit dis --raw-id');

    const theirRaw = await runTool('spirv-dis', ['--raw-id', file]);
    const assembled = await spvkit(['as', '--target-env', m.targetEnv, '--preserve-numeric-ids', '-', '-o', '-'], theirRaw.stdout);
    expect(assembled.code, assembled.stderr).toBe(0);
    expectModule(assembled.stdoutBytes, m.words, 'spvkit as --preserve-numeric-ids of spirv-dis --raw-id');
  });
});

describe('spvkit as / dis / info: files, streams, exit codes', () => {
  const text = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
`;

  it('as writes IN.spv next to IN.spvasm by default, -o elsewhere, - for standard output; dis reads it back', async () => {
    const src = join(dir, 'tiny.spvasm');
    writeFileSync(src, text);
    expect((await spvkit(['as', src])).code).toBe(0);
    const spv = readFileSync(join(dir, 'tiny.spv'));
    expect(spv.readUInt32LE(0)).toBe(0x07230203);
    expect((await spvkit(['as', src, '-o', join(dir, 'other.spv')])).code).toBe(0);
    expect(readFileSync(join(dir, 'other.spv')).equals(spv)).toBe(true);
    const piped = await spvkit(['as', '-', '-o', '-'], text);
    expect(piped.code).toBe(0);
    expect(piped.stdoutBytes.equals(spv)).toBe(true);
    const dis = await spvkit(['dis', '--no-header', join(dir, 'tiny.spv')]);
    expect(dis.code).toBe(0);
    // No OpName: the names are numbers, by first appearance, as spirv-as numbers them.
    expect(dis.stdout).toBe(
      text
        .replace(/%main\b/g, '%1')
        .replace('         %fn', '          %3')
        .replace('%fn', '%3')
        .replace('       %1 =', '          %1 =')
        .replace('      %entry', '          %4'),
    );
    const fromStdin = await spvkit(['dis', '--no-header', '--raw-id', '--no-indent', '-'], spv);
    expect(fromStdin.stdout).toContain('\n%1 = OpFunction %2 None %3\n%4 = OpLabel\nOpReturn\n');
    expect((await spvkit(['dis', '-', '-o', join(dir, 'tiny.txt')], spv)).code).toBe(0);
    expect(readFileSync(join(dir, 'tiny.txt'), 'utf8')).toMatch(/^; SPIR-V\n; Version: 1\.6\n/);
  });

  it('as --target-env sets the header version; info summarizes a module', async () => {
    const piped = await spvkit(['as', '--target-env', 'vulkan1.1', '-', '-o', '-'], text);
    expect(piped.stdoutBytes.readUInt32LE(4)).toBe(0x00010300);
    writeFileSync(join(dir, 'v11.spv'), piped.stdoutBytes);
    const info = await spvkit(['info', join(dir, 'v11.spv')]);
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/1\.3/);
    expect(info.stdout).toMatch(/GLCompute/);
  });

  it('dis --color prints spirv-dis --color; colors by default on a terminal only, never into a file; the last of --color / --no-color wins', async () => {
    const m = modules.find((x) => x.name.startsWith('glsl/lii_nested_calls.comp') && x.variant === 'g');
    if (m === undefined) return expect(tools.ok).toBe(false);
    const file = join(dir, 'colors.spv');
    writeFileSync(file, bytesOf(m.words));
    const theirs = await runTool('spirv-dis', ['--color', '--comment', file]);
    const ours = await spvkit(['dis', '--color', '--comment', file]);
    expect(ours.stdout).toContain('\x1b[34m');
    expect(asSpirvDis2023(ours.stdout)).toBe(theirs.stdout);
    const colored = (r: { stdout: string }): boolean => r.stdout.includes('\x1b[');
    expect(colored(await spvkit(['dis', file]))).toBe(false);
    expect(colored(await spvkit(['dis', file], '', { stdoutIsTTY: true }))).toBe(true);
    expect(colored(await spvkit(['dis', '--no-color', file], '', { stdoutIsTTY: true }))).toBe(false);
    expect(colored(await spvkit(['dis', '--color', '--no-color', file]))).toBe(false);
    expect(colored(await spvkit(['dis', '--no-color', '--color', file]))).toBe(true);
    expect((await spvkit(['dis', '--color', file, '-o', join(dir, 'colors.txt')], '', { stdoutIsTTY: true })).code).toBe(0);
    expect(readFileSync(join(dir, 'colors.txt'), 'utf8')).not.toContain('\x1b[');
  });

  it('bad input: exit 1, file:line:column with a caret and a hint, every error, no stack trace', async () => {
    const bad = join(dir, 'bad.spvasm');
    writeFileSync(bad, `${text}%x = OpIAdd %void %undefined_1 %undefined_2\nOpStroe %x %x\n`);
    const r = await spvkit(['as', bad, '-o', join(dir, 'bad.spv')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:12:1: error: unknown opcode 'OpStroe'`);
    expect(r.stderr).toContain('OpStore');
    expect(r.stderr).toMatch(/\^/);
    expect(r.stderr).toContain('%undefined_1');
    expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)?\n/);
    expect(existsSync(join(dir, 'bad.spv'))).toBe(false);

    const truncated = await spvkit(['dis', '-'], new Uint8Array([0x03, 0x02, 0x23, 0x07, 0, 0]));
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toMatch(/error: /);
    expect(truncated.stderr).not.toMatch(/\n\s+at /);
    const missing = await spvkit(['dis', join(dir, 'no-such.spv')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });

  it('bad usage: exit 2 with the usage; --help: exit 0', async () => {
    for (const args of [['dis'], ['dis', 'a.spv', 'b.spv', '-o', 'x.spvasm'], ['as', 'x.spvasm', '--target-env', 'vulkan9'], ['nonsense']]) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage/);
    }
    // An unknown option is one line naming it, without the usage (issue 34).
    const unknown = await spvkit(['dis', '--frobnicate', 'a.spv']);
    expect(unknown).toMatchObject({ code: 2, stderr: "spvkit dis: unknown option '--frobnicate' ('spvkit dis --help' lists those it has)\n" });
    const help = await spvkit(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['as', 'dis', 'info', 'val', 'opt']) expect(help.stdout).toContain(`  ${name} `);
    for (const name of ['as', 'dis']) {
      const r = await spvkit([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`spvkit ${name} IN`);
    }
    expect((await spvkit(['dis', '--help'])).stdout).toMatch(/--comment[\s\S]*--color[\s\S]*--no-color/);
  });

  it('ends quietly when the reader of its output goes away (spvkit dis big.spv | head)', async () => {
    // Far more text than a pipe holds, so writes fail once the reader is gone.
    const names = Array.from({ length: 20000 }, (_, i) => `OpName %t "a name long enough to fill the pipe ${i}"`);
    const file = join(dir, 'big.spv');
    writeFileSync(file, bytesOf(encodeModule(assemble(`OpCapability Shader\nOpMemoryModel Logical GLSL450\n${names.join('\n')}\n%t = OpTypeVoid\n`))));
    const child = spawn(process.execPath, [join(repoRoot, 'packages', 'cli', 'bin', 'spvkit.js'), 'dis', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('runs as a process from the repository root, as node_modules/.bin/spvkit after the set-up', () => {
    const bin = join(repoRoot, 'node_modules', '.bin', 'spvkit');
    expect(existsSync(bin)).toBe(true);
    expect(execFileSync(bin, ['--version'], { cwd: repoRoot, encoding: 'utf8' })).toMatch(/^spvkit \d+\.\d+\.\d+\n$/);
    const r = spawnSync(bin, ['as', '-', '-o', '-'], { cwd: repoRoot, input: 'OpCapability Shader\nOpNop %x\n' });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toContain('<stdin>:2:');
    expect(r.stderr.toString()).not.toMatch(/\n\s+at /);
  });
});
