import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader storing the values under test into a buffer; every function-local id is named. */
function shader(body: string): string {
  const locals = ['main', 'entry', 'gid3', 'x', 'y', 'p', 'undef4', ...Array.from(body.matchAll(/%(\w+) = Op/g), (m) => m[1])];
  const names = [...new Set(locals)].map((n) => `OpName %${n} "${n}"`).join('\n');
  return `
               OpCapability Shader
       %glsl = OpExtInstImport "GLSL.std.450"
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
          %S = OpTypeStruct %uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
      %int_0 = OpConstant %int 0
     %undef4 = OpUndef %v4uint
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %y = OpCompositeExtract %uint %gid3 1
          %p = OpAccessChain %sb_uint %buf %int_0 %x
${body}
               OpReturn
               OpFunctionEnd`;
}

describe('vector-dce', () => {
  it('skips the inserts of components a swizzle never reads', () => {
    checkPasses(
      shader(`
         %v0 = OpCompositeInsert %v4uint %x %undef4 0
         %v1 = OpCompositeInsert %v4uint %y %v0 1
         %v2 = OpCompositeInsert %v4uint %x %v1 2
         %v3 = OpCompositeInsert %v4uint %y %v2 3
          %s = OpVectorShuffle %v2uint %v3 %v3 1 0
          %a = OpCompositeExtract %uint %s 0
               OpStore %p %a`),
      ['vector-dce'],
      {
        checks: `
        ; Only .y is read: the shuffle reads %v1, which inserts into an OpUndef, %v0 goes, and the
        ; skipped inserts stay, unused (for eliminate-dead-code-aggressive).
        ; CHECK-NOT: OpName %v0
        ; CHECK-NOT: OpName %v2
        ; CHECK-NOT: OpName %v3
        ; CHECK: %v1 = OpCompositeInsert %v4uint %y %undef4 1
        ; CHECK-NEXT: OpCompositeInsert %v4uint %x %v1 2
        ; CHECK-NEXT: OpCompositeInsert %v4uint %y %v1 3
        ; CHECK-NEXT: %s = OpVectorShuffle %v2uint %v1 %v1 1 0
      `,
      },
    );
  });

  it('turns a constituent that only feeds dead components into an OpUndef, through component-wise operations', () => {
    checkPasses(
      shader(`
          %t = OpIMul %uint %x %x
          %c = OpCompositeConstruct %v2uint %t %y
        %sum = OpIAdd %v2uint %c %c
          %e = OpCompositeExtract %uint %sum 1
               OpStore %p %e`),
      ['vector-dce'],
      {
        checks: `
        ; CHECK: [[U:%\\w+]] = OpUndef %uint
        ; CHECK-NOT: OpIMul
        ; CHECK: %c = OpCompositeConstruct %v2uint [[U]] %y
        ; CHECK-NEXT: %sum = OpIAdd %v2uint %c %c
      `,
      },
    );
  });

  it('inserts into an OpUndef when only the inserted component is read, and removes a vector nothing reads a component of', () => {
    checkPasses(
      shader(`
          %w = OpCompositeConstruct %v4uint %x %x %y %y
          %i = OpCompositeInsert %v4uint %y %w 2
          %e = OpCompositeExtract %uint %i 2
       %dead = OpVectorShuffle %v2uint %gid3 %gid3 0 1
      %dead2 = OpIAdd %v2uint %dead %dead
         %d0 = OpCompositeExtract %uint %dead2 0
         %d1 = OpCompositeInsert %v4uint %d0 %undef4 0
         %d2 = OpCompositeExtract %uint %d1 1
               OpStore %p %e
               OpStore %p %d2`),
      ['vector-dce'],
      {
        checks: `
        ; CHECK: [[U:%\\w+]] = OpUndef %uint
        ; CHECK-NOT: %w = OpCompositeConstruct
        ; CHECK: %i = OpCompositeInsert %v4uint %y %undef4 2
        ; The .x inserted is never read, so nothing feeding it is either.
        ; CHECK-NOT: OpVectorShuffle
        ; CHECK-NOT: OpIAdd
        ; CHECK: OpCompositeInsert %v4uint [[U]] %undef4 0
        ; CHECK-NEXT: %d2 = OpCompositeExtract %uint %undef4 1
        ; CHECK: OpStore %p %d2
      `,
      },
    );
  });

  it('reads through GLSL.std.450 instructions that work component by component, and reads all of what others take', () => {
    checkPasses(
      shader(`
         %t0 = OpIMul %uint %x %x
         %t1 = OpIMul %uint %y %y
          %a = OpCompositeConstruct %v2uint %t0 %y
          %m = OpExtInst %v2uint %glsl UMax %a %a
         %m1 = OpCompositeExtract %uint %m 1
          %b = OpCompositeConstruct %v2uint %x %t1
               OpStore %p %m1
          %d = OpBitcast %v2uint %b
         %d1 = OpCompositeExtract %uint %d 1
               OpStore %p %d1`),
      ['vector-dce'],
      {
        checks: `
        ; UMax works component by component: .x of %a is not read, so %t0 goes.
        ; CHECK-NOT: %t0 = OpIMul
        ; CHECK: %t1 = OpIMul %uint %y %y
        ; CHECK: %a = OpCompositeConstruct %v2uint {{%\\w+}} %y
        ; A bitcast reads the whole vector: %b keeps both.
        ; CHECK: %b = OpCompositeConstruct %v2uint %x %t1
      `,
      },
    );
  });

  it('carries the read components around a loop through its OpPhi', () => {
    checkPasses(
      shader(`
               OpBranch %header
     %header = OpLabel
        %acc = OpPhi %v2uint %init %entry %next %body
          %i = OpPhi %uint %uint_0 %entry %i2 %body
       %cond = OpULessThan %bool %i %uint_2
               OpLoopMerge %exit %body None
               OpBranchConditional %cond %body %exit
       %body = OpLabel
       %sq = OpIMul %uint %i %i
       %step = OpCompositeConstruct %v2uint %i %sq
       %next = OpIAdd %v2uint %acc %step
         %i2 = OpIAdd %uint %i %uint_1
               OpBranch %header
       %exit = OpLabel
          %r = OpCompositeExtract %uint %acc 0
               OpStore %p %r`).replace('%undef4 = OpUndef %v4uint', '%undef4 = OpUndef %v4uint\n       %init = OpConstantComposite %v2uint %uint_0 %uint_1'),
      ['vector-dce'],
      {
        checks: `
        ; Only .x of the accumulator is ever read: the square feeding .y goes.
        ; CHECK: [[U:%\\w+]] = OpUndef %uint
        ; CHECK-NOT: OpIMul
        ; CHECK: %step = OpCompositeConstruct %v2uint %i [[U]]
      `,
      },
    );
  });

  it('leaves whole reads, struct inserts and impure instructions alone, and keeps the bytes', () => {
    const text = shader(`
          %v = OpCompositeConstruct %v2uint %x %y
          %s = OpCompositeInsert %S %x %sundef 0
         %s0 = OpCompositeExtract %uint %s 1
         %ld = OpLoad %uint %p Volatile
          %w = OpCompositeConstruct %v2uint %ld %y
         %w1 = OpCompositeExtract %uint %w 1
               OpStore %p %s0
               OpStore %p %w1
          %vx = OpCompositeExtract %uint %v 0
          %vy = OpCompositeExtract %uint %v 1
          %vs = OpIAdd %uint %vx %vy
               OpStore %p %vs`).replace('%undef4 = OpUndef %v4uint', '%undef4 = OpUndef %v4uint\n     %sundef = OpUndef %S');
    const module = assemble(text);
    const before = encodeModule(module);
    expect(runPasses(module, ['vector-dce'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
  });

  it('changes nothing on a second run', () => {
    const module = assemble(
      shader(`
         %v0 = OpCompositeInsert %v4uint %x %undef4 0
         %v1 = OpCompositeInsert %v4uint %y %v0 3
          %t = OpIMul %uint %x %y
         %v2 = OpCompositeInsert %v4uint %t %v1 1
          %a = OpCompositeExtract %uint %v2 3
               OpStore %p %a`),
    );
    expect(runPasses(module, ['vector-dce']).changed).toBe(true);
    const once = encodeModule(module);
    expect(runPasses(module, ['vector-dce']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(once);
  });
});
