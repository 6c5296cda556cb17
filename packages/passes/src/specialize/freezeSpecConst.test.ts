import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../index.js';

const SHADER = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %x "x"
               OpName %y "y"
               OpName %on "on"
               OpName %off "off"
               OpName %size "size"
               OpName %sum "sum"
               OpName %mixed "mixed"
               OpName %nested "nested"
               OpDecorate %x SpecId 0
               OpDecorate %y SpecId 1
               OpDecorate %on SpecId 2
               OpDecorate %off SpecId 3
               OpDecorate %size BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
     %v2uint = OpTypeVector %uint 2
     %v2bool = OpTypeVector %bool 2
     %uint_1 = OpConstant %uint 1
          %x = OpSpecConstant %uint 8
          %y = OpSpecConstant %uint 4
         %on = OpSpecConstantTrue %bool
        %off = OpSpecConstantFalse %bool
       %size = OpSpecConstantComposite %v3uint %x %y %uint_1
        %sum = OpSpecConstantOp %uint IAdd %x %y
      %mixed = OpSpecConstantComposite %v2uint %sum %x
      %flags = OpSpecConstantComposite %v2bool %on %off
     %arr_t = OpTypeArray %v2bool %uint_1
     %nested = OpSpecConstantComposite %arr_t %flags
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

describe('freeze-spec-const', () => {
  it('turns spec constants into constants of their defaults and drops every SpecId', () => {
    checkPasses(SHADER, ['freeze-spec-const'], {
      checks: `
        ; CHECK-NOT: SpecId
        ; CHECK: OpDecorate %size BuiltIn WorkgroupSize
        ; CHECK: %x = OpConstant %uint 8
        ; CHECK-NEXT: %y = OpConstant %uint 4
        ; CHECK-NEXT: %on = OpConstantTrue %bool
        ; CHECK-NEXT: %off = OpConstantFalse %bool
        ; A composite of frozen constants is a constant too (spirv-opt leaves that to fold-spec-const-op-composite).
        ; CHECK-NEXT: %size = OpConstantComposite %v3uint %x %y %uint_1
        ; Expressions are fold-spec-const-op-composite's, and a composite over one stays specializable.
        ; CHECK-NEXT: %sum = OpSpecConstantOp %uint IAdd %x %y
        ; CHECK-NEXT: %mixed = OpSpecConstantComposite %v2uint %sum %x
        ; Composites of composites freeze in order.
        ; CHECK-NEXT: [[FLAGS:%\\w+]] = OpConstantComposite %v2bool %on %off
        ; CHECK: %nested = OpConstantComposite %_arr_v2bool_uint_1 [[FLAGS]]
      `,
    });
  });

  it('leaves a module without spec constants byte-identical, and reports no change', () => {
    // The shader fully specialized has no spec constant left.
    const specialized = assemble(SHADER);
    expect(runPasses(specialized, ['freeze-spec-const', 'fold-spec-const-op-composite']).ok).toBe(true);
    const before = encodeModule(specialized);
    const module = decodeModule(before);
    expect(runPasses(module, ['freeze-spec-const'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
  });

  it('gives the same module run twice as once', () => {
    const module = assemble(SHADER);
    expect(runPasses(module, ['freeze-spec-const']).changed).toBe(true);
    const once = encodeModule(module);
    expect(runPasses(module, ['freeze-spec-const']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(once);
  });

  it('freezes the values set-spec-const-default-value gave', () => {
    checkPasses(SHADER, ['set-spec-const-default-value=0:32 2:false', 'freeze-spec-const'], {
      checks: `
        ; CHECK: %x = OpConstant %uint 32
        ; CHECK: %on = OpConstantFalse %bool
      `,
    });
  });
});
