// @spvkit/glslang on the repository's corpus (test/corpus/glsl): every stage compiles, and what it
// makes passes Debian's spirv-val, plain and with -g and -gV.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble } from '@spvkit/core';
import { createGlslang, Glslang, stageFromFileName, type CompileOptions, type IncludeFunction } from '@spvkit/glslang';
import { glslDir } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

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

describe('@spvkit/glslang on the corpus', () => {
  it('covers every stage in the corpus it compiles', () => {
    const stages = new Set(corpusFiles.map((f) => stageFromFileName(f)));
    expect([...stages].sort()).toEqual(['comp', 'frag', 'geom', 'mesh', 'rahit', 'rcall', 'rchit', 'rgen', 'rint', 'rmiss', 'task', 'tesc', 'tese', 'vert']);
  });

  it.each(corpusFiles)('compiles %s (with its includes) to a SPIR-V module', (file) => {
    const text = readFileSync(join(glslDir, file), 'utf8');
    const words = compileOk(text, { stage: stageFromFileName(file)!, file, targetEnv: corpusEnv(file, text), include: corpusInclude });
    expect(words[0]).toBe(0x07230203);
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
