// The GLSL compilers behind the plugin: @spvkit/glslang ('auto', in process, every stage, no
// glslangValidator needed), glslangValidator (PATH), and errors mapped to the user's files with
// either. Also: the generated client types are in sync with their generator.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spvkit from '@spvkit/rollup-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { glslangAvailable } from '../execution/glsl.js';
import { glslDir } from '../corpus/index.js';
import { buildError, hasValidateBuiltins, makeProject, repoRoot, rollupBuild, runOutput, type Project } from './helpers.js';
import { recordsExport, wordsExport } from './exports.js';
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

/** An extension the 2020 glslang of @webgpu/glslang refused (issue 18); a current glslang takes it. */
const PRINTF_COMP = `#version 450
#extension GL_EXT_debug_printf : require
layout(local_size_x = 1) in;
void main() {
  debugPrintfEXT("group %u", gl_WorkGroupID.x);
}
`;

let project: Project;
beforeAll(async () => {
  project = await makeProject('compilers', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/shadow.geom': GEOM,
    'src/trace.rgen': RGEN,
    'src/printf.comp': PRINTF_COMP,
  });
});
afterAll(async () => {
  await project?.remove();
});

async function build(main: string, options: SpvkitOptions) {
  await project.write('src/main.js', main);
  return rollupBuild(project.path('src/main.js'), [spvkit({ root: project.root, ...baseOptions, ...options })]);
}

/** Runs `body` with PATH set to an empty folder, so no glslangValidator (nor anything else) can be found. */
async function withoutPath<T>(body: () => Promise<T>): Promise<T> {
  const empty = await mkdtemp(join(tmpdir(), 'spvkit-empty-path-'));
  const saved = process.env.PATH;
  process.env.PATH = empty;
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
    await rm(empty, { recursive: true, force: true });
  }
}

describe("@spvkit/glslang ('auto', in process)", () => {
  it('compiles compute with the reflection glslangValidator gives', async () => {
    const out = await build(`export { default as words, entryPoints, bindings, pushConstants, specConstants } from './blur.comp';`, {});
    const m = await runOutput(out, project);
    expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
    expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    expect(m.pushConstants).toEqual(BLUR_REFLECTION.pushConstants);
    expect(m.specConstants).toEqual(BLUR_REFLECTION.specConstants);
  });

  it("'@spvkit/glslang' is the same compiler as 'auto'", async () => {
    const a = await runOutput(await build(`export { default } from './blur.comp';`, {}), project);
    const b = await runOutput(await build(`export { default } from './blur.comp';`, { compiler: '@spvkit/glslang' }), project);
    expect(Array.from(wordsExport(b, 'default'))).toEqual(Array.from(wordsExport(a, 'default')));
  });

  it('a geometry shader and a ray generation shader (vulkan1.2), with no glslangValidator on PATH', async () => {
    await withoutPath(async () => {
      const geom = await runOutput(await build(`export { entryPoints } from './shadow.geom';`, {}), project);
      expect(geom.entryPoints).toEqual([{ name: 'main', executionModel: 'Geometry' }]);
      const rgen = await runOutput(await build(`export { entryPoints, bindings } from './trace.rgen';`, { targetEnv: 'vulkan1.2' }), project);
      expect(recordsExport(rgen, 'entryPoints')[0]?.executionModel).toMatch(/^RayGeneration/);
      expect(recordsExport(rgen, 'bindings').map((b) => b.kind)).toEqual(['acceleration-structure', 'storage-image']);
    });
  });

  it('GL_EXT_debug_printf, which @webgpu/glslang refused, compiles', async () => {
    const m = await runOutput(await build(`export { default } from './printf.comp?spvasm';`, {}), project);
    expect(m.default).toContain('OpExtInstImport "NonSemantic.DebugPrintf"');
  });

  it("compiler '@webgpu/glslang' is refused with what replaced it", () => {
    expect(() => spvkit({ compiler: '@webgpu/glslang' as never })).toThrow(
      /'@webgpu\/glslang' is no longer supported: 'auto' \(the default\) compiles every stage with @spvkit\/glslang/,
    );
    expect(() => spvkit({ compiler: 'glslc' as never })).toThrow(/option compiler must be 'auto', '@spvkit\/glslang', 'glslangValidator' or a function/);
  });

  it('a targetEnv glslang does not take is a clear build error', async () => {
    const e = await buildError(build(`export { default } from './blur.comp';`, { targetEnv: 'opengl4.5', validate: false }));
    expect(e.message).toMatch(/targetEnv 'opengl4\.5': @spvkit\/glslang compiles for vulkan1\.0 … vulkan1\.4 or spv1\.0 … spv1\.6/);
    expect(e.id).toBe(project.path('src/blur.comp'));
  });

  it('glslang warnings become build warnings at the line', async () => {
    await project.write('src/warn.comp', `#version 450\n#extension GL_EXT_no_such_thing : warn\nlayout(local_size_x = 1) in;\nvoid main() {}\n`);
    const { warnings } = await build(`export { default } from './warn.comp';`, {});
    const ours = warnings.filter((w) => w.plugin === 'spvkit');
    expect(ours).toHaveLength(1);
    expect(ours[0].message).toMatch(/extension not supported: GL_EXT_no_such_thing/);
    expect(ours[0].loc).toEqual({ file: project.path('src/warn.comp'), line: 2, column: 1 });
  });
});

describe('errors through the plugin with @spvkit/glslang: file, line, column and frame', () => {
  it('a syntax error in the shader', async () => {
    await project.write('src/syntax.comp', `#version 450\nlayout(local_size_x = 1) in;\nvoid main() {\n  uint a = 1u\n  uint b = a;\n}\n`);
    const e = await buildError(build(`export { default } from './syntax.comp';`, {}));
    expect(e.plugin).toBe('spvkit');
    expect(e.message).toMatch(/\(5:3\): syntax error, unexpected UINT, expecting COMMA or SEMICOLON/);
    // glslang reports it at the token after the missing semicolon: line 5, `uint`.
    expect(e.loc).toEqual({ file: project.path('src/syntax.comp'), line: 5, column: 3 });
    expect(e.frame).toMatch(/5: {3}uint b = a;\n {5}\^/);
  });

  it('an unknown extension, at its #extension line', async () => {
    await project.write(
      'src/ext.comp',
      `#version 450\n// needs an extension nobody has\n#extension GL_EXT_no_such_thing : require\nlayout(local_size_x = 1) in;\nvoid main() {}\n`,
    );
    const e = await buildError(build(`export { default } from './ext.comp';`, {}));
    expect(e.message).toMatch(/\(3:1\): '#extension' : extension not supported: GL_EXT_no_such_thing/);
    expect(e.loc).toEqual({ file: project.path('src/ext.comp'), line: 3, column: 1 });
    expect(e.frame).toMatch(/3: #extension GL_EXT_no_such_thing : require\n {3}\^/);
  });

  it('an include that does not exist, named in an included file, at that #include', async () => {
    await project.write('src/lib/outer.glsl', `// outer helpers\n#include "missing/inner.glsl"\n`);
    await project.write(
      'src/badinclude.comp',
      `#version 450\n#extension GL_GOOGLE_include_directive : require\n#include "lib/outer.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n`,
    );
    const e = await buildError(build(`export { default } from './badinclude.comp';`, {}));
    expect(e.pluginCode).toBe('INCLUDE_NOT_FOUND');
    expect(e.message).toMatch(/cannot find include "missing\/inner\.glsl" \(searched src\/lib\/missing\/inner\.glsl\)/);
    expect(e.loc).toEqual({ file: project.path('src/lib/outer.glsl'), line: 2, column: '#include "'.length });
    expect(e.frame).toMatch(/2: #include "missing\/inner\.glsl"/);
  });

  it('an undeclared name in an included file, at its line and column', async () => {
    await project.write('src/lib/broken.glsl', `// helpers\nuint thrice(uint x) {\n  return x * missing;\n}\n`);
    await project.write('src/broken.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "lib/broken.glsl"'));
    const e = await buildError(build(`export { default } from './broken.comp';`, {}));
    expect(e.loc).toEqual({ file: project.path('src/lib/broken.glsl'), line: 3, column: '  return x * missing;'.indexOf('missing') + 1 });
    expect(e.message).toMatch(/\(3:14\): 'missing' : undeclared identifier/);
    expect(e.message).not.toMatch(/compilation terminated/);
    expect(e.frame).toMatch(/3: +return x \* missing;/);
  });

  it('a syntax error in an included file, at its line in that file', async () => {
    await project.write('src/lib/syntax.glsl', `// helpers\nfloat halve(float x) {\n  return x * 0.5\n}\n`);
    await project.write(
      'src/incsyntax.frag',
      `#version 450\n#include "lib/syntax.glsl"\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(halve(1.0)); }\n`,
    );
    const e = await buildError(build(`export { default } from './incsyntax.frag';`, {}));
    expect(e.plugin).toBe('spvkit');
    expect(e.message).toMatch(/\(4:1\): syntax error/);
    // glslang stops at the token after the missing semicolon: the `}` on line 4 of the header.
    expect(e.loc).toEqual({ file: project.path('src/lib/syntax.glsl'), line: 4, column: 1 });
    expect(e.frame).toMatch(/4: }\n {3}\^/);
  });

  it('an unknown extension required by an included header, at its line there', async () => {
    await project.write('src/lib/needs.glsl', `// needs an extension nobody has\n#extension GL_EXT_no_such_thing : require\n`);
    await project.write('src/incext.vert', `#version 450\n#include "lib/needs.glsl"\nvoid main() { gl_Position = vec4(0.0); }\n`);
    const e = await buildError(build(`export { default } from './incext.vert';`, {}));
    expect(e.message).toMatch(/\(2:1\): '#extension' : extension not supported: GL_EXT_no_such_thing/);
    expect(e.loc).toEqual({ file: project.path('src/lib/needs.glsl'), line: 2, column: 1 });
    expect(e.frame).toMatch(/2: #extension GL_EXT_no_such_thing : require\n {3}\^/);
  });

  it('an include that does not exist, in the shader itself, at its #include', async () => {
    await project.write('src/nofile.comp', `#version 450\nlayout(local_size_x = 1) in;\n#include "lib/nowhere.glsl"\nvoid main() {}\n`);
    const e = await buildError(build(`export { default } from './nofile.comp';`, {}));
    expect(e.pluginCode).toBe('INCLUDE_NOT_FOUND');
    expect(e.message).toMatch(/cannot find include "lib\/nowhere\.glsl" \(searched src\/lib\/nowhere\.glsl\)/);
    expect(e.loc).toEqual({ file: project.path('src/nofile.comp'), line: 3, column: '#include "'.length });
    expect(e.frame).toMatch(/3: #include "lib\/nowhere\.glsl"/);
  });

  it('an include cycle without guards, at the #include that closes it', async () => {
    await project.write('src/lib/ping.glsl', `// ping\n#include "pong.glsl"\n`);
    await project.write('src/lib/pong.glsl', `// pong\n\n#include "ping.glsl"\n`);
    await project.write('src/cycle.comp', `#version 450\n#include "lib/ping.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n`);
    const e = await buildError(build(`export { default } from './cycle.comp';`, {}));
    expect(e.pluginCode).toBe('INCLUDE_CYCLE');
    expect(e.message).toMatch(/include cycle: src\/lib\/ping\.glsl -> src\/lib\/pong\.glsl -> src\/lib\/ping\.glsl/);
    expect(e.loc).toMatchObject({ file: project.path('src/lib/pong.glsl'), line: 3 });
    expect(e.frame).toMatch(/3: #include "ping\.glsl"/);
  });

  it('a syntax error in a ray-tracing stage (one only @spvkit/glslang compiles without glslangValidator), at its line', async () => {
    await project.write(
      'src/bad.rchit',
      `#version 460\n#extension GL_EXT_ray_tracing : require\nlayout(location = 0) rayPayloadInEXT vec3 hit;\nvoid main() {\n  hit = vec3(1.0) +;\n}\n`,
    );
    const e = await buildError(withoutPath(() => build(`export { default } from './bad.rchit';`, { targetEnv: 'vulkan1.2' })));
    expect(e.message).toMatch(/\(5:20\): syntax error/);
    expect(e.loc).toEqual({ file: project.path('src/bad.rchit'), line: 5, column: 20 });
    expect(e.frame).toMatch(/5: {3}hit = vec3\(1\.0\) \+;\n {22}\^/);
  });
});

/** Every GLSL stage glslang has, by the extension the corpus uses for it. */
const STAGES = ['vert', 'tesc', 'tese', 'geom', 'frag', 'comp', 'mesh', 'task', 'rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall'];

/** The corpus's target env for a file: its `// target-env:` header's first, else as test/corpus/index.ts decides. */
function corpusTargetEnv(file: string, text: string): string {
  const header = /^\/\/\s*target-env:\s*(\S+)/m.exec(
    text
      .split(/\r?\n/)
      .filter((l) => l.startsWith('//'))
      .join('\n'),
  );
  if (header) return header[1];
  const stage = extname(file).slice(1);
  if (['rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall'].includes(stage)) return 'vulkan1.2';
  if ((stage === 'mesh' || stage === 'task') && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}

describeWithOracle('every stage with default options and no glslangValidator on PATH; spirv-val accepts each', spirvToolsAvailable(), () => {
  it('the GLSL corpus (test/corpus/glsl: every stage, with includes) through the plugin', async () => {
    const files = (await readdir(glslDir)).filter((f) => STAGES.includes(extname(f).slice(1))).sort();
    expect(new Set(files.map((f) => extname(f).slice(1)))).toEqual(new Set(STAGES));
    const stages = await makeProject('stages', {});
    try {
      for (const f of await readdir(join(glslDir, 'include'))) await stages.write(`include/${f}`, await readFile(join(glslDir, 'include', f)));
      const built: { file: string; env: string; words: Uint32Array }[] = [];
      const failed: string[] = [];
      await withoutPath(async () => {
        // Proof that PATH has no glslangValidator: asking for it by name fails.
        await stages.write('blur.comp', BLUR_COMP.replace('#include "lib/common.glsl"', ''));
        await stages.write('validator.js', `export { default } from './blur.comp';`);
        const refused = await buildError(rollupBuild(stages.path('validator.js'), [spvkit({ root: stages.root, compiler: 'glslangValidator' })]));
        expect(refused.message).toMatch(/glslangValidator is not on PATH/);
        for (const file of files) {
          const text = await readFile(join(glslDir, file), 'utf8');
          const env = corpusTargetEnv(file, text);
          await stages.write(file, text);
          await stages.write('main.js', `export { default } from './${file}';`);
          try {
            const out = await rollupBuild(stages.path('main.js'), [spvkit({ root: stages.root, targetEnv: env })]);
            built.push({ file, env, words: wordsExport(await runOutput(out, stages), 'default') });
          } catch (e) {
            failed.push(`${file}: ${(e as Error).message}`);
          }
        }
      });
      expect(failed).toEqual([]);
      const invalid = built.map(({ file, env, words }) => ({ file, ...spirvVal(words, env) })).filter((r) => !r.ok);
      expect(invalid).toEqual([]);
      expect(built).toHaveLength(files.length);
    } finally {
      await stages.remove();
    }
  });
});

describeWithOracle('glslangValidator (PATH)', await glslangAvailable(), () => {
  it("compiler 'glslangValidator' gives the same reflection", async () => {
    const out = await build(`export { default as words, entryPoints, bindings, pushConstants, specConstants } from './blur.comp';`, {
      compiler: 'glslangValidator',
    });
    const m = await runOutput(out, project);
    expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
    expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    expect(m.pushConstants).toEqual(BLUR_REFLECTION.pushConstants);
    expect(m.specConstants).toEqual(BLUR_REFLECTION.specConstants);
  });

  it("compiler 'glslangValidator' compiles a geometry shader", async () => {
    const out = await build(`export { entryPoints } from './shadow.geom';`, { compiler: 'glslangValidator' });
    const m = await runOutput(out, project);
    expect(m.entryPoints).toEqual([{ name: 'main', executionModel: 'Geometry' }]);
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
