// GLSL.std.450 Modf and Frexp (GLSL's modf and frexp) translated to WGSL's modf and frexp, whose
// struct results the translator takes apart: the WGSL compiles in Chromium's WebGPU and computes
// what GLSL defines for normal numbers (SwiftShader flushes denormals, so none are used).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';

// glslang writes modf with a pointer (Modf) and frexp as a struct (FrexpStruct): both forms.
const SHADER = `#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Data { float x[4]; float fracts[4]; float wholes[4]; float mantissas[4]; int exponents[4]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  float whole;
  fracts[i] = modf(x[i], whole);
  wholes[i] = whole;
  int e;
  mantissas[i] = frexp(x[i], e);
  exponents[i] = e;
}
`;

function compileCompute(source: string): Uint32Array {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-wgsl-modf-'));
  try {
    writeFileSync(join(dir, 'shader.comp'), source);
    const run = spawnSync('glslangValidator', ['-V', join(dir, 'shader.comp'), '-o', join(dir, 'out.spv')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`glslangValidator failed:\n${run.stdout}${run.stderr}`);
    const bytes = readFileSync(join(dir, 'out.spv'));
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tools = corpusToolsAvailable();
const gpu = tools.ok ? await webGpuAvailable() : tools;

describeWithOracle('modf and frexp in WGSL', gpu, () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('splits modf and frexp results as GLSL does: fraction and whole, mantissa in [0.5, 1) and exponent', async () => {
    const result = toWgsl(decodeModule(compileCompute(SHADER)));
    expect(result.code).toMatch(/let modf\d+ = modf\(/);
    expect(result.code).toMatch(/let frexp\d+ = frexp\(/);
    expect(result.code).toMatch(/\.fract/);
    const x = [2.75, -3.5, 0.15625, 1000];
    const init = new Uint8Array(80);
    new Float32Array(init.buffer, 0, 4).set(x);
    const [out] = await browser.runCompute({
      code: result.code,
      entryPoint: result.entryPoints[0].wgslName,
      groups: [1, 1, 1],
      buffers: [{ binding: 0, size: 80, init }],
    });
    const floats = new Float32Array(out.buffer, out.byteOffset, 16);
    const ints = new Int32Array(out.buffer, out.byteOffset + 64, 4);
    expect([...floats.subarray(4, 8)]).toEqual([0.75, -0.5, 0.15625, 0]);
    expect([...floats.subarray(8, 12)]).toEqual([2, -3, 0, 1000]);
    expect([...floats.subarray(12, 16)]).toEqual([0.6875, -0.875, 0.625, 0.9765625]);
    expect([...ints]).toEqual([2, 2, -2, 10]);
  });
});
