// The words the plugin emits run on a real Vulkan driver (lavapipe) and leave the same buffers as
// glslangValidator's output put through the same pass with the spvkit CLI.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BuiltIn, decodeModule, encodeModule, HOST_ENDIANNESS, runPasses } from '@spvkit/core';
import spvkit from '@spvkit/rollup-plugin';
import { describeWithOracle } from '../support/oracles.js';
import { runCompute, vulkanAvailable } from '../execution/runCompute.js';
import { compileCompute, glslangAvailable } from '../execution/glsl.js';
import { builtinsOf, hasLowering, makeProject, repoRoot, rollupBuild, runOutput, type Project } from './helpers.js';

const INDEX_GLSL = `// index helpers
uint scramble(uint local, uint seed) {
  return (local * 2654435761u) ^ seed;
}
`;

const body = `layout(local_size_x = 4, local_size_y = 3, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
layout(set = 0, binding = 1) readonly buffer In { uint w[]; } inp;
shared uint tile[24];
void main() {
  uint g = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  uint i = g * 24u + gl_LocalInvocationIndex;
  tile[gl_LocalInvocationIndex] = inp.w[i];
  barrier();
  o.v[i] = scramble(gl_LocalInvocationIndex, tile[23u - gl_LocalInvocationIndex]) + gl_LocalInvocationID.z;
}
`;
const WITH_INCLUDE = `#version 450\n#include "lib/index.glsl"\n${body}`;
const INLINED = `#version 450\n${INDEX_GLSL}${body}`;
const GROUPS: [number, number, number] = [3, 2, 1];
const COUNT = 6 * 24;

const vk = await vulkanAvailable();
const gl = await glslangAvailable();
const availability = !vk.ok ? vk : !gl.ok ? gl : { ok: true as const };

function expected(input: Uint32Array): Uint32Array {
  const out = new Uint32Array(COUNT);
  for (let g = 0; g < 6; g++) {
    for (let local = 0; local < 24; local++) {
      const z = Math.floor(local / 12);
      const seed = input[g * 24 + (23 - local)];
      out[g * 24 + local] = ((Math.imul(local, 2654435761) ^ seed) + z) >>> 0;
    }
  }
  return out;
}

function cli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) =>
    execFile(process.execPath, [join(repoRoot, 'packages/cli/bin/spvkit.js'), ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      done({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

describeWithOracle('plugin output on lavapipe vs glslangValidator + the same pass', availability, () => {
  let project: Project;
  let tmp: string;
  beforeAll(async () => {
    project = await makeProject('exec', {
      'src/lib/index.glsl': INDEX_GLSL,
      'src/reduce.comp': WITH_INCLUDE,
      'src/main.js': `export { default as words, bindings } from './reduce.comp';`,
    });
    tmp = await mkdtemp(join(tmpdir(), 'spvkit-plugin-exec-'));
  });
  afterAll(async () => {
    await project?.remove();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  const run = async (spirv: Uint32Array, input: Uint32Array): Promise<Uint32Array> => {
    const [out] = await runCompute({
      spirv,
      groups: GROUPS,
      buffers: [
        { binding: 0, size: COUNT * 4 },
        { binding: 1, size: COUNT * 4, init: new Uint8Array(input.buffer) },
      ],
    });
    return new Uint32Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
  };

  (hasLowering ? it : it.skip)(
    `passes: ['lower-local-invocation-index'] gives the same buffers${hasLowering ? '' : ' (SKIPPED: lower-local-invocation-index is not registered yet)'}`,
    async () => {
      const { chunks, assets } = await rollupBuild(project.path('src/main.js'), [spvkit({ root: project.root, passes: ['lower-local-invocation-index'] })]);
      const m = await runOutput({ chunks, assets }, project);
      const pluginWords = m.words as Uint32Array;
      expect(builtinsOf(pluginWords)).not.toContain(BuiltIn.LocalInvocationIndex);

      // The reference: glslangValidator, then the same pass, through the CLI when it has `opt`.
      const reference = await compileCompute(INLINED, 'vulkan1.1');
      expect(builtinsOf(reference)).toContain(BuiltIn.LocalInvocationIndex);
      let lowered: Uint32Array;
      const canCli = existsSync(join(repoRoot, 'packages/cli/dist/bin.js')) && (await cli(['opt', '--help'])).code === 0;
      if (canCli) {
        const inFile = join(tmp, 'in.spv');
        const outFile = join(tmp, 'out.spv');
        await writeFile(inFile, new Uint8Array(reference.buffer, reference.byteOffset, reference.byteLength));
        const r = await cli(['opt', inFile, '-o', outFile, '--lower-local-invocation-index']);
        expect(r.code, r.out).toBe(0);
        const bytes = await readFile(outFile);
        lowered = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      } else {
        console.warn('spvkit CLI has no `opt` (or is not built): lowering the reference in process with runPasses');
        const module = decodeModule(reference);
        expect(runPasses(module, ['lower-local-invocation-index']).ok).toBe(true);
        lowered = encodeModule(module, { endianness: HOST_ENDIANNESS });
      }
      expect(builtinsOf(lowered)).not.toContain(BuiltIn.LocalInvocationIndex);

      const input = new Uint32Array(COUNT);
      for (let i = 0; i < COUNT; i++) input[i] = (Math.imul(i + 1, 0x9e3779b1) ^ (i << 7)) >>> 0;
      const fromPlugin = await run(pluginWords, input);
      const fromReference = await run(lowered, input);
      const fromUnlowered = await run(reference, input);
      expect([...fromPlugin]).toEqual([...fromReference]);
      expect([...fromPlugin]).toEqual([...fromUnlowered]);
      expect([...fromPlugin]).toEqual([...expected(input)]);
    },
  );
});
