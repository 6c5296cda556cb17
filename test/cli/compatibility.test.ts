// Command lines of spirv-opt and glslangValidator users (issue 34, item 3): an unknown option is
// one line naming it as written, saying when it is the native tool's flag spvkit lacks, exit 2;
// `spvkit glsl --target-env` takes every value glslangValidator takes; -gVS is one flag wherever
// it stands; a folder keeps each file's glslang messages in glslang's order; a glob that matches
// files of another kind says so in one line per file. In process through runCli.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-compat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (...parts: string[]): string => join(dir, ...parts);
const text = (path: string): string => {
  const b = readFileSync(path);
  return disassemble(decodeModule(new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4).slice()));
};

const COMPUTE = '#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n';

beforeAll(async () => {
  mkdirSync(p('glsl'), { recursive: true });
  mkdirSync(p('mixed'), { recursive: true });
  writeFileSync(p('glsl', 'a.comp'), COMPUTE);
  writeFileSync(p('glsl', 'b.comp'), COMPUTE);
  // Three errors, the cause first: glslang's order is undeclared, conversion, terminated.
  writeFileSync(p('glsl', 'c.comp'), '#version 450\nlayout(local_size_x = 1) in;\nvoid main() { int a = b; }\n');
  writeFileSync(
    p('glsl', 'd.frag'),
    '#version 450\nlayout(location = 0) out vec4 c;\n#extension GL_EXT_foo : warn\nvoid main() { c = vec4(1.0) + nothing; }\n',
  );
  writeFileSync(p('mixed', 'a.comp'), COMPUTE);
  writeFileSync(p('mixed', 'notes.txt'), 'not a shader\n');
  writeFileSync(p('mixed', 'old.spv'), new Uint8Array(20));
  writeFileSync(p('web.frag'), '#version 300 es\nprecision mediump float;\nin vec2 uv;\nout vec4 color;\nvoid main() { color = vec4(uv, 0.0, 1.0); }\n');
  writeFileSync(p('m.spvasm'), 'OpCapability Shader\nOpMemoryModel Logical GLSL450\n');
  expect((await spvkit(['as', p('m.spvasm'), '-o', p('m.spv')])).code).toBe(0);
});

describe('an unknown option', () => {
  it('is one line naming it as written, with exit code 2, no usage and none of node parseArgs text', async () => {
    const cases: Array<[string[], string]> = [
      [['opt', p('m.spv'), '-o', p('o.spv'), '--loop-fission'], "spvkit opt: unknown option '--loop-fission': a spirv-opt flag spvkit opt does not have"],
      [['opt', p('m.spv'), '-o', p('o.spv'), '--skip-validation'], "spvkit opt: unknown option '--skip-validation': a spirv-opt flag spvkit opt does not have"],
      [['opt', p('m.spv'), '-o', p('o.spv'), '-Oconfig=f.cfg'], "spvkit opt: unknown option '-Oconfig=f.cfg': a spirv-opt flag spvkit opt does not have"],
      [['glsl', p('glsl', 'a.comp'), '-H'], "spvkit glsl: unknown option '-H': a glslangValidator flag spvkit glsl does not have"],
      // node's parseArgs reads -Od as -O -d and -V100 as -V -1 -0 -0: the word is named, not its letter.
      [['glsl', '-Od', p('glsl', 'a.comp')], "spvkit glsl: unknown option '-Od': a glslangValidator flag spvkit glsl does not have"],
      [['glsl', p('glsl', 'a.comp'), '-V100'], "spvkit glsl: unknown option '-V100': a glslangValidator flag spvkit glsl does not have"],
      [['glsl', p('glsl', 'a.comp'), '--Keep-Uncalled'], "spvkit glsl: unknown option '--Keep-Uncalled': a glslangValidator flag spvkit glsl does not have"],
      [['dis', p('m.spv'), '--reorder-blocks'], "spvkit dis: unknown option '--reorder-blocks': a spirv-dis flag spvkit dis does not have"],
      [['glsl', p('glsl', 'a.comp'), '--foo'], "spvkit glsl: unknown option '--foo' ("],
      [['opt', p('m.spv'), '-o', p('o.spv'), '--foo=1'], "spvkit opt: unknown option '--foo=1' ("],
      // Many inputs: the batch layer's parse says it the same way.
      [['glsl', p('glsl'), '--out-dir', p('out'), '--loop-fission'], "spvkit glsl: unknown option '--loop-fission' ("],
    ];
    for (const [args, start] of cases) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.startsWith(start), `${args.join(' ')}: ${r.stderr}`).toBe(true);
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`\\('spvkit ${args[0]} --help' lists those it has\\)\\n$`));
      expect(r.stderr.split('\n'), args.join(' ')).toHaveLength(2);
      expect(r.stderr, args.join(' ')).not.toMatch(/usage|positional argument/);
    }
  });
});

describe('spvkit glsl --target-env', () => {
  it('takes every value glslangValidator takes (vulkan1.0 ... vulkan1.4, spirv1.0 ... spirv1.6), given once or once of each kind', async () => {
    const cases: Array<[string[], number]> = [
      [['vulkan1.0'], 0],
      [['vulkan1.1'], 3],
      [['vulkan1.2'], 5],
      [['vulkan1.3'], 6],
      [['vulkan1.4'], 6],
      // A SPIR-V version alone: Vulkan 1.0 semantics (glslangValidator -V's) with that version.
      ...[0, 1, 2, 3, 4, 5, 6].map((minor): [string[], number] => [[`spirv1.${minor}`], minor]),
      [['vulkan1.1', 'spirv1.4'], 4],
      [['spirv1.4', 'vulkan1.3'], 4],
      [['spv1.5'], 5],
    ];
    for (const [envs, minor] of cases) {
      const out = p(`env-${envs.join('-')}.spv`);
      const r = await spvkit(['glsl', p('glsl', 'a.comp'), '-o', out, ...envs.flatMap((e) => ['--target-env', e])]);
      expect(r.stderr, envs.join(' ')).toBe('');
      expect(r.code, envs.join(' ')).toBe(0);
      expect(text(out), envs.join(' ')).toMatch(new RegExp(`^; Version: 1\\.${minor}$`, 'm'));
    }
  });

  it('refuses opengl by name, an unknown value with the list, and two SPIR-V versions, exit 2', async () => {
    const opengl = await spvkit(['glsl', p('glsl', 'a.comp'), '--target-env', 'opengl']);
    expect(opengl.code).toBe(2);
    expect(opengl.stderr).toContain('--target-env opengl: spvkit glsl makes SPIR-V for Vulkan only');
    const bad = await spvkit(['glsl', p('glsl', 'a.comp'), '--target-env', 'spirv1.9']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--target-env: 'spirv1.9' is not one of vulkan1.0 ... vulkan1.4, spirv1.0 ... spirv1.6");
    const two = await spvkit(['glsl', p('glsl', 'a.comp'), '--target-env', 'spirv1.4', '--target-spv', 'spv1.3']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('ask for two SPIR-V versions');
  });
});

describe('spvkit glsl -gVS', () => {
  it('is one flag before another option and with several inputs: debug info with the source in every output', async () => {
    const one = await spvkit(['glsl', '-gVS', '--target-env', 'vulkan1.2', p('glsl', 'a.comp'), '-o', p('gvs.spv')]);
    expect(one.code).toBe(0);
    const many = await spvkit(['glsl', '-gVS', p('glsl', 'a.comp'), p('glsl', 'b.comp'), '--out-dir', p('gvs')]);
    expect(many.code).toBe(0);
    for (const out of [p('gvs.spv'), p('gvs', 'a.comp.spv'), p('gvs', 'b.comp.spv')]) {
      const t = text(out);
      expect(t, out).toContain('NonSemantic.Shader.DebugInfo.100');
      // -gVS, not -gV: the source text is in the module.
      expect(t, out).toContain('void main() {}');
    }
  });
});

describe('spvkit glsl on a folder', () => {
  it("prints each file's glslang messages in glslang's order, as the file alone gives them", async () => {
    const folder = await spvkit(['glsl', p('glsl'), '--out-dir', p('folder')]);
    expect(folder.code).toBe(1);
    let alone = '';
    for (const name of ['a.comp', 'b.comp', 'c.comp', 'd.frag']) alone += (await spvkit(['glsl', p('glsl', name), '-o', p(`${name}.spv`)])).stderr;
    expect(folder.stderr).toBe(`${alone}spvkit glsl: 4 files, 2 ok, 2 failed\n`);
    const c = folder.stderr.split('\n').filter((l) => l.startsWith(p('glsl', 'c.comp')));
    expect(c.map((l) => l.replace(/^[^ ]* /, ''))).toEqual([
      "error: 'b' : undeclared identifier",
      "error: '=' :  cannot convert from ' temp float' to ' temp highp int'",
      "error: '' : compilation terminated",
      '3 errors, no module written',
    ]);
  });
});

describe('a glob that matches files of another kind', () => {
  it('gives one line for each of them, not the usage', async () => {
    const r = await spvkit(['glsl', `${p('mixed')}/*`, '--out-dir', p('mixedOut')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `spvkit glsl: cannot tell the stage of ${p('mixed', 'notes.txt')} from its name; give -S STAGE (${lines[0].split('(')[1]}`,
      `spvkit glsl: cannot tell the stage of ${p('mixed', 'old.spv')} from its name; give -S STAGE (${lines[1].split('(')[1]}`,
      'spvkit glsl: 3 files, 1 ok, 2 failed',
    ]);
    expect(r.stderr).not.toMatch(/usage/);
  });
});

describe('a WebGL shader (#version 300 es)', () => {
  it("is refused with glslang's message and a hint saying what it is and what SPIR-V needs (issue 34, item 8)", async () => {
    const r = await spvkit(['glsl', p('web.frag'), '-o', p('web.spv')]);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(`${p('web.frag')}: error: #version: ES shaders for SPIR-V require version 310 or higher`);
    expect(lines[1]).toMatch(/^hint: this is a WebGL shader \(#version 300 es is WebGL 2, #version 100 WebGL 1\), which cannot become SPIR-V: /);
  });
});
