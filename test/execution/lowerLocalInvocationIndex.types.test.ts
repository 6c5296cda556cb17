/**
 * lower-local-invocation-index on compute shaders that carry the index into 8-, 16- and 64-bit
 * integers and 16- and 64-bit floats (Int8, Int16, Int64, Float16, Float64, 8- and 16-bit storage),
 * executed before and after the pass over sizes from 1x1x1 to the device's limit; every buffer must
 * be identical and hold what the formula gives.
 *
 * Without Vulkan, glslangValidator or the device features the suite is skipped with a message, or
 * fails when SPVKIT_REQUIRE_ORACLES=1.
 */
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { compileCompute, glslangAvailable } from './glsl.js';
import { expectSameBuffers, invocations, lower, volume, type Vec3 } from './lowering.js';
import { describeVulkanEnvironment, runCompute, vulkanAvailable } from './runCompute.js';

const checks = [await vulkanAvailable(), await glslangAvailable()];
const reasons = checks.flatMap((c) => (c.ok ? [] : [c.reason]));
const availability = reasons.length ? { ok: false as const, reason: reasons.join('; ') } : { ok: true as const };
const env = availability.ok ? await describeVulkanEnvironment() : undefined;

const glsl = (size: Vec3) => `#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = ${size[0]}, local_size_y = ${size[1]}, local_size_z = ${size[2]}) in;
layout(std430, set = 0, binding = 0) buffer B8 { uint8_t u8[]; };
layout(std430, set = 0, binding = 1) buffer B16 { uint16_t u16[]; };
layout(std430, set = 0, binding = 2) buffer BH { float16_t h[]; };
layout(std430, set = 0, binding = 3) buffer B64 { uint64_t u64[]; };
layout(std430, set = 0, binding = 4) buffer BD { double d[]; };
layout(std430, set = 0, binding = 5) buffer BI8 { int8_t i8[]; };
uint16_t half16(uint16_t v) { return v * uint16_t(1000u); }
void main() {
  uvec3 n = gl_NumWorkGroups * gl_WorkGroupSize;
  uvec3 g = gl_GlobalInvocationID;
  uint s = g.x + n.x * (g.y + n.y * g.z);
  u8[s] = uint8_t(gl_LocalInvocationIndex) * uint8_t(3) + uint8_t(1);
  i8[s] = int8_t(gl_LocalInvocationIndex) - int8_t(100);
  u16[s] = half16(uint16_t(gl_LocalInvocationIndex));
  h[s] = float16_t(gl_LocalInvocationIndex & 1023u) * float16_t(0.5);
  u64[s] = (uint64_t(gl_LocalInvocationIndex) << 40) | uint64_t(gl_LocalInvocationIndex * 7u);
  // Exact in double, so that the formula holds on any device (NVIDIA's double division is not
  // correctly rounded: / 3.0 differed from lavapipe in the last bit on an H200).
  d[s] = double(gl_LocalInvocationIndex) * 0.125 + 1099511627776.0;
}
`;

/** IEEE half of a value exactly representable in it (an integer or half of one, < 2048). */
function halfBits(v: number): number {
  if (v === 0) return 0;
  const e = Math.floor(Math.log2(v));
  return ((e + 15) << 10) | Math.round((v / 2 ** e - 1) * 1024);
}

describeWithOracle('lower-local-invocation-index on compute shaders with 8-, 16- and 64-bit types', availability, () => {
  it('the index as uint8, int8, uint16 (through a helper), float16, uint64 and double', async () => {
    const max = env!.maxComputeWorkGroupInvocations;
    const sizes: Vec3[] = [
      [1, 1, 1],
      [7, 3, 2],
      [64, 1, 1],
      [4, 4, 4],
      [Math.min(max, env!.maxComputeWorkGroupSize[0]), 1, 1],
    ];
    for (const size of sizes) {
      const spirv = await compileCompute(glsl(size), 'vulkan1.2');
      const lowered = lower(spirv);
      for (const groups of [
        [1, 1, 1],
        [2, 1, 3],
      ] as Vec3[]) {
        const n = volume(groups) * volume(size);
        const job = {
          groups,
          workgroupSize: size,
          buffers: [n, n * 2, n * 2, n * 8, n * 8, n].map((bytes, binding) => ({ binding, size: bytes + 16 })),
        };
        const [before, after] = await Promise.all([runCompute({ ...job, spirv }), runCompute({ ...job, spirv: lowered })]);
        expectSameBuffers(before, after);
        const [b8, b16, bh, b64, bd, bi8] = after;
        const u16 = new Uint16Array(b16.buffer, b16.byteOffset, b16.byteLength / 2);
        const h = new Uint16Array(bh.buffer, bh.byteOffset, bh.byteLength / 2);
        const u64 = new BigUint64Array(b64.buffer.slice(b64.byteOffset, b64.byteOffset + b64.byteLength));
        const d = new Float64Array(bd.buffer.slice(bd.byteOffset, bd.byteOffset + bd.byteLength));
        const i8 = new Int8Array(bi8.buffer, bi8.byteOffset, bi8.byteLength);
        for (const { slot, index } of invocations(groups, size)) {
          const ctx = `slot ${slot} index ${index} size ${size.join(',')} groups ${groups.join(',')}`;
          expect(b8[slot], `uint8, ${ctx}`).toBe((index * 3 + 1) & 0xff);
          expect(i8[slot], `int8, ${ctx}`).toBe((((index - 100) & 0xff) << 24) >> 24);
          expect(u16[slot], `uint16, ${ctx}`).toBe((index * 1000) & 0xffff);
          expect(h[slot], `float16, ${ctx}`).toBe(halfBits((index & 1023) * 0.5));
          expect(u64[slot], `uint64, ${ctx}`).toBe((BigInt(index) << 40n) | BigInt(index * 7));
          expect(d[slot], `double, ${ctx}`).toBe(index * 0.125 + 2 ** 40);
        }
      }
    }
  });
});
