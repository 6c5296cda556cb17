/**
 * Specialization proved by execution (issue 16): a compute shader run with VkSpecializationInfo
 * values must leave the same buffers as the module specialized to those values
 * (set-spec-const-default-value, freeze-spec-const, fold-spec-const-op-composite) run with none.
 * Every specialized module must pass spirv-val. Debian's spirv-opt runs the same flags on the same
 * modules: its output must pass spirv-val and run to the same buffers too, and the spec constants
 * each leaves, and the sizes, are compared (SPIRV_OPT_CRASHES lists where it gives no module).
 *
 * The shaders cover int, uint, float and bool spec constants (the harness passes 32-bit values:
 * 8-, 16- and 64-bit spec constants are covered by the passes' own tests), a spec-constant
 * workgroup size both as a `BuiltIn WorkgroupSize` composite (vulkan1.1) and as `LocalSizeId`
 * (vulkan1.3), and OpSpecConstantOp expressions: glslang's, and the ~30 opcodes of the corpus
 * module asm/spec_constant_op.spvasm.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodeModule, encodeModule, Op, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvVal } from '../support/spirvTools.js';
import { carryTwin } from './compilerTwins.js';
import { compileCompute, glslangAvailable } from './glsl.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

type Vec3 = [number, number, number];

/** One spec constant's value: what the harness passes (32 bits) and the same value as set-spec-const-default-value's text. */
interface SpecValue {
  readonly id: number;
  readonly bits: number;
  readonly text: string;
}

const floatBits = (x: number): number => new Uint32Array(new Float32Array([x]).buffer)[0];
const int = (id: number, v: number): SpecValue => ({ id, bits: v, text: String(v) });
const float = (id: number, x: number, text = String(x)): SpecValue => ({ id, bits: floatBits(x), text });
const bool = (id: number, v: boolean): SpecValue => ({ id, bits: v ? 1 : 0, text: String(v) });

const SPECIALIZE = ['freeze-spec-const', 'fold-spec-const-op-composite'];
const SPEC_OPCODES = new Set<number>([Op.SpecConstant, Op.SpecConstantTrue, Op.SpecConstantFalse, Op.SpecConstantComposite, Op.SpecConstantOp]);

/** The module specialized to `values` by spvkit's passes (its compiler twin specialized the same way). */
function specialize(words: Uint32Array, values: readonly SpecValue[], targetEnv: string): Uint32Array {
  const transform = (w: Uint32Array): Uint32Array => {
    const module = decodeModule(w);
    const passes = values.length > 0 ? [`set-spec-const-default-value=${values.map((v) => `${v.id}:${v.text}`).join(' ')}`, ...SPECIALIZE] : SPECIALIZE;
    const result = runPasses(module, passes, { targetEnv });
    expect(result.diagnostics).toEqual([]);
    return encodeModule(module);
  };
  return carryTwin(words, transform(words), transform);
}

/** Debian's spirv-opt with the same flags, or why it did not give a module. */
function spirvOpt(words: Uint32Array, values: readonly SpecValue[], targetEnv: string): { words: Uint32Array } | { failed: string } {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-spirv-opt-'));
  try {
    writeFileSync(join(dir, 'in.spv'), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const flags = values.length > 0 ? ['--set-spec-const-default-value', values.map((v) => `${v.id}:${v.text}`).join(' ')] : [];
    const args = [
      `--target-env=${targetEnv}`,
      ...flags,
      '--freeze-spec-const',
      '--fold-spec-const-op-composite',
      join(dir, 'in.spv'),
      '-o',
      join(dir, 'out.spv'),
    ];
    const r = spawnSync('spirv-opt', args, { encoding: 'utf8' });
    if (r.status !== 0) return { failed: r.signal !== null ? `killed by ${r.signal}` : `${r.stdout}${r.stderr}`.trim() };
    const bytes = readFileSync(join(dir, 'out.spv'));
    return { words: new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `name opcode` of every spec constant left in a module. */
function specConstantsLeft(words: Uint32Array): string[] {
  const module = decodeModule(words);
  return module.globals
    .filter((i) => SPEC_OPCODES.has(i.opcode))
    .map((i) => (i.opcode === Op.SpecConstantOp ? `OpSpecConstantOp ${i.word(0)}` : `opcode ${i.opcode}`));
}

/**
 * Where Debian's spirv-opt (v2023.1) does not give a module to compare with, and why. On
 * asm/spec_constant_op.spvasm, `--freeze-spec-const --fold-spec-const-op-composite` crashes
 * (SIGSEGV) with or without set-spec-const-default-value; each pass alone runs. That module
 * is still proved against the driver: the original with VkSpecializationInfo against spvkit's
 * specialized module.
 */
const SPIRV_OPT_CRASHES: Record<string, string> = {
  'asm/spec_constant_op.spvasm': 'spirv-opt v2023.1 segfaults folding this module once it is frozen',
};

/** Module sizes, printed at the end. */
const sizeReport: string[] = [];

const available = await Promise.all([vulkanAvailable(), glslangAvailable()]);
const tools = spawnSync('spirv-opt', ['--version']).status === 0 && spawnSync('spirv-val', ['--version']).status === 0;
const reasons = [...available.flatMap((r) => (r.ok ? [] : [r.reason])), ...(tools ? [] : ['spirv-opt or spirv-val (Debian spirv-tools) is not installed'])];

/**
 * Runs `words` with `values` through the harness, then spvkit's specialized module and
 * spirv-opt's with none: all three must give the same bytes, and both specialized modules must
 * pass spirv-val. Returns the spec constants each left.
 */
async function proveSpecialization(
  label: string,
  words: Uint32Array,
  values: readonly SpecValue[],
  targetEnv: string,
  job: { groups: Vec3; buffers: ComputeBuffer[] },
): Promise<{ ours: string[]; theirs: string[] | undefined }> {
  const sizes = (w: Uint32Array | undefined): string => (w === undefined ? '-' : String(w.length * 4));
  const ours = specialize(words, values, targetEnv);
  const val = spirvVal(ours, targetEnv);
  expect(val.ok, `${label}: spirv-val on spvkit's specialized module: ${val.message}`).toBe(true);
  const theirs = spirvOpt(words, values, targetEnv);
  const crash = Object.entries(SPIRV_OPT_CRASHES).find(([name]) => label.startsWith(name));
  if ('failed' in theirs) {
    if (crash === undefined) throw new Error(`${label}: spirv-opt failed: ${theirs.failed}`);
    console.info(`${label}: no spirv-opt module to compare with (${theirs.failed}): ${crash[1]}`);
  } else {
    expect(crash, `${label}: spirv-opt runs now: drop it from SPIRV_OPT_CRASHES`).toBeUndefined();
    const theirVal = spirvVal(theirs.words, targetEnv);
    expect(theirVal.ok, `${label}: spirv-val on spirv-opt's module: ${theirVal.message}`).toBe(true);
  }
  const specConstants = Object.fromEntries(values.map((v) => [v.id, v.bits]));
  const [original, specialized, optimized] = await Promise.all([
    runCompute({ ...job, spirv: words, specConstants }),
    runCompute({ ...job, spirv: ours }),
    'words' in theirs ? runCompute({ ...job, spirv: theirs.words }) : undefined,
  ]);
  original.forEach((b, i) => {
    expect(Buffer.from(specialized[i]).equals(Buffer.from(b)), `${label}: buffer ${i} of spvkit's specialized module`).toBe(true);
    if (optimized) expect(Buffer.from(optimized[i]).equals(Buffer.from(b)), `${label}: buffer ${i} of spirv-opt's module`).toBe(true);
  });
  const theirWords = 'words' in theirs ? theirs.words : undefined;
  sizeReport.push(`${label}: ${words.length * 4} bytes in, spvkit ${sizes(ours)}, spirv-opt ${sizes(theirWords)}`);
  if (theirWords !== undefined) expect(ours.length, `${label}: spvkit's module is at most spirv-opt's size`).toBeLessThanOrEqual(theirWords.length);
  return { ours: specConstantsLeft(ours), theirs: theirWords === undefined ? undefined : specConstantsLeft(theirWords) };
}

const GLSL = `#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const int K = 3;
layout(constant_id = 3) const uint U = 5u;
layout(constant_id = 4) const float F = 1.5;
layout(constant_id = 5) const bool B = false;
layout(constant_id = 6) const int D = 2;
const int K2 = K * 2 + 1;
const int KN = -K;
const uint SH = U << 2u;
const uint UD = U / 3u;
const int KD = K / D;
const int KR = K % D;
const uint BITS = (U & 0xF0u) | (U ^ 3u);
const bool NB = !B;
const bool LT = K < D;
const bool BOTH = B && LT;
const bool EITHER = B || LT;
const int SEL = B ? K : KN;
const uint UK = uint(K);
const uint WX = gl_WorkGroupSize.x * 2u + gl_WorkGroupSize.y;
const uvec2 V2 = uvec2(U, WX);
const uint SWZ = V2.y - V2.x;
layout(set = 0, binding = 0) buffer Out { uint r[]; } o;
void main() {
  uint wgLinear = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  uint per = gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z;
  uint slot = (wgLinear * per + gl_LocalInvocationIndex) * 20u;
  o.r[slot + 0u] = uint(K2);
  o.r[slot + 1u] = uint(KN);
  o.r[slot + 2u] = SH;
  o.r[slot + 3u] = UD;
  o.r[slot + 4u] = uint(KD);
  o.r[slot + 5u] = uint(KR);
  o.r[slot + 6u] = BITS;
  o.r[slot + 7u] = NB ? 1u : 0u;
  o.r[slot + 8u] = LT ? 1u : 0u;
  o.r[slot + 9u] = BOTH ? 1u : 0u;
  o.r[slot + 10u] = EITHER ? 1u : 0u;
  o.r[slot + 11u] = uint(SEL);
  o.r[slot + 12u] = UK;
  o.r[slot + 13u] = WX;
  o.r[slot + 14u] = SWZ;
  o.r[slot + 15u] = floatBitsToUint(F * 2.0);
  o.r[slot + 16u] = gl_WorkGroupSize.x;
  o.r[slot + 17u] = gl_WorkGroupSize.y;
  o.r[slot + 18u] = gl_LocalInvocationIndex;
  o.r[slot + 19u] = 0x5a5a5a5au;
}`;

/** Values for GLSL's spec constants, and the workgroup size they give. */
const CASES: { values: SpecValue[]; size: [number, number] }[] = [
  { values: [int(0, 8), int(1, 2), int(2, -7), int(3, 100), float(4, 2.5), bool(5, true), int(6, 3)], size: [8, 2] },
  { values: [int(0, 1), int(1, 16), int(2, 2147483647), int(3, 0xffffffff), float(4, -0.1, '-0.1'), bool(5, false), int(6, -4)], size: [1, 16] },
  { values: [int(0, 3), int(3, 0xf3), int(2, -16)], size: [3, 2] },
  // No values: the defaults are frozen.
  { values: [], size: [4, 2] },
];

describeWithOracle(
  'specialization runs like VkSpecializationInfo (issue 16)',
  reasons.length === 0 ? { ok: true } : { ok: false, reason: reasons.join('; ') },
  () => {
    for (const targetEnv of ['vulkan1.1', 'vulkan1.3'] as const) {
      const how = targetEnv === 'vulkan1.1' ? 'a BuiltIn WorkgroupSize composite' : 'LocalSizeId';
      it(`GLSL spec constants of int, uint, float and bool, expressions over them, and a workgroup size from ${how} (${targetEnv})`, async () => {
        const words = await compileCompute(GLSL, targetEnv);
        for (const { values, size } of CASES) {
          const groups: Vec3 = [2, 2, 1];
          const size4 = groups[0] * groups[1] * size[0] * size[1] * 20 * 4 + 64;
          const label = `${targetEnv} ${values.map((v) => `${v.id}:${v.text}`).join(' ') || 'defaults'}`;
          const left = await proveSpecialization(label, words, values, targetEnv, { groups, buffers: [{ binding: 0, size: size4 }] });
          // glslang's expressions all fold: nothing specializable is left for the driver.
          expect(left.ours, label).toEqual([]);
          expect(left.theirs, `${label}: spirv-opt leaves none either`).toEqual([]);
          const module = decodeModule(specialize(words, values, targetEnv));
          const localSize = module.executionModes.find((m) => m.opcode === Op.ExecutionMode && m.word(1) === 17);
          expect(localSize && Array.from(localSize.operands.subarray(2)), `${label}: LocalSize`).toEqual([...size, 1]);
          expect(
            module.executionModes.some((m) => m.opcode === Op.ExecutionModeId),
            `${label}: no LocalSizeId left`,
          ).toBe(false);
        }
      });
    }

    it('the corpus compute modules with spec constants: their run specs, and spec_constant_op.spvasm with values of its own', async () => {
      const corpus = await loadCorpus();
      const withSpec = corpus.filter(
        (m) => m.run !== undefined && m.variant === 'plain' && decodeModule(m.words).annotations.some((a) => a.opcode === Op.Decorate && a.word(1) === 1),
      );
      expect(withSpec.map((m) => m.name)).toEqual(
        expect.arrayContaining([expect.stringContaining('lii_spec_size.comp'), expect.stringContaining('lii_spec_mixed.comp')]),
      );
      for (const m of withSpec) {
        const values = Object.entries(m.run!.specConstants ?? {}).map(([id, v]) => int(Number(id), v));
        const buffers = m.run!.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
        const left = await proveSpecialization(m.name, m.words, values, m.targetEnv, { groups: m.run!.groups, buffers });
        expect(left.ours, m.name).toEqual([]);
        expect(left.theirs, m.name).toEqual([]);
      }
      const asm = corpus.find((m) => m.name.startsWith('asm/spec_constant_op.spvasm'))!;
      const values = [int(0, -17), int(1, 4), float(2, 0.333, '0.333'), bool(3, false), bool(4, true), int(5, 0x12345678)];
      const left = await proveSpecialization(asm.name, asm.words, values, asm.targetEnv, { groups: [1, 1, 1], buffers: [{ binding: 0, size: 48 }] });
      // The VectorShuffle with an undefined component stays for the driver; everything else folds.
      expect(left.ours).toEqual([`OpSpecConstantOp ${Op.VectorShuffle}`]);
      expect(left.theirs).toBeUndefined();
      console.info(`specialized module sizes:\n  ${sizeReport.join('\n  ')}`);
    });
  },
);

describeWithOracle('freeze-spec-const and fold-spec-const-op-composite on the whole corpus, beside spirv-opt', corpusToolsAvailable(), () => {
  it('valid in, valid out; twice equals once; a module without spec constants comes out byte-identical; never larger than spirv-opt', async () => {
    const corpus = await loadCorpus();
    const problems: string[] = [];
    let specialized = 0;
    let untouched = 0;
    let oursTotal = 0;
    let theirsTotal = 0;
    for (const m of corpus) {
      const module = decodeModule(m.words);
      const result = runPasses(module, SPECIALIZE, { targetEnv: m.targetEnv });
      if (!result.ok) {
        problems.push(`${m.name}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
        continue;
      }
      const out = encodeModule(module);
      const hasSpec = decodeModule(m.words).globals.some((i) => SPEC_OPCODES.has(i.opcode));
      if (!hasSpec) {
        untouched++;
        if (result.changed || out.length !== m.words.length || out.some((w, i) => w !== m.words[i]))
          problems.push(`${m.name}: changed a module without spec constants`);
        continue;
      }
      specialized++;
      const val = spirvVal(out, m.targetEnv);
      if (!val.ok) problems.push(`${m.name}: spirv-val: ${val.message.slice(0, 300)}`);
      const again = decodeModule(out);
      if (runPasses(again, SPECIALIZE, { targetEnv: m.targetEnv }).changed) problems.push(`${m.name}: a second run changed it`);
      const theirs = spirvOpt(m.words, [], m.targetEnv);
      if ('failed' in theirs) {
        if (!Object.keys(SPIRV_OPT_CRASHES).some((name) => m.name.startsWith(name))) problems.push(`${m.name}: spirv-opt failed: ${theirs.failed}`);
        continue;
      }
      if (!spirvVal(theirs.words, m.targetEnv).ok) problems.push(`${m.name}: spirv-opt's output fails spirv-val`);
      oursTotal += out.length * 4;
      theirsTotal += theirs.words.length * 4;
      if (out.length > theirs.words.length) problems.push(`${m.name}: ${out.length * 4} bytes, spirv-opt ${theirs.words.length * 4}`);
    }
    console.info(
      `corpus: ${specialized} modules with spec constants specialized (${oursTotal} bytes; spirv-opt ${theirsTotal} on the same), ${untouched} without left byte-identical`,
    );
    expect(specialized).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  }, 300_000);
});

/** Bytes 0, 1, 2, ... as 32-bit words (the corpus run specs' `iota` fill). */
function iota(size: number): Uint8Array {
  const words = new Uint32Array(size / 4).map((_, i) => i);
  return new Uint8Array(words.buffer);
}
