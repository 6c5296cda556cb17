// Row-major matrices in buffers (GLSL's row_major, HLSL's default cbuffer packing): WGSL matrices
// are column-major, so the translator stores them transposed and transposes whole loads and
// stores, gathers and scatters columns, and swaps component indices. A GLSL storage buffer runs on
// Vulkan (lavapipe) and as WGSL on WebGPU (SwiftShader) with the same bytes (runCompute's WebGPU
// twin compares them; the values are small integers, so every product is exact on both); an HLSL
// constant buffer, which the Vulkan harness cannot bind (uniform), is checked in WebGPU's
// pipeline creation.
import { decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileStage, glslangAvailable } from '../execution/glsl.js';
import { runCompute, vulkanAvailable } from '../execution/runCompute.js';
import { webGpuTwinStats } from '../execution/webGpuTwin.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';
import { glslangValidatorModule } from './glslangValidatorModule.js';

const SHADER = `#version 450
layout(local_size_x = 1) in;
struct Light { mat3 rot; vec4 color; };
layout(set = 0, binding = 0, std430, row_major) buffer Data {
  mat4 m;
  mat2x3 nonSquare;
  mat4 arr[2];
  Light light;
  layout(column_major) mat4 cm;
  vec4 outv[8];
  mat4 whole;
  mat2x3 ns2;
  Light lightCopy;
};
void main() {
  outv[0] = m * vec4(1, 2, 3, 4);
  outv[1] = m[1];
  outv[2] = vec4(m[2][3], arr[1][0][2], arr[0][3].xy);
  outv[3] = vec4(nonSquare * vec2(1, 2), nonSquare[1][2]);
  outv[4] = vec4(light.rot[1], light.color.x);
  outv[5] = cm[1];
  whole = m * 2.0;
  whole[3] = vec4(9, 8, 7, 6);
  whole[2][1] = 5.0;
  ns2 = nonSquare;
  ns2[0] = vec3(1, 2, 3);
  lightCopy = light;
  Light l = light;
  outv[6] = vec4(l.rot[2], 1.0);
}
`;

// std430 offsets of Data's members (row-major: a mat2x3 is 3 rows of vec2, 8 bytes apart).
const AT = { m: 0, nonSquare: 64, arr: 96, light: 224, cm: 288, outv: 352, whole: 480, ns2: 544, lightCopy: 576 } as const;
const SIZE = 640;

async function availability(): Promise<Availability> {
  for (const a of [await glslangAvailable(), await vulkanAvailable(), await webGpuAvailable()]) if (!a.ok) return a;
  return { ok: true };
}

/** SPIR-V of an HLSL compute shader, by glslangValidator's HLSL front end. */
function hlsl(source: string): Uint32Array {
  return glslangValidatorModule('shader.hlsl', source, ['-D', '-e', 'main', '-S', 'comp', '-V']);
}

describeWithOracle('row-major matrices in buffers on WebGPU and Vulkan', await availability(), () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('reads and writes a row_major storage buffer as Vulkan does: whole matrices, columns, components, structs', { timeout: 180_000 }, async () => {
    const spirv = await compileStage(SHADER, 'comp');
    const code = toWgsl(decodeModule(spirv)).code;
    expect(code).toMatch(/transpose\(/);
    // Distinct small integers: a misplaced element shows, and every product is exact.
    const init = new Float32Array(SIZE / 4).map((_, i) => (i % 13) - 6);
    const before = webGpuTwinStats.runsCompared;
    const [out] = await runCompute({ spirv, groups: [1, 1, 1], buffers: [{ binding: 0, size: SIZE, init: new Uint8Array(init.buffer) }] });
    expect(webGpuTwinStats.refused, webGpuTwinStats.refused.join('\n')).toEqual([]);
    expect(webGpuTwinStats.runsCompared).toBeGreaterThan(before);
    // What row-major means, checked on the bytes: m's element (column 1, row r) is at row r, slot 1.
    const f = new Float32Array(out.buffer, out.byteOffset, SIZE / 4);
    const m = (column: number, row: number): number => init[AT.m / 4 + row * 4 + column];
    expect([...f.subarray(AT.outv / 4 + 4, AT.outv / 4 + 8)]).toEqual([0, 1, 2, 3].map((r) => m(1, r)));
    // whole[3] = (9, 8, 7, 6): column 3 is slot 3 of each stored row.
    expect([0, 1, 2, 3].map((r) => f[AT.whole / 4 + r * 4 + 3])).toEqual([9, 8, 7, 6]);
    expect(f[AT.whole / 4 + 1 * 4 + 2]).toBe(5);
  });

  it('translates an HLSL constant buffer (row-major packing by default) to WGSL that WebGPU accepts', async () => {
    const result = toWgsl(
      decodeModule(
        hlsl(`cbuffer Camera : register(b0) {
  float4x4 viewProj;
  float3x4 world;
  row_major float4x4 rm;
  float3x2 small[2];
  float4 tint;
};
RWStructuredBuffer<float4> outBuf : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 p = float4(id.x, 1, 2, 1);
  outBuf[id.x] = mul(viewProj, p) + mul(rm, p) + float4(mul(world, p), 0) + tint + viewProj[1] + world[2].xyzz
    + float4(mul(small[1], p.xy), 1) + small[0][1].xyxy;
}`),
      ),
    );
    expect(result.code).toMatch(/var<uniform> \w+: Camera;/);
    expect(result.code).toMatch(/transpose\(\w+\.viewProj\)/);
    const errors = await browser.pipelineErrors({ code: result.code, stage: 'compute', entryPoint: result.entryPoints[0].wgslName });
    expect(errors.join('\n') + (errors.length > 0 ? `\n${result.code}` : '')).toBe('');
  });
});
