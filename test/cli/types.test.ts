// `spvkit types` and `spvkit info --webgpu` (issue 35), in process through runCli, on a fragment
// shader compiled here by `spvkit glsl`: the layouts are the std140/std430 offsets worked out by
// hand for the GLSL below, the module written is core's webGpuModuleSource for the same module,
// and its writers, transpiled and run, put each value at those offsets.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, webGpuModuleSource, type WebGpuEntryPointReflection } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (...parts: string[]): string => join(dir, ...parts);

const shader = `#version 450
struct Light { vec3 position; float intensity; vec3 color; };
layout(std140, set = 0, binding = 0) uniform Scene { mat4 viewProj; vec3 eye; float time; Light lights[2]; mat3 normalMatrix; vec2 jitter; } scene;
layout(std430, set = 0, binding = 1) readonly buffer Instances { vec4 tint; vec3 offsets[]; } instances;
layout(set = 1, binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
  color = texture(albedo, uv) * vec4(scene.lights[1].color, scene.time) + instances.tint + vec4(instances.offsets[0], 0.0)
    + scene.viewProj[0] + vec4(scene.normalMatrix[2], scene.jitter.x) + vec4(scene.eye, scene.lights[0].intensity);
}
`;

beforeAll(async () => {
  writeFileSync(p('lit.frag'), shader);
  const compiled = await spvkit(['glsl', p('lit.frag'), '-o', p('lit.spv')]);
  expect(compiled.stderr).toBe('');
  expect(compiled.code).toBe(0);
}, 60_000);

const FRAGMENT = 2;

describe('spvkit info --webgpu', () => {
  it('--json: the bind group layouts and the block offsets of std140 and std430', async () => {
    const r = await spvkit(['info', p('lit.spv'), '--webgpu', '--json']);
    expect(r.stderr).toBe('');
    const { webgpu } = JSON.parse(r.stdout) as { webgpu: WebGpuEntryPointReflection[] };
    expect(webgpu.map((ep) => [ep.name, ep.stage, ep.vertexBuffers])).toEqual([['main', 'fragment', []]]);
    expect(webgpu[0].bindGroupLayouts).toEqual([
      {
        entries: [
          // Scene: std140 ends at 200 (jitter at 192); WGSL rounds a uniform struct to 16.
          { binding: 0, visibility: FRAGMENT, buffer: { type: 'uniform', hasDynamicOffset: false, minBindingSize: 208 } },
          // Instances: tint, then one 16-byte vec3 of the runtime array.
          { binding: 1, visibility: FRAGMENT, buffer: { type: 'read-only-storage', hasDynamicOffset: false, minBindingSize: 32 } },
        ],
      },
      {
        entries: [
          { binding: 0, visibility: FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
          { binding: 500, visibility: FRAGMENT, sampler: { type: 'filtering' } },
        ],
      },
    ]);
    const [scene, instances] = webgpu[0].blocks;
    expect(scene.layout.members.map((m) => [m.name, m.offset, m.size])).toEqual([
      ['viewProj', 0, 64],
      ['eye', 64, 12],
      ['time', 76, 4],
      ['lights', 80, 64],
      ['normalMatrix', 144, 48],
      ['jitter', 192, 8],
    ]);
    expect([scene.layout.members[3].arrayStride, scene.layout.members[4].matrixStride]).toEqual([32, 16]);
    expect(instances.layout.members.map((m) => [m.name, m.offset, m.arrayStride])).toEqual([
      ['tint', 0, undefined],
      ['offsets', 16, 16],
    ]);
  });

  it('as text: one line an entry, each block with its members', async () => {
    const r = await spvkit(['info', p('lit.spv'), '--webgpu']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("webgpu fragment entry point 'main':\n  @group(0) @binding(0): buffer uniform, minBindingSize 208\n");
    expect(r.stdout).toContain('  @group(1) @binding(500): sampler filtering\n');
    expect(r.stdout).toContain("  block 'scene' (uniform at @group(0) @binding(0)): 208 bytes, align 16\n");
    expect(r.stdout).toContain('    lights at 80: 64 bytes, align 16, array stride 32\n      position at 0: 12 bytes, align 16\n');
    expect((await spvkit(['info', p('lit.spv')])).stdout).not.toContain('webgpu');
  });
});

describe('spvkit types', () => {
  it("writes IN.ts next to the input: core's module for the shader, whose writers put values at the offsets", async () => {
    const r = await spvkit(['types', p('lit.spv')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const source = readFileSync(p('lit.ts'), 'utf8');
    expect(source).toBe(webGpuModuleSource(decodeModule(readFileSync(p('lit.spv')))));
    expect((await spvkit(['types', p('lit.spv'), '-o', '-'])).stdout).toBe(source);

    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    type Writer = { byteLength: number; write(value: unknown): ArrayBuffer };
    const exports: Record<string, Writer> = {};
    (runInThisContext(`(function (exports) {\n${js}\n})`) as (e: Record<string, Writer>) => void)(exports);
    const light = (n: number) => ({ position: [n, n + 1, n + 2], intensity: n + 3, color: [n + 4, n + 5, n + 6] });
    const scene = new DataView(
      exports.Scene.write({
        viewProj: Array.from({ length: 16 }, (_, i) => i),
        eye: [1, 2, 3],
        time: 4.5,
        lights: [light(10), light(20)],
        normalMatrix: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        jitter: [0.25, 0.75],
      }),
    );
    const f = (at: number) => scene.getFloat32(at, true);
    expect([scene.byteLength, f(60), f(72), f(76), f(112), f(128), f(136), f(176), f(184), f(196)]).toEqual([208, 15, 3, 4.5, 20, 24, 26, 7, 9, 0.75]);
    const instances = new DataView(exports.Instances.write({ tint: [1, 2, 3, 4], offsets: [[5, 6, 7], new Float32Array([8, 9, 10])] }));
    expect([instances.byteLength, instances.getFloat32(16, true), instances.getFloat32(32, true), instances.getFloat32(40, true)]).toEqual([48, 5, 8, 10]);
  });

  it('leaves an existing IN.ts alone unless -o names it; refuses bad options (exit 2)', async () => {
    writeFileSync(p('mine.ts'), 'keep');
    writeFileSync(p('mine.spv'), readFileSync(p('lit.spv')));
    const r = await spvkit(['types', p('mine.spv')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('exists already');
    expect(readFileSync(p('mine.ts'), 'utf8')).toBe('keep');
    expect((await spvkit(['types', p('mine.spv'), '-o', p('mine.ts')])).code).toBe(0);
    expect(readFileSync(p('mine.ts'), 'utf8')).toContain('export const bindGroupLayouts');
    for (const args of [
      ['types', p('lit.spv'), '--vertex-buffers', 'packed'],
      ['types', p('lit.spv'), '--push-constants', 'one'],
      ['types', p('lit.ts')],
    ]) {
      expect((await spvkit(args)).code, args.join(' ')).toBe(2);
    }
    expect(existsSync(p('lit.ts.ts'))).toBe(false);
    expect((await spvkit(['--help'])).stdout).toMatch(/\n {2}types {4}write a TypeScript module of a shader/);
  });
});
