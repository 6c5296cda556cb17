/**
 * loop-unroll on a real Vulkan driver (Mesa lavapipe in CI): the GLSL compute shaders below, whose
 * `[[unroll]]` loops count up, down, by two, signed and unsigned, across the 32-bit wrap, zero
 * times, around an if, nested, and into local arrays, run before and after `ssa-rewrite,
 * loop-unroll` and before and after the whole -O recipe spvkit has (loop-unroll in it), with
 * identical storage buffers; every runnable compute module of the corpus does too after
 * ssa-rewrite with every loop marked Unroll (no corpus shader asks for it). The lists must unroll
 * the loops of the shaders below: the comparison is not between two runs of the same code.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { decodeModule, encodeModule, Op, runPasses, type Module } from '@spvkit/core';
import { availableRecipe, PERFORMANCE_PASSES } from '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvVal } from '../support/spirvTools.js';
import { compileCompute } from './glsl.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const UNROLL = ['ssa-rewrite', 'loop-unroll'];
const RECIPE = availableRecipe(PERFORMANCE_PASSES).passes;

/** Invocations of the shaders below; each writes SLOTS values. */
const INVOCATIONS = 32;
const SLOTS = 4;

const PRELUDE = `#version 450
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = ${INVOCATIONS}) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) buffer In { uint i[]; };
`;

/** Constant loops: up by one, signed through zero, down by two to zero, and a wrapping one. */
const COUNTED = `${PRELUDE}
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint x = i[g] * 13u + 5u;
  uint acc = 1u;
  [[unroll]] for (uint k = 0u; k < 5u; k++) acc = acc * 3u + x + k;
  int s = 0;
  [[unroll]] for (int k = -3; k <= 3; k++) s += k * int(x) - k * k;
  uint d = x;
  [[unroll]] for (int k = 7; k >= 0; k -= 2) d = (d << 1u) ^ uint(k);
  uint w = 0u;
  [[unroll]] for (uint k = 0xfffffffeu; k != 2u; k++) w = w * 7u + k;
  o[g * ${SLOTS}u] = acc;
  o[g * ${SLOTS}u + 1u] = uint(s);
  o[g * ${SLOTS}u + 2u] = d;
  o[g * ${SLOTS}u + 3u] = w;
}
`;

/** An if and an if-else inside unrolled loops, a nested pair of them, and a loop that never runs. */
const BRANCHY = `${PRELUDE}
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint x = i[g] * 2654435761u;
  uint acc = 0u;
  [[unroll]] for (uint k = 0u; k < 6u; k++) {
    if (((x >> k) & 1u) != 0u) acc += k * 11u;
    else acc ^= k * 3u + 1u;
  }
  uint m = 0u;
  [[unroll]] for (uint a = 0u; a < 3u; a++) {
    [[unroll]] for (uint b = 1u; b <= 2u; b++) {
      if (a == b) m = m * 5u + x;
      m += a * 10u + b;
    }
  }
  uint z = 77u;
  [[unroll]] for (uint k = 4u; k < 4u; k++) z = z * x;
  o[g * ${SLOTS}u] = acc;
  o[g * ${SLOTS}u + 1u] = m;
  o[g * ${SLOTS}u + 2u] = z + x;
  o[g * ${SLOTS}u + 3u] = acc ^ m;
}
`;

/** Accumulating into local arrays, with loops whose index picks the element. */
const ARRAYS = `${PRELUDE}
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint x = i[g] + 3u;
  uint a[8];
  [[unroll]] for (uint k = 0u; k < 8u; k++) a[k] = x * k + 1u;
  [[unroll]] for (uint k = 1u; k < 8u; k++) a[k] += a[k - 1u];
  uint h[4] = uint[4](0u, 0u, 0u, 0u);
  [[unroll]] for (int k = 15; k > 0; k--) h[k & 3] += uint(k) * x;
  o[g * ${SLOTS}u] = a[7];
  o[g * ${SLOTS}u + 1u] = a[x & 7u];
  o[g * ${SLOTS}u + 2u] = h[0] + h[1] * 3u;
  o[g * ${SLOTS}u + 3u] = h[g & 3u];
}
`;

const SHADERS: readonly [string, string][] = [
  ['counted loops', COUNTED],
  ['branches inside', BRANCHY],
  ['local arrays', ARRAYS],
];

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i * 7 + (i >> 2)).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');
const same = (a: Uint8Array[], b: Uint8Array[]): boolean => a.length === b.length && a.every((x, i) => Buffer.from(x).equals(Buffer.from(b[i])));

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string, edit?: (m: Module) => void): Uint32Array {
  const module = decodeModule(words);
  edit?.(module);
  const r = runPasses(module, passes, { targetEnv, checkConsistency: true });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

/** How many loops the module has. */
function loops(words: Uint32Array): number {
  let n = 0;
  for (const inst of decodeModule(words).instructions()) if (inst.opcode === Op.LoopMerge) n++;
  return n;
}

/** Every OpLoopMerge of the module asks for `Unroll` alone. */
function markUnroll(module: Module): void {
  for (const fn of module.functions)
    for (const block of fn.blocks)
      for (const inst of block.instructions) if (inst.opcode === Op.LoopMerge) module.setOperands(inst, [inst.word(0), inst.word(1), 1]);
}

function runCorpus(m: CorpusModule, spirv: Uint32Array): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) });
}

function runOwn(spirv: Uint32Array): Promise<Uint8Array[]> {
  return runCompute({
    spirv,
    groups: [1, 1, 1],
    buffers: [
      { binding: 0, size: INVOCATIONS * SLOTS * 4 },
      { binding: 1, size: INVOCATIONS * 4, init: iota(INVOCATIONS * 4) },
    ],
  });
}

describeWithOracle('loop-unroll on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);
  const own = availability.ok ? Promise.all(SHADERS.map(([, source]) => compileCompute(source))) : Promise.resolve([]);

  it('the shaders written for it: every loop unrolled, the same buffers after ssa-rewrite,loop-unroll and after -O', { timeout: 300_000 }, async () => {
    expect(RECIPE).toContain('loop-unroll');
    for (const [k, words] of (await own).entries()) {
      const name = SHADERS[k][0];
      expect(loops(words), name).toBeGreaterThan(0);
      const before = await runOwn(words);
      expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).filter((v) => v !== 0).length, name).toBeGreaterThan(
        INVOCATIONS * (SLOTS - 1),
      );
      for (const [key, list] of [
        ['ssa-rewrite,loop-unroll', UNROLL],
        ['-O', RECIPE],
      ] as const) {
        const after = transform(words, list, 'vulkan1.1');
        expect(loops(after), `${name}: loops left after ${key}`).toBe(0);
        expect(spirvVal(after, 'vulkan1.1'), `${name} after ${key}`).toMatchObject({ ok: true });
        expect(same(await runOwn(after), before), `${name}: buffers differ after ${key}`).toBe(true);
      }
    }
  });

  it('the corpus compute modules with every loop marked Unroll, after ssa-rewrite', { timeout: 600_000 }, async () => {
    let runs = 0;
    for (const m of await modules) {
      const ssa = transform(m.words, ['ssa-rewrite'], m.targetEnv, markUnroll);
      const after = transform(ssa, ['loop-unroll'], m.targetEnv);
      if (hash(after) === hash(ssa)) continue;
      expect(spirvVal(after, m.targetEnv), m.name).toMatchObject({ ok: true });
      const before = await runCorpus(m, m.words);
      expect(
        before.some((b) => b.some((x) => x !== 0)),
        m.name,
      ).toBe(true);
      expect(same(await runCorpus(m, after), before), `${m.name}: buffers differ after loop-unroll`).toBe(true);
      runs++;
    }
    console.info(`loop-unroll: ${runs} unrolled corpus modules run`);
    expect(runs).toBeGreaterThan(0);
  });
});
