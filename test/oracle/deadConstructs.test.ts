/**
 * eliminate-dead-code-aggressive's control-flow half: structured constructs with nothing live in
 * them go, those something live needs stay. Each case is matched against CHECK lines (as the
 * pass's unit tests are) and its output must pass Debian's spirv-val, so a removal that leaves a
 * broken structure (a phi naming a removed block, a header without its merge, a break left
 * dangling) fails here even where the CHECK lines would not see it.
 */
import { encodeModule } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import '@spvkit/passes';
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

/** A compute shader whose main function has Function variables `%v` and `%w`, loads `%x` and `%p` (a buffer element) and then runs `body`. */
function compute(names: string[], body: string): string {
  return `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 1 1 1
${['main', 'entry', 'x', 'p', 'v', ...names].map((n) => `               OpName %${n} "${n}"`).join('\n')}
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
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
    %uint_10 = OpConstant %uint 10
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
       %fn_u = OpTypePointer Function %uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %v = OpVariable %fn_u Function
          %w = OpVariable %fn_u Function
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %p = OpAccessChain %sb_uint %buf %uint_0 %x
${body}
               OpFunctionEnd`;
}

/** Runs the pass on `shader`, matches `checks`, and has spirv-val check the result. */
function expectRun(shader: string, checks: string, targetEnv = 'vulkan1.1'): void {
  const { module } = checkPasses(shader, ['eliminate-dead-code-aggressive'], { checks, targetEnv });
  const verdict = spirvVal(encodeModule(module), targetEnv);
  expect(verdict.message).toBe('');
  expect(verdict.ok).toBe(true);
}

describeWithOracle('eliminate-dead-code-aggressive: dead structured constructs', spirvToolsAvailable(), () => {
  it('removes an empty if, and the condition only it read', () => {
    const shader = compute(
      ['cond', 'then', 'merge'],
      `
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
               OpStore %p %x
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %cond "cond"
      ; CHECK-NOT: OpName %then "then"
      ; CHECK: %p = OpAccessChain
      ; CHECK-NEXT: OpBranch %merge
      ; CHECK-NEXT: %merge = OpLabel
      ; CHECK-NEXT: OpStore %p %x
      ; CHECK-NOT: OpSelectionMerge
      `,
    );
  });

  it('removes an if/else holding only dead arithmetic, with its dead merge phi and all its condition needed', () => {
    const shader = compute(
      ['sq', 'cond', 'then', 'else', 't', 'e', 'dead_phi', 'merge'],
      `
         %sq = OpIMul %uint %x %x
       %cond = OpULessThan %bool %sq %uint_10
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %else
       %then = OpLabel
          %t = OpIAdd %uint %x %uint_1
               OpBranch %merge
       %else = OpLabel
          %e = OpISub %uint %x %uint_1
               OpBranch %merge
      %merge = OpLabel
   %dead_phi = OpPhi %uint %t %then %e %else
               OpStore %p %x
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %sq "sq"
      ; CHECK-NOT: OpName %cond "cond"
      ; CHECK-NOT: OpName %then "then"
      ; CHECK-NOT: OpName %else "else"
      ; CHECK-NOT: OpName %t "t"
      ; CHECK-NOT: OpName %e "e"
      ; CHECK-NOT: OpName %dead_phi "dead_phi"
      ; CHECK: OpName %merge
      ; CHECK: %p = OpAccessChain
      ; CHECK-NEXT: OpBranch %merge
      ; CHECK-NEXT: %merge = OpLabel
      ; CHECK-NEXT: OpStore %p %x
      ; CHECK-NEXT: OpReturn
      `,
    );
  });

  it('keeps an if/else whose merge phi something live reads', () => {
    const shader = compute(
      ['cond', 'then', 'else', 'ph', 'merge'],
      `
       %cond = OpULessThan %bool %x %uint_10
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %else
       %then = OpLabel
          %t = OpIAdd %uint %x %uint_1
               OpBranch %merge
       %else = OpLabel
               OpBranch %merge
      %merge = OpLabel
         %ph = OpPhi %uint %t %then %uint_2 %else
               OpStore %p %ph
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK: %cond = OpULessThan %bool %x %uint_10
      ; CHECK-NEXT: OpSelectionMerge %merge None
      ; CHECK-NEXT: OpBranchConditional %cond %then %else
      ; CHECK: %then = OpLabel
      ; CHECK: %else = OpLabel
      ; CHECK: %ph = OpPhi %uint %{{\\w+}} %then %uint_2 %else
      `,
    );
  });

  it('keeps an if/else that only selects between constants for a live merge phi (the phi names its arms)', () => {
    const shader = compute(
      ['cond', 'then', 'else', 'ph', 'merge'],
      `
       %cond = OpULessThan %bool %x %uint_10
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %else
       %then = OpLabel
               OpBranch %merge
       %else = OpLabel
               OpBranch %merge
      %merge = OpLabel
         %ph = OpPhi %uint %uint_1 %then %uint_2 %else
               OpStore %p %ph
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK: OpSelectionMerge %merge None
      ; CHECK-NEXT: OpBranchConditional %cond %then %else
      ; CHECK: %ph = OpPhi %uint %uint_1 %then %uint_2 %else
      `,
    );
  });

  it('keeps an if that stores to a Function variable read later; removes one whose variable nothing reads', () => {
    const shader = compute(
      ['cond', 'then', 'merge', 'w', 'cond2', 'then2', 'merge2'],
      `
               OpStore %v %uint_0
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpStore %v %x
               OpStore %w %x
               OpBranch %merge
      %merge = OpLabel
      %cond2 = OpIEqual %bool %x %uint_1
               OpSelectionMerge %merge2 None
               OpBranchConditional %cond2 %then2 %merge2
      %then2 = OpLabel
               OpStore %w %uint_1
               OpBranch %merge2
     %merge2 = OpLabel
          %l = OpLoad %uint %v
               OpStore %p %l
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %w "w"
      ; CHECK-NOT: OpName %cond2 "cond2"
      ; CHECK-NOT: OpName %then2 "then2"
      ; CHECK: OpStore %v %uint_0
      ; CHECK-NEXT: %cond = OpIEqual
      ; CHECK-NEXT: OpSelectionMerge %merge None
      ; CHECK-NEXT: OpBranchConditional %cond %then %merge
      ; CHECK-NEXT: %then = OpLabel
      ; CHECK-NEXT: OpStore %v %x
      ; CHECK-NEXT: OpBranch %merge
      ; CHECK-NEXT: %merge = OpLabel
      ; CHECK-NEXT: OpBranch %merge2
      ; CHECK-NEXT: %merge2 = OpLabel
      ; CHECK-NOT: OpStore %w
      `,
    );
  });

  it('removes a switch whose cases are empty or dead', () => {
    const shader = compute(
      ['case1', 'case2', 'z', 'merge'],
      `
               OpSelectionMerge %merge None
               OpSwitch %x %merge 1 %case1 2 %case2
      %case1 = OpLabel
               OpBranch %merge
      %case2 = OpLabel
          %z = OpIAdd %uint %x %uint_2
               OpBranch %merge
      %merge = OpLabel
               OpStore %p %x
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %case1 "case1"
      ; CHECK-NOT: OpName %case2 "case2"
      ; CHECK-NOT: OpName %z "z"
      ; CHECK: %p = OpAccessChain
      ; CHECK-NEXT: OpBranch %merge
      ; CHECK-NEXT: %merge = OpLabel
      ; CHECK-NOT: OpSwitch
      `,
    );
  });

  it('removes a dead if nested in a live one, and keeps the live one', () => {
    const shader = compute(
      ['c1', 'othen', 'om', 'c2', 'ithen', 'im', 'dead'],
      `
         %c1 = OpIEqual %bool %x %uint_0
               OpSelectionMerge %om None
               OpBranchConditional %c1 %othen %om
      %othen = OpLabel
               OpStore %p %uint_1
         %c2 = OpIEqual %bool %x %uint_1
               OpSelectionMerge %im None
               OpBranchConditional %c2 %ithen %im
      %ithen = OpLabel
       %dead = OpIAdd %uint %x %uint_1
               OpBranch %im
         %im = OpLabel
               OpBranch %om
         %om = OpLabel
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %c2 "c2"
      ; CHECK-NOT: OpName %ithen "ithen"
      ; CHECK-NOT: OpName %dead "dead"
      ; CHECK: %c1 = OpIEqual
      ; CHECK-NEXT: OpSelectionMerge %om None
      ; CHECK-NEXT: OpBranchConditional %c1 %othen %om
      ; CHECK-NEXT: %othen = OpLabel
      ; CHECK-NEXT: OpStore %p %uint_1
      ; CHECK-NEXT: OpBranch %im
      ; CHECK-NEXT: %im = OpLabel
      ; CHECK-NEXT: OpBranch %om
      `,
    );
  });

  it('keeps an if that breaks out of a live loop', () => {
    const shader = compute(
      ['h', 'body', 'c', 'brk', 'sm', 'cont', 'lm'],
      `
               OpBranch %h
          %h = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %cont
               OpLoopMerge %lm %cont None
               OpBranch %body
       %body = OpLabel
          %c = OpULessThan %bool %i %uint_10
               OpSelectionMerge %sm None
               OpBranchConditional %c %sm %brk
        %brk = OpLabel
               OpBranch %lm
         %sm = OpLabel
               OpStore %p %i
               OpBranch %cont
       %cont = OpLabel
       %next = OpIAdd %uint %i %uint_1
               OpBranch %h
         %lm = OpLabel
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK: OpLoopMerge %lm %cont None
      ; CHECK: %c = OpULessThan %bool
      ; CHECK-NEXT: OpSelectionMerge %sm None
      ; CHECK-NEXT: OpBranchConditional %c %sm %brk
      ; CHECK-NEXT: %brk = OpLabel
      ; CHECK-NEXT: OpBranch %lm
      `,
    );
  });

  it('keeps an if that returns', () => {
    const shader = compute(
      ['cond', 'then', 'merge'],
      `
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpReturn
      %merge = OpLabel
               OpStore %p %x
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK: OpSelectionMerge %merge None
      ; CHECK-NEXT: OpBranchConditional %cond %then %merge
      ; CHECK-NEXT: %then = OpLabel
      ; CHECK-NEXT: OpReturn
      `,
    );
  });

  it('keeps an if that kills the invocation', () => {
    const shader = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %in
               OpExecutionMode %main OriginUpperLeft
               OpName %then "then"
               OpDecorate %in Location 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
    %float_0 = OpConstant %float 0
     %in_f32 = OpTypePointer Input %float
         %in = OpVariable %in_f32 Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %f = OpLoad %float %in
       %cond = OpFOrdLessThan %bool %f %float_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpKill
      %merge = OpLabel
               OpReturn
               OpFunctionEnd`;
    expectRun(
      shader,
      `
      ; CHECK: OpSelectionMerge
      ; CHECK-NEXT: OpBranchConditional %{{\\w+}} %then
      ; CHECK-NEXT: %then = OpLabel
      ; CHECK-NEXT: OpKill
      `,
    );
  });

  it('removes a loop with nothing live in it, as spirv-opt does (whether it ends or not)', () => {
    const shader = compute(
      ['h', 'body', 'cont', 'lm', 'i', 'next', 'sq'],
      `
               OpBranch %h
          %h = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %cont
          %c = OpULessThan %bool %i %uint_10
               OpLoopMerge %lm %cont None
               OpBranchConditional %c %body %lm
       %body = OpLabel
         %sq = OpIMul %uint %i %i
               OpBranch %cont
       %cont = OpLabel
       %next = OpIAdd %uint %i %uint_0
               OpBranch %h
         %lm = OpLabel
               OpStore %p %x
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %body "body"
      ; CHECK-NOT: OpName %cont "cont"
      ; CHECK-NOT: OpName %i "i"
      ; CHECK-NOT: OpName %next "next"
      ; CHECK: OpBranch %h
      ; CHECK-NEXT: %h = OpLabel
      ; CHECK-NEXT: OpBranch %lm
      ; CHECK-NEXT: %lm = OpLabel
      ; CHECK-NOT: OpLoopMerge
      `,
    );
  });

  it('keeps a loop whose merge block nothing reaches (it never exits), and a loop whose header value is used after it', () => {
    const shader = compute(
      ['h', 'cont', 'lm', 'h2', 'i', 'cont2', 'lm2'],
      `
               OpBranch %h2
         %h2 = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %cont2
          %c = OpULessThan %bool %i %uint_10
               OpLoopMerge %lm2 %cont2 None
               OpBranchConditional %c %cont2 %lm2
      %cont2 = OpLabel
       %next = OpIAdd %uint %i %uint_1
               OpBranch %h2
        %lm2 = OpLabel
               OpStore %p %i
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %cont None
               OpBranch %cont
       %cont = OpLabel
               OpBranch %h
         %lm = OpLabel
               OpUnreachable`,
    );
    expectRun(
      shader,
      `
      ; CHECK: OpLoopMerge %lm2 %cont2 None
      ; CHECK: OpStore %p %i
      ; CHECK: OpLoopMerge %lm %cont None
      ; CHECK-NEXT: OpBranch %cont
      ; CHECK: %lm = OpLabel
      ; CHECK-NEXT: OpUnreachable
      `,
    );
  });

  it('keeps a continue out of an if in a live loop; removes the if that only falls through to the continue target', () => {
    const shader = compute(
      ['h', 'body', 'i', 'c', 'skip', 'sm', 'cont', 'lm', 'c2', 'dead_if'],
      `
               OpBranch %h
          %h = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %cont
          %k = OpULessThan %bool %i %uint_10
               OpLoopMerge %lm %cont None
               OpBranchConditional %k %body %lm
       %body = OpLabel
          %c = OpIEqual %bool %i %uint_2
               OpSelectionMerge %sm None
               OpBranchConditional %c %skip %sm
       %skip = OpLabel
               OpBranch %cont
         %sm = OpLabel
               OpStore %p %i
         %c2 = OpIEqual %bool %i %uint_1
               OpSelectionMerge %cont None
               OpBranchConditional %c2 %dead_if %cont
    %dead_if = OpLabel
               OpBranch %cont
       %cont = OpLabel
       %next = OpIAdd %uint %i %uint_1
               OpBranch %h
         %lm = OpLabel
               OpReturn`,
    );
    expectRun(
      shader,
      `
      ; CHECK-NOT: OpName %c2 "c2"
      ; CHECK-NOT: OpName %dead_if "dead_if"
      ; CHECK: OpSelectionMerge %sm None
      ; CHECK-NEXT: OpBranchConditional %c %skip %sm
      ; CHECK-NEXT: %skip = OpLabel
      ; CHECK-NEXT: OpBranch %cont
      ; CHECK: OpStore %p %i
      ; CHECK-NEXT: OpBranch %cont
      ; CHECK-NEXT: %cont = OpLabel
      `,
    );
  });
});
