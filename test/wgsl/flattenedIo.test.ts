// Vertex and fragment inputs and outputs of matrix, array and struct type, which WGSL locations
// cannot hold: the translator flattens them to scalars and vectors at consecutive locations, as
// Vulkan assigns them (a mat4 takes 4, an array one per element, a struct member the next free
// one), and the entry point copies each to its place in the SPIR-V-shaped private copy. The vertex
// shader's WGSL feeds the fragment shader's in one render pipeline, so WebGPU checks that both
// compile and that their locations and types match (the vertex stage's outputs before the
// fragment stage: its inputs would need vertex buffers).
import { decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';
import { glslangValidatorModule } from './glslangValidatorModule.js';

const VERTEX = `#version 450
layout(location = 0) in mat4 model;
layout(location = 4) in vec3 pos;
layout(location = 5) in float weights[2];
struct V { vec3 n; mat2 m; int id; };
layout(location = 0) flat out V vout;
layout(location = 4) out vec2 uvs[2];
void main() {
  gl_Position = model * vec4(pos, weights[1]);
  vout.n = pos;
  vout.m = mat2(model[0].xy, model[1].xy);
  vout.id = 3;
  uvs[0] = pos.xy;
  uvs[1] = vec2(weights[0]);
}
`;

const FRAGMENT = `#version 450
struct V { vec3 n; mat2 m; int id; };
layout(location = 0) flat in V vin;
layout(location = 4) in vec2 uvs[2];
layout(location = 0) out vec4 colors[2];
void main() {
  colors[0] = vec4(vin.n, float(vin.id));
  colors[1] = vec4(vin.m[1], uvs[1]);
}
`;

function glsl(stage: 'vert' | 'frag', source: string): Uint32Array {
  return glslangValidatorModule(`shader.${stage}`, source);
}

const tools = corpusToolsAvailable();
const gpu = tools.ok ? await webGpuAvailable() : tools;

describeWithOracle('matrix, array and struct inputs and outputs flattened to locations', gpu, () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('gives a mat4 input 4 locations, an array one per element, each struct member its own, and WebGPU links the two stages', async () => {
    const vertex = toWgsl(decodeModule(glsl('vert', VERTEX)));
    const fragment = toWgsl(decodeModule(glsl('frag', FRAGMENT)));
    const v = vertex.code;
    for (let i = 0; i < 4; i++) {
      expect(v).toContain(`@location(${i}) model_${i}_in: vec4<f32>`);
      expect(v).toContain(`model[${i}] = model_${i}_in;`);
    }
    expect(v).toContain('@location(4) pos_in: vec3<f32>, @location(5) weights_0_in: f32, @location(6) weights_1_in: f32');
    expect(v).toContain('@location(1) @interpolate(flat) vout_m_0: vec2<f32>,');
    expect(v).toContain('@location(3) @interpolate(flat) vout_id: i32,');
    expect(v).toContain('@location(5) uvs_1: vec2<f32>,');
    expect(v).toMatch(/return main_out\(\w+\.gl_Position, vout\.n, vout\.m\[0\], vout\.m\[1\], vout\.id, uvs\[0\], uvs\[1\]\);/);
    expect(fragment.code).toContain('@location(1) colors_1: vec4<f32>,');
    expect(fragment.code).toContain('vin.m[1] = vin_m_1_in;');
    expect((await browser.compile(v)).filter((m) => m.type === 'error')).toEqual([]);
    // The fragment stage after a vertex stage with the translated vertex shader's outputs (its own
    // inputs would need vertex buffers): WebGPU matches the locations, types and interpolation.
    const outputs = /struct main_out \{[^}]*\}/.exec(v)![0];
    const errors = await browser.pipelineErrors({
      code: fragment.code,
      stage: 'fragment',
      entryPoint: fragment.entryPoints[0].wgslName,
      vertexCode: `${outputs}\n@vertex\nfn vs() -> main_out {\n  return main_out();\n}\n`,
      targets: ['rgba8unorm', 'rgba8unorm'],
    });
    expect(errors.join('\n') + (errors.length > 0 ? `\n${v}\n${fragment.code}` : '')).toBe('');
  });
});
