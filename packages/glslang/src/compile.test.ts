/// <reference types="node" />
// glslang in WebAssembly, from the committed wasm: targets, defines, includes, diagnostics with
// their places, debug info. test/glslang/corpus.test.ts compiles every stage of the corpus and has
// spirv-val judge the modules.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble } from '@spvkit/core';
import { createGlslang, Glslang, GlslangError, type CompileOptions, type IncludeFunction } from './index.js';

let glslang: Glslang;
beforeAll(async () => {
  glslang = await createGlslang();
});

function compileOk(source: string, options: CompileOptions): Uint32Array {
  const r = glslang.compile(source, options);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.text).join('\n'));
  return r.words;
}

function errors(source: string, options: CompileOptions) {
  const r = glslang.compile(source, options);
  expect(r.ok).toBe(false);
  return r.diagnostics.filter((d) => d.severity === 'error');
}

describe('@spvkit/glslang', () => {
  it('reports the glslang version it was built from', () => {
    expect(glslang.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('honours the target: Vulkan 1.0 → SPIR-V 1.0, 1.3 → 1.6, or the SPIR-V version asked for', () => {
    const src = '#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n';
    expect(compileOk(src, { stage: 'comp' })[1]).toBe(0x00010000);
    expect(compileOk(src, { stage: 'comp', targetEnv: 'vulkan1.3' })[1]).toBe(0x00010600);
    expect(compileOk(src, { stage: 'comp', targetEnv: 'vulkan1.1', targetSpirv: 'spv1.4' })[1]).toBe(0x00010400);
    for (let minor = 0; minor <= 6; minor++) {
      const targetSpirv = `spv1.${minor}` as const;
      expect(compileOk(src, { stage: 'comp', targetEnv: 'vulkan1.0', targetSpirv: targetSpirv as 'spv1.0' })[1], targetSpirv).toBe(0x00010000 | (minor << 8));
    }
  });

  it('applies defines before the source, as -D', () => {
    const src =
      '#version 450\nlayout(local_size_x = SIZE) in;\nlayout(binding = 0) buffer B { uint v[]; };\nvoid main() {\n#ifdef TWICE\n  v[0] = 2u;\n#endif\n}\n';
    expect(errors(src, { stage: 'comp', file: 'd.comp' })[0]).toMatchObject({ file: 'd.comp', line: 2 });
    const words = compileOk(src, { stage: 'comp', defines: { SIZE: 32, TWICE: true } });
    const text = disassemble(decodeModule(words));
    expect(text).toMatch(/OpExecutionMode %main LocalSize 32 1 1/);
    expect(text).toMatch(/OpStore/);
  });

  it('names the define when a define itself is bad', () => {
    const [e] = errors('#version 450\nvoid main() {}\n', { stage: 'frag', file: 'p.frag', defines: { A: 1, QUOTED: '"unterminated' } });
    expect(e.file).toBeUndefined();
    expect(e.message).toMatch(/^in define QUOTED: 'string' : End of line in string/);
  });

  it('places a message under a #line "name" with spaces in it', () => {
    const src = '#version 450\n#extension GL_GOOGLE_cpp_style_line_directive : require\n#line 10 "gen/other file.glsl"\nvoid main() { y = 1; }\n';
    expect(errors(src, { stage: 'frag', file: 'p.frag' })[0]).toMatchObject({ file: 'gen/other file.glsl', line: 10, column: 15 });
  });

  it('passes a non-ASCII file name and source through unchanged', () => {
    const src = '#version 450\n// grüße, 日本\nlayout(local_size_x = 1) in;\nvoid main() { undefinedThing(); }\n';
    expect(errors(src, { stage: 'comp', file: 'schätzung.comp' })[0]).toMatchObject({ file: 'schätzung.comp', line: 4 });
  });

  it('refuses options glslang does not take, with a GlslangError', () => {
    const src = '#version 450\nvoid main() {}\n';
    expect(() => glslang.compile(src, { stage: 'hull' as never })).toThrow(GlslangError);
    expect(() => glslang.compile(src, { stage: 'comp', targetEnv: 'vulkan2.0' as never })).toThrow(/targetEnv/);
    expect(() => glslang.compile(src, { stage: 'comp', debugInfo: 'gX' as never })).toThrow(/debugInfo/);
    expect(() => glslang.compile(src, { stage: 'comp', debugInfo: 'constructor' as never })).toThrow(/debugInfo/);
    expect(() => glslang.compile(src, undefined as never)).toThrow(/stage 'undefined'/);
    expect(() => glslang.compile(src, { stage: 'comp', defines: { 'no-dash': 1 } })).toThrow(/macro name/);
  });
});

describe('includes', () => {
  const files: Record<string, string> = {
    'lib/a.glsl': '#include "b.glsl"\nfloat a(float x) { return b(x) * 2.0; }\n',
    'lib/b.glsl': 'float b(float x) { return x + 1.0; }\n',
    'lib/broken.glsl': 'float ok() { return 1.0; }\nfloat bad() { return missingName; }\n',
    'lib/deep.glsl': '// includes the broken one\n#include "broken.glsl"\n',
  };
  const include: IncludeFunction = ({ name, includer, kind }) => {
    const file = kind === 'system' ? `lib/${name}` : posix.normalize(posix.join(posix.dirname(includer), name));
    const source = files[file];
    return source === undefined ? null : { file, source };
  };
  const main = (line: string) =>
    `#version 450\n#extension GL_GOOGLE_include_directive : require\n${line}\nlayout(local_size_x = 1) in;\nlayout(binding = 0) buffer B { float v[]; };\nvoid main() { v[0] = a(v[0]); }\n`;

  it('resolves "local" and <system> includes, nested, through the callback', () => {
    const requests: unknown[] = [];
    compileOk(main('#include "lib/a.glsl"'), {
      stage: 'comp',
      file: 'main.comp',
      include: (r) => (requests.push(r), include(r)),
    });
    expect(requests).toEqual([
      { name: 'lib/a.glsl', kind: 'local', includer: 'main.comp', depth: 1 },
      { name: 'b.glsl', kind: 'local', includer: 'lib/a.glsl', depth: 2 },
    ]);
    compileOk(main('#include <a.glsl>'), { stage: 'comp', file: 'main.comp', include });
  });

  it("places an error inside an included file at that file's line, however deep", () => {
    const src = main('#include "lib/deep.glsl"\nfloat a(float x) { return x; }');
    // vitest types its asymmetric matchers `any`; held as unknown, they cannot leak into typed code.
    const undeclared: unknown = expect.stringContaining("'missingName' : undeclared identifier");
    expect(errors(src, { stage: 'comp', file: 'main.comp', include })[0]).toMatchObject({
      severity: 'error',
      file: 'lib/broken.glsl',
      line: 2,
      column: 22,
      message: undeclared,
    });
  });

  it('reports an include that is not found at the #include line of the including file', () => {
    const [e] = errors(main('#include "lib/nope.glsl"'), { stage: 'comp', file: 'main.comp', include });
    expect(e).toMatchObject({ file: 'main.comp', line: 3 });
    expect(e.message).toMatch(/#include.*Could not process include directive.*lib\/nope\.glsl/);
  });

  it("reports an include function's own reason when it throws, asking it once", () => {
    let calls = 0;
    const [e] = errors(main('#include "lib/secret.glsl"'), {
      stage: 'comp',
      file: 'main.comp',
      include: () => {
        calls++;
        throw new Error('lib/secret.glsl is outside the project root');
      },
    });
    expect(calls).toBe(1);
    expect(e).toMatchObject({ file: 'main.comp', line: 3 });
    expect(e.message).toContain('lib/secret.glsl is outside the project root');
  });

  it('says so when there is no include function', () => {
    const [e] = errors(main('#include "lib/a.glsl"'), { stage: 'comp', file: 'main.comp' });
    expect(e).toMatchObject({ file: 'main.comp', line: 3 });
    expect(e.message).toContain('no include function was given');
  });

  it('refuses a compile() from inside an include function and stays usable', () => {
    const [e] = errors(main('#include "lib/a.glsl"'), {
      stage: 'comp',
      file: 'main.comp',
      include: () => {
        glslang.compile('void main() {}', { stage: 'comp' });
        return null;
      },
    });
    expect(e.message).toContain('compile() called from inside an include function');
    compileOk(main('#include "lib/a.glsl"'), { stage: 'comp', file: 'main.comp', include });
  });
});

describe('diagnostics', () => {
  it('a syntax error: file, line, column', () => {
    const src = '#version 450\nlayout(local_size_x = 1) in;\nvoid main() {\n  float x = ;\n}\n';
    const [e, ...rest] = errors(src, { stage: 'comp', file: 'shaders/syntax.comp' });
    const syntaxError: unknown = expect.stringContaining('syntax error');
    expect(e).toMatchObject({ severity: 'error', file: 'shaders/syntax.comp', line: 4, column: 13, message: syntaxError });
    expect(rest.every((d) => d.file === 'shaders/syntax.comp')).toBe(true);
  });

  it('an unknown extension: file and line of the #extension', () => {
    const src = '#version 450\n\n#extension GL_EXT_no_such_thing : require\nvoid main() {}\n';
    const [e] = errors(src, { stage: 'frag', file: 'ext.frag' });
    const notSupported: unknown = expect.stringContaining('extension not supported: GL_EXT_no_such_thing');
    expect(e).toMatchObject({ file: 'ext.frag', line: 3, message: notSupported });
  });

  it('warnings come with a module, linker errors without a place', () => {
    const warned = glslang.compile('#version 450\n#extension GL_EXT_no_such_thing : warn\nlayout(local_size_x = 1) in;\nvoid main() {}\n', {
      stage: 'comp',
      file: 'w.comp',
    });
    expect(warned.ok).toBe(true);
    expect(warned.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', file: 'w.comp', line: 2 }));
    const [e] = errors('#version 450\nlayout(local_size_x = 1) in;\nvoid notMain() {}\n', { stage: 'comp', file: 'l.comp' });
    expect(e.file).toBeUndefined();
    expect(e.message).toMatch(/Missing entry point/);
  });
});

describe('debug info', () => {
  const src = '#version 450\nlayout(local_size_x = 1) in;\nlayout(binding = 0) buffer B { float v[]; };\nvoid main() {\n  v[0] = v[1] * 2.0;\n}\n';

  it('none by default', () => {
    const text = disassemble(decodeModule(compileOk(src, { stage: 'comp', file: 'dbg.comp' })));
    expect(text).not.toMatch(/OpLine|OpSource GLSL 450 %|NonSemantic/);
  });

  it('-g: OpSource with the file and its text, OpLine', () => {
    const text = disassemble(decodeModule(compileOk(src, { stage: 'comp', file: 'dbg.comp', debugInfo: true })));
    expect(text).toMatch(/%\d+ = OpString "dbg\.comp"/);
    expect(text).toMatch(/OpSource GLSL 450 %\d+ "\/\/ OpModuleProcessed/);
    expect(text).toMatch(/OpLine %\d+ 5 0/);
    expect(text).not.toMatch(/NonSemantic/);
  });

  it('-gV: NonSemantic.Shader.DebugInfo.100 with the file name', () => {
    const text = disassemble(decodeModule(compileOk(src, { stage: 'comp', file: 'dbg.comp', debugInfo: 'gV', targetEnv: 'vulkan1.2' })));
    expect(text).toMatch(/OpExtInstImport "NonSemantic\.Shader\.DebugInfo\.100"/);
    expect(text).toMatch(/DebugSource/);
    expect(text).toMatch(/DebugLine/);
    expect(text).toMatch(/OpString "dbg\.comp"/);
  });
});

it('is not loaded until createGlslang is called', () => {
  // The package's index pulls no glue and no wasm: loading is in createGlslang alone.
  const index = readFileSync(fileURLToPath(new URL('./index.ts', import.meta.url)), 'utf8');
  const glslangTs = readFileSync(fileURLToPath(new URL('./Glslang.ts', import.meta.url)), 'utf8');
  const loaderTs = readFileSync(fileURLToPath(new URL('./loader.ts', import.meta.url)), 'utf8');
  expect(index).not.toMatch(/wasm\/glslang/);
  expect(glslangTs).not.toMatch(/^import (?!type)[^;]*wasm\/glslang/m);
  expect(loaderTs).not.toMatch(/^import (?!type)[^;]*wasm\/glslang/m);
});
