// `spvkit glsl` (issue 18, part 4): GLSL of every stage to SPIR-V with glslangValidator's flags
// (-o, -S, --target-env, -g/-gV, -I, -D), by @spvkit/glslang; errors as FILE:LINE:COLUMN in the
// file they are in, an included one too; many files with --out-dir. In process through runCli.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble } from '@spvkit/core';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-glsl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (...parts: string[]): string => join(dir, ...parts);
const words = (path: string): Uint32Array => {
  const b = readFileSync(path);
  return new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4).slice();
};

beforeAll(() => {
  mkdirSync(p('src', 'lib'), { recursive: true });
  mkdirSync(p('inc'), { recursive: true });
  writeFileSync(p('src', 'lib', 'local.glsl'), 'uint twice(uint x) { return x * 2u; }\n');
  writeFileSync(p('inc', 'system.glsl'), 'uint thrice(uint x) { return x * 3u; }\n');
  writeFileSync(p('inc', 'broken.glsl'), 'uint broken(uint x) {\n  return x +;\n}\n');
  writeFileSync(
    p('src', 'scale.comp'),
    `#version 450
#extension GL_GOOGLE_include_directive : require
#include "lib/local.glsl"
#include <system.glsl>
layout(local_size_x = WIDTH) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() { v[gl_GlobalInvocationID.x] = twice(thrice(v[gl_LocalInvocationIndex])); }
`,
  );
  writeFileSync(p('src', 'tri.vert'), '#version 450\nlayout(location = 0) in vec3 pos;\nvoid main() { gl_Position = vec4(pos, 1.0); }\n');
  writeFileSync(p('src', 'paint.frag'), '#version 450\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(1.0); }\n');
  writeFileSync(p('src', 'bad.frag'), '#version 450\nlayout(location = 0) out vec4 color;\nvoid main() {\n  color = vec4(1.0) + nothing;\n}\n');
  writeFileSync(
    p('src', 'usesBroken.comp'),
    '#version 450\n#extension GL_GOOGLE_include_directive : require\n#include <broken.glsl>\nlayout(local_size_x = 1) in;\nvoid main() {}\n',
  );
  writeFileSync(
    p('src', 'missing.comp'),
    '#version 450\n#extension GL_GOOGLE_include_directive : require\n\n#include "nowhere.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n',
  );
  writeFileSync(p('src', 'ext.comp'), '#version 450\n#extension GL_EXT_no_such_thing : require\nlayout(local_size_x = 1) in;\nvoid main() {}\n');
  writeFileSync(p('src', 'plain.glsl'), '#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n');
});

describe('spvkit glsl', () => {
  it("compiles with includes (-I, the includer's folder), defines and a target env, to IN.spv by default", async () => {
    const r = await spvkit(['glsl', p('src', 'scale.comp'), '-I', p('inc'), '-DWIDTH=64', '--target-env', 'vulkan1.3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const module = decodeModule(words(p('src', 'scale.comp.spv')));
    expect((module.header.version >>> 8) & 0xff).toBe(6); // vulkan1.3 takes SPIR-V 1.6
    const text = disassemble(module);
    expect(text).toContain('OpExecutionMode %main LocalSize 64 1 1');
    // Replaced on a second run, as a compiler's output is.
    expect((await spvkit(['glsl', p('src', 'scale.comp'), '-I', p('inc'), '-DWIDTH=8'])).code).toBe(0);
    expect(disassemble(decodeModule(words(p('src', 'scale.comp.spv'))))).toContain('LocalSize 8 1 1');
  });

  it('takes -o, -S for a name without a stage, -g and -gV', async () => {
    expect((await spvkit(['glsl', p('src', 'plain.glsl'), '-o', p('plain.spv')])).code).toBe(2);
    const r = await spvkit(['glsl', '-V', p('src', 'plain.glsl'), '-S', 'comp', '-o', p('plain.spv'), '-g']);
    expect(r.code).toBe(0);
    expect(disassemble(decodeModule(words(p('plain.spv'))))).toMatch(/OpLine|OpSource GLSL 450 %/);
    expect((await spvkit(['glsl', p('src', 'plain.glsl'), '-S', 'comp', '-o', p('plainV.spv'), '-gV'])).code).toBe(0);
    expect(disassemble(decodeModule(words(p('plainV.spv'))))).toContain('NonSemantic.Shader.DebugInfo.100');
    const out = await spvkit(['glsl', p('src', 'tri.vert'), '-o', '-']);
    expect(
      decodeModule(new Uint32Array(out.stdoutBytes.buffer.slice(out.stdoutBytes.byteOffset, out.stdoutBytes.byteOffset + out.stdoutBytes.byteLength)))
        .entryPoints,
    ).toHaveLength(1);
  });

  it('reports errors at FILE:LINE:COLUMN, in an included file too, and exits 1 writing nothing', async () => {
    const bad = await spvkit(['glsl', p('src', 'bad.frag')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${p('src', 'bad.frag')}:4:23: error: 'nothing' : undeclared identifier`);
    expect(existsSync(p('src', 'bad.frag.spv'))).toBe(false);

    const inInclude = await spvkit(['glsl', p('src', 'usesBroken.comp'), '-I', p('inc')]);
    expect(inInclude.code).toBe(1);
    expect(inInclude.stderr).toMatch(new RegExp(`${p('inc', 'broken.glsl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: error: `));

    const missing = await spvkit(['glsl', p('src', 'missing.comp')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(new RegExp(`missing\\.comp:4:\\d+: error: .*nowhere\\.glsl`));

    const ext = await spvkit(['glsl', p('src', 'ext.comp')]);
    expect(ext.code).toBe(1);
    expect(ext.stderr).toContain(`${p('src', 'ext.comp')}:2:`);
    expect(ext.stderr).toContain('GL_EXT_no_such_thing');
  });

  it('is bad usage (exit 2) for an unknown stage, target or option, and a bad define name', async () => {
    for (const args of [
      ['glsl', p('src', 'tri.vert'), '-S', 'pixel'],
      ['glsl', p('src', 'tri.vert'), '--target-env', 'vulkan9'],
      ['glsl', p('src', 'tri.vert'), '-D', '1X=2'],
      ['glsl'],
    ]) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage/);
    }
    // An unknown option: one line naming it, no usage (issue 34; test/cli/compatibility.test.ts has more).
    const unknown = await spvkit(['glsl', p('src', 'tri.vert'), '--nope']);
    expect(unknown).toMatchObject({ code: 2, stderr: "spvkit glsl: unknown option '--nope' ('spvkit glsl --help' lists those it has)\n" });
  });

  it('compiles a folder with --out-dir, IN.spv mirrored, failures reported and the rest written', async () => {
    const out = p('out');
    const r = await spvkit(['glsl', p('src'), '--out-dir', out, '-I', p('inc'), '-DWIDTH=4', '--target-env', 'vulkan1.1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('spvkit glsl: 7 files, 3 ok, 4 failed');
    for (const f of ['paint.frag.spv', 'scale.comp.spv', 'tri.vert.spv']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(existsSync(join(out, 'bad.frag.spv'))).toBe(false);
  });

  describeWithOracle('what it writes', spirvToolsAvailable(), () => {
    it('passes spirv-val for its target env', () => {
      for (const f of ['paint.frag.spv', 'scale.comp.spv', 'tri.vert.spv']) {
        const v = spirvVal(words(p('out', f)), 'vulkan1.1');
        expect(v.ok, `${f}: ${v.message}`).toBe(true);
      }
    });
  });
});
