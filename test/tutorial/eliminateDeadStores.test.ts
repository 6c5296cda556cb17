// The dead-store pass a newcomer writes from core's README alone (issue 30): stores that no load
// reads go, across blocks and loops, on core's post-dominator tree; every result is checked by
// CHECK lines and accepted by spirv-val where it is installed, and every store a load may read
// stays.
import { encodeModule } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { eliminateDeadStores } from './eliminateDeadStores.js';

const judge = spirvToolsAvailable().ok || process.env.SPVKIT_REQUIRE_ORACLES === '1';

/** A fragment shader whose main body is `body`, with a function variable %x (and %y) of int. */
const shader = (body: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %out
               OpExecutionMode %main OriginUpperLeft
               OpName %x "x"
               OpName %y "y"
               OpDecorate %out Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
       %true = OpConstantTrue %bool
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
      %int_3 = OpConstant %int 3
    %ptr_fn = OpTypePointer Function %int
   %ptr_out = OpTypePointer Output %int
        %out = OpVariable %ptr_out Output
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpVariable %ptr_fn Function
          %y = OpVariable %ptr_fn Function
${body}
               OpFunctionEnd`;

/** Runs the pass where it must change nothing: every store of `body` may be read. */
function keep(body: string, checks: string): void {
  const { result } = checkPasses(shader(body), [eliminateDeadStores], { checks });
  expect(result.changed).toBe(false);
}

function run(body: string, checks: string): string {
  const { text, module, result } = checkPasses(shader(body), [eliminateDeadStores], { checks });
  expect(result.changed).toBe(true);
  if (judge) {
    const verdict = spirvVal(encodeModule(module), 'vulkan1.3');
    expect(verdict.ok, verdict.message).toBe(true);
  }
  return text;
}

describe('eliminate-dead-stores (the README tutorial on control flow)', () => {
  it('removes a store overwritten in the same block before the load', () => {
    run(
      `OpStore %x %int_1
       OpStore %x %int_2
       %v = OpLoad %int %x
       OpStore %out %v
       OpReturn`,
      `; CHECK-NOT: OpStore %x %int_1
       ; CHECK:     OpStore %x %int_2
       ; CHECK-NEXT: OpLoad %int %x`,
    );
  });

  it('removes a store both arms of a selection overwrite, and keeps one an arm may read', () => {
    const overwritten = `OpStore %x %int_1
       OpSelectionMerge %join None
       OpBranchConditional %true %a %b
  %a = OpLabel
       OpStore %x %int_2
       OpBranch %join
  %b = OpLabel
       OpStore %x %int_3
       OpBranch %join
%join = OpLabel
  %v = OpLoad %int %x
       OpStore %out %v
       OpReturn`;
    run(overwritten, '; CHECK-NOT: OpStore %x %int_1\n; CHECK: OpStore %x %int_2\n; CHECK: OpStore %x %int_3');
    keep(overwritten.replace('OpStore %x %int_3', 'OpNop'), '; CHECK: OpStore %x %int_1\n; CHECK: OpStore %x %int_2');
  });

  it('removes every store a later store post-dominates, across a selection', () => {
    run(
      `OpStore %x %int_1
       OpSelectionMerge %join None
       OpBranchConditional %true %a %join
  %a = OpLabel
       OpStore %x %int_2
       OpBranch %join
%join = OpLabel
       OpStore %x %int_3
  %v = OpLoad %int %x
       OpStore %out %v
       OpReturn`,
      `; CHECK-NOT: OpStore %x %int_1
       ; CHECK-NOT: OpStore %x %int_2
       ; CHECK:     OpStore %x %int_3
       ; CHECK-NEXT: OpLoad %int %x`,
    );
  });

  it('keeps a store a load between it and the post-dominating store may read', () => {
    // The load is in the next block, then in one arm of a selection only.
    keep(
      `OpStore %x %int_1
       OpBranch %next
%next = OpLabel
  %v = OpLoad %int %x
       OpStore %out %v
       OpStore %x %int_2
  %w = OpLoad %int %x
       OpStore %out %w
       OpReturn`,
      '; CHECK: OpStore %x %int_1\n; CHECK: OpLoad %int %x\n; CHECK: OpStore %x %int_2',
    );
    keep(
      `OpStore %x %int_1
       OpSelectionMerge %join None
       OpBranchConditional %true %a %join
  %a = OpLabel
  %v = OpLoad %int %x
       OpStore %out %v
       OpBranch %join
%join = OpLabel
       OpStore %x %int_2
  %w = OpLoad %int %x
       OpStore %out %w
       OpReturn`,
      '; CHECK: OpStore %x %int_1\n; CHECK: OpLoad %int %x\n; CHECK: OpStore %x %int_2',
    );
  });

  it('keeps a store a loop reads on its next iteration, and removes the one nothing reads after the loop', () => {
    run(
      `OpStore %x %int_1
       OpBranch %head
%head = OpLabel
       OpLoopMerge %merge %cont None
       OpBranchConditional %true %body %merge
%body = OpLabel
  %v = OpLoad %int %x
       OpStore %out %v
       OpBranch %cont
%cont = OpLabel
       OpStore %x %int_2
       OpBranch %head
%merge = OpLabel
       OpStore %x %int_3
       OpReturn`,
      `; CHECK: OpStore %x %int_1
       ; CHECK: OpLoopMerge [[MERGE:%\\w+]] [[CONT:%\\w+]] None
       ; CHECK: [[CONT]] = OpLabel
       ; CHECK-NEXT: OpStore %x %int_2
       ; CHECK: [[MERGE]] = OpLabel
       ; CHECK-NOT: OpStore %x %int_3
       ; CHECK: OpReturn`,
    );
  });

  it('removes a variable never loaded with all its stores, and leaves a pointer used elsewhere alone', () => {
    const text = run(
      `OpStore %y %int_1
       OpStore %x %int_2
       %p = OpCopyObject %ptr_fn %x
       OpStore %x %int_3
       OpReturn`,
      `; CHECK-NOT: OpName %y
       ; CHECK: %x = OpVariable %_ptr_Function_int Function
       ; CHECK-NOT: %y = OpVariable
       ; CHECK: OpStore %x %int_2
       ; CHECK: OpStore %x %int_3`,
    );
    expect(text).not.toMatch(/%int_1\n/);
  });

  it('keeps a store the loop goes round to a load before it, though a store after the loop post-dominates it', () => {
    // The body loads %x, then stores it: the next iteration reads that store before %merge overwrites it.
    keep(
      `OpStore %x %int_1
       OpBranch %head
%head = OpLabel
       OpLoopMerge %merge %cont None
       OpBranchConditional %true %body %merge
%body = OpLabel
  %v = OpLoad %int %x
       OpStore %out %v
       OpStore %x %int_2
       OpBranch %cont
%cont = OpLabel
       OpBranch %head
%merge = OpLabel
       OpStore %x %int_3
  %w = OpLoad %int %x
       OpStore %out %w
       OpReturn`,
      '; CHECK: OpStore %x %int_1\n; CHECK: OpLoad %int %x\n; CHECK: OpStore %x %int_2\n; CHECK: OpStore %x %int_3',
    );
  });

  it('reports no change where every store may be read', () => {
    keep(`OpStore %x %int_1\n%v = OpLoad %int %x\nOpStore %out %v\nOpReturn`, '; CHECK: OpStore %x %int_1');
  });
});
