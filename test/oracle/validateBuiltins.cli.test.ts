/**
 * `spvkit val`: human output in the compiler form (file:line:column: error: [VUID] ...), --json for
 * tools, exit code 1 on an error and 0 otherwise, .spv and .spvasm input, --target-env.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble, encodeModule } from '@spvkit/core';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-val-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const val = (args: string[], stdinBytes?: Uint8Array) => runCli(['val', ...args], stdinBytes);

/** A compute shader reading LocalInvocationIndex in a helper at blur.comp:12:5; `bad` makes it a Fragment shader reading a float. */
function source(bad: boolean): string {
  return `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint ${bad ? 'Fragment' : 'GLCompute'} %main "main" %idx
OpExecutionMode %main ${bad ? 'OriginUpperLeft' : 'LocalSize 8 1 1'}
%file = OpString "blur.comp"
OpName %idx "gl_LocalInvocationIndex"
OpName %helper "helper("
OpDecorate %idx BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%fn = OpTypeFunction %void
%t = ${bad ? 'OpTypeFloat 32' : 'OpTypeInt 32 0'}
%ptr = OpTypePointer Input %t
%idx = OpVariable %ptr Input
%main = OpFunction %void None %fn
%l0 = OpLabel
%c = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%l1 = OpLabel
OpLine %file 12 5
%v = OpLoad %t %idx
OpReturn
OpFunctionEnd
`;
}

function files(bad: boolean): { spv: string; spvasm: string } {
  const name = bad ? 'bad' : 'good';
  const spvasm = join(dir, `${name}.spvasm`);
  const spv = join(dir, `${name}.spv`);
  writeFileSync(spvasm, source(bad));
  const words = encodeModule(assemble(source(bad), { targetEnv: 'vulkan1.0' }));
  writeFileSync(spv, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  return { spv, spvasm };
}

describe('spvkit val', () => {
  test('a valid module: no output, exit 0', async () => {
    const { spv, spvasm } = files(false);
    for (const f of [spv, spvasm]) expect(await val([f])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await val([spv, '--json'])).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
  });

  test('every error in the compiler form, with the GLSL position, exit 1', async () => {
    const { spv, spvasm } = files(true);
    for (const f of [spv, spvasm]) {
      const r = await val([f, '--target-env', 'vulkan1.0']);
      expect(r.code).toBe(1);
      const lines = r.stderr.split('\n').filter((l) => /: error: /.test(l));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^blur\.comp:12:5: error: \[VUID-LocalInvocationIndex-LocalInvocationIndex-04284\] variable 'gl_LocalInvocationIndex' \(%(\d+|idx), BuiltIn LocalInvocationIndex\) is used by entry point 'main' \(Fragment\): /,
      );
      expect(lines[1]).toMatch(
        /^blur\.comp:12:5: error: \[VUID-LocalInvocationIndex-LocalInvocationIndex-04286\] .* must be declared as a scalar 32-bit integer, not 32-bit float$/,
      );
      expect(r.stderr).toMatch(/hint: the use is reached through main -> helper\( \(%(\d+|helper)\)/);
      expect(r.stderr).toMatch(/: 2 errors, 0 warnings\n$/);
    }
  });

  test('--json: one object per finding, for tools', async () => {
    const { spv } = files(true);
    const r = await val([spv, '--json']);
    expect(r.code).toBe(1);
    const items = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(items.map((i) => i.code)).toEqual(['VUID-LocalInvocationIndex-LocalInvocationIndex-04284', 'VUID-LocalInvocationIndex-LocalInvocationIndex-04286']);
    expect(items[0]).toMatchObject({
      severity: 'error',
      file: 'blur.comp',
      line: 12,
      column: 5,
      opname: 'OpLoad',
      builtIn: 'LocalInvocationIndex',
      target: { name: 'gl_LocalInvocationIndex' },
      entryPoint: { name: 'main', executionModel: 'Fragment' },
    });
    expect(typeof items[0].resultId).toBe('number');
    expect(typeof items[0].message).toBe('string');
  });

  test('standard input, target envs, bad usage', async () => {
    const { spv } = files(false);
    const bytes = encodeModule(assemble(source(true), { targetEnv: 'vulkan1.0' }));
    const r = await val(['-'], new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^blur\.comp:12:5: error: /);
    // Universal: no Vulkan rules.
    expect((await val([files(true).spv, '--target-env', 'universal'])).code).toBe(0);
    // A module newer than the env: an error without a source position, named by the input.
    const v15 = join(dir, 'v15.spv');
    const w = encodeModule(assemble(source(false), { targetEnv: 'vulkan1.2' }));
    writeFileSync(v15, new Uint8Array(w.buffer, w.byteOffset, w.byteLength));
    const old = await val([v15, '--target-env', 'vulkan1.0']);
    expect(old.code).toBe(1);
    expect(old.stderr.startsWith(`${v15}: error: `)).toBe(true); // the path as given, as every spvkit error names it
    expect(old.stderr).toMatch(
      /^\S*v15\.spv: error: \[spvkit-target-env-version\] the module is SPIR-V 1\.5, but target env vulkan1\.0 allows at most SPIR-V 1\.0/,
    );
    expect((await val([v15])).code).toBe(0); // default env: Vulkan, version from the module
    expect((await val([spv, '--target-env', 'vulkan7'])).code).toBe(2); // bad usage, as in as and opt
    expect((await val([])).code).toBe(2);
    expect((await val([spv, '--nope'])).code).toBe(2);
  });
});
