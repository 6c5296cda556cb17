// spvkit opt --validate (issue 19): the result is validated by @spvkit/validator, every family, as
// spvkit val validates: each error once at file:line:column with its rule code, exit code 1 and no
// output written; a valid result is written, with nothing said. Also from the built bundle, which
// loads the validator for --validate only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-opt-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** OpIAdd on two floats (line 12): a types error, which validate-builtins alone never found. */
const iaddOnFloats = `; OpIAdd on floats
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
        %one = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %sum = OpIAdd %float %one %one
               OpReturn
               OpFunctionEnd
`;

/** A Fragment shader reading LocalInvocationIndex at line 15: VUID-...-04284 under Vulkan rules. */
const fragmentReadingLii = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %lii
               OpExecutionMode %main OriginUpperLeft
               OpName %lii "lii"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpLoad %uint %lii
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

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const errorLines = (stderr: string): string[] => stderr.split('\n').filter((l) => / error: /.test(l));

describe('spvkit opt --validate runs the whole validator on the result', () => {
  it('fails a types error with its rule code at file:line:column of the text, exit 1, nothing written', async () => {
    const src = file('iadd.spvasm', iaddOnFloats);
    for (const out of ['iadd.out.spv', 'iadd.out.spvasm']) {
      const target = join(dir, out);
      const r = await spvkit(['opt', src, '-o', target, '--compact-ids', '--validate']);
      expect(r.code, out).toBe(1);
      expect(errorLines(r.stderr), out).toEqual([
        expect.stringMatching(new RegExp(`^${escaped(src)}:12:\\d+: error: \\[spvkit-types-(result|operand)\\] OpIAdd`)),
      ]);
      expect(existsSync(target), out).toBe(false);
    }
  });

  it('places a binary finding at its OpLine, else names the input file', async () => {
    const lined = file(
      'iadd-lined.spv',
      binary(
        iaddOnFloats
          .replace('OpMemoryModel', '%src = OpString "scale.comp"\n               OpMemoryModel')
          .replace('        %sum = OpIAdd', '               OpLine %src 7 9\n        %sum = OpIAdd'),
      ),
    );
    const r = await spvkit(['opt', lined, '-o', join(dir, 'lined.out.spv'), '--compact-ids', '--validate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scale\.comp:7:9: error: \[spvkit-types-(result|operand)\] OpIAdd/m);
    const bare = file('iadd.spv', binary(iaddOnFloats));
    const b = await spvkit(['opt', bare, '-o', join(dir, 'bare.out.spv'), '--compact-ids', '--validate']);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(`${bare}: error: [spvkit-types-`);
  });

  it("judges BuiltIns by val's default env (Vulkan rules), once each; --target-env spv1.5 has none", async () => {
    const src = file('fragment.spvasm', fragmentReadingLii);
    const r = await spvkit(['opt', src, '-o', join(dir, 'fragment.out.spv'), '--compact-ids', '--validate']);
    expect(r.code).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      `${src}:14:11: error: [VUID-LocalInvocationIndex-LocalInvocationIndex-04284] variable 'lii' (%lii, BuiltIn LocalInvocationIndex) is used by entry point 'main' (Fragment): BuiltIn LocalInvocationIndex must be used only within the GLCompute, MeshEXT, TaskEXT, MeshNV, or TaskNV execution models, not Fragment`,
    ]);
    const spv = await spvkit(['opt', src, '-o', join(dir, 'fragment-spv.out.spv'), '--compact-ids', '--validate', '--target-env', 'spv1.5']);
    expect(spv.stderr).toBe('');
    expect(spv.code).toBe(0);
  });

  it('writes a valid result and says nothing; without --validate an invalid one is written as before', async () => {
    const fine = file('fine.spvasm', iaddOnFloats.replace('%sum = OpIAdd', '%sum = OpFAdd'));
    const out = join(dir, 'fine.out.spv');
    const r = await spvkit(['opt', fine, '-o', out, '--compact-ids', '--validate']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    const unchecked = join(dir, 'unchecked.out.spv');
    const u = await spvkit(['opt', file('iadd2.spvasm', iaddOnFloats), '-o', unchecked, '--compact-ids']);
    expect(u.code).toBe(0);
    expect(existsSync(unchecked)).toBe(true);
  });

  it('--help says what --validate does', async () => {
    const r = await spvkit(['opt', '--help']);
    expect(r.stdout + r.stderr).toMatch(/--validate\s+validate the result with @spvkit\/validator, every family \(as spvkit val\)/);
    expect(r.stdout + r.stderr).toMatch(/file:line:column with its rule code or VUID, exit code 1/);
  });

  it('the built bundle validates too (the validator loaded for --validate)', () => {
    const bin = fileURLToPath(new URL('../../packages/cli/bin/spvkit.js', import.meta.url));
    const src = file('iadd-bundle.spvasm', iaddOnFloats);
    const r = spawnSync(process.execPath, [bin, 'opt', src, '-o', join(dir, 'bundle.out.spv'), '--compact-ids', '--validate'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/:12:\d+: error: \[spvkit-types-(result|operand)\] OpIAdd/);
  });
});
