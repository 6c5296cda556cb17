/// <reference types="node" />
// glslang in WebAssembly, from the committed wasm: every stage, targets, defines, includes,
// diagnostics with their places, debug info. spirv-val (Debian spirv-tools) judges the modules.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble } from '@spvkit/core';
import { describeWithOracle } from '../../../test/support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../../../test/support/spirvTools.js';
import { createGlslang, Glslang, GlslangError, stageFromFileName, type CompileOptions, type IncludeFunction } from './index.js';

const glslDir = fileURLToPath(new URL('../../../test/corpus/glsl/', import.meta.url));

/** Resolves includes as glslangValidator does: relative to the including file, inside glslDir. */
const corpusInclude: IncludeFunction = ({ name, includer }) => {
  const file = posix.normalize(posix.join(posix.dirname(includer), name));
  try {
    return { file, source: readFileSync(join(glslDir, file), 'utf8') };
  } catch {
    return null;
  }
};

/** The corpus's rule (test/corpus/index.ts): ray tracing and EXT mesh need Vulkan 1.2, the rest 1.1. */
function corpusEnv(file: string, text: string): 'vulkan1.1' | 'vulkan1.2' {
  const header = /^\/\/ target-env:\s*(\S+)/m.exec(text)?.[1];
  if (header === 'vulkan1.1' || header === 'vulkan1.2') return header;
  if (/\.(rgen|rint|rahit|rchit|rmiss|rcall)$/.test(file)) return 'vulkan1.2';
  if (/\.(mesh|task)$/.test(file) && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}

// Debian's spirv-val (SPIRV-Tools 2023.1) predates two things this glslang (2026) emits: Vulkan 1.4
// as a target, and NonSemantic.Shader.DebugInfo.100 pointer types over non-basic types (a rule
// SPIRV-Tools relaxed later; the current SPIRV-Tools accepts these modules whole). Where the
// installed spirv-val is that old, a Vulkan 1.4 module is validated as Vulkan 1.3 (the same
// SPIR-V 1.6), and a -gV module with its DebugInfo instructions taken out — the rest of it, debug
// strings and names included, is still judged.
const spirvValVersion = (() => {
  const r = spawnSync('spirv-val', ['--version'], { encoding: 'utf8' });
  return { year: Number(/v(\d{4})\./.exec(r.stdout ?? '')?.[1] ?? 0), vulkan14: /Vulkan 1\.4/.test(r.stdout ?? '') };
})();
const oldValidator = spirvValVersion.year > 0 && spirvValVersion.year < 2024;

function validationEnv(targetEnv: string): string {
  return targetEnv === 'vulkan1.4' && !spirvValVersion.vulkan14 ? 'vulkan1.3' : targetEnv;
}

/** The module without the NonSemantic.Shader.DebugInfo.100 import and its OpExtInst instructions. */
function withoutShaderDebugInfo(words: Uint32Array): Uint32Array {
  const out: number[] = Array.from(words.subarray(0, 5));
  const sets = new Set<number>();
  for (let i = 5; i < words.length;) {
    const count = words[i] >>> 16;
    const opcode = words[i] & 0xffff;
    const inst = words.subarray(i, i + count);
    i += count;
    if (opcode === 11) {
      const name = new TextDecoder().decode(new Uint8Array(inst.slice(2).buffer)).replace(/\0.*$/s, '');
      if (name === 'NonSemantic.Shader.DebugInfo.100') {
        sets.add(inst[1]);
        continue;
      }
    }
    if (opcode === 12 && sets.has(inst[3])) continue;
    out.push(...inst);
  }
  return Uint32Array.from(out);
}

function validate(words: Uint32Array, targetEnv: string, debugInfo: false | 'g' | 'gV' = false): { ok: boolean; message: string } {
  return spirvVal(debugInfo === 'gV' && oldValidator ? withoutShaderDebugInfo(words) : words, validationEnv(targetEnv));
}

const corpusFiles = readdirSync(glslDir)
  .filter((f) => stageFromFileName(f) !== undefined)
  .sort();

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

const PRINTF = `#version 460
#extension GL_EXT_debug_printf : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  debugPrintfEXT("v[%u] = %f\\n", i, v[i]);
  v[i] *= 2.0;
}
`;

const SAMPLER_CONSTRUCTOR = `#version 460
#extension GL_EXT_nonuniform_qualifier : require
layout(set = 0, binding = 0) uniform texture2D textures[];
layout(set = 0, binding = 1) uniform sampler linearSampler;
layout(location = 0) flat in uint materialIndex;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
  color = texture(sampler2D(textures[nonuniformEXT(materialIndex)], linearSampler), uv);
}
`;

const SHADING_RATE_BARYCENTRIC = `#version 460
#extension GL_EXT_fragment_shading_rate : require
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) pervertexEXT in vec3 vertexColor[];
layout(location = 0) out vec4 color;
void main() {
  vec3 c = gl_BaryCoordEXT.x * vertexColor[0] + gl_BaryCoordEXT.y * vertexColor[1] + gl_BaryCoordEXT.z * vertexColor[2];
  color = vec4(c, float(gl_ShadingRateEXT));
}
`;

describe('@spvkit/glslang', () => {
  it('reports the glslang version it was built from', () => {
    expect(glslang.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('covers every stage in the corpus it compiles', () => {
    const stages = new Set(corpusFiles.map((f) => stageFromFileName(f)));
    expect([...stages].sort()).toEqual(['comp', 'frag', 'geom', 'mesh', 'rahit', 'rcall', 'rchit', 'rgen', 'rint', 'rmiss', 'task', 'tesc', 'tese', 'vert']);
  });

  it.each(corpusFiles)('compiles %s (with its includes) to a SPIR-V module', (file) => {
    const text = readFileSync(join(glslDir, file), 'utf8');
    const words = compileOk(text, { stage: stageFromFileName(file)!, file, targetEnv: corpusEnv(file, text), include: corpusInclude });
    expect(words[0]).toBe(0x07230203);
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

describeWithOracle('@spvkit/glslang output under spirv-val', spirvToolsAvailable(), () => {
  it.each(corpusFiles)('%s: plain, -g and -gV modules pass spirv-val', (file) => {
    const text = readFileSync(join(glslDir, file), 'utf8');
    const targetEnv = corpusEnv(file, text);
    for (const debugInfo of [false, 'g', 'gV'] as const) {
      const words = compileOk(text, { stage: stageFromFileName(file)!, file, targetEnv, include: corpusInclude, debugInfo });
      const v = validate(words, targetEnv, debugInfo);
      expect(v.ok, `${file} ${String(debugInfo)}: ${v.message}`).toBe(true);
    }
  });

  it.each([
    ['GL_EXT_debug_printf', PRINTF, 'comp', 'vulkan1.1'],
    ['a sampler constructor over a non-uniformly indexed texture array', SAMPLER_CONSTRUCTOR, 'frag', 'vulkan1.2'],
    ['fragment shading rate and barycentrics', SHADING_RATE_BARYCENTRIC, 'frag', 'vulkan1.2'],
  ] as const)('compiles a shader the 2020 glslang rejects (%s) to a module spirv-val accepts', (_, src, stage, targetEnv) => {
    const words = compileOk(src, { stage, file: `issue.${stage}`, targetEnv });
    const v = validate(words, targetEnv);
    expect(v.ok, v.message).toBe(true);
  });

  it.each(['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3', 'vulkan1.4'] as const)('a compute shader for %s validates for that target', (targetEnv) => {
    const words = compileOk(
      '#version 450\nlayout(local_size_x = 8) in;\nlayout(binding = 0) buffer B { uint v[]; };\nvoid main() { v[gl_GlobalInvocationID.x] = 1u; }\n',
      { stage: 'comp', targetEnv },
    );
    const v = validate(words, targetEnv);
    expect(v.ok, v.message).toBe(true);
  });

  it('takes out only the DebugInfo instructions when the spirv-val is too old for them', () => {
    const text = readFileSync(join(glslDir, 'terrain_patch.tesc'), 'utf8');
    const words = compileOk(text, { stage: 'tesc', file: 'terrain_patch.tesc', targetEnv: 'vulkan1.1', include: corpusInclude, debugInfo: 'gV' });
    const stripped = disassemble(decodeModule(withoutShaderDebugInfo(words)));
    expect(stripped).not.toMatch(/NonSemantic\.Shader\.DebugInfo|Debug(Source|Line|TypePointer)/);
    expect(stripped).toMatch(/OpString "terrain_patch\.tesc"/);
    expect(stripped).toMatch(/OpName %main "main"/);
    expect(disassemble(decodeModule(words)).split('\n').length).toBeGreaterThan(stripped.split('\n').length);
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
