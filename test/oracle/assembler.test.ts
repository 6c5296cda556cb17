// Differential test of the assembler against spirv-as (SPIRV-Tools v2023.1) over the project
// corpus: GLSL compiled by glslangValidator (three debug-info variants, several target envs) and
// the hand-written .spvasm files. For every module x:
//   1. assemble(spirv-dis --raw-id x, { preserveNumericIds }) encodes to x itself (and to what
//      spirv-as gives; the bound is one more than the largest id, as the text has no bound);
//   2. assemble(spirv-dis x) (friendly names) gives the bytes spirv-as gives for the same text;
//   3. assemble(spirv-dis --raw-id x) without preserveNumericIds gives spirv-as's bytes too (the
//      numeric names are then renumbered by first appearance);
//   4. for the .spvasm sources, assemble(source) gives spirv-as's bytes (x).
// The header's generator word is ignored (spirv-as writes 0x00070000, spvkit 0). spirv-dis's text
// is read as it is: every name spirv-dis 2023.1 prints is in the current grammar, as an enumerant
// or an alias (spirvDis2023.ts lists the names that differ the other way).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SpirvError, assemble, encodeModule, formatAssemblyDiagnostic, type AssembleOptions } from '@spvkit/core';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { warmUpText } from '../../packages/cli/src/input/warmUpText.js';

function availability(): { ok: boolean; reason?: string } {
  const corpus = corpusToolsAvailable();
  if (!corpus.ok) return corpus;
  if (spawnSync('spirv-dis', ['--version'], { stdio: 'ignore' }).status !== 0) return { ok: false, reason: 'spirv-dis (Debian spirv-tools) is not installed' };
  return { ok: true };
}

const tools = availability();
const modules: CorpusModule[] = tools.ok ? await loadCorpus() : [];

/** Runs a tool with bytes on stdin; resolves to its stdout bytes, or rejects with its stderr. */
function pipe(cmd: string, args: readonly string[], input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code}): ${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

const bytesOf = (words: Uint32Array): Uint8Array => new Uint8Array(words.buffer, words.byteOffset, words.byteLength);

function spirvDis(words: Uint32Array, flags: readonly string[]): Promise<string> {
  return pipe('spirv-dis', [...flags, '-', '-o', '-'], bytesOf(words)).then((b) => b.toString('utf8'));
}

async function spirvAs(text: string, targetEnv: string, flags: readonly string[] = []): Promise<Uint32Array> {
  const b = await pipe('spirv-as', ['--target-env', targetEnv, ...flags, '-', '-o', '-'], Buffer.from(text, 'utf8'));
  const words = new Uint32Array(b.byteLength / 4);
  new Uint8Array(words.buffer).set(b);
  return words;
}

/** Our words for `text`; an assembly error fails the test with every diagnostic, framed. */
function ours(text: string, options: AssembleOptions): Uint32Array {
  try {
    return encodeModule(assemble(text, options));
  } catch (e) {
    if (e instanceof SpirvError && e.diagnostics) {
      throw new Error(`spvkit rejected text spirv-as accepts:\n${e.diagnostics.slice(0, 10).map(formatAssemblyDiagnostic).join('\n\n')}`, {
        cause: e,
      });
    }
    throw e;
  }
}

/** Equal except the generator word (word 2); on a difference, says where. */
function expectSameModule(actual: Uint32Array, expected: Uint32Array, what: string): void {
  const a = Array.from(actual);
  const b = Array.from(expected);
  a[2] = 0;
  b[2] = 0;
  const first = a.findIndex((w, i) => w !== b[i]);
  if (first < 0 && a.length === b.length) return;
  const at = first < 0 ? Math.min(a.length, b.length) : first;
  const hex = (ws: number[]): string =>
    ws
      .slice(Math.max(0, at - 4), at + 6)
      .map((w) => w.toString(16).padStart(8, '0'))
      .join(' ');
  expect.fail(`${what}: differs at word ${at} (lengths ${a.length} and ${b.length})\n  spvkit:   ${hex(a)}\n  expected: ${hex(b)}`);
}

describeWithOracle('assembler matches spirv-as over the corpus', tools, () => {
  it('has a corpus to compare', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(modules.some((m) => m.kind === 'asm')).toBe(true);
    expect(modules.some((m) => m.variant === 'gV')).toBe(true);
  });

  for (const m of modules) {
    const options = { targetEnv: m.targetEnv, file: m.name };

    it(`${m.name}: spirv-dis --raw-id with preserveNumericIds gives the module back`, async () => {
      const text = await spirvDis(m.words, ['--raw-id']);
      const preserved = ours(text, { ...options, preserveNumericIds: true });
      const theirs = await spirvAs(text, m.targetEnv, ['--preserve-numeric-ids']);
      expectSameModule(preserved, theirs, 'raw ids, preserved, against spirv-as');
      // The text does not carry the bound: like spirv-as, the assembler makes it one more than the
      // largest id, which is below the original bound when its producer left ids unused at the top.
      const original = m.words.slice();
      if (original[3] > preserved[3]) original[3] = preserved[3]!;
      expectSameModule(preserved, original, 'raw ids, preserved, against the module');
      // Without preserveNumericIds the numeric names are numbered by first appearance, as spirv-as does.
      expectSameModule(ours(text, options), await spirvAs(text, m.targetEnv), 'raw ids, renumbered');
    });

    it(`${m.name}: spirv-dis with friendly names gives spirv-as's bytes`, async () => {
      const text = await spirvDis(m.words, []);
      expectSameModule(ours(text, options), await spirvAs(text, m.targetEnv), 'friendly names');
    });

    if (m.kind === 'asm') {
      it(`${m.name}: the hand-written source gives spirv-as's bytes`, () => {
        expectSameModule(ours(readFileSync(m.source, 'utf8'), options), m.words, 'source');
      });
    }
  }
});

/**
 * A module of `functions` small functions in spirv-dis's style, over 1 MiB of text for 4000: a
 * text the size at which the CLI calls warmUpAssembler first, with every instruction held as words.
 */
function largeText(functions: number): string {
  const lines = [
    '               OpCapability Shader',
    '          %1 = OpExtInstImport "GLSL.std.450"',
    '               OpMemoryModel Logical GLSL450',
    '               OpEntryPoint GLCompute %main "main"',
    '               OpExecutionMode %main LocalSize 1 1 1',
    '               OpName %main "main"',
  ];
  for (let i = 0; i < functions; i++) lines.push(`               OpName %f${i}_u1_ "f${i}(u1;"`);
  lines.push(
    '       %void = OpTypeVoid',
    '          %3 = OpTypeFunction %void',
    '       %uint = OpTypeInt 32 0',
    '      %float = OpTypeFloat 32',
    '          %7 = OpTypeFunction %uint %uint',
  );
  for (let i = 0; i < 64; i++) lines.push(`     %uint_${i} = OpConstant %uint ${i}`);
  lines.push('       %main = OpFunction %void None %3', '          %8 = OpLabel', '               OpReturn', '               OpFunctionEnd');
  let id = 100;
  for (let i = 0; i < functions; i++) {
    const [x, l, a, b, c, d, e] = [id, id + 1, id + 2, id + 3, id + 4, id + 5, id + 6];
    id += 7;
    lines.push(
      `  %f${i}_u1_ = OpFunction %uint None %7`,
      `        %${x} = OpFunctionParameter %uint`,
      `        %${l} = OpLabel`,
      `        %${a} = OpIAdd %uint %${x} %uint_${i % 64}`,
      `        %${b} = OpBitwiseAnd %uint %${a} %uint_63`,
      `        %${c} = OpConvertUToF %float %${b}`,
      `        %${d} = OpExtInst %float %1 Sqrt %${c}`,
      `        %${e} = OpConvertFToU %uint %${d}`,
      `               OpReturnValue %${e}`,
      '               OpFunctionEnd',
    );
  }
  return `${lines.join('\n')}\n`;
}

describeWithOracle('assembler matches spirv-as beyond the corpus', tools, () => {
  it("the warm-up text read before large texts gives spirv-as's bytes, which spirv-val accepts", async () => {
    const words = ours(warmUpText, {});
    expectSameModule(words, await spirvAs(warmUpText, 'spv1.6'), 'warm-up text');
    const val = spawnSync('spirv-val', ['--target-env', 'spv1.6', '-'], { input: bytesOf(words) });
    expect(val.stderr.toString() + val.stdout.toString()).toBe('');
    expect(val.status).toBe(0);
  });

  it("a text over 1 MiB gives spirv-as's bytes, held as words or built", async () => {
    const text = largeText(4000);
    expect(text.length).toBeGreaterThan(1 << 20);
    const theirs = await spirvAs(text, 'spv1.6');
    expectSameModule(ours(text, {}), theirs, 'large text, lazy');
    expectSameModule(ours(text, { lazyFunctions: false }), theirs, 'large text, built');
    const m = assemble(text, { file: 'large.spvasm' });
    expect(m.debugNames.length).toBe(4001);
    expect(m.functions.length).toBe(4001);
    const last = m.functions[4000].blocks[0].instructions.at(-1)!;
    expect(text.slice(last.span!.start, last.span!.end)).toMatch(/^OpReturnValue %\d+$/);
    expectSameModule(encodeModule(m), theirs, 'large text, after building');
  });
});
