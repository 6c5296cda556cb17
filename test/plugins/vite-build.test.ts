// Real Vite 8 (Rolldown) builds: @spvkit/vite-plugin, and @spvkit/rollup-plugin used unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type PluginOption, type Rolldown } from 'vite';
import { decodeModule, disassemble } from '@spvkit/core';
import spvkitVite from '@spvkit/vite-plugin';
import spvkitRollup from '@spvkit/rollup-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import { buildError, bytesToWords, compileWithWasm, hasValidateBuiltins, makeProject, runOutput, type Project } from './helpers.js';
import { bytesExport, stringExport, wordsExport } from './exports.js';
import { BLUR_COMP, BLUR_REFLECTION, COMMON_GLSL } from './fixtures.js';

// These builds check the words as given: the release passes a `vite build` runs by default are
// checked in production.test.ts.
const baseOptions: SpvkitOptions = hasValidateBuiltins ? { release: false } : { validate: false, release: false };

let project: Project;
let fillSpv: Uint8Array;

beforeAll(async () => {
  fillSpv = await compileWithWasm(
    `#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 2) buffer Data { uint values[]; } data;
void main() { data.values[gl_GlobalInvocationID.x] = gl_LocalInvocationIndex; }
`,
    'comp',
  );
  project = await makeProject('vite-build', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/kernel.glsl': BLUR_COMP,
    'src/fill.spv': fillSpv,
    'src/main.js': `
export { default as blur, entryPoints, bindings, pushConstants, specConstants } from './blur.comp';
export { default as kernel } from './kernel.glsl?stage=comp';
export { default as fill, bindings as fillBindings } from './fill.spv';
export { default as fillAsm } from './fill.spv?spvasm';
export { default as blurUrl } from './blur.comp?url';
`,
  });
});

afterAll(async () => {
  await project?.remove();
});

type Output = { chunks: Rolldown.OutputChunk[]; assets: Rolldown.OutputAsset[] };

async function viteBuild(plugins: PluginOption[], entry = 'src/main.js'): Promise<Output> {
  const result = await build({
    root: project.root,
    logLevel: 'silent',
    configFile: false,
    plugins,
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: project.path(entry), preserveEntrySignatures: 'strict', output: { format: 'es' } },
    },
  });
  const out = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  return {
    chunks: out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk'),
    assets: out.output.filter((o): o is Rolldown.OutputAsset => o.type === 'asset'),
  };
}

async function checkBundle(out: Output) {
  const m = await runOutput(out, project);
  expect(m.blur).toBeInstanceOf(Uint32Array);
  expect(wordsExport(m, 'blur')[0]).toBe(0x07230203);
  expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
  expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
  expect(m.pushConstants).toEqual(BLUR_REFLECTION.pushConstants);
  expect(m.specConstants).toEqual(BLUR_REFLECTION.specConstants);
  expect([...wordsExport(m, 'kernel')]).toEqual([...wordsExport(m, 'blur')]);
  expect([...wordsExport(m, 'fill')]).toEqual([...bytesToWords(fillSpv)]);
  expect(m.fillBindings).toEqual([{ set: 0, binding: 2, kind: 'storage-buffer', name: 'data', count: 1 }]);
  expect(m.fillAsm).toBe(disassemble(decodeModule(fillSpv)));
  // ?url: an emitted asset holding exactly the default export's words.
  expect(m.blurUrl).toMatch(/^\/assets\/blur\.comp-[\w-]+\.spv$/);
  const asset = out.assets.find((a) => `/${a.fileName}` === stringExport(m, 'blurUrl'));
  expect(asset).toBeDefined();
  expect(Buffer.from(asset!.source as Uint8Array).equals(Buffer.from(wordsExport(m, 'blur').buffer))).toBe(true);
}

describe('vite build', () => {
  it('@spvkit/vite-plugin: every input kind, ?spvasm, ?url, reflection', async () => {
    await checkBundle(await viteBuild([spvkitVite(baseOptions)]));
  });

  it('@spvkit/rollup-plugin runs unchanged in Vite', async () => {
    await checkBundle(await viteBuild([spvkitRollup(baseOptions)]));
  });

  it('a text-reading load hook listed before spvkit does not get the .spv', async () => {
    const textLoader = {
      name: 'text-loader',
      enforce: 'pre' as const,
      async load(id: string) {
        if (!id.endsWith('.spv')) return null;
        const { readFile } = await import('node:fs/promises');
        return `export default ${JSON.stringify(await readFile(id, 'utf8'))};`;
      },
    };
    await project.write('src/bytes.js', `export { default as fill } from './fill.spv';`);
    const m = await runOutput(await viteBuild([textLoader, spvkitVite(baseOptions)], 'src/bytes.js'), project);
    expect([...wordsExport(m, 'fill')]).toEqual([...bytesToWords(fillSpv)]);
  });

  it("emit 'asset' in a Vite build: the words come from the emitted file", async () => {
    await project.write('src/asset.js', `export { default as fill } from './fill.spv';`);
    const out = await viteBuild([spvkitVite({ ...baseOptions, emit: 'asset', output: 'bytes' })], 'src/asset.js');
    expect(out.assets.map((a) => a.fileName)).toEqual([expect.stringMatching(/^assets\/fill-[\w-]+\.spv$/)]);
    const m = await runOutput(out, project);
    expect([...bytesExport(m, 'fill')]).toEqual([...fillSpv]);
  });

  it('a missing include in a skipped #ifdef branch builds', async () => {
    await project.write(
      'src/optional.comp',
      BLUR_COMP.replace('#include "lib/common.glsl"', '#include "lib/common.glsl"\n#ifdef WITH_EXTRA\n#include "extra.glsl"\n#endif'),
    );
    await project.write('src/optional.js', `export { default } from './optional.comp';`);
    const out = await viteBuild([spvkitVite(baseOptions)], 'src/optional.js');
    const m = await runOutput(out, project);
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
  });

  it('a GLSL error in an included file fails the build with loc and frame', async () => {
    await project.write('src/lib/bad.glsl', `uint broken() {\n  return undefinedThing;\n}\n`);
    await project.write('src/bad.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "lib/bad.glsl"'));
    await project.write('src/bad.js', `export { default } from './bad.comp';`);
    const e = await buildError(viteBuild([spvkitVite(baseOptions)], 'src/bad.js'));
    expect(e.message).toMatch(/undefinedThing/);
    // Rolldown wraps plugin errors; the original with loc and frame is in `errors`, or is `e` itself.
    const inner = e.errors?.[0] ?? e;
    expect(inner.loc).toEqual({ file: project.path('src/lib/bad.glsl'), line: 2, column: 10 });
    expect(inner.frame).toMatch(/^2 +\| {4}return undefinedThing;$/m);
  });
});
