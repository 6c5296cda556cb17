// The plugins' default validator (issue 19): @spvkit/validator's families and validate-builtins as
// one pass. A shader spirv-val rejects for OpIAdd on floats fails the build with the validator's
// rule code, message and the .spvasm line; naming a validator (`validator: 'validate-builtins'`)
// still runs that one alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spvkit from '@spvkit/rollup-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import { buildError, makeProject, rollupBuild, type Project } from './helpers.js';

/** OpIAdd on two floats at line 12: spirv-val says "Expected int scalar or vector type as Result Type: IAdd". */
const IADD_ON_FLOATS = `; OpIAdd on floats
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

let project: Project;

beforeAll(async () => {
  project = await makeProject('validator', { 'src/iadd.spvasm': IADD_ON_FLOATS, 'src/main.js': `export { default } from './iadd.spvasm';` });
});

afterAll(async () => {
  await project?.remove();
});

const build = (options: SpvkitOptions) => rollupBuild(project.path('src/main.js'), [spvkit({ root: project.root, ...options })]);

describe('plugins: the default validator runs @spvkit/validator', () => {
  it("validate: 'error' (the default) fails OpIAdd on floats with the rule code, message and .spvasm line", async () => {
    const e = await buildError(build({}));
    expect(e.pluginCode).toMatch(/^spvkit-types-(result|operand)$/);
    expect(e.message).toMatch(/\[spvkit-types-(result|operand)\] OpIAdd.*\(validate\)/);
    expect(e.loc?.file).toBe(project.path('src/iadd.spvasm'));
    expect(e.loc?.line).toBe(12);
    expect(e.frame).toContain('OpIAdd');
  });

  it("validate: 'warn' builds and reports it as a warning", async () => {
    const { chunks, warnings } = await build({ validate: 'warn' });
    expect(chunks).toHaveLength(1);
    expect(warnings.some((w) => w.plugin === 'spvkit' && /^spvkit-types-/.test(String(w.pluginCode)) && w.loc?.line === 12)).toBe(true);
  });

  it("a named validator runs alone: validator: 'validate-builtins' finds nothing wrong with the BuiltIns", async () => {
    const { chunks, warnings } = await build({ validator: 'validate-builtins' });
    expect(chunks).toHaveLength(1);
    expect(warnings.filter((w) => w.plugin === 'spvkit')).toEqual([]);
  });
});
