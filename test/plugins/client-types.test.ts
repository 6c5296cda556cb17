// `tsc` accepts shader imports with the client types and rejects them without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { makeProject, type Project } from './helpers.js';

const USES = `import blur, { entryPoints, bindings, pushConstants, specConstants } from './shaders/blur.comp';
import vert from './shaders/tri.vert';
import miss from './shaders/sky.rmiss';
import fill from './shaders/fill.spv';
import asmModule from './shaders/fill.spvasm';
import kernel from './shaders/kernel.glsl?stage=comp';
import text from './shaders/blur.comp?spvasm';
import url from './shaders/fill.spv?url';
import kernelUrl from './shaders/kernel.glsl?stage=comp&url';

export const modules = [blur, vert, miss, fill, asmModule, kernel];
const first = entryPoints[0]!;
export const size: number = first.workgroupSize ? first.workgroupSize[0] : 0;
export const model: string = first.executionModel;
export const kinds: string[] = bindings.map((b) => b.kind + b.set + b.binding + b.count + b.name);
export const push: number = pushConstants?.size ?? 0;
export const spec: (boolean | number | bigint)[] = specConstants.map((s) => s.default);
export const strings: string[] = [text, url, kernelUrl];
`;

/** Type-checks src/main.ts as `tsc -p tsconfig.json` would, with `types` in the tsconfig. */
async function typeCheck(project: Project, types: string[]): Promise<string[]> {
  await project.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022'], types },
      include: ['src'],
    }),
  );
  const configPath = project.path('tsconfig.json');
  // parseJsonConfigFileContent takes the parsed JSON as it is; it reports bad fields itself.
  const config: unknown = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, project.root, undefined, configPath);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('client types', () => {
  let project: Project;
  beforeAll(async () => {
    project = await makeProject('types', {});
  });
  afterAll(async () => {
    await project?.remove();
  });

  it('@spvkit/vite-plugin/client types every handled import', async () => {
    await project.write(
      'src/main.ts',
      `${USES}
export const words: Uint32Array = blur;
// @ts-expect-error the default export is words, not a string
export const notString: string = blur;
// @ts-expect-error ?spvasm is a string
export const notWords: Uint32Array = text;
`,
    );
    expect(await typeCheck(project, ['@spvkit/vite-plugin/client'])).toEqual([]);
  });

  it('@spvkit/rollup-plugin/client works the same', async () => {
    await project.write('src/main.ts', `${USES}\nexport const words: Uint32Array = fill;\n`);
    expect(await typeCheck(project, ['@spvkit/rollup-plugin/client'])).toEqual([]);
  });

  it("client-bytes and client-base64 match output 'bytes' and 'base64'", async () => {
    await project.write(
      'src/main.ts',
      `${USES}\nexport const bytes: Uint8Array = blur;\n// @ts-expect-error bytes, not words\nexport const w: Uint32Array = blur;\n`,
    );
    expect(await typeCheck(project, ['@spvkit/vite-plugin/client-bytes'])).toEqual([]);
    await project.write('src/main.ts', `${USES}\nexport const b64: string = blur;\n`);
    expect(await typeCheck(project, ['@spvkit/rollup-plugin/client-base64'])).toEqual([]);
  });

  it('?wgsl (and &wgsl) give the WGSL text and its reflection; client-wgsl types every import so (the wgsl option)', async () => {
    const WGSL = `import code, { wgslEntryPoints, wgslBindings, overrides, sourceMap, bindings as spirvBindings, bindGroupLayouts, vertexBuffers, blockWriters } from './shaders/blur.comp?wgsl';
import kernelWgsl from './shaders/kernel.glsl?stage=comp&wgsl';
export const texts: string[] = [code, kernelWgsl];
export const fn: string = wgslEntryPoints[0]!.wgslName;
export const stage: 'compute' | 'vertex' | 'fragment' = wgslEntryPoints[0]!.stage;
export const slots: string[] = wgslBindings.map((b) => \`\${b.group}:\${b.binding}:\${b.kind}:\${b.name}:\${b.size ?? 0}\`);
export const ids: number[] = overrides.map((o) => o.id);
export const mapped: string | undefined = sourceMap?.mappings;
export const sets: number[] = spirvBindings.map((b) => b.set);
export const sizes: number[] = bindGroupLayouts.flatMap((g) => g.entries.map((e) => e.buffer?.minBindingSize ?? e.visibility));
export const strides: number[] = vertexBuffers.map((b) => b.arrayStride + b.attributes.length);
// @ts-expect-error a bind group layout's entries are not strings
export const notText: string[] = bindGroupLayouts[0]!.entries;
// @ts-expect-error WGSL is text, not words
export const notWords: Uint32Array = code;
// The block writers, loosely typed (any shader's blocks): members by name, numbers, arrays, typed arrays, structs.
export const written: ArrayBuffer = blockWriters['Params']!.write({ scale: 2, tint: [1, 2, 3], basis: new Float32Array(9), lights: [{ on: true }] });
export const readBack: number = Object.keys(blockWriters['Params']!.read(written)).length + blockWriters['Params']!.byteLength;
// @ts-expect-error a member is a number, a vector, a struct: never a string
blockWriters['Params']!.write({ scale: 'big' });
type Exact = { readonly scale: number };
// The exact types of spvkit types convert with a plain as.
export const exact: SpvkitShader.BlockWriter<Exact, { scale: number }> = blockWriters['Params'] as SpvkitShader.BlockWriter<Exact, { scale: number }>;
`;
    await project.write('src/main.ts', `${USES}\n${WGSL}`);
    expect(await typeCheck(project, ['@spvkit/vite-plugin/client'])).toEqual([]);
    await project.write(
      'src/main.ts',
      `${USES}\nexport const asText: string = blur;\nexport const fns: string[] = (await import('./shaders/fill.spv')).wgslEntryPoints.map((e) => e.wgslName);\n// @ts-expect-error WGSL, not words\nexport const w: Uint32Array = blur;\n`,
    );
    expect(await typeCheck(project, ['@spvkit/rollup-plugin/client-wgsl'])).toEqual([]);
  });

  it('without the client types, tsc rejects the imports', async () => {
    await project.write('src/main.ts', USES);
    const errors = await typeCheck(project, []);
    expect(errors.some((e) => /Cannot find module '\.\/shaders\/blur\.comp'/.test(e))).toBe(true);
  });
});
