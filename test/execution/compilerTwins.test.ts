// The cross-compiler check every execution suite relies on (compilerTwins.ts): a compile from
// GLSL keeps @spvkit/glslang's module beside glslangValidator's, a run runs both, lowering
// carries the twin, and a difference fails the run, naming where.
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { carryTwin, registerTwin, twinOf, twinStats } from './compilerTwins.js';
import { compileCompute, compileStage, glslangAvailable } from './glsl.js';
import { lower } from './lowering.js';
import { runCompute, vulkanAvailable } from './runCompute.js';

const checks = [await vulkanAvailable(), await glslangAvailable()];
const failed = checks.find((c) => !c.ok);

const shader = (k: number): string => `#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer B { uint x[]; } b;
void main() { b.x[gl_GlobalInvocationID.x] = gl_LocalInvocationIndex * ${k}u + gl_WorkGroupID.x; }`;

const job = { groups: [2, 1, 1] as [number, number, number], buffers: [{ binding: 0, size: 64 }] };

describeWithOracle('execution suites run GLSL from both compilers', failed ?? { ok: true }, () => {
  it("compileCompute keeps @spvkit/glslang's module as the twin, and a run compares both", async () => {
    const words = await compileCompute(shader(3));
    const twin = twinOf(words);
    expect(twin !== undefined && 'words' in twin).toBe(true);
    const before = twinStats.runsCompared;
    const [out] = await runCompute({ ...job, spirv: words });
    expect(twinStats.runsCompared).toBe(before + 1);
    expect(Array.from(new Uint32Array(out.buffer, out.byteOffset, 16))).toEqual(Array.from({ length: 16 }, (_, i) => (i % 8) * 3 + (i >> 3)));
  });

  it('lowering carries the twin, lowered the same way', async () => {
    const words = await compileCompute(shader(5));
    const lowered = lower(words);
    const twin = twinOf(lowered);
    expect(twin !== undefined && 'words' in twin && twin.words !== (twinOf(words) as { words: Uint32Array }).words).toBe(true);
    const before = twinStats.runsCompared;
    await runCompute({ ...job, spirv: lowered });
    expect(twinStats.runsCompared).toBe(before + 1);
  });

  it('a twin that behaves differently fails the run, naming the buffer and byte', async () => {
    const words = await compileCompute(shader(3), 'vulkan1.1', 'glslangValidator');
    expect(twinOf(words)).toBeUndefined();
    // Stand-in for a miscompile: the twin is another shader (k = 4), so word 1 is 4, not 3.
    const other = await compileCompute(shader(4), 'vulkan1.1', 'glslangValidator');
    registerTwin(words, { words: other });
    await expect(runCompute({ ...job, spirv: words })).rejects.toThrow(
      /buffer 0 differs first at byte 4 \(word 0x3 expected, 0x4 got; lengths \d+ and \d+\) \(expected: glslangValidator's module, got: @spvkit\/glslang's\)/,
    );
    // carryTwin applies the same transform to the twin.
    const copy = carryTwin(words, words.slice(), (w) => w.slice());
    expect((twinOf(copy) as { words: Uint32Array }).words).toEqual(other);
  });

  it("a mesh size above glslang's default limits, the one difference allowed, is recorded with the reason", async () => {
    // glslangValidator gets lifted mesh limits (glsl.ts meshConfig); @spvkit/glslang takes none.
    const mesh = `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 256) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
void main() { SetMeshOutputsEXT(0u, 0u); }`;
    const words = await compileStage(mesh, 'mesh', 'vulkan1.2');
    const twin = twinOf(words);
    expect(twin !== undefined && 'notCompiled' in twin ? twin.notCompiled : 'compiled').toMatch(/^mesh workgroup size above 128: /);
  });
});
