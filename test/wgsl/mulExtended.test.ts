// OpUMulExtended and OpSMulExtended (GLSL's umulExtended and imulExtended) in WGSL, which has no
// 64-bit integers: the translator writes the high word with a helper over 16-bit limbs. The shader
// runs on Vulkan (lavapipe) as SPIR-V and on WebGPU (SwiftShader) as WGSL with the same buffers
// (runCompute's WebGPU twin compares every byte), and both give the products BigInt computes, for
// the values where limb carries and signs go wrong: 0xFFFFFFFF, 0x80000000, 0xFFFF, negatives.
import { expect, it } from 'vitest';
import { glslangAvailable, compileStage } from '../execution/glsl.js';
import { runCompute, vulkanAvailable } from '../execution/runCompute.js';
import { webGpuTwinStats } from '../execution/webGpuTwin.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { webGpuAvailable } from './WebGpuBrowser.js';

const N = 16;

const SHADER = `#version 450
layout(local_size_x = ${N}) in;
layout(set = 0, binding = 0) buffer Data {
  uint a[${N}]; uint b[${N}];
  uint ulo[${N}]; uint uhi[${N}];
  int slo[${N}]; int shi[${N}];
  uvec2 vlo[${N}]; uvec2 vhi[${N}];
  ivec3 vslo[${N}]; ivec3 vshi[${N}];
};
void main() {
  uint i = gl_LocalInvocationID.x;
  umulExtended(a[i], b[i], uhi[i], ulo[i]);
  imulExtended(int(a[i]), int(b[i]), shi[i], slo[i]);
  // The vector forms, with the operands swapped in the second lane.
  umulExtended(uvec2(a[i], b[i]), uvec2(b[i], a[i]), vhi[i], vlo[i]);
  ivec3 lo3, hi3;
  imulExtended(ivec3(int(a[i]), int(b[i]), -int(a[i])), ivec3(int(b[i]), int(a[i]), int(b[i])), hi3, lo3);
  vslo[i] = lo3;
  vshi[i] = hi3;
}
`;

// Pairs: the limb boundaries, the largest values, the signed extremes, and a few mixed ones.
const PAIRS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0xffffffff, 0xffffffff],
  [0xffffffff, 1],
  [0xffffffff, 2],
  [0x80000000, 0x80000000],
  [0x80000000, 0xffffffff],
  [0x7fffffff, 0x7fffffff],
  [0x7fffffff, 0x80000000],
  [0xffff, 0xffff],
  [0x10000, 0x10000],
  [0x1ffff, 0xffff0001],
  [0x12345678, 0x9abcdef0],
  [0xdeadbeef, 0xcafebabe],
  [0xfffffffe, 0x3], // -2 * 3
  [0xfffffff9, 0xfffffff5], // -7 * -11
  [123456789, 987654321],
];

async function availability(): Promise<Availability> {
  for (const a of [await glslangAvailable(), await vulkanAvailable(), await webGpuAvailable()]) if (!a.ok) return a;
  return { ok: true };
}

/** The low and high words of the 64-bit product, with a and b read as signed or not. */
function product(a: number, b: number, signed: boolean): [number, number] {
  const read = (x: number): bigint => (signed ? BigInt(x | 0) : BigInt(x >>> 0));
  const p = BigInt.asUintN(64, read(a) * read(b));
  return [Number(p & 0xffffffffn), Number(p >> 32n)];
}

describeWithOracle('OpUMulExtended and OpSMulExtended on WebGPU and Vulkan', await availability(), () => {
  it('gives the 64-bit products of edge values on both, byte for byte, scalar and vector', { timeout: 180_000 }, async () => {
    expect(PAIRS).toHaveLength(N);
    const spirv = await compileStage(SHADER, 'comp');
    // a, b and the scalar results: N words each; the uvec2 arrays 2N, the ivec3 ones 4N (stride 16).
    const words = 18 * N;
    const init = new Uint32Array(words);
    PAIRS.forEach(([a, b], i) => {
      init[i] = a;
      init[N + i] = b;
    });
    const before = webGpuTwinStats.runsCompared;
    const [out] = await runCompute({ spirv, groups: [1, 1, 1], buffers: [{ binding: 0, size: words * 4, init: new Uint8Array(init.buffer) }] });
    expect(webGpuTwinStats.refused, webGpuTwinStats.refused.join('\n')).toEqual([]);
    // Twice: glslangValidator's module and @spvkit/glslang's twin.
    expect(webGpuTwinStats.runsCompared).toBeGreaterThan(before);
    const u = new Uint32Array(out.buffer, out.byteOffset, words);
    const at = (base: number, i: number, stride = 1, lane = 0): number => u[base + i * stride + lane];
    PAIRS.forEach(([a, b], i) => {
      const [ulo, uhi] = product(a, b, false);
      const [slo, shi] = product(a, b, true);
      const [nlo, nhi] = product(-(a | 0) | 0, b, true);
      const got = {
        u: [at(2 * N, i), at(3 * N, i)],
        s: [at(4 * N, i), at(5 * N, i)],
        v: [at(6 * N, i, 2, 0), at(6 * N, i, 2, 1), at(8 * N, i, 2, 0), at(8 * N, i, 2, 1)],
        // ivec3 arrays have a stride of 16 bytes in std430.
        vs: [0, 1, 2].flatMap((lane) => [at(10 * N, i, 4, lane), at(14 * N, i, 4, lane)]),
      };
      expect(got, `a = 0x${a.toString(16)}, b = 0x${b.toString(16)}`).toEqual({
        u: [ulo, uhi],
        s: [slo >>> 0, shi >>> 0],
        v: [ulo, ulo, uhi, uhi],
        vs: [slo, shi, slo, shi, nlo, nhi].map((x) => x >>> 0),
      });
    });
  });
});
