import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader storing the values under test into a buffer; every function-local id is named. */
function shader(body: string): string {
  const locals = ['main', 'entry', 'gid3', 'x', 'p', 'spec', ...Array.from(body.matchAll(/%(\w+) = Op/g), (m) => m[1])];
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
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
    %uint_10 = OpConstant %uint 10
      %int_0 = OpConstant %int 0
       %true = OpConstantTrue %bool
      %false = OpConstantFalse %bool
    %float_1 = OpConstant %float 1
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
       %spec = OpSpecConstant %uint 5
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %p = OpAccessChain %sb_uint %buf %int_0 %x
${body}
               OpFunctionEnd`;
}

describe('ccp', () => {
  it('propagates through an OpPhi whose edges that run agree, past a branch on a constant', () => {
    checkPasses(
      shader(`
          %a = OpIAdd %uint %uint_1 %uint_2
          %c = OpIEqual %bool %a %uint_3
               OpSelectionMerge %merge None
               OpBranchConditional %c %then %else
       %then = OpLabel
          %t = OpIMul %uint %a %uint_2
               OpBranch %merge
       %else = OpLabel
          %e = OpIAdd %uint %x %uint_1
               OpBranch %merge
      %merge = OpLabel
        %phi = OpPhi %uint %t %then %e %else
          %r = OpIAdd %uint %phi %uint_1
               OpStore %p %r
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; The constants' uses move; their names go; the definitions and the branch stay.
        ; CHECK-NOT: OpName %phi
        ; CHECK-DAG: [[U6:%\\w+]] = OpConstant %uint 6
        ; CHECK-DAG: [[U7:%\\w+]] = OpConstant %uint 7
        ; CHECK: OpBranchConditional %true %then %else
        ; The else edge never runs: its varying value does not reach the OpPhi.
        ; CHECK: OpPhi %uint [[U6]] %then %e %else
        ; CHECK: OpStore %p [[U7]]
      `,
      },
    );
  });

  it('finds a loop counter constant when the loop runs with a constant that never changes', () => {
    checkPasses(
      shader(`
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %continue
          %k = OpPhi %uint %uint_2 %entry %k2 %continue
               OpLoopMerge %exit %continue None
               OpBranch %body
       %body = OpLabel
       %cond = OpULessThan %bool %i %uint_10
               OpBranchConditional %cond %continue %exit
   %continue = OpLabel
       %next = OpIAdd %uint %i %uint_1
         %k2 = OpIMul %uint %k %uint_1
               OpBranch %header
       %exit = OpLabel
               OpStore %p %k
               OpStore %p %i
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; %k is 2 around the loop; %i counts, so it varies.
        ; CHECK: %i = OpPhi %uint %uint_0 %entry %next %continue
        ; CHECK-NEXT: OpPhi %uint %uint_2 %entry %uint_2 %continue
        ; CHECK: OpULessThan %bool %i %uint_10
        ; CHECK: OpIMul %uint %uint_2 %uint_1
        ; CHECK: OpStore %p %uint_2
        ; CHECK-NEXT: OpStore %p %i
      `,
      },
    );
  });

  it('keeps a value a loop whose condition is false from the start never changes, and leaves the body that never runs alone', () => {
    checkPasses(
      shader(`
               OpBranch %header
     %header = OpLabel
        %acc = OpPhi %uint %uint_10 %entry %acc2 %continue
      %never = OpULessThan %bool %uint_3 %uint_2
               OpLoopMerge %exit %continue None
               OpBranchConditional %never %body %exit
       %body = OpLabel
       %acc2 = OpIAdd %uint %acc %x
               OpBranch %continue
   %continue = OpLabel
               OpBranch %header
       %exit = OpLabel
               OpStore %p %acc
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; The back edge never runs, so %acc is 10; the body is never simulated: %acc2 is not folded.
        ; CHECK: OpPhi %uint %uint_10 %entry %acc2 %continue
        ; CHECK: OpBranchConditional %false %body %exit
        ; CHECK: %acc2 = OpIAdd %uint %uint_10 %x
        ; CHECK: OpStore %p %uint_10
      `,
      },
    );
  });

  it('takes only the case of a switch on a constant, and folds constructs and extracts of constants', () => {
    checkPasses(
      shader(`
       %gidv = OpVectorShuffle %v2uint %gid3 %gid3 0 1
          %v = OpCompositeConstruct %v2uint %uint_3 %uint_1
          %s = OpCompositeExtract %uint %v 1
               OpSelectionMerge %merge None
               OpSwitch %s %default 1 %one 2 %two
    %default = OpLabel
               OpBranch %merge
        %one = OpLabel
               OpBranch %merge
        %two = OpLabel
               OpBranch %merge
      %merge = OpLabel
        %phi = OpPhi %v2uint %v %one %gidv %default %gidv %two
          %y = OpCompositeExtract %uint %phi 0
               OpStore %p %y
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; CHECK: [[V:%\\w+]] = OpConstantComposite %v2uint %uint_3 %uint_1
        ; CHECK: OpSwitch %uint_1 %default 1 %one 2 %two
        ; CHECK: OpPhi %v2uint [[V]] %one %gidv %default %gidv %two
        ; CHECK: OpStore %p %uint_3
      `,
      },
    );
  });

  it('leaves float arithmetic, varying values, spec constants and undefined results alone', () => {
    checkPasses(
      shader(`
          %f = OpFAdd %float %float_1 %float_1
          %u = OpConvertFToU %uint %f
          %a = OpIAdd %uint %x %uint_1
          %b = OpIAdd %uint %spec %uint_1
          %d = OpUDiv %uint %uint_3 %uint_0
          %m = OpIMul %uint %x %uint_0
               OpStore %p %u
               OpStore %p %a
               OpStore %p %b
               OpStore %p %d
               OpStore %p %m
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; CHECK: OpStore %p %u
        ; CHECK-NEXT: OpStore %p %a
        ; CHECK-NEXT: OpStore %p %b
        ; CHECK-NEXT: OpStore %p %d
        ; x * 0 is 0 whatever x holds.
        ; CHECK-NEXT: OpStore %p %uint_0
      `,
      },
    );
  });

  it('passes a spec constant on through an OpPhi, and never decides a branch on one', () => {
    checkPasses(
      shader(`
          %c = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %c %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
        %phi = OpPhi %uint %spec %entry %spec %then
      %other = OpPhi %uint %spec %entry %uint_1 %then
               OpStore %p %phi
               OpStore %p %other
               OpReturn`),
      ['ccp'],
      {
        checks: `
        ; CHECK: OpStore %p %spec
        ; CHECK-NEXT: OpStore %p %other
      `,
      },
    );
  });

  it('reports no change, and keeps the bytes, where nothing is constant; a second run finds nothing', () => {
    const module = assemble(shader('          %a = OpIAdd %uint %x %uint_1\n               OpStore %p %a\n               OpReturn'));
    const before = encodeModule(module);
    expect(runPasses(module, ['ccp'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
    const folding = assemble(shader('          %a = OpIAdd %uint %uint_2 %uint_1\n               OpStore %p %a\n               OpReturn'));
    expect(runPasses(folding, ['ccp']).changed).toBe(true);
    const once = encodeModule(folding);
    expect(runPasses(folding, ['ccp']).changed).toBe(false);
    expect(encodeModule(folding)).toEqual(once);
  });
});
