/**
 * Checks the execution harness itself: GLSL compute shaders run on the Vulkan driver and their
 * storage buffers must hold exactly what JS computes.
 *
 * Without Vulkan (C compiler + headers + loader + device) or glslangValidator the suite is skipped
 * with a message, or fails when SPVKIT_REQUIRE_ORACLES=1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileCompute, glslangAvailable } from './glsl.js';
import { buildHarness, describeVulkanEnvironment, runCompute, SpvRunError, vulkanAvailable } from './runCompute.js';

const availability = await Promise.all([vulkanAvailable(), glslangAvailable()]);
const reasons = availability.flatMap((r) => (r.ok ? [] : [r.reason]));
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
const missing = reasons.length > 0;

if (missing) {
  const msg = `execution harness tests skipped: ${reasons.join('; ')}`;
  if (!required) console.warn(msg);
  describe('execution oracles', () => {
    it('Vulkan and glslangValidator are available', (ctx) => {
      if (required) throw new Error(`SPVKIT_REQUIRE_ORACLES=1 but: ${reasons.join('; ')}`);
      ctx.skip(msg);
    });
  });
} else {
  const env = await describeVulkanEnvironment();
  console.info(`execution harness device: ${env.deviceName} (Vulkan ${env.apiVersion}, ${env.driverName ?? '?'} ${env.driverInfo ?? ''})`);
}

const u32 = (b: Uint8Array) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
const bytesOf = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
type Vec3 = [number, number, number];

/** Every (workgroup, local id) pair of a dispatch, in workgroup-linear then local-index order. */
function* invocations(groups: Vec3, size: Vec3) {
  for (let wz = 0; wz < groups[2]; wz++)
    for (let wy = 0; wy < groups[1]; wy++)
      for (let wx = 0; wx < groups[0]; wx++)
        for (let lz = 0; lz < size[2]; lz++)
          for (let ly = 0; ly < size[1]; ly++)
            for (let lx = 0; lx < size[0]; lx++) {
              const localIndex = lx + size[0] * (ly + size[1] * lz);
              const wgLinear = wx + groups[0] * (wy + groups[1] * wz);
              const gid: Vec3 = [wx * size[0] + lx, wy * size[1] + ly, wz * size[2] + lz];
              const gidLinear = gid[0] + groups[0] * size[0] * (gid[1] + groups[1] * size[1] * gid[2]);
              yield { localIndex, lid: [lx, ly, lz] as Vec3, wg: [wx, wy, wz] as Vec3, wgLinear, gidLinear };
            }
}

const SENTINEL = 0xabababab;
const TAIL_WORDS = 16; // words past the last written one; must stay untouched

describe.skipIf(missing)('runCompute on Vulkan', () => {
  it('7x3x2 workgroup: gl_LocalInvocationIndex / LocalInvocationID / WorkGroupID', async () => {
    const spirv = await compileCompute(`#version 450
layout(local_size_x = 7, local_size_y = 3, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Records { uint r[]; } rec;
layout(set = 0, binding = 1) buffer ByGid { uint v[]; } byGid;
void main() {
  uvec3 n = gl_NumWorkGroups;
  uint wgLinear = gl_WorkGroupID.x + n.x * (gl_WorkGroupID.y + n.y * gl_WorkGroupID.z);
  uint slot = (wgLinear * 42u + gl_LocalInvocationIndex) * 8u;
  rec.r[slot + 0u] = gl_LocalInvocationIndex;
  rec.r[slot + 1u] = gl_LocalInvocationID.x;
  rec.r[slot + 2u] = gl_LocalInvocationID.y;
  rec.r[slot + 3u] = gl_LocalInvocationID.z;
  rec.r[slot + 4u] = gl_WorkGroupID.x;
  rec.r[slot + 5u] = gl_WorkGroupID.y;
  rec.r[slot + 6u] = gl_WorkGroupID.z;
  rec.r[slot + 7u] = 0x10000u * n.x + 0x100u * n.y + n.z;
  uvec3 g = gl_GlobalInvocationID;
  uvec3 gs = n * gl_WorkGroupSize;
  byGid.v[g.x + gs.x * (g.y + gs.y * g.z)] = gl_LocalInvocationIndex;
}`);
    const size: Vec3 = [7, 3, 2];
    for (const groups of [
      [1, 1, 1],
      [2, 3, 2],
      [4, 1, 3],
    ] as Vec3[]) {
      const count = groups[0] * groups[1] * groups[2] * 42;
      const recWords = count * 8 + TAIL_WORDS;
      const gidWords = count + TAIL_WORDS;
      const [rec, byGid] = await runCompute({
        spirv,
        groups,
        buffers: [
          { binding: 0, size: recWords * 4, init: bytesOf(new Uint32Array(recWords).fill(SENTINEL)) },
          { binding: 1, size: gidWords * 4, init: bytesOf(new Uint32Array(gidWords).fill(SENTINEL)) },
        ],
      });
      const expRec = new Uint32Array(recWords).fill(SENTINEL);
      const expGid = new Uint32Array(gidWords).fill(SENTINEL);
      for (const inv of invocations(groups, size)) {
        const slot = (inv.wgLinear * 42 + inv.localIndex) * 8;
        expRec.set([inv.localIndex, ...inv.lid, ...inv.wg, 0x10000 * groups[0] + 0x100 * groups[1] + groups[2]], slot);
        expGid[inv.gidLinear] = inv.localIndex;
      }
      expect(u32(rec), `records, groups ${groups.join(',')}`).toEqual(expRec);
      expect(u32(byGid), `by global id, groups ${groups.join(',')}`).toEqual(expGid);
    }
  });

  it('1-D workgroup of 64 with an initialised input buffer', async () => {
    const spirv = await compileCompute(`#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint x[]; } inp;
layout(set = 0, binding = 1) writeonly buffer Out { uint y[]; } outp;
void main() {
  uint wgLinear = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  uint i = wgLinear * 64u + gl_LocalInvocationIndex;
  outp.y[i] = (inp.x[i] * 2654435761u + gl_LocalInvocationIndex) ^ (gl_WorkGroupID.x << 16) ^ (gl_WorkGroupID.y << 24);
}`);
    for (const groups of [
      [1, 1, 1],
      [5, 1, 1],
      [16, 1, 1],
      [2, 3, 1],
    ] as Vec3[]) {
      const n = groups[0] * groups[1] * 64;
      const input = new Uint32Array(n);
      let s = 12345 + n;
      for (let i = 0; i < n; i++) input[i] = s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const [inAfter, out] = await runCompute({
        spirv,
        groups,
        buffers: [
          { binding: 0, size: n * 4, init: bytesOf(input) },
          { binding: 1, size: (n + TAIL_WORDS) * 4 },
        ],
      });
      const expected = new Uint32Array(n + TAIL_WORDS);
      for (const inv of invocations(groups, [64, 1, 1])) {
        const i = inv.wgLinear * 64 + inv.localIndex;
        expected[i] = ((Math.imul(input[i], 2654435761) + inv.localIndex) ^ (inv.wg[0] << 16) ^ (inv.wg[1] << 24)) >>> 0;
      }
      expect(u32(inAfter)).toEqual(input);
      expect(u32(out), `groups ${groups.join(',')}`).toEqual(expected);
    }
  });

  it('vulkan1.3 LocalSizeId: workgroup size from specialization constants', async () => {
    const spirv = await compileCompute(
      `#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const uint SCALE = 1u;
layout(set = 0, binding = 0) buffer Records { uint r[]; } rec;
void main() {
  uint wgLinear = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  uint per = gl_WorkGroupSize.x * gl_WorkGroupSize.y;
  uint slot = (wgLinear * per + gl_LocalInvocationIndex) * 8u;
  rec.r[slot + 0u] = gl_LocalInvocationIndex;
  rec.r[slot + 1u] = gl_LocalInvocationID.x;
  rec.r[slot + 2u] = gl_LocalInvocationID.y;
  rec.r[slot + 3u] = gl_WorkGroupID.x;
  rec.r[slot + 4u] = gl_WorkGroupID.y;
  rec.r[slot + 5u] = gl_WorkGroupSize.x;
  rec.r[slot + 6u] = gl_WorkGroupSize.y;
  rec.r[slot + 7u] = SCALE * (wgLinear + 1u);
}`,
      'vulkan1.3',
    );
    // SPIR-V 1.6 (version word 0x00010600); glslang then emits OpExecutionModeId LocalSizeId (opcode 331,
    // mode 38) instead of a WorkgroupSize builtin, so the device needs maintenance4.
    expect(spirv[1]).toBe(0x00010600);
    expect(spirv.some((w, i) => w === ((6 << 16) | 331) && spirv[i + 2] === 38)).toBe(true);
    const cases: { spec: Record<number, number>; x: number; y: number; scale: number; groups: Vec3 }[] = [
      { spec: {}, x: 4, y: 2, scale: 1, groups: [2, 2, 1] },
      { spec: { 0: 5, 1: 3, 2: 7 }, x: 5, y: 3, scale: 7, groups: [3, 1, 1] },
      { spec: { 0: 16, 1: 4, 2: 0xffffffff }, x: 16, y: 4, scale: 0xffffffff, groups: [1, 2, 1] },
      { spec: { 0: 1, 1: 1, 2: -3 }, x: 1, y: 1, scale: 0xfffffffd, groups: [5, 1, 1] },
    ];
    for (const c of cases) {
      const count = c.groups[0] * c.groups[1] * c.x * c.y;
      const words = count * 8 + TAIL_WORDS;
      const [rec] = await runCompute({
        spirv,
        groups: c.groups,
        specConstants: c.spec,
        buffers: [{ binding: 0, size: words * 4, init: bytesOf(new Uint32Array(words).fill(SENTINEL)) }],
      });
      const expected = new Uint32Array(words).fill(SENTINEL);
      for (const inv of invocations(c.groups, [c.x, c.y, 1])) {
        const slot = (inv.wgLinear * c.x * c.y + inv.localIndex) * 8;
        const scaled = Math.imul(c.scale, inv.wgLinear + 1) >>> 0;
        expected.set([inv.localIndex, inv.lid[0], inv.lid[1], ...inv.wg.slice(0, 2), c.x, c.y, scaled], slot);
      }
      expect(u32(rec), `spec ${JSON.stringify(c.spec)}`).toEqual(expected);
    }
  });

  it('push constants, two descriptor sets, int64 and 16-bit storage', async () => {
    const spirv = await compileCompute(`#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(push_constant) uniform P { uint add; uint mul; } pc;
layout(set = 0, binding = 3) buffer A { uint64_t q[]; } a;
layout(set = 2, binding = 0) buffer B { uint16_t h[]; } b;
layout(constant_id = 9) const int K = 1;
void main() {
  uint i = gl_GlobalInvocationID.x;
  a.q[i] = uint64_t(i + pc.add) * uint64_t(pc.mul) * uint64_t(0x100000001ul) + uint64_t(K);
  b.h[i] = uint16_t(b.h[i] + uint16_t(i * 1000u));
}`);
    const n = 24;
    const h0 = new Uint16Array(n).map((_, i) => 60000 + i);
    const push = new Uint32Array([11, 0x12345]);
    const [qa, hb] = await runCompute({
      spirv,
      groups: [3, 1, 1],
      specConstants: { 9: -5 },
      pushConstants: bytesOf(push),
      buffers: [
        { set: 0, binding: 3, size: n * 8 },
        { set: 2, binding: 0, size: n * 2, init: new Uint8Array(h0.buffer) },
      ],
    });
    const q = new BigUint64Array(qa.buffer, 0, n);
    const h = new Uint16Array(hb.buffer, 0, n);
    for (let i = 0; i < n; i++) {
      expect(q[i]).toBe(BigInt.asUintN(64, BigInt(i + 11) * 0x12345n * 0x100000001n - 5n));
      expect(h[i]).toBe((60000 + i + i * 1000) & 0xffff);
    }
  });

  it('keeps the jobs under SPVRUN_RECORD_DIR, and replay.sh runs them again with the same bytes, or says which differ', async () => {
    const spirv = await compileCompute(
      `#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { uint x[]; } b;
layout(push_constant) uniform P { uint k; } p;
void main() { b.x[gl_GlobalInvocationID.x] += gl_LocalInvocationIndex * p.k; }`,
      'vulkan1.1',
      // One compiler: this test counts the recorded jobs (with both, each run is recorded twice).
      'glslangValidator',
    );
    const root = mkdtempSync(join(tmpdir(), 'spvrun-record-'));
    const saved = process.env.SPVRUN_RECORD_DIR;
    process.env.SPVRUN_RECORD_DIR = root;
    try {
      const init = new Uint8Array(new Uint32Array([10, 20, 30, 40, 50, 60, 70, 80]).buffer);
      const [out] = await runCompute({ spirv, groups: [2, 1, 1], buffers: [{ binding: 0, size: 32, init }], pushConstants: new Uint8Array([3, 0, 0, 0]) });
      expect(Array.from(new Uint32Array(out.buffer, out.byteOffset, 8))).toEqual([10, 23, 36, 49, 50, 63, 76, 89]);
      const jobs = readdirSync(root);
      expect(jobs.length).toBe(1);
      const replay = fileURLToPath(new URL('./harness/replay.sh', import.meta.url));
      const spvrun = await buildHarness();
      expect(execFileSync('sh', [replay, spvrun, root], { encoding: 'utf8' })).toMatch(/\n1 same, 0 different\n$/);
      // A device that gave other bytes: the job is named, and the script fails.
      writeFileSync(join(root, jobs[0], 'expected.bin'), new Uint8Array(32));
      let failure = '';
      try {
        execFileSync('sh', [replay, spvrun, root], { encoding: 'utf8' });
      } catch (e) {
        failure = String((e as { stdout?: string }).stdout);
      }
      expect(failure).toContain(`different: ${root}/${jobs[0]}/`);
      expect(failure).toMatch(/\n0 same, 1 different\n$/);
    } finally {
      if (saved === undefined) delete process.env.SPVRUN_RECORD_DIR;
      else process.env.SPVRUN_RECORD_DIR = saved;
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('harness failures become errors', async () => {
    const spirv = await compileCompute(`#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer B { uint x[]; } b;
void main() { b.x[0] = 1u; }`);
    const buffers = [{ binding: 0, size: 4 }];
    await expect(runCompute({ spirv, groups: [1, 1, 1], buffers })).resolves.toEqual([new Uint8Array([1, 0, 0, 0])]);
    await expect(runCompute({ spirv, entryPoint: 'nope', groups: [1, 1, 1], buffers })).rejects.toThrow(SpvRunError);
    await expect(runCompute({ spirv, groups: [1, 1, 1], buffers: [{ binding: 0, size: 2, init: new Uint8Array(4) }] })).rejects.toThrow(RangeError);
    // The jobs run on one server: after a job it failed, the next one runs (on it, or on its successor).
    await expect(runCompute({ spirv, groups: [1, 1, 1], buffers: [{ binding: 0, size: 8, init: new Uint8Array([9, 9, 9, 9, 9, 9, 9, 9]) }] })).resolves.toEqual(
      [new Uint8Array([1, 0, 0, 0, 9, 9, 9, 9])],
    );
  });

  it('spvrun --serve answers each job on its line as the job alone would exit, and goes on after a bad one', async () => {
    const spirv = await compileCompute(`#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer B { uint x[]; } b;
void main() { b.x[0] = 7u; }`);
    const dir = mkdtempSync(join(tmpdir(), 'spvrun-serve-'));
    try {
      writeFileSync(join(dir, 'a.spv'), bytesOf(spirv));
      const good = (n: number): string => {
        writeFileSync(join(dir, `good${n}.txt`), `spv ${dir}/a.spv\nbuffer 0 0 4\nout ${dir}/out${n}.bin\n`);
        return join(dir, `good${n}.txt`);
      };
      writeFileSync(join(dir, 'unknown.txt'), 'bogus 1\n');
      writeFileSync(join(dir, 'big.txt'), `spv ${dir}/a.spv\nsize 100000 1 1\nbuffer 0 0 4\nout ${dir}/big.bin\n`);
      const stdin = [good(1), join(dir, 'unknown.txt'), join(dir, 'missing.txt'), join(dir, 'big.txt'), good(2)].join('\n') + '\n';
      const replies = execFileSync(await buildHarness(), ['--serve'], { input: stdin, encoding: 'utf8' })
        .trimEnd()
        .split('\n');
      expect(replies.map((r) => r.replace(dir, 'DIR'))).toEqual([
        'ok',
        "error 1 spvrun: job line 1: unknown key 'bogus'",
        'error 1 spvrun: cannot open DIR/missing.txt',
        expect.stringMatching(/^error 3 spvrun: compute workgroup size 100000x1x1: dimension 0 exceeds this device's \d+$/),
        'ok',
      ]);
      for (const n of [1, 2]) expect([...readFileSync(join(dir, `out${n}.bin`))]).toEqual([7, 0, 0, 0]);
      // A failure once the job's buffers exist ends the server, and its line says so.
      writeFileSync(join(dir, 'push.bin'), new Uint8Array(3));
      writeFileSync(join(dir, 'push.txt'), `spv ${dir}/a.spv\nbuffer 0 0 4\npush ${dir}/push.bin\nout ${dir}/push.out\n`);
      const fatal = spawnSync(await buildHarness(), ['--serve'], { input: `${join(dir, 'push.txt')}\n${good(3)}\n`, encoding: 'utf8' });
      expect(fatal.stdout).toMatch(/^fatal 1 spvrun: push constants: 3 bytes \(must be a multiple of 4, <= \d+\)\n$/);
      expect(fatal.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
