// The Rollup plugin and .spvasm: `?spvasm` gives the input's own text, edited by the passes, and
// a diagnostic on an instruction a pass added points at the line it replaced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import spvkit, { type SpvkitOptions } from '@spvkit/rollup-plugin';
import { buildError, makeProject, rollupBuild, runOutput, type Project } from '../plugins/helpers.js';
import { stringExport, wordsExport } from '../plugins/exports.js';
import { canonicalInstructions } from './support.js';

const golden = (name: string): string => readFileSync(join(fileURLToPath(new URL('.', import.meta.url)), 'golden', name), 'utf8');

const KERNEL = `               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical32 OpenCL
               OpEntryPoint Kernel %main "main" %lii
               OpExecutionMode %main LocalSize 8 1 1
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

let project: Project;

beforeAll(async () => {
  project = await makeProject('preserve', {
    'src/fill.spvasm': golden('lii_right_aligned.spvasm'),
    'src/plain.spvasm': golden('unchanged.spvasm'),
    'src/kernel.spvasm': KERNEL,
  });
});

afterAll(async () => {
  await project?.remove();
});

async function build(main: string, options: SpvkitOptions = {}) {
  await project.write('src/main.js', main);
  return rollupBuild(project.path('src/main.js'), [spvkit({ root: project.root, ...options })]);
}

describe('rollup plugin: source-preserving .spvasm', () => {
  it('?spvasm of a .spvasm is its own text, edited; the words are the same module', async () => {
    const out = await build(`export { default as text } from './fill.spvasm?spvasm'; export { default as words } from './fill.spvasm';`, {
      passes: ['lower-local-invocation-index'],
    });
    const m = await runOutput(out, project);
    expect(m.text).toBe(golden('lii_right_aligned.lowered.spvasm'));
    const binary = assemble(golden('lii_right_aligned.spvasm'), { targetEnv: 'vulkan1.1' });
    runPasses(binary, ['lower-local-invocation-index']);
    expect(canonicalInstructions(wordsExport(m, 'words'))).toEqual(canonicalInstructions(encodeModule(binary)));
    expect(canonicalInstructions(encodeModule(assemble(stringExport(m, 'text'), { targetEnv: 'vulkan1.1' })))).toEqual(
      canonicalInstructions(wordsExport(m, 'words')),
    );
  });

  it('without passes (or none that change it), ?spvasm is the file byte for byte', async () => {
    const m = await runOutput(await build(`export { default } from './plain.spvasm?spvasm';`), project);
    expect(m.default).toBe(golden('unchanged.spvasm'));
  });

  it('?spvasm of a binary is still a disassembly', async () => {
    const words = encodeModule(assemble(golden('unchanged.spvasm'), { targetEnv: 'vulkan1.1' }));
    await project.write('src/plain.spv', new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const m = await runOutput(await build(`export { default } from './plain.spv?spvasm';`), project);
    expect(m.default).toMatch(/^; SPIR-V\n/);
    expect(decodeModule(words).entryPoints.length).toBe(1);
  });

  it("a validate-builtins error on an inserted instruction points at the original line of the replaced OpLoad ('error')", async () => {
    // validate-builtins alone: the whole validator reports the Kernel capability (not allowed by
    // Vulkan) first, at line 1, and this case is about a BuiltIn error on an inserted instruction.
    const e = await buildError(
      build(`export { default } from './kernel.spvasm';`, { passes: ['lower-local-invocation-index'], validate: 'error', validator: 'validate-builtins' }),
    );
    expect(e.pluginCode).toMatch(/^VUID-LocalInvocationId-LocalInvocationId-/);
    expect(e.message).toMatch(/not Kernel/);
    // Line 14 of kernel.spvasm is `%x = OpLoad %uint %lii`; the load of LocalInvocationId that
    // replaced it has no line of its own in the file.
    expect(e.loc).toEqual({ file: project.path('src/kernel.spvasm'), line: 14, column: 11 });
    expect(e.frame).toContain('%x = OpLoad %uint %lii');
  });

  it("the same as a warning ('warn'), and ?spvasm shows the lowered text", async () => {
    const out = await build(`export { default } from './kernel.spvasm?spvasm';`, { passes: ['lower-local-invocation-index'], validate: 'warn' });
    const ours = out.warnings.filter((w) => w.plugin === 'spvkit');
    expect(ours.map((w) => w.loc)).toContainEqual({ file: project.path('src/kernel.spvasm'), line: 14, column: 11 });
    const m = await runOutput(out, project);
    expect(m.default).toContain('%x = OpCompositeExtract %uint %gl_LocalInvocationID_value 0');
    expect(m.default).toContain('OpMemoryModel Physical32 OpenCL');
  });
});
