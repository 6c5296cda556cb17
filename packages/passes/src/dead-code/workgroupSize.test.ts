import { describe, expect, it } from 'vitest';
import { assemble, type Instruction } from '@spvkit/core';
import { builtInConstantMustStay } from './workgroupSize.js';

/** A module with two compute entry points and a WorkgroupSize constant (4, 1, 1); `modes` are their execution modes. */
function mustStay(modes: string, wgs = '%wgs = OpConstantComposite %v3uint %uint_4 %uint_1 %uint_1'): boolean {
  const module = assemble(
    `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpEntryPoint GLCompute %other "other"
${modes}
               OpDecorate %wgs BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
       %spec = OpSpecConstant %uint 4
        ${wgs}
       %main = OpFunction %void None %fn
         %m0 = OpLabel
               OpReturn
               OpFunctionEnd
      %other = OpFunction %void None %fn
         %o0 = OpLabel
               OpReturn
               OpFunctionEnd
`,
    { targetEnv: 'vulkan1.2' },
  );
  const defs = new Map<number, Instruction>();
  for (const inst of module.globals) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  const wgsId = module.annotations[0].word(0);
  return builtInConstantMustStay(module, defs.get(wgsId)!, (id) => defs.get(id));
}

describe('builtInConstantMustStay (the sizes come from core resolveWorkgroupSize)', () => {
  it('lets the constant go when it repeats the LocalSize of every entry point', () => {
    expect(mustStay('OpExecutionMode %main LocalSize 4 1 1\nOpExecutionMode %other LocalSize 4 1 1')).toBe(false);
  });

  it('keeps it when one entry point has another LocalSize', () => {
    expect(mustStay('OpExecutionMode %main LocalSize 4 1 1\nOpExecutionMode %other LocalSize 4 2 1')).toBe(true);
  });

  it('keeps it over a LocalSizeId size, even one of the same values (it takes precedence over LocalSize)', () => {
    expect(mustStay('OpExecutionMode %main LocalSize 4 1 1\nOpExecutionModeId %other LocalSizeId %uint_4 %uint_1 %uint_1')).toBe(true);
    expect(mustStay('OpExecutionModeId %main LocalSizeId %spec %uint_1 %uint_1\nOpExecutionMode %other LocalSize 4 1 1')).toBe(true);
  });

  it('keeps it when no entry point declares a size (it is then the only one)', () => {
    expect(mustStay('')).toBe(true);
  });

  it('keeps a composite that is not of three OpConstants', () => {
    expect(mustStay('OpExecutionMode %main LocalSize 4 1 1', '%wgs = OpConstantComposite %v3uint %spec %uint_1 %uint_1')).toBe(true);
  });
});
