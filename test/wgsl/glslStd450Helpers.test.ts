// GLSL.std.450 instructions WGSL has no form for, which the translator writes itself: Reflect,
// FaceForward and Refract of scalars (WGSL's builtins take vectors) and MatrixInverse (a helper
// per matrix size). The shader runs on Vulkan (lavapipe) and, as WGSL, on WebGPU (SwiftShader)
// with the same buffers, compared byte for byte by runCompute's WebGPU twin. The inputs are chosen
// so that every step is exact in f32 (integer matrices of determinant ±1 or ±2 whose inverses have
// no zero entry, so no -0 either; refraction with a perfect-square k): then any correct order of
// operations gives the same bytes, and the values are checked against JavaScript's too.
import { expect, it } from 'vitest';
import { compileStage, glslangAvailable } from '../execution/glsl.js';
import { runCompute, vulkanAvailable } from '../execution/runCompute.js';
import { webGpuTwinStats } from '../execution/webGpuTwin.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { webGpuAvailable } from './WebGpuBrowser.js';

const SHADER = `#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Data {
  mat2 m2; mat3 m3; mat4 m4;
  mat2 inv2; mat3 inv3; mat4 inv4;
  float I[4]; float N[4]; float eta[4]; float Nref[4];
  float reflected[4]; float faced[4]; float refracted[4];
};
void main() {
  uint i = gl_LocalInvocationID.x;
  if (i == 0u) {
    inv2 = inverse(m2);
    inv3 = inverse(m3);
    inv4 = inverse(m4);
  }
  reflected[i] = reflect(I[i], N[i]);
  faced[i] = faceforward(N[i], I[i], Nref[i]);
  refracted[i] = refract(I[i], N[i], eta[i]);
}
`;

// Columns. Found by searching small integer matrices: determinants 1, 2 and -2.
const M2 = [
  [2, 1],
  [1, 1],
];
const M3 = [
  [2, 3, 0],
  [0, -1, -2],
  [-1, -2, -2],
];
const M4 = [
  [2, -3, 2, -3],
  [2, 1, 2, 0],
  [0, 2, 2, -3],
  [3, -3, 1, 1],
];
// I, N, eta, Nref: a plain refraction, total internal reflection, eta < 1, and N pointing back.
const SCALARS = [
  [0.5, 1, 1, -1],
  [0.5, 1, 2, 1],
  [-1, 1, 0.5, -1],
  [2, -1, 1, 3],
];

// std430: mat3 columns are 16 bytes apart, as in WGSL.
const OFFSET = { m2: 0, m3: 16, m4: 64, inv2: 128, inv3: 144, inv4: 192, scalars: 256, results: 320 } as const;
const SIZE = 368;

async function availability(): Promise<Availability> {
  for (const a of [await glslangAvailable(), await vulkanAvailable(), await webGpuAvailable()]) if (!a.ok) return a;
  return { ok: true };
}

/** The determinant of a square array of arrays, by cofactors. */
function det(m: number[][]): number {
  if (m.length === 1) return m[0][0];
  return m[0].reduce((d, x, j) => d + (j % 2 === 0 ? 1 : -1) * x * det(m.slice(1).map((r) => r.filter((_, k) => k !== j))), 0);
}

/** The inverse of `m` as an array of rows (of columns, if `m` is given by columns: inverse(Mᵀ) = inverse(M)ᵀ). */
function inverse(m: number[][]): number[][] {
  const d = det(m);
  return m.map((_, i) => m.map((__, j) => (((i + j) % 2 === 0 ? 1 : -1) * det(m.filter((_r, a) => a !== j).map((r) => r.filter((_c, b) => b !== i)))) / d));
}

/** Writes matrix columns at `offset`, each column `stride` bytes from the last. */
function putColumns(view: DataView, offset: number, columns: number[][], stride: number): void {
  columns.forEach((col, c) => col.forEach((x, r) => view.setFloat32(offset + c * stride + r * 4, x, true)));
}

function getColumns(view: DataView, offset: number, n: number, stride: number): number[][] {
  return Array.from({ length: n }, (_, c) => Array.from({ length: n }, (__, r) => view.getFloat32(offset + c * stride + r * 4, true)));
}

describeWithOracle('GLSL.std.450 MatrixInverse and scalar Reflect, FaceForward, Refract on WebGPU and Vulkan', await availability(), () => {
  it('inverts mat2, mat3 and mat4 and reflects, faces and refracts scalars as GLSL defines, byte for byte on both', { timeout: 180_000 }, async () => {
    const init = new Uint8Array(SIZE);
    const view = new DataView(init.buffer);
    putColumns(view, OFFSET.m2, M2, 8);
    putColumns(view, OFFSET.m3, M3, 16);
    putColumns(view, OFFSET.m4, M4, 16);
    SCALARS.forEach((row, i) => row.forEach((x, k) => view.setFloat32(OFFSET.scalars + k * 16 + i * 4, x, true)));
    const spirv = await compileStage(SHADER, 'comp');
    const before = webGpuTwinStats.runsCompared;
    const [out] = await runCompute({ spirv, groups: [1, 1, 1], buffers: [{ binding: 0, size: SIZE, init }] });
    expect(webGpuTwinStats.refused, webGpuTwinStats.refused.join('\n')).toEqual([]);
    expect(webGpuTwinStats.runsCompared).toBeGreaterThan(before);
    const result = new DataView(out.buffer, out.byteOffset, out.byteLength);
    expect(getColumns(result, OFFSET.inv2, 2, 8)).toEqual(inverse(M2));
    expect(getColumns(result, OFFSET.inv3, 3, 16)).toEqual(inverse(M3));
    expect(getColumns(result, OFFSET.inv4, 4, 16)).toEqual(inverse(M4));
    const got = (k: number): number[] => [0, 1, 2, 3].map((i) => result.getFloat32(OFFSET.results + k * 16 + i * 4, true));
    expect(got(0)).toEqual(SCALARS.map(([i, n]) => i - 2 * n * i * n));
    expect(got(1)).toEqual(SCALARS.map(([i, n, , nref]) => (nref * i < 0 ? n : -n)));
    expect(got(2)).toEqual(
      SCALARS.map(([i, n, eta]) => {
        const k = 1 - eta * eta * (1 - n * i * n * i);
        return k < 0 ? 0 : eta * i - (eta * n * i + Math.sqrt(k)) * n;
      }),
    );
  });
});
