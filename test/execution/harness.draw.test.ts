/**
 * Checks the draw mode of the execution harness itself: a vertex and a fragment shader render
 * into offscreen color attachments of several formats, with buffers, push constants and
 * specialization constants visible to both stages and vertex buffers feeding the vertex inputs;
 * the pixels and buffers must hold exactly what JS computes, and a broken job must fail with the
 * harness's message.
 *
 * Without Vulkan or glslangValidator the suite is skipped with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { compileStage, glslangAvailable } from './glsl.js';
import { runDraw } from './runDraw.js';
import { buildHarness, SpvRunError, vulkanAvailable } from './spvrun.js';

const checks = [await vulkanAvailable(), await glslangAvailable()];
const reasons = checks.flatMap((c) => (c.ok ? [] : [c.reason]));
const availability = reasons.length ? { ok: false as const, reason: reasons.join('; ') } : { ok: true as const };

const SIZE = 64;
const bytesOf = (a: Uint32Array | Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const u32 = (b: Uint8Array): Uint32Array => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
const f32 = (b: Uint8Array): Float32Array => new Float32Array(b.buffer, b.byteOffset, b.byteLength >> 2);

/** Pixel rectangles [x0, y0, x1, y1) of the two instances' quads: edges on pixel borders, so coverage is exact. */
const RECTS = [
  [16, 8, 48, 40],
  [16, 44, 48, 60],
] as const;

// Each instance draws one quad (two triangles) from gl_VertexIndex alone; the flat varying is the
// triangle's number and its instance's, taken from the provoking (first) vertex.
const QUAD_VERT = `#version 450
layout(constant_id = 4) const uint K = 1u;
layout(std430, set = 0, binding = 1) buffer V { uint v[]; } vs;
layout(location = 0) flat out uint triangle;
const vec4 rects[2] = vec4[2](${RECTS.map((r) => `vec4(${r.map((n) => `${n}.0`).join(', ')})`).join(', ')});
void main() {
  const ivec2 corners[6] = ivec2[6](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 0), ivec2(1, 1), ivec2(0, 1));
  vec4 r = rects[gl_InstanceIndex];
  ivec2 c = corners[gl_VertexIndex];
  vec2 pixel = vec2(c.x == 0 ? r.x : r.z, c.y == 0 ? r.y : r.w);
  gl_Position = vec4(pixel / ${SIZE / 2}.0 - 1.0, 0.0, 1.0);
  triangle = uint(gl_VertexIndex / 3) + 10u * uint(gl_InstanceIndex);
  vs.v[gl_InstanceIndex * 6 + gl_VertexIndex] = uint(gl_VertexIndex) * K + 1000u * uint(gl_InstanceIndex);
}
`;

const QUAD_FRAG = `#version 450
layout(constant_id = 4) const uint K = 1u;
layout(push_constant) uniform P { uint tag; } pc;
layout(std140, set = 0, binding = 0) uniform U { vec4 scale; } u;
layout(std430, set = 0, binding = 1) buffer V { uint v[]; } vs;
layout(std430, set = 1, binding = 0) buffer C { uint fragments; } counter;
layout(location = 0) flat in uint triangle;
layout(location = 0) out vec4 position;
layout(location = 2) out uvec4 ids;
layout(location = 3) out vec4 unorm;
void main() {
  position = vec4(gl_FragCoord.xy, float(K), u.scale.x * gl_FragCoord.x);
  ids = uvec4(uint(gl_FragCoord.x), uint(gl_FragCoord.y), triangle, pc.tag);
  unorm = vec4(1.0, 0.0, 0.2, 0.6);
  atomicAdd(counter.fragments, 1u);
}
`;

describeWithOracle('runDraw on Vulkan (vertex and fragment shaders, offscreen)', availability, () => {
  it('draws two instanced quads into float, integer and unorm attachments, with buffers, push and spec constants in both stages', async () => {
    const vertex = await compileStage(QUAD_VERT, 'vert');
    const fragment = await compileStage(QUAD_FRAG, 'frag');
    const {
      buffers: [, vs, counter],
      images: [position, ids, unorm],
    } = await runDraw({
      vertex,
      fragment,
      vertexCount: 6,
      instanceCount: 2,
      specConstants: { 4: 3 },
      pushConstants: bytesOf(new Uint32Array([0xabcd])),
      buffers: [
        { kind: 'uniform', binding: 0, size: 16, init: bytesOf(new Float32Array([0.5, 0, 0, 0])) },
        { binding: 1, size: 12 * 4 },
        { set: 1, binding: 0, size: 4 },
      ],
      colors: [
        { location: 0, format: 'rgba32f' },
        { location: 2, format: 'rgba32ui' },
        { location: 3, format: 'rgba8' },
      ],
    });
    expect([...u32(vs)]).toEqual([0, 3, 6, 9, 12, 15, 1000, 1003, 1006, 1009, 1012, 1015]);
    const covered = RECTS.reduce((n, [x0, y0, x1, y1]) => n + (x1 - x0) * (y1 - y0), 0);
    expect(u32(counter)[0]).toBe(covered);
    const p = f32(position);
    const d = u32(ids);
    let checked = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const at = (y * SIZE + x) * 4;
        const instance = RECTS.findIndex(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1);
        if (instance < 0) {
          // Outside the quads the attachments keep their clear value.
          expect([...p.subarray(at, at + 4), ...d.subarray(at, at + 4), ...unorm.subarray(at, at + 4)], `${x},${y}`).toEqual(new Array(12).fill(0));
          continue;
        }
        expect([...p.subarray(at, at + 4)], `${x},${y}`).toEqual([x + 0.5, y + 0.5, 3, (x + 0.5) * 0.5]);
        expect([...unorm.subarray(at, at + 4)]).toEqual([255, 0, 51, 153]);
        const [x0, y0, x1, y1] = RECTS[instance];
        // The quad's diagonal splits it: on the line the rasterization rule picks the triangle, elsewhere the geometry does.
        const side = (x + 0.5 - x0) * (y1 - y0) - (y + 0.5 - y0) * (x1 - x0);
        const triangle = side === 0 ? d[at + 2] % 10 : side > 0 ? 0 : 1;
        expect([...d.subarray(at, at + 4)], `${x},${y}`).toEqual([x, y, triangle + 10 * instance, 0xabcd]);
        checked++;
      }
    }
    expect(checked).toBe(covered);
  });

  it('feeds vertex inputs from vertex buffers', async () => {
    const vertex = await compileStage(
      `#version 450
layout(location = 0) in vec2 corner;
layout(location = 3) in uvec4 colour;
layout(location = 1) flat out uvec4 outColour;
void main() { gl_Position = vec4(corner, 0.0, 1.0); outColour = colour; }
`,
      'vert',
    );
    const fragment = await compileStage(
      `#version 450
layout(location = 1) flat in uvec4 colour;
layout(location = 0) out uvec4 result;
void main() { result = colour; }
`,
      'frag',
    );
    // One triangle over the whole target (its right angle at the top left), one colour a vertex: the first is the provoking one.
    const corners = new Float32Array([-1, -1, 3, -1, -1, 3]);
    const colours = new Uint32Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const {
      images: [image],
    } = await runDraw({
      vertex,
      fragment,
      vertexCount: 3,
      width: 8,
      height: 4,
      buffers: [],
      attributes: [
        { location: 0, format: 'f32x2', stride: 8, data: bytesOf(corners) },
        { location: 3, format: 'u32x4', stride: 16, data: bytesOf(colours) },
      ],
      colors: [{ location: 0, format: 'rgba32ui' }],
    });
    expect([...u32(image)]).toEqual(new Array(8 * 4).fill([1, 2, 3, 4]).flat());
  });

  it('a broken draw fails with the harness message, and the next one runs', async () => {
    const vertex = await compileStage(QUAD_VERT, 'vert');
    const fragment = await compileStage(QUAD_FRAG, 'frag');
    const buffers = [
      { kind: 'uniform' as const, binding: 0, size: 16 },
      { binding: 1, size: 12 * 4 },
      { set: 1, binding: 0, size: 4 },
    ];
    const colors = [{ location: 0, format: 'r32f' as const }];
    await expect(runDraw({ vertex, fragment, fragmentEntryPoint: 'nope', vertexCount: 6, buffers, colors })).rejects.toThrow(SpvRunError);
    // A vertex shader in the fragment stage.
    await expect(runDraw({ vertex, fragment: vertex, vertexCount: 6, buffers, colors })).rejects.toThrow(SpvRunError);
    await expect(runDraw({ vertex, fragment, vertexCount: 6, buffers, colors: [{ location: 0, format: 'bgra' as 'r32f' }] })).rejects.toThrow(RangeError);
    const { images } = await runDraw({ vertex, fragment, vertexCount: 6, buffers, colors, width: 32, height: 16 });
    // r32f keeps the red channel, gl_FragCoord.x; on a 32x16 target the quad covers x 8..23, y 2..9.
    expect(f32(images[0])[5 * 32 + 20]).toBe(20.5);
    expect(f32(images[0])[12 * 32 + 20]).toBe(0);
    expect(f32(images[0]).filter((v) => v !== 0).length).toBe(16 * 8);
  });

  it('spvrun refuses a malformed draw job, naming what is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spvrun-draw-'));
    try {
      const job = (name: string, text: string): string => {
        writeFileSync(join(dir, name), `${text}\nout ${dir}/out.bin\n`);
        return join(dir, name);
      };
      writeFileSync(join(dir, 'm.spv'), new Uint8Array(20));
      const jobs = [
        job('nofrag.txt', `vert ${dir}/m.spv\ndraw 3 1`),
        job('nodraw.txt', `vert ${dir}/m.spv\nfrag ${dir}/m.spv`),
        job('format.txt', `vert ${dir}/m.spv\nfrag ${dir}/m.spv\ndraw 3 1\ncolor 0 bgra`),
        job('twice.txt', `vert ${dir}/m.spv\nfrag ${dir}/m.spv\ndraw 3 1\ncolor 1 r32f\ncolor 1 rgba8`),
        job('attribute.txt', `vert ${dir}/m.spv\nfrag ${dir}/m.spv\ndraw 3 1\nattribute 0 f64x2 16 ${dir}/m.spv`),
        job('colorcompute.txt', `spv ${dir}/m.spv\ncolor 0 r32f`),
        job('both.txt', `spv ${dir}/m.spv\nvert ${dir}/m.spv\nfrag ${dir}/m.spv\ndraw 3 1`),
        job('target.txt', `vert ${dir}/m.spv\nfrag ${dir}/m.spv\ndraw 3 1\ntarget 0 8`),
      ];
      const replies = execFileSync(await buildHarness(), ['--serve'], { input: jobs.join('\n') + '\n', encoding: 'utf8' })
        .trimEnd()
        .split('\n');
      expect(replies).toEqual([
        "error 1 spvrun: job: 'vert' needs 'frag'",
        "error 1 spvrun: job: 'vert' needs 'draw VERTICES INSTANCES'",
        "error 1 spvrun: job line 4: unknown color format 'bgra'",
        'error 1 spvrun: job line 5: duplicate color location 1',
        "error 1 spvrun: job line 4: unknown attribute format 'f64x2' (f32xN, i32xN or u32xN, N = 1..4)",
        "error 1 spvrun: job: 'draw', 'color' and 'attribute' need 'vert'",
        "error 1 spvrun: job: more than one of 'spv', 'mesh' and 'vert'",
        'error 1 spvrun: job line 4: target 0x8 is not in 1..4096',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
