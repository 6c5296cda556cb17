// What the spvkit command does with its files, errors and options (issue 13, part 7), in process
// through test/support/runCli.ts: never replacing an output -o did not name; .spvasm accepted by
// every command that reads a module; every error naming its file; exit code 2 for every bad
// usage; opt without passes saying so; -v / --version; val placing findings in the author's text
// with the author's names; info's reflection, as text and JSON.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-behaviour-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pipeline = fileURLToPath(new URL('./fixtures/pipeline.spvasm', import.meta.url));

/** A fragment shader reading LocalInvocationIndex, which Vulkan allows only in compute-like stages: line 14 reads it. */
const fragmentReadingLii = `; LocalInvocationIndex in a fragment shader
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %lii
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Input_uint = OpTypePointer Input %uint
        %lii = OpVariable %_ptr_Input_uint Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpLoad %uint %lii      ; read the index
               OpReturn
               OpFunctionEnd
`;

const tiny = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const binary = (text: string): Uint8Array => {
  const w = encodeModule(assemble(text));
  return new Uint8Array(w.buffer, w.byteOffset, w.byteLength);
};

describe('spvkit as never replaces an output that -o did not name', () => {
  it('writes IN.spv when there is none, refuses with a hint when there is one, and replaces it when -o names it', async () => {
    const src = file('kept.spvasm', tiny);
    const out = join(dir, 'kept.spv');
    expect((await spvkit(['as', src])).code).toBe(0);
    const first = readFileSync(out);
    expect(first.readUInt32LE(0)).toBe(0x07230203);

    // Another tool's output at the default place: left as it is.
    writeFileSync(out, 'a compiler wrote this');
    const refused = await spvkit(['as', src]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${out}: error: exists already`);
    expect(refused.stderr).toContain(`hint: name the output to replace it (-o ${out}), or write standard output (-o -)`);
    expect(readFileSync(out, 'utf8')).toBe('a compiler wrote this');

    expect((await spvkit(['as', src, '-o', out])).code).toBe(0);
    expect(readFileSync(out).equals(first)).toBe(true);
    const piped = await spvkit(['as', src, '-o', '-']);
    expect(piped.stdoutBytes.equals(first)).toBe(true);
  });
});

describe('every command that reads a module reads .spvasm', () => {
  it('dis and info assemble a .spvasm file, and text on standard input, first', async () => {
    const src = file('tiny.spvasm', tiny);
    const spv = file('tiny-bin.spv', binary(tiny));
    const fromText = await spvkit(['dis', src]);
    expect(fromText.code, fromText.stderr).toBe(0);
    expect(fromText.stdout).toBe((await spvkit(['dis', spv])).stdout);
    expect((await spvkit(['dis', '-'], tiny)).stdout).toBe(fromText.stdout);

    const info = await spvkit(['info', src]);
    expect(info.code, info.stderr).toBe(0);
    expect(info.stdout).toContain('main (GLCompute)');
    expect(info.stdout).toBe((await spvkit(['info', spv])).stdout);
    expect((await spvkit(['info', '-'], tiny)).stdout).toBe(info.stdout);
  });

  it('keeps the bytes of a string literal that is not UTF-8, as spvkit as and spirv-as do', async () => {
    // 0xff is no UTF-8; read as a JS string it became U+FFFD (EF BF BD) in opt's output.
    const types = tiny.indexOf('%void');
    const text = Buffer.concat([Buffer.from(`${tiny.slice(0, types)}%s = OpString "a`), Buffer.from([0xff]), Buffer.from(`b\u00e9"\n${tiny.slice(types)}`)]);
    const src = file('latin.spvasm', text);
    const assembled = await spvkit(['as', src, '-o', '-']);
    expect(assembled.code, assembled.stderr).toBe(0);
    expect(assembled.stdoutBytes.includes(Buffer.from([0x61, 0xff, 0x62, 0xc3, 0xa9, 0]))).toBe(true);
    for (const input of [[src], ['-']]) {
      const optimized = await spvkit(['opt', ...input, '-o', '-', '--passes', 'eliminate-dead-const'], text);
      expect(optimized.code, optimized.stderr).toBe(0);
      expect(optimized.stdoutBytes.equals(assembled.stdoutBytes), input[0]).toBe(true);
    }
  });
});

describe('every error names its file', () => {
  const truncated = new Uint8Array([0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0]);

  it('decode errors, in every command that decodes', async () => {
    const bad = file('truncated.spv', truncated);
    for (const command of [['dis'], ['info'], ['val'], ['opt', '-o', join(dir, 'never.spv'), '--lower-local-invocation-index']]) {
      const r = await spvkit([...command, bad]);
      expect(r.code, command[0]).toBe(1);
      expect(r.stderr, command[0]).toMatch(new RegExp(`^${bad.replace(/[.\\]/g, '\\$&')}: error: `));
      expect(r.stderr, command[0]).not.toMatch(/\n\s+at /);
    }
    const piped = await spvkit(['dis', '-'], truncated);
    expect(piped.stderr).toMatch(/^<stdin>: error: /);
    const json = await spvkit(['val', '--json', bad]);
    expect(json.code).toBe(1);
    const findings: unknown = JSON.parse(json.stdout);
    if (!Array.isArray(findings)) throw new Error(`val --json printed ${json.stdout}, not a list`);
    expect(findings.at(0)).toMatchObject({ severity: 'error', file: bad });
  });

  it('assembly errors in dis and info, and files that cannot be read or written', async () => {
    const bad = file('typo.spvasm', tiny.replace('OpReturn', 'OpRetrun'));
    for (const command of ['dis', 'info', 'val']) {
      const r = await spvkit([command, bad]);
      expect(r.code, command).toBe(1);
      expect(r.stderr, command).toContain(`${bad}:9:1: error: unknown opcode 'OpRetrun'`);
    }
    const missing = join(dir, 'no-such.spv');
    const r = await spvkit(['info', missing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${missing}: error: cannot read: no such file\n`);
    const unwritable = join(dir, 'no-such-folder', 'out.spv');
    const w = await spvkit(['as', file('w.spvasm', tiny), '-o', unwritable]);
    expect(w.code).toBe(1);
    expect(w.stderr).toMatch(new RegExp(`^${unwritable.replace(/[.\\]/g, '\\$&')}: error: cannot write: `));
  });
});

describe('bad usage is exit code 2 in every command', () => {
  it('a bad --target-env, an unknown option, a missing or extra file', async () => {
    const spv = file('usage.spv', binary(tiny));
    const cases = [
      ['val', spv, '--target-env', 'vulkan9'],
      ['opt', spv, '-o', join(dir, 'o.spv'), '--target-env', 'vulkan9'],
      ['as', '-', '--target-env', 'vulkan9'],
      ['info'],
      ['opt', spv],
      ['as', spv],
      [],
      ['frobnicate'],
    ];
    for (const args of cases) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage/);
    }
    // An unknown option is one line naming it, without the usage (issue 34).
    for (const args of [
      ['val', spv, '--nope'],
      ['info', spv, '--nope'],
      ['dis', '--nope', spv],
    ]) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(`spvkit ${args[0]}: unknown option '--nope' ('spvkit ${args[0]} --help' lists those it has)\n`);
    }
    const env = await spvkit(['val', spv, '--target-env', 'vulkan9']);
    expect(env.stderr).toContain("--target-env: unknown target environment 'vulkan9'");
    // The env names validate-builtins adds are still good.
    for (const name of ['vulkan', 'universal', 'vulkan1.3', 'spv1.6']) expect((await spvkit(['val', spv, '--target-env', name])).code, name).toBe(0);
  });
});

describe('spvkit opt without passes', () => {
  it('writes the module, and says on standard error that no pass ran', async () => {
    const spv = file('nopass.spv', binary(tiny));
    const out = join(dir, 'nopass-out.spv');
    const r = await spvkit(['opt', spv, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^spvkit opt: warning: no passes given, so .*nopass-out\.spv is .*nopass\.spv unchanged; name passes with --passes/);
    expect(readFileSync(out).equals(readFileSync(spv))).toBe(true);
    const withPass = await spvkit(['opt', spv, '-o', out, '--lower-local-invocation-index']);
    expect(withPass).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('-v and --version', () => {
  it('print the version, and --help lists them', async () => {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../packages/cli/package.json', import.meta.url)), 'utf8')) as { version: string };
    for (const flag of ['-v', '--version']) expect(await spvkit([flag])).toMatchObject({ code: 0, stdout: `spvkit ${pkg.version}\n`, stderr: '' });
    const help = (await spvkit(['--help'])).stdout;
    expect(help).toMatch(/-v, --version/);
    expect(help).toMatch(/-h, --help/);
  });
});

describe('spvkit val on .spvasm speaks of the text', () => {
  it('places each finding at file:line:column and names ids as the author did', async () => {
    const src = file('fragment.spvasm', fragmentReadingLii);
    const r = await spvkit(['val', src]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${src}:14:11: error: [VUID-LocalInvocationIndex-LocalInvocationIndex-04284] variable (%lii, BuiltIn LocalInvocationIndex) is used by entry point 'main' (Fragment)`,
    );
    const json = JSON.parse((await spvkit(['val', '--json', src])).stdout) as { file: string; line: number; column: number; message: string }[];
    expect(json[0]).toMatchObject({ file: src, line: 14, column: 11 });
    expect(json[0].message).toContain('(%lii, BuiltIn');
    // The same module as a binary has neither: numbers, and the file's name.
    const spv = file('fragment.spv', binary(fragmentReadingLii));
    const fromBinary = await spvkit(['val', spv]);
    expect(fromBinary.stderr).toContain(`${spv}: error: [VUID-LocalInvocationIndex-LocalInvocationIndex-04284] variable (%2, BuiltIn`);
    // opt reports the same way on its source-preserving path and its plain one.
    const opt = await spvkit(['opt', src, '-o', join(dir, 'fragment.out.spvasm'), '--validate']);
    expect(opt.stderr).toContain(`${src}:14:11: error: [VUID-LocalInvocationIndex-LocalInvocationIndex-04284] variable (%lii, BuiltIn`);
    const optToBinary = await spvkit(['opt', src, '-o', join(dir, 'fragment.out.spv'), '--validate']);
    expect(optToBinary.stderr).toContain(`${src}:14:11: error: [VUID-LocalInvocationIndex-LocalInvocationIndex-04284] variable (%lii, BuiltIn`);
  });
});

describe('spvkit info', () => {
  it('prints workgroup size, bindings, push constants and spec constants', async () => {
    const r = await spvkit(['info', pipeline]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('workgroup size:  main: 64 x 4 x 1 (x: SpecId 3)\n');
    expect(r.stdout).toContain("bindings:        set 0, binding 1: storage-buffer 'data'\n                 set 1, binding 0: combined-image-sampler 'tex'\n");
    expect(r.stdout).toContain('push constants:  8 bytes\n                   scale at 0, 4 bytes\n                   count at 4, 4 bytes\n');
    expect(r.stdout).toContain("spec constants:  SpecId 3: uint 'WIDTH' = 64\n                 SpecId 7: uint64 'BIG' = 9007199254740993\n");
    const none = await spvkit(['info', '-'], tiny);
    expect(none.stdout).toMatch(/workgroup size: {2}main: 1 x 1 x 1\nbindings: {8}\(none\)\npush constants: {2}\(none\)\nspec constants: {2}\(none\)\n$/);
  });

  it('--json: the same as one object, 64-bit defaults as strings', async () => {
    const r = await spvkit(['info', '--json', pipeline]);
    expect(r.code, r.stderr).toBe(0);
    const info = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(info).toMatchObject({
      version: '1.6',
      bound: 25,
      capabilities: ['Shader', 'Int64'],
      entryPoints: [{ name: 'main', executionModel: 'GLCompute', workgroupSize: [64, 4, 1], workgroupSizeSpecIds: [3, null, null] }],
      bindings: [
        { set: 0, binding: 1, kind: 'storage-buffer', name: 'data', count: 1 },
        { set: 1, binding: 0, kind: 'combined-image-sampler', name: 'tex', count: 1 },
      ],
      pushConstants: {
        size: 8,
        members: [
          { name: 'scale', offset: 0, size: 4 },
          { name: 'count', offset: 4, size: 4 },
        ],
      },
      specConstants: [
        { id: 3, name: 'WIDTH', type: 'uint', default: 64 },
        { id: 7, name: 'BIG', type: 'uint64', default: '9007199254740993' },
      ],
    });
    expect(JSON.parse((await spvkit(['info', '--json', '-'], tiny)).stdout)).toMatchObject({ pushConstants: null, bindings: [], specConstants: [] });
  });
});
