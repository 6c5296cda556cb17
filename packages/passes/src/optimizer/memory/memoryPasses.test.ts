import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** OpName for each id `text` defines, so that the output disassembles with the same names. */
const namesOf = (text: string): string => [...text.matchAll(/(%\w+) = /g)].map(([, id]) => `               OpName ${id} "${id.slice(1)}"`).join('\n');

/**
 * A compute shader around `body` (the blocks of %main after its entry label and variables), with
 * `extraGlobals` after the types and `after` (more functions) at the end; every id of the
 * variables, the body and `after` is named.
 */
const shader = (variables: string, body: string, extraGlobals = '', after = ''): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
${namesOf(extraGlobals + variables + body + after)}
               OpName %entry "entry"
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %Out Block
               OpMemberDecorate %Out 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_5 = OpConstant %uint 5
        %Out = OpTypeStruct %uint
     %ptr_sb = OpTypePointer StorageBuffer %Out
 %ptr_sb_uint = OpTypePointer StorageBuffer %uint
        %out = OpVariable %ptr_sb StorageBuffer
   %ptr_uint = OpTypePointer Function %uint
     %v2uint = OpTypeVector %uint 2
    %ptr_v2 = OpTypePointer Function %v2uint
       %cond = OpUndef %bool
     %fn_ptr = OpTypeFunction %void %ptr_uint
${extraGlobals}
       %main = OpFunction %void None %fn
      %entry = OpLabel
${variables}
${body}
               OpFunctionEnd
${after}`;

const result = `%res = OpAccessChain %ptr_sb_uint %out %uint_0`;

describe('eliminate-local-single-block', () => {
  it('replaces a load after a store in the same block, and removes the store a later one overwrites unread', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_1
         %l1 = OpLoad %uint %x
         %a = OpIAdd %uint %l1 %uint_2
               OpStore %x %a
               OpStore %x %uint_5
         %l2 = OpLoad %uint %x
         %l3 = OpLoad %uint %x
         %b = OpIAdd %uint %l2 %l3
         ${result}
               OpStore %res %b
               OpReturn`,
      ),
      ['eliminate-local-single-block'],
      {
        checks: `
        ; CHECK: OpName %x "x"
        ; CHECK-LABEL: %entry = OpLabel
        ; CHECK: OpStore %x %uint_1
        ; CHECK-NOT: OpLoad
        ; CHECK: %a = OpIAdd %uint %uint_1 %uint_2
        ; The store of %a is overwritten before anything reads it.
        ; CHECK-NOT: OpStore %x %a
        ; CHECK: OpStore %x %uint_5
        ; CHECK-NOT: OpLoad
        ; CHECK: %b = OpIAdd %uint %uint_5 %uint_5
      `,
      },
    );
  });

  it('replaces a second load by the first when nothing stores between them', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `         %l1 = OpLoad %uint %x
         %l2 = OpLoad %uint %x
         %b = OpIAdd %uint %l1 %l2
         ${result}
               OpStore %res %b
               OpReturn`,
      ),
      ['eliminate-local-single-block'],
      {
        checks: `
        ; CHECK: %l1 = OpLoad %uint %x
        ; CHECK-NOT: OpLoad
        ; CHECK: %b = OpIAdd %uint %l1 %l1
      `,
      },
    );
  });

  it('leaves loads in other blocks, after an access through a chain, volatile ones, and variables passed to calls', () => {
    const { result: r } = checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function
          %v = OpVariable %ptr_v2 Function
          %p = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_1
               OpStore %p %uint_1
         %c = OpFunctionCall %void %callee %p
         %lp = OpLoad %uint %p
               OpStore %v %vec
         %e = OpAccessChain %ptr_uint %v %uint_0
               OpStore %e %uint_5
         %lv = OpLoad %v2uint %v
               OpStore %x %uint_2
         %vol = OpLoad %uint %x Volatile
               OpBranch %next
       %next = OpLabel
         %l = OpLoad %uint %x
         ${result}
               OpStore %res %l
               OpReturn`,
        `       %vec = OpConstantComposite %v2uint %uint_1 %uint_2`,
        `
     %callee = OpFunction %void None %fn_ptr
        %arg = OpFunctionParameter %ptr_uint
         %cl = OpLabel
               OpStore %arg %uint_5
               OpReturn
               OpFunctionEnd
`,
      ),
      ['eliminate-local-single-block'],
      {
        checks: `
        ; The first store to %x goes: the second overwrites it before anything reads it.
        ; CHECK-NOT: OpStore %x %uint_1
        ; CHECK: %lp = OpLoad %uint %p
        ; CHECK: OpStore %v %vec
        ; CHECK: OpStore %e %uint_5
        ; CHECK: %lv = OpLoad %v2uint %v
        ; CHECK: %vol = OpLoad %uint %x Volatile
        ; CHECK-LABEL: %next = OpLabel
        ; CHECK-NEXT: %l = OpLoad %uint %x
      `,
      },
    );
    expect(r.changed).toBe(true);
  });

  it('reports no change when there is nothing to do', () => {
    const { result: r } = checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_1
               OpBranch %next
       %next = OpLabel
         %l = OpLoad %uint %x
         ${result}
               OpStore %res %l
               OpReturn`,
      ),
      ['eliminate-local-single-block'],
      { checks: '; CHECK: %l = OpLoad %uint %x' },
    );
    expect(r.changed).toBe(false);
  });
});

describe('eliminate-local-single-store', () => {
  it('replaces the loads the one store dominates, keeping the store and the variable', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_5
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
         %l1 = OpLoad %uint %x
               OpBranch %merge
      %merge = OpLabel
         %l2 = OpLoad %uint %x
         ${result}
               OpStore %res %l2
               OpReturn`,
      ),
      ['eliminate-local-single-store'],
      {
        checks: `
        ; CHECK: %x = OpVariable
        ; CHECK: OpStore %x %uint_5
        ; CHECK-NOT: OpLoad
        ; CHECK: OpStore %res %uint_5
      `,
      },
    );
  });

  it('uses the initializer of a variable never stored', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function %uint_2`,
        `               OpBranch %next
       %next = OpLabel
         %l = OpLoad %uint %x
         ${result}
               OpStore %res %l
               OpReturn`,
      ),
      ['eliminate-local-single-store'],
      { checks: '; CHECK-NOT: OpLoad\n; CHECK: OpStore %res %uint_2' },
    );
  });

  it('leaves a load the store does not dominate (round a loop), and variables stored twice or through a chain', () => {
    const { result: r } = checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function
          %y = OpVariable %ptr_uint Function
          %v = OpVariable %ptr_v2 Function`,
        `               OpStore %y %uint_1
               OpStore %y %uint_2
         %e = OpAccessChain %ptr_uint %v %uint_0
               OpStore %e %uint_1
               OpBranch %header
     %header = OpLabel
               OpLoopMerge %exit %body None
               OpBranchConditional %cond %body %exit
       %body = OpLabel
         %l = OpLoad %uint %x
               OpStore %x %uint_5
               OpBranch %header
       %exit = OpLabel
         %ly = OpLoad %uint %y
         %lv = OpLoad %v2uint %v
         ${result}
               OpStore %res %ly
               OpReturn`,
      ),
      ['eliminate-local-single-store'],
      {
        checks: `
        ; CHECK-LABEL: %body = OpLabel
        ; CHECK-NEXT: %l = OpLoad %uint %x
        ; CHECK-LABEL: %exit = OpLabel
        ; CHECK-NEXT: %ly = OpLoad %uint %y
        ; CHECK-NEXT: %lv = OpLoad %v2uint %v
      `,
      },
    );
    expect(r.changed).toBe(false);
  });
});

describe('ssa-rewrite', () => {
  it('puts an OpPhi where the stores of two arms meet, and removes the loads, stores and variable', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %else
       %then = OpLabel
               OpStore %x %uint_1
               OpBranch %merge
       %else = OpLabel
               OpStore %x %uint_2
               OpBranch %merge
      %merge = OpLabel
         %l = OpLoad %uint %x
         ${result}
               OpStore %res %l
               OpReturn`,
      ),
      ['ssa-rewrite'],
      {
        checks: `
        ; CHECK-NOT: OpName %x
        ; CHECK-LABEL: %entry = OpLabel
        ; CHECK-NOT: OpVariable
        ; CHECK-LABEL: %then = OpLabel
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK-LABEL: %else = OpLabel
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK-LABEL: %merge = OpLabel
        ; CHECK-NEXT: [[PHI:%\\w+]] = OpPhi %uint %uint_1 %then %uint_2 %else
        ; CHECK-NOT: OpLoad
        ; CHECK: OpStore %res [[PHI]]
      `,
      },
    );
  });

  it('carries a loop counter in an OpPhi of the header, and reads OpUndef before any store', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function
          %u = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_0
               OpBranch %header
     %header = OpLabel
               OpLoopMerge %exit %continue None
               OpBranch %check
      %check = OpLabel
         %i = OpLoad %uint %x
         %lt = OpULessThan %bool %i %uint_5
               OpBranchConditional %lt %body %exit
       %body = OpLabel
               OpBranch %continue
   %continue = OpLabel
         %i2 = OpLoad %uint %x
         %next = OpIAdd %uint %i2 %uint_1
               OpStore %x %next
               OpBranch %header
       %exit = OpLabel
         %lu = OpLoad %uint %u
         %last = OpLoad %uint %x
         %sum = OpIAdd %uint %last %lu
         ${result}
               OpStore %res %sum
               OpReturn`,
      ),
      ['eliminate-local-multi-store'],
      {
        checks: `
        ; CHECK: [[UNDEF:%\\w+]] = OpUndef %uint
        ; CHECK-LABEL: %header = OpLabel
        ; CHECK-NEXT: [[I:%\\w+]] = OpPhi %uint %uint_0 %entry %next %continue
        ; CHECK-NEXT: OpLoopMerge %exit %continue None
        ; CHECK-LABEL: %check = OpLabel
        ; CHECK-NEXT: %lt = OpULessThan %bool [[I]] %uint_5
        ; CHECK-LABEL: %continue = OpLabel
        ; CHECK-NEXT: %next = OpIAdd %uint [[I]] %uint_1
        ; CHECK-NEXT: OpBranch %header
        ; CHECK-LABEL: %exit = OpLabel
        ; CHECK-NEXT: %sum = OpIAdd %uint [[I]] [[UNDEF]]
      `,
      },
    );
  });

  it('leaves variables used through access chains or passed to calls, and volatile accesses', () => {
    const { result: r } = checkPasses(
      shader(
        `          %v = OpVariable %ptr_v2 Function
          %p = OpVariable %ptr_uint Function
          %w = OpVariable %ptr_uint Function`,
        `         %e = OpAccessChain %ptr_uint %v %uint_0
               OpStore %e %uint_1
         %lv = OpLoad %v2uint %v
         %c = OpFunctionCall %void %callee %p
         %lp = OpLoad %uint %p
               OpStore %w %uint_1 Volatile
         %lw = OpLoad %uint %w
         ${result}
               OpStore %res %lp
               OpReturn`,
        '',
        `
     %callee = OpFunction %void None %fn_ptr
        %arg = OpFunctionParameter %ptr_uint
         %cl = OpLabel
               OpStore %arg %uint_5
               OpReturn
               OpFunctionEnd
`,
      ),
      ['ssa-rewrite'],
      {
        checks: `
        ; CHECK: %lv = OpLoad %v2uint %v
        ; CHECK: %lp = OpLoad %uint %p
        ; CHECK: %lw = OpLoad %uint %w
      `,
      },
    );
    expect(r.changed).toBe(false);
  });

  it('gives loads in unreached blocks OpUndef and OpPhis an OpUndef from unreached predecessors', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function`,
        `               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %else
       %then = OpLabel
               OpStore %x %uint_1
               OpBranch %merge
       %else = OpLabel
               OpStore %x %uint_2
               OpBranch %merge
       %dead = OpLabel
         %ld = OpLoad %uint %x
         %d2 = OpIAdd %uint %ld %uint_1
               OpStore %x %d2
               OpBranch %merge
      %merge = OpLabel
         %l = OpLoad %uint %x
         ${result}
               OpStore %res %l
               OpReturn`,
      ),
      ['ssa-rewrite'],
      {
        checks: `
        ; CHECK: [[UNDEF:%\\w+]] = OpUndef %uint
        ; CHECK-LABEL: %dead = OpLabel
        ; CHECK-NEXT: %d2 = OpIAdd %uint [[UNDEF]] %uint_1
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK-LABEL: %merge = OpLabel
        ; CHECK-NEXT: OpPhi %uint %uint_1 %then %uint_2 %else [[UNDEF]] %dead
      `,
      },
    );
  });

  it('keeps no OpPhi whose incoming values agree or whose value nothing reads', () => {
    checkPasses(
      shader(
        `          %x = OpVariable %ptr_uint Function
          %y = OpVariable %ptr_uint Function`,
        `               OpStore %x %uint_5
               OpStore %y %uint_5
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpStore %y %uint_1
               OpBranch %merge
      %merge = OpLabel
         %l = OpLoad %uint %x
         %ly = OpLoad %uint %y
         ${result}
               OpStore %res %l
               OpReturn`,
      ),
      ['ssa-rewrite'],
      { checks: '; CHECK-NOT: OpPhi\n; CHECK: OpStore %res %uint_5' },
    );
  });
});
