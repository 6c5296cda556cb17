// spvkit val runs @spvkit/validator, every family, the BuiltIn rules among them (issue 19): a module
// spirv-val rejects for OpIAdd on floats fails with the rule code, at its place in the text (or its
// OpLine), each error is reported once, and the built one-script bundle does the same (the
// validator is bundled in, not a dependency the package would need installed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-val-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** OpIAdd on two floats (line 12, column 17): spirv-val says "Expected int scalar or vector type as Result Type: IAdd". */
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

/** The same with an OpLine before the add: the finding is placed in the GLSL it names. */
const withOpLine = iaddOnFloats
  .replace('OpMemoryModel', '%src = OpString "scale.comp"\n               OpMemoryModel')
  .replace('        %sum = OpIAdd', '               OpLine %src 7 9\n        %sum = OpIAdd');

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const binary = (text: string): Uint8Array => {
  const w = encodeModule(assemble(text));
  return new Uint8Array(w.buffer, w.byteOffset, w.byteLength);
};

describe('spvkit val runs the validator', () => {
  it('fails OpIAdd on floats with the rule code at file:line:column of the text', async () => {
    const src = file('iadd.spvasm', iaddOnFloats);
    const r = await spvkit(['val', src]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:12:\\d+: error: \\[spvkit-types-(result|operand)\\] OpIAdd`, 'm'));
    expect(r.stderr).toMatch(/: \d+ errors?, 0 warnings\n$/);
    const json = JSON.parse((await spvkit(['val', '--json', src])).stdout) as { code: string; file: string; line: number; opname: string }[];
    expect(json.length).toBeGreaterThan(0);
    expect(json[0]).toMatchObject({ file: src, line: 12, opname: 'OpIAdd' });
    expect(json[0].code).toMatch(/^spvkit-types-/);
  });

  it('places a binary finding at its OpLine, and names the file otherwise', async () => {
    const lined = file('iadd-lined.spv', binary(withOpLine));
    const r = await spvkit(['val', lined]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scale\.comp:7:9: error: \[spvkit-types-(result|operand)\] OpIAdd/m);
    const bare = file('iadd.spv', binary(iaddOnFloats));
    const b = await spvkit(['val', bare]);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(`${bare}: error: [spvkit-types-`);
  });

  it('reports the types and the builtins findings of one module together, each error once', async () => {
    // The add on floats and a LocalInvocationIndex read in a fragment shader: both are errors.
    const both = iaddOnFloats
      .replace('OpEntryPoint GLCompute %main "main"', 'OpEntryPoint Fragment %main "main" %lii')
      .replace('OpExecutionMode %main LocalSize 1 1 1', 'OpExecutionMode %main OriginUpperLeft\n               OpDecorate %lii BuiltIn LocalInvocationIndex')
      .replace(
        '      %float = OpTypeFloat 32',
        '      %float = OpTypeFloat 32\n       %uint = OpTypeInt 32 0\n%_ptr_Input_uint = OpTypePointer Input %uint\n        %lii = OpVariable %_ptr_Input_uint Input',
      )
      .replace('               OpReturn', '          %x = OpLoad %uint %lii\n               OpReturn');
    const src = file('both.spvasm', both);
    const r = await spvkit(['val', src]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\[spvkit-types-(result|operand)\] OpIAdd/);
    // The BuiltIn rule comes from the validator alone now: once, at the load (line 17), not twice.
    const lii = r.stderr.split('\n').filter((l) => l.includes('[VUID-LocalInvocationIndex-LocalInvocationIndex-04284]'));
    expect(lii).toEqual([expect.stringMatching(new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:17:\\d+: error: `))]);
    const errorLines = r.stderr.split('\n').filter((l) => / error: /.test(l));
    expect(new Set(errorLines).size).toBe(errorLines.length);
    expect(r.stderr).toContain(`: ${errorLines.length} error${errorLines.length === 1 ? '' : 's'}, 0 warnings\n`);
    const json = JSON.parse((await spvkit(['val', '--json', src])).stdout) as { code: string; line: number; builtIn?: string }[];
    expect(json.filter((d) => d.code === 'VUID-LocalInvocationIndex-LocalInvocationIndex-04284')).toEqual([
      expect.objectContaining({ line: 17, builtIn: 'LocalInvocationIndex' }),
    ]);
    expect(json).toHaveLength(errorLines.length);
  });

  it('reports a result id defined twice with its rule code, though core cannot decode the module', async () => {
    // %one's OpConstant made to define %float's id again: spirv-val says "Id 4 is defined more than once".
    const w = encodeModule(assemble(iaddOnFloats.replace('%sum = OpIAdd %float %one %one', '%sum = OpFAdd %float %one %one')));
    const constant = w.indexOf((4 << 16) | 43);
    const typeFloat = w.indexOf((3 << 16) | 22);
    expect(constant).toBeGreaterThan(0);
    w[constant + 2] = w[typeFloat + 1];
    const bin = file('duplicate.spv', new Uint8Array(w.buffer, w.byteOffset, w.byteLength));
    const json = JSON.parse((await spvkit(['val', '--json', bin])).stdout) as { code: string | null; message: string }[];
    expect(json.map((d) => d.code)).toContain('spvkit-ids-duplicate');
    expect(json.filter((d) => d.code === null)).toEqual([]);
    const r = await spvkit(['val', bin]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: [spvkit-ids-duplicate]');
  });

  it('leaves a valid module valid', async () => {
    const r = await spvkit(['val', file('fine.spvasm', iaddOnFloats.replace('%sum = OpIAdd', '%sum = OpFAdd'))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('the built bundle runs the validator too', () => {
    const bin = fileURLToPath(new URL('../../packages/cli/bin/spvkit.js', import.meta.url));
    const src = file('iadd-bundle.spvasm', iaddOnFloats);
    const r = spawnSync(process.execPath, [bin, 'val', src], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/:12:\d+: error: \[spvkit-types-(result|operand)\] OpIAdd/);
  });
});
