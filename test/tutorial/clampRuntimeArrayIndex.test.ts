// The test of core's README tutorial ("Writing a pass"): assembly in, the pass, the result
// matched with CHECK lines, in vitest alone. checkPasses also checks after the pass that the
// analyses it preserves (def-use, types) still match the module.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPasses } from '@spvkit/core/testing';
import { clampRuntimeArrayIndex } from './clampRuntimeArrayIndex.js';

const shader = (index: string) => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid %buf
               OpExecutionMode %main LocalSize 64 1 1
               OpName %main "main"
               OpName %entry "entry"
               OpName %buf "buf"
               OpName %i "i"
               OpName %elem "elem"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpMemberDecorate %Buf 1 Offset 4
               OpDecorate %Buf Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %v3uint = OpTypeVector %uint 3
 %_ptr_Input_v3uint = OpTypePointer Input %v3uint
        %gid = OpVariable %_ptr_Input_v3uint Input
        %rta = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %uint %rta
 %_ptr_StorageBuffer_Buf = OpTypePointer StorageBuffer %Buf
        %buf = OpVariable %_ptr_StorageBuffer_Buf StorageBuffer
 %_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
    %int_m1 = OpConstant %int -1
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %ids = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %ids 0
      %count = OpAccessChain %_ptr_StorageBuffer_uint %buf %int_0
          %n = OpLoad %uint %count
       %elem = OpAccessChain %_ptr_StorageBuffer_uint %buf %int_1 ${index}
               OpStore %elem %n
               OpReturn
               OpFunctionEnd`;

describe('clamp-runtime-array-index (the README tutorial)', () => {
  it('clamps the index of an access into the runtime array, and nothing else', () => {
    checkPasses(shader('%i'), [clampRuntimeArrayIndex], {
      checks: `
        ; CHECK:      %bool = OpTypeBool
        ; CHECK-NEXT: %uint_1 = OpConstant %uint 1
        ; CHECK-LABEL: %entry = OpLabel
        ; The count (member 0) is not an array: its access chain stays.
        ; CHECK:      OpAccessChain %_ptr_StorageBuffer_uint %buf %int_0
        ; CHECK-NOT:  OpArrayLength
        ; CHECK:      [[LEN:%\\w+]] = OpArrayLength %uint %buf 1
        ; CHECK-NEXT: [[LAST:%\\w+]] = OpISub %uint [[LEN]] %uint_1
        ; CHECK-NEXT: [[IN:%\\w+]] = OpULessThan %bool %i [[LEN]]
        ; CHECK-NEXT: [[IDX:%\\w+]] = OpSelect %uint [[IN]] %i [[LAST]]
        ; CHECK-NEXT: %elem = OpAccessChain %_ptr_StorageBuffer_uint %buf %int_1 [[IDX]]
      `,
    });
  });

  it('leaves a module without such an access unchanged, creating nothing', () => {
    const { result, text } = checkPasses(shader('%int_m1').replace('%int_1 %int_m1', '%int_0'), [clampRuntimeArrayIndex], {
      checks: '; CHECK-NOT: OpArrayLength\n; CHECK-NOT: OpTypeBool',
    });
    expect(result.changed).toBe(false);
    expect(text).not.toMatch(/OpSelect/);
  });

  it('leaves signed indexes to a fuller version of the pass', () => {
    const { result } = checkPasses(shader('%int_m1'), [clampRuntimeArrayIndex], { checks: '; CHECK-NOT: OpArrayLength' });
    expect(result.changed).toBe(false);
  });

  it("is what core's README shows, word for word", () => {
    const readme = readFileSync(new URL('../../packages/core/README.md', import.meta.url), 'utf8');
    const pass = readFileSync(new URL('./clampRuntimeArrayIndex.ts', import.meta.url), 'utf8').trimEnd();
    expect(readme).toContain(pass);
    const self = readFileSync(new URL(import.meta.url), 'utf8');
    const test = self.slice(self.indexOf("  it('clamps the index"), self.indexOf("  it('leaves a module without")).trimEnd();
    expect(readme).toContain(test);
  });
});
