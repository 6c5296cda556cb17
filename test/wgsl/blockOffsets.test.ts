// Issue 35's offsets proof on GPUs: compute shaders that copy every scalar of every member of a
// block, in member order, to an output buffer of words are fed a value written by the generated
// block writer (core's blockWritersExpression, the code `?wgsl` imports export and `spvkit types`
// writes), and must give back every scalar of that value. On lavapipe the SPIR-V runs as
// glslangValidator compiled it, reading the block at the compiler's offsets; on Chromium's WebGPU
// (SwiftShader) the WGSL of @spvkit/wgsl runs, at the offsets its struct declarations give. A
// writer that put any member at another offset, stride or matrix order than the shader reads
// would give back a wrong scalar there.
//
// The blocks: std140 (uniform) and std430 (storage) with nested structs, arrays of structs,
// scalars, vectors and matrices, vec3 members followed by a scalar in their last 4 bytes,
// matrices of every column stride (mat2 at 8 in std430, mat3 at 16, a std140 mat2 at 16), a
// runtime-sized array; and scalar-layout blocks (vec3 at offset 4, vec3 arrays 12 bytes apart, a
// row-major matrix). WGSL cannot declare a std140 `float[]` or `mat2` or any scalar layout that
// differs from WGSL's own: those blocks run on lavapipe only, and the translator must refuse them
// (so that a WebGPU user never gets a layout the writer does not match).
import { SpirvError, blockWritersExpression, decodeModule, reflectWebGpu, type BlockLayout, type BlockWriter, type BufferType } from '@spvkit/core';
import { runInThisContext } from 'node:vm';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileCompute, glslangAvailable } from '../execution/glsl.js';
import { runHarnessJob, vulkanAvailable } from '../execution/spvrun.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';

/** put(x) appends the scalars of x to the output, in order (matrices column by column). */
const PUT = `layout(std430, set = 0, binding = 1) buffer Out { uint words[]; } result;
uint n = 0u;
void put(float v) { result.words[n] = floatBitsToUint(v); n++; }
void put(int v) { result.words[n] = uint(v); n++; }
void put(uint v) { result.words[n] = v; n++; }
void put(vec2 v) { put(v.x); put(v.y); }
void put(vec3 v) { put(v.x); put(v.y); put(v.z); }
void put(vec4 v) { put(v.x); put(v.y); put(v.z); put(v.w); }
void put(ivec2 v) { put(v.x); put(v.y); }
void put(ivec3 v) { put(v.x); put(v.y); put(v.z); }
void put(uvec4 v) { put(v.x); put(v.y); put(v.z); put(v.w); }
void put(mat2 m) { put(m[0]); put(m[1]); }
void put(mat3 m) { put(m[0]); put(m[1]); put(m[2]); }
void put(mat4 m) { put(m[0]); put(m[1]); put(m[2]); put(m[3]); }
void put(mat2x3 m) { put(m[0]); put(m[1]); }
void put(mat3x2 m) { put(m[0]); put(m[1]); put(m[2]); }
`;

interface Case {
  readonly name: string;
  readonly kind: 'uniform' | 'read-only-storage';
  readonly glsl: string;
  /** Elements of the runtime-sized array at the block's end, if it has one. */
  readonly runtimeCount?: number;
  /** False: WGSL cannot declare the layout, and toWgsl must refuse the shader. */
  readonly webGpu: boolean;
}

const CASES: readonly Case[] = [
  {
    name: 'std140 uniform: nested structs, arrays of structs, vec3 + scalar, mat3/mat2x3/mat4 columns 16 apart',
    kind: 'uniform',
    webGpu: true,
    glsl: `struct Light { vec3 position; float intensity; vec2 cone; uint mask; };
struct Spot { Light light; mat4 view; ivec3 cell; };
layout(std140, set = 0, binding = 0) uniform Scene {
  float time; vec3 eye; mat3 basis; ivec2 tile; uint flags; Light lights[2]; Spot spot; vec4 colors[3]; mat2x3 skew; mat4 proj[2]; vec3 tail;
} data;
void main() {
  put(data.time); put(data.eye); put(data.basis); put(data.tile); put(data.flags);
  for (int i = 0; i < 2; i++) { put(data.lights[i].position); put(data.lights[i].intensity); put(data.lights[i].cone); put(data.lights[i].mask); }
  put(data.spot.light.position); put(data.spot.light.intensity); put(data.spot.light.cone); put(data.spot.light.mask); put(data.spot.view); put(data.spot.cell);
  for (int i = 0; i < 3; i++) put(data.colors[i]);
  put(data.skew); put(data.proj[0]); put(data.proj[1]); put(data.tail);
}`,
  },
  {
    name: 'std140 uniform WGSL cannot declare: float[] and vec2[] 16 bytes apart, mat2 and mat3x2 columns 16 apart',
    kind: 'uniform',
    webGpu: false,
    glsl: `struct Tap { float weight; vec2 offset; };
layout(std140, set = 0, binding = 0) uniform Blur { float weights[3]; mat2 rot; vec2 uvs[2]; mat3x2 shear; Tap taps[2]; } data;
void main() {
  for (int i = 0; i < 3; i++) put(data.weights[i]);
  put(data.rot);
  for (int i = 0; i < 2; i++) put(data.uvs[i]);
  put(data.shear);
  for (int i = 0; i < 2; i++) { put(data.taps[i].weight); put(data.taps[i].offset); }
}`,
  },
  {
    name: 'std430 storage: float[] 4 apart, vec2[] 8 apart, mat2 and mat3x2 columns 8 apart, mat3 16, a runtime-sized array of structs',
    kind: 'read-only-storage',
    webGpu: true,
    runtimeCount: 3,
    glsl: `struct Particle { vec3 pos; float mass; vec2 vel; int id; };
struct Cell { vec2 size; Particle anchor; };
layout(std430, set = 0, binding = 0) readonly buffer Particles {
  uint count; vec3 gravity; float drag; float weights[3]; vec2 uvs[3]; mat2 rot; mat3 basis; mat3x2 shear; ivec3 cell; Cell cells[2]; Particle items[];
} data;
void putParticle(Particle p) { put(p.pos); put(p.mass); put(p.vel); put(p.id); }
void main() {
  put(data.count); put(data.gravity); put(data.drag);
  for (int i = 0; i < 3; i++) put(data.weights[i]);
  for (int i = 0; i < 3; i++) put(data.uvs[i]);
  put(data.rot); put(data.basis); put(data.shear); put(data.cell);
  for (int i = 0; i < 2; i++) { put(data.cells[i].size); putParticle(data.cells[i].anchor); }
  for (int i = 0; i < 3; i++) putParticle(data.items[i]);
}`,
  },
  {
    name: 'scalar storage: vec3 at 4, vec3[] 12 apart, mat3 columns 12 apart, structs of 16, a row-major mat2x3',
    kind: 'read-only-storage',
    webGpu: false,
    glsl: `struct P { float a; vec3 b; };
layout(scalar, set = 0, binding = 0) readonly buffer Packed { float x; vec3 y; vec3 zs[2]; mat3 m; P ps[2]; vec2 uv; layout(row_major) mat2x3 rm; uvec4 tail; } data;
void main() {
  put(data.x); put(data.y); put(data.zs[0]); put(data.zs[1]); put(data.m);
  for (int i = 0; i < 2; i++) { put(data.ps[i].a); put(data.ps[i].b); }
  put(data.uv); put(data.rm); put(data.tail);
}`,
  },
  {
    name: 'scalar storage WGSL can declare: vec3 + scalar, vec4, nested structs',
    kind: 'read-only-storage',
    webGpu: true,
    glsl: `struct Q { vec3 dir; float len; };
layout(scalar, set = 0, binding = 0) readonly buffer Tight { vec3 a; float b; vec4 c; Q qs[2]; vec2 d; int e; uint f; } data;
void main() {
  put(data.a); put(data.b); put(data.c);
  for (int i = 0; i < 2; i++) { put(data.qs[i].dir); put(data.qs[i].len); }
  put(data.d); put(data.e); put(data.f);
}`,
  },
];

function shaderOf(c: Case): string {
  return `#version 450\n#extension GL_EXT_scalar_block_layout : require\nlayout(local_size_x = 1) in;\n${PUT}${c.glsl}\n`;
}

/** A scalar of the value, with the type the shader reads it as. */
interface Slot {
  readonly scalar: 'f32' | 'i32' | 'u32';
  readonly value: number;
}

/** A value for `type` whose every scalar differs (exact in f32), and its scalars in member order. */
class Values {
  private next = 1;
  readonly slots: Slot[] = [];

  of(type: BufferType, runtimeCount: number): unknown {
    switch (type.kind) {
      case 'scalar':
        return this.scalar(type.scalar);
      case 'vector':
        return Array.from({ length: type.count }, () => this.scalar(type.scalar));
      case 'matrix':
        return Array.from({ length: type.columns * type.rows }, () => this.scalar(type.scalar));
      case 'array':
        return Array.from({ length: type.length ?? runtimeCount }, () => this.of(type.element, runtimeCount));
      case 'struct':
        return Object.fromEntries(type.members.map((m) => [m.name, this.of(m.type, runtimeCount)]));
    }
  }

  private scalar(scalar: string): number {
    const k = this.next++;
    if (scalar === 'f32') {
      this.slots.push({ scalar, value: k + 0.25 });
      return k + 0.25;
    }
    if (scalar === 'i32') {
      this.slots.push({ scalar, value: -k * 3 });
      return -k * 3;
    }
    if (scalar === 'u32') {
      this.slots.push({ scalar, value: 0x8000_0000 + k });
      return 0x8000_0000 + k;
    }
    throw new Error(`no values for ${scalar} members here`);
  }
}

/** The output words read as the scalars the shader wrote. */
function scalarsOf(out: Uint8Array, slots: readonly Slot[]): number[] {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  return slots.map((s, i) =>
    s.scalar === 'f32' ? view.getFloat32(i * 4, true) : s.scalar === 'i32' ? view.getInt32(i * 4, true) : view.getUint32(i * 4, true),
  );
}

interface Prepared {
  readonly c: Case;
  readonly spirv: Uint32Array;
  readonly layout: BlockLayout;
  readonly input: Uint8Array;
  readonly slots: readonly Slot[];
}

async function prepare(c: Case): Promise<Prepared> {
  const spirv = await compileCompute(shaderOf(c), 'vulkan1.2', 'glslangValidator');
  const [ep] = reflectWebGpu(decodeModule(spirv));
  const block = ep.blocks.find((b) => b.group === 0 && b.binding === 0);
  if (block === undefined) throw new Error(`${c.name}: no block at binding 0`);
  const writers = () => runInThisContext(`(${blockWritersExpression([block.layout])})`) as Readonly<Record<string, BlockWriter>>;
  const writer = writers()[block.layout.name];
  const values = new Values();
  const value = values.of(
    { kind: 'struct', name: block.layout.name, members: block.layout.members, size: block.layout.size, align: block.layout.align },
    c.runtimeCount ?? 0,
  );
  const bytes = new Uint8Array(writer.write(value as never));
  return { c, spirv, layout: block.layout, input: bytes, slots: values.slots };
}

const tools: Availability = await (async () => {
  const glslang = await glslangAvailable();
  return glslang.ok ? vulkanAvailable() : glslang;
})();

describeWithOracle('block writer offsets on lavapipe: every scalar written by the writer comes back from the SPIR-V', tools, () => {
  for (const c of CASES)
    it(c.name, async () => {
      const p = await prepare(c);
      const [, out] = await runHarnessJob({
        lines: ['entry main'],
        modules: [{ key: 'spv', spirv: p.spirv }],
        groups: [1, 1, 1],
        buffers: [
          { kind: c.kind === 'uniform' ? 'uniform' : 'storage', binding: 0, size: p.input.length, init: p.input },
          { binding: 1, size: p.slots.length * 4 },
        ],
      });
      expect(scalarsOf(out, p.slots)).toEqual(p.slots.map((s) => s.value));
      if (c.runtimeCount === undefined) expect(p.input.length).toBe(p.layout.size);
    });
});

const gpu: Availability = tools.ok ? await webGpuAvailable() : tools;

describeWithOracle("block writer offsets on Chromium's WebGPU: every scalar written by the writer comes back from the WGSL", gpu, () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const c of CASES.filter((c) => c.webGpu))
    it(c.name, async () => {
      const p = await prepare(c);
      expect(p.layout.wgslProblems).toEqual([]);
      const wgsl = toWgsl(decodeModule(p.spirv));
      const [, out] = await browser.runCompute({
        code: wgsl.code,
        groups: [1, 1, 1],
        buffers: [
          { binding: 0, kind: c.kind, size: p.input.length, init: p.input },
          { binding: 1, size: p.slots.length * 4 },
        ],
      });
      expect(scalarsOf(out, p.slots)).toEqual(p.slots.map((s) => s.value));
    });

  it('the layouts WGSL cannot declare are refused by the translator, with the reason the layout gives', async () => {
    for (const c of CASES.filter((c) => !c.webGpu)) {
      const p = await prepare(c);
      expect(p.layout.wgslProblems, c.name).not.toEqual([]);
      let refusal: unknown;
      try {
        toWgsl(decodeModule(p.spirv));
      } catch (e) {
        refusal = e;
      }
      expect(refusal, c.name).toBeInstanceOf(SpirvError);
      const message = (refusal as SpirvError).message;
      expect(message, c.name).toMatch(/cannot be expressed in WGSL/);
      // The member the translator stops at is one the layout names a problem of.
      expect(
        p.layout.wgslProblems.some((problem) => message.includes(problem.slice(0, problem.indexOf(':')))),
        `${message}\n${p.layout.wgslProblems.join('\n')}`,
      ).toBe(true);
    }
  });
});
