import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader storing the values under test into a buffer; every function-local id is named. */
function shader(body: string): string {
  const locals = ['main', 'entry', 'gid3', 'x', 'y', 'p', 'pv', 'undef4', 'undefS', 'undefA', ...Array.from(body.matchAll(/%(\w+) = Op/g), (m) => m[1])];
  const names = [...new Set(locals)].map((n) => `OpName %${n} "${n}"`).join('\n');
  return `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 1 1 1
               ${names}
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
     %v4uint = OpTypeVector %uint 4
          %S = OpTypeStruct %v2uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_4 = OpConstant %uint 4
          %A = OpTypeArray %S %uint_4
      %int_0 = OpConstant %int 0
     %undef4 = OpUndef %v4uint
     %undefS = OpUndef %S
     %undefA = OpUndef %A
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
      %fn_A = OpTypePointer Function %A
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %pv = OpVariable %fn_A Function
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %y = OpCompositeExtract %uint %gid3 1
          %p = OpAccessChain %sb_uint %buf %int_0 %x
${body}
               OpReturn
               OpFunctionEnd`;
}

describe('eliminate-dead-inserts', () => {
  it('removes an insert the next insert at the same index overwrites, and one nobody extracts', () => {
    checkPasses(
      shader(`
         %sq = OpIMul %uint %x %x
         %v0 = OpCompositeInsert %v4uint %sq %undef4 0
         %v1 = OpCompositeInsert %v4uint %y %v0 1
         %v2 = OpCompositeInsert %v4uint %x %v1 0
         %v3 = OpCompositeInsert %v4uint %y %v2 3
          %a = OpCompositeExtract %uint %v3 0
          %b = OpCompositeExtract %uint %v3 1
          %s = OpIAdd %uint %a %b
               OpStore %p %s`),
      ['eliminate-dead-inserts'],
      {
        checks: `
        ; .x of %v0 is overwritten by %v2 before any read; .w is never read: both go, with the
        ; product only %v0 read.
        ; CHECK-NOT: OpName %v0
        ; CHECK-NOT: OpName %v3
        ; CHECK-NOT: OpIMul
        ; CHECK: %v1 = OpCompositeInsert %v4uint %y %undef4 1
        ; CHECK-NEXT: %v2 = OpCompositeInsert %v4uint %x %v1 0
        ; CHECK-NEXT: %a = OpCompositeExtract %uint %v2 0
        ; CHECK-NEXT: %b = OpCompositeExtract %uint %v2 1
      `,
      },
    );
  });

  it('follows nested index paths into structs', () => {
    checkPasses(
      shader(`
         %s0 = OpCompositeInsert %S %x %undefS 1
         %s1 = OpCompositeInsert %S %y %s0 0 1
         %s2 = OpCompositeInsert %S %x %s1 0 0
         %m0 = OpCompositeExtract %v2uint %s2 0
         %m1 = OpCompositeExtract %uint %m0 1
               OpStore %p %m1`),
      ['eliminate-dead-inserts'],
      {
        checks: `
        ; Member 1 is never read; member 0 is read whole (then .y of it), so both inserts into it stay.
        ; CHECK-NOT: OpName %s0
        ; CHECK: %s1 = OpCompositeInsert {{%\\w+}} %y %undefS 0 1
        ; CHECK-NEXT: %s2 = OpCompositeInsert {{%\\w+}} %x %s1 0 0
      `,
      },
    );
  });

  it('removes an insert an OpPhi carries around a loop when nothing reads that member', () => {
    checkPasses(
      shader(`
         %v0 = OpCompositeInsert %v4uint %x %undef4 0
               OpBranch %header
     %header = OpLabel
        %acc = OpPhi %v4uint %v0 %entry %next %body
          %i = OpPhi %uint %uint_0 %entry %i2 %body
       %cond = OpULessThan %bool %i %uint_2
               OpLoopMerge %exit %body None
               OpBranchConditional %cond %body %exit
       %body = OpLabel
         %i2 = OpIAdd %uint %i %uint_1
       %next = OpCompositeInsert %v4uint %i2 %acc 1
               OpBranch %header
       %exit = OpLabel
          %r = OpCompositeExtract %uint %acc 0
               OpStore %p %r`),
      ['eliminate-dead-inserts'],
      {
        checks: `
        ; CHECK-NOT: OpName %next
        ; CHECK: %v0 = OpCompositeInsert %v4uint %x %undef4 0
        ; CHECK: %acc = OpPhi %v4uint %v0 %entry %acc %body
        ; CHECK-NOT: OpCompositeInsert
        ; CHECK: %r = OpCompositeExtract %uint %acc 0
      `,
      },
    );
  });

  it('keeps every insert a whole-value use sees, array inserts, and what an array insert takes in', () => {
    const module = assemble(
      shader(`
         %v0 = OpCompositeInsert %v4uint %x %undef4 0
         %v1 = OpCompositeInsert %v4uint %y %v0 1
        %v1b = OpBitcast %v4uint %v1
        %one = OpCompositeExtract %uint %v1b 2
         %s0 = OpCompositeInsert %S %y %undefS 1
         %a0 = OpCompositeInsert %A %s0 %undefA 2
         %a1 = OpCompositeInsert %A %s0 %a0 3
               OpStore %pv %a1
               OpStore %p %one`),
    );
    const before = encodeModule(module);
    expect(runPasses(module, ['eliminate-dead-inserts'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
  });

  it('changes nothing on a second run', () => {
    const module = assemble(
      shader(`
         %v0 = OpCompositeInsert %v4uint %x %undef4 0
         %v1 = OpCompositeInsert %v4uint %y %v0 0
          %a = OpCompositeExtract %uint %v1 0
               OpStore %p %a`),
    );
    expect(runPasses(module, ['eliminate-dead-inserts']).changed).toBe(true);
    const once = encodeModule(module);
    expect(runPasses(module, ['eliminate-dead-inserts']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(once);
  });
});
