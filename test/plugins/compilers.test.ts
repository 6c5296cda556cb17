// The GLSL compilers behind the plugin: @webgpu/glslang (in process) and glslangValidator (PATH),
// their stages, and errors mapped to the user's files with either. Also: the generated client
// types are in sync with their generator.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spvkit from '@spvkit/rollup-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import { describeWithOracle } from '../support/oracles.js';
import { glslangAvailable } from '../execution/glsl.js';
import { buildError, hasValidateBuiltins, makeProject, repoRoot, rollupBuild, runOutput, type Project } from './helpers.js';
import { BLUR_COMP, BLUR_REFLECTION, COMMON_GLSL } from './fixtures.js';

const baseOptions: SpvkitOptions = hasValidateBuiltins ? {} : { validate: false };

const GEOM = `#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) out vec3 normal;
void main() {
  for (int i = 0; i < 3; i++) {
    gl_Position = gl_in[i].gl_Position;
    normal = vec3(0.0, 0.0, 1.0);
    EmitVertex();
  }
  EndPrimitive();
}
`;

const RGEN = `#version 460
#extension GL_EXT_ray_tracing : require
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1, rgba8) uniform image2D target;
layout(location = 0) rayPayloadEXT vec3 payload;
void main() {
  traceRayEXT(scene, gl_RayFlagsOpaqueEXT, 0xff, 0, 0, 0, vec3(0.0), 0.001, vec3(0.0, 0.0, 1.0), 100.0, 0);
  imageStore(target, ivec2(gl_LaunchIDEXT.xy), vec4(payload, 1.0));
}
`;

let project: Project;
beforeAll(async () => {
  project = await makeProject('compilers', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/shadow.geom': GEOM,
    'src/trace.rgen': RGEN,
  });
});
afterAll(async () => {
  await project?.remove();
});

async function build(main: string, options: SpvkitOptions) {
  await project.write('src/main.js', main);
  return rollupBuild(project.path('src/main.js'), [spvkit({ root: project.root, ...baseOptions, ...options })]);
}

describe('@webgpu/glslang (in process)', () => {
  it("compiles compute, vertex and fragment; compiler '@webgpu/glslang' refuses other stages clearly", async () => {
    const out = await build(`export { default, bindings } from './blur.comp';`, { compiler: '@webgpu/glslang' });
    const m = await runOutput(out, project);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    const e = await buildError(build(`export { default } from './shadow.geom';`, { compiler: '@webgpu/glslang' }));
    expect(e.message).toMatch(/@webgpu\/glslang cannot compile 'geom' shaders \(only vert, frag, comp\)/);
  });
});

describeWithOracle('glslangValidator (PATH)', await glslangAvailable(), () => {
  it("compiler 'glslangValidator' gives the same reflection", async () => {
    const out = await build(`export { default as words, entryPoints, bindings, pushConstants, specConstants } from './blur.comp';`, { compiler: 'glslangValidator' });
    const m = await runOutput(out, project);
    expect(m.words[0]).toBe(0x07230203);
    expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    expect(m.pushConstants).toEqual(BLUR_REFLECTION.pushConstants);
    expect(m.specConstants).toEqual(BLUR_REFLECTION.specConstants);
  });

  it("'auto' falls back to glslangValidator for a geometry shader", async () => {
    const out = await build(`export { entryPoints } from './shadow.geom';`, {});
    const m = await runOutput(out, project);
    expect(m.entryPoints).toEqual([{ name: 'main', executionModel: 'Geometry' }]);
  });

  it('a ray generation shader with targetEnv vulkan1.2', async () => {
    const out = await build(`export { entryPoints, bindings } from './trace.rgen';`, { targetEnv: 'vulkan1.2' });
    const m = await runOutput(out, project);
    expect(m.entryPoints[0].executionModel).toMatch(/^RayGeneration/);
    expect(m.bindings.map((b: { kind: string }) => b.kind)).toEqual(['acceleration-structure', 'storage-image']);
  });

  it('errors in an included file map to that file and line with glslangValidator too', async () => {
    await project.write('src/lib/broken.glsl', `// helpers\nuint thrice(uint x) {\n  return x * missing;\n}\n`);
    await project.write('src/broken.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "lib/broken.glsl"'));
    const e = await buildError(build(`export { default } from './broken.comp';`, { compiler: 'glslangValidator' }));
    expect(e.loc).toEqual({ file: project.path('src/lib/broken.glsl'), line: 3, column: '  return x * missing;'.indexOf('missing') + 1 });
    expect(e.message).toMatch(/'missing' : undeclared identifier/);
    expect(e.frame).toMatch(/3: +return x \* missing;/);
  });
});

describe('client types', () => {
  it('client*.d.ts are what scripts/generate-client.mjs writes', async () => {
    const r = await new Promise<{ code: number; out: string }>((done) =>
      execFile(process.execPath, [join(repoRoot, 'packages/rollup-plugin/scripts/generate-client.mjs'), '--check'], (err, stdout, stderr) =>
        done({ code: err ? 1 : 0, out: stdout + stderr }),
      ),
    );
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
  });
});
