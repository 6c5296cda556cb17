/**
 * lower-local-invocation-index on a real Vulkan driver (Mesa lavapipe in CI): each compute shader
 * runs before and after the pass, over several workgroup sizes, dispatch sizes and specialization
 * constants; every storage buffer must be identical, and must hold the index the formula gives
 * (so the shader really wrote it). Mesh and task shaders run in
 * lowerLocalInvocationIndex.mesh.test.ts.
 *
 * Without Vulkan, glslangValidator or spirv-as the suite is skipped with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeModule, encodeModule, passRegistry } from '@spvkit/core';
import '@spvkit/passes';
import { compileCompute, glslangAvailable, type VulkanTargetEnv } from './glsl.js';
import { carryTwin } from './compilerTwins.js';
import { assemble, spirvAsAvailable } from './lowering.js';
import { describeVulkanEnvironment, runCompute, vulkanAvailable, type ComputeJob } from './runCompute.js';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { computeAsm } from '../support/computeAsm.js';

type Vec3 = [number, number, number];
const PASS = 'lower-local-invocation-index';
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';

const availability = [...(await Promise.all([vulkanAvailable(), glslangAvailable()])), spirvAsAvailable()];
const reasons = availability.flatMap((r) => (r.ok ? [] : [r.reason]));
const missing = reasons.length > 0;

if (missing) {
  const msg = `lower-local-invocation-index execution tests SKIPPED: ${reasons.join('; ')}`;
  if (!required) console.warn(msg);
  describe('lower-local-invocation-index on Vulkan', () => {
    it('Vulkan, glslangValidator and spirv-as are available', (ctx) => {
      if (required) throw new Error(`SPVKIT_REQUIRE_ORACLES=1 but: ${reasons.join('; ')}`);
      ctx.skip(msg);
    });
  });
} else {
  const env = await describeVulkanEnvironment();
  console.info(`lower-local-invocation-index runs on: ${env.deviceName} (Vulkan ${env.apiVersion})`);
}

// ------------------------------------------------------------------------------------ helpers

function lower(spirv: Uint32Array): Uint32Array {
  const m = decodeModule(spirv);
  const r = passRegistry.create(PASS).run(m, {});
  expect(r.changed).toBe(true);
  // The twin (@spvkit/glslang's module) is lowered too, so the lowered run is compared across compilers.
  return carryTwin(spirv, encodeModule(m), lower);
}

const u32 = (b: Uint8Array) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);

/**
 * Runs `job` with the module before and after the pass; every buffer must be byte-identical.
 * Returns the buffers (of the lowered run).
 */
async function runBoth(spirv: Uint32Array, job: Omit<ComputeJob, 'spirv'>, lowered = lower(spirv)): Promise<Uint32Array[]> {
  const [before, after] = await Promise.all([runCompute({ ...job, spirv }), runCompute({ ...job, spirv: lowered })]);
  expect(after.length).toBe(before.length);
  after.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(before[i])), `buffer ${i} differs after lowering`).toBe(true));
  return after.map(u32);
}

/** Every global invocation of a dispatch with its local id and linear slot. */
function* invocations(groups: Vec3, size: Vec3): Generator<{ slot: number; lid: Vec3; index: number }> {
  const n: Vec3 = [groups[0] * size[0], groups[1] * size[1], groups[2] * size[2]];
  for (let z = 0; z < n[2]; z++)
    for (let y = 0; y < n[1]; y++)
      for (let x = 0; x < n[0]; x++) {
        const lid: Vec3 = [x % size[0], y % size[1], z % size[2]];
        yield { slot: x + n[0] * (y + n[1] * z), lid, index: lid[2] * size[0] * size[1] + lid[1] * size[0] + lid[0] };
      }
}

const count = (groups: Vec3, size: Vec3) => groups[0] * groups[1] * groups[2] * size[0] * size[1] * size[2];

// GLSL: the index read in main and in functions 1-3 calls deep, in loops.
function nestedGlsl(layout: string, useLocalId = false): string {
  return `#version 450
${layout}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
uint deep3(uint v) { uint s = 0u; for (uint i = 0u; i < 3u; ++i) s += gl_LocalInvocationIndex + i * v; return s; }
uint deep2(uint v) { return deep3(v) ^ (gl_LocalInvocationIndex << 8); }
uint deep1(uint v) { uint r = 0u; for (uint k = 0u; k < 2u; ++k) r += deep2(v + k); return r; }
void main() {
  uint first = gl_LocalInvocationIndex;
  uvec3 n = gl_NumWorkGroups * gl_WorkGroupSize;
  uvec3 g = gl_GlobalInvocationID;
  uint slot = g.x + n.x * (g.y + n.y * g.z);
  rec[slot * 4u + 0u] = first;
  rec[slot * 4u + 1u] = deep1(7u);
  rec[slot * 4u + 2u] = ${useLocalId ? 'gl_LocalInvocationID.x | (gl_LocalInvocationID.y << 8) | (gl_LocalInvocationID.z << 16)' : '0xdeadu'};
  rec[slot * 4u + 3u] = 0x5a5a5a5au;
}
`;
}

/** What nestedGlsl's deep1(7) computes for an index. */
function deep1(index: number): number {
  const deep2 = (v: number) => ((3 * index + 3 * v) ^ (index << 8)) >>> 0;
  return (deep2(7) + deep2(8)) >>> 0;
}

async function checkNested(spirv: Uint32Array, groups: Vec3, size: Vec3, spec?: Record<number, number>, useLocalId = false): Promise<void> {
  const words = count(groups, size) * 4;
  const [rec] = await runBoth(spirv, { groups, buffers: [{ binding: 0, size: (words + 16) * 4 }], ...(spec ? { specConstants: spec } : {}) });
  for (const inv of invocations(groups, size)) {
    const at = inv.slot * 4;
    const ctx = `slot ${inv.slot} lid ${inv.lid.join(',')} size ${size.join(',')} groups ${groups.join(',')}`;
    expect(rec[at], `index, ${ctx}`).toBe(inv.index);
    expect(rec[at + 1], `index in nested calls, ${ctx}`).toBe(deep1(inv.index));
    expect(rec[at + 2], ctx).toBe(useLocalId ? inv.lid[0] | (inv.lid[1] << 8) | (inv.lid[2] << 16) : 0xdead);
    expect(rec[at + 3], ctx).toBe(0x5a5a5a5a);
  }
  for (let i = words; i < words + 16; i++) expect(rec[i], 'past the last invocation').toBe(0);
}

/** Runs an asm module's entry point before and after; rec[2*slot] = index, rec[2*slot+1] = 2*index. */
async function checkAsm(spirv: Uint32Array, lowered: Uint32Array, entryPoint: string, groups: Vec3, size: Vec3): Promise<void> {
  const words = count(groups, size) * 2;
  const [rec] = await runBoth(spirv, { entryPoint, groups, buffers: [{ binding: 0, size: (words + 16) * 4 }] }, lowered);
  for (const inv of invocations(groups, size)) {
    expect(rec[inv.slot * 2], `${entryPoint} slot ${inv.slot} lid ${inv.lid.join(',')}`).toBe(inv.index);
    expect(rec[inv.slot * 2 + 1], `${entryPoint} slot ${inv.slot}`).toBe(inv.index * 2);
  }
  for (let i = words; i < words + 16; i++) expect(rec[i]).toBe(0);
}

// ------------------------------------------------------------------------------------ suites

const modules = !missing && corpusToolsAvailable().ok ? (await loadCorpus()).filter((m) => m.run !== undefined && m.name.includes('lii_')) : [];

const layoutOf = (s: Vec3) => `layout(local_size_x = ${s[0]}, local_size_y = ${s[1]}, local_size_z = ${s[2]}) in;`;
const ENVS: VulkanTargetEnv[] = ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'];
const SIZES: { size: Vec3; groups: Vec3[] }[] = [
  {
    size: [7, 3, 2],
    groups: [
      [1, 1, 1],
      [2, 3, 2],
    ],
  },
  {
    size: [64, 1, 1],
    groups: [
      [1, 1, 1],
      [3, 2, 1],
    ],
  },
  {
    size: [5, 1, 1],
    groups: [
      [4, 1, 1],
      [2, 2, 3],
    ],
  },
  { size: [1, 6, 1], groups: [[2, 2, 1]] },
  { size: [1, 1, 1], groups: [[3, 2, 2]] },
  { size: [4, 1, 3], groups: [[2, 1, 2]] },
  { size: [1, 1, 8], groups: [[2, 1, 1]] },
  { size: [16, 8, 4], groups: [[1, 2, 1]] },
];

describe.skipIf(missing)('lower-local-invocation-index on Vulkan', () => {
  describe('case 1 (LocalSize), 6 (nested calls, loops), 7 (LocalInvocationId absent / present)', () => {
    it.each(ENVS.flatMap((env) => SIZES.map((s) => [env, s.size, s.groups] as const)))('%s, size %j', async (env, size, groupsList) => {
      for (const useLocalId of [false, true]) {
        const spirv = await compileCompute(nestedGlsl(layoutOf([...size]), useLocalId), env);
        for (const groups of groupsList) await checkNested(spirv, [...groups], [...size], undefined, useLocalId);
      }
    });
  });

  describe('case 3 (spec-constant WorkgroupSize) and 4 (LocalSizeId): specialized sizes', () => {
    const src = nestedGlsl('layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z = 2) in;\nlayout(local_size_x = 8, local_size_y = 4) in;');
    it.each(['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'] as VulkanTargetEnv[])('%s', async (env) => {
      const spirv = await compileCompute(src, env);
      for (const [spec, size] of [
        [undefined, [8, 4, 2]],
        [{ 0: 5, 1: 3 }, [5, 3, 2]],
        [{ 0: 1, 1: 7 }, [1, 7, 2]],
        [{ 0: 13 }, [13, 4, 2]],
      ] as [Record<number, number> | undefined, Vec3][]) {
        await checkNested(spirv, [2, 1, 2], size, spec);
      }
    });
    it('LocalSizeId with a spec constant and an OpSpecConstantOp (corpus asm/local_size_id, X = 6)', async () => {
      const text = readFileSync(fileURLToPath(new URL('../corpus/asm/local_size_id.spvasm', import.meta.url)), 'utf8');
      const spirv = assemble(text, 'vulkan1.3');
      // out[(wg.y * nwg.x + wg.x) * X * (X/2) + index] = index
      for (const [X, groups] of [
        [8, [2, 3, 1]],
        [6, [3, 1, 1]],
        [2, [2, 2, 1]],
      ] as [number, Vec3][]) {
        const size: Vec3 = [X, X >> 1, 1];
        const per = size[0] * size[1];
        const [out] = await runBoth(spirv, { groups, buffers: [{ binding: 0, size: (count(groups, size) + 16) * 4 }], specConstants: { 0: X } });
        for (let g = 0; g < groups[0] * groups[1]; g++) for (let i = 0; i < per; i++) expect(out[g * per + i]).toBe(i);
      }
    });
  });

  describe('case 2: WorkgroupSize constant wins over a disagreeing LocalSize', () => {
    it.each(['vulkan1.1', 'vulkan1.2'])('%s: LocalSize 4x4x1, WorkgroupSize 7x3x2', async (env) => {
      const spirv = assemble(computeAsm({ env, eps: [{ name: 'main', size: [4, 4, 1] }], wgsComposite: [7, 3, 2], readInEntry: true }), env);
      for (const groups of [
        [1, 1, 1],
        [2, 2, 1],
      ] as Vec3[])
        await checkAsm(spirv, lower(spirv), 'main', groups, [7, 3, 2]);
    });
  });

  describe('case 5: entry points of different sizes sharing functions', () => {
    it.each(['vulkan1.1', 'vulkan1.2', 'vulkan1.3'])('%s: every entry point runs with its own size', async (env) => {
      const eps = [
        { name: 'a', size: [7, 3, 2] as Vec3 },
        { name: 'b', size: [5, 1, 1] as Vec3 },
        { name: 'c', size: [1, 4, 2] as Vec3 },
      ];
      const spirv = assemble(computeAsm({ env, eps, readInEntry: true }), env);
      const lowered = lower(spirv);
      for (const ep of eps)
        for (const groups of [
          [1, 1, 1],
          [3, 2, 1],
        ] as Vec3[])
          await checkAsm(spirv, lowered, ep.name, groups, ep.size);
    });
  });

  describe('case 7 and 8: signed index, signed LocalInvocationId', () => {
    it.each([
      [false, 'int'],
      [true, undefined],
      [true, 'int'],
      [true, 'uint'],
    ] as const)('signed index %s, LocalInvocationId %s', async (liiSigned, lid) => {
      for (const env of ['vulkan1.1', 'vulkan1.2']) {
        for (const size of [
          [7, 3, 2],
          [64, 1, 1],
          [1, 1, 1],
          [3, 1, 5],
        ] as Vec3[]) {
          const spirv = assemble(computeAsm({ env, eps: [{ name: 'main', size }], liiSigned, lid, readInEntry: true }), env);
          await checkAsm(spirv, lower(spirv), 'main', [2, 1, 2], size);
        }
      }
    });
  });

  // Replayed on an NVIDIA H200 (driver 580.159.04, harness/replay.sh), the unlowered 'param'
  // module read gl_LocalInvocationIndex through the pointer parameter as 0 in every invocation;
  // its lowered module gave lavapipe's bytes, as did both modules of every other job here.
  describe('case 11: index read through pointer copies, a parameter, OpCopyMemory, memory operands', () => {
    it.each(['copy', 'accesschain', 'param', 'copymemory', 'memory-operands'] as const)('%s', async (read) => {
      const env = 'vulkan1.1';
      const spirv = assemble(computeAsm({ env, eps: [{ name: 'main', size: [7, 3, 2] }], read, readInEntry: true }), env);
      await checkAsm(spirv, lower(spirv), 'main', [2, 2, 1], [7, 3, 2]);
    });
  });

  describe('corpus compute shaders with run specs (glsl/lii_*, all debug-info variants)', () => {
    it('found the corpus shaders', () => {
      expect(modules.length).toBeGreaterThanOrEqual(8 * 3);
    });
    it.each(modules.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
      const run = m.run!;
      const buffers = run.buffers.map((b) => ({
        binding: b.binding,
        size: b.size,
        ...(b.fill === 'iota' ? { init: new Uint8Array(Uint32Array.from({ length: b.size / 4 }, (_, i) => i).buffer) } : {}),
      }));
      const out = await runBoth(m.words, { groups: run.groups, buffers, ...(run.specConstants ? { specConstants: run.specConstants } : {}) });
      // The shader wrote something (the comparison is not between two all-zero buffers).
      expect(out.some((b) => b.some((w) => w !== 0))).toBe(true);
    });
  });
});
