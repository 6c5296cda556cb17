import { assemble, decodeModule, disassemble, encodeModule, runPasses, type Module } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader storing the values under test into a buffer; every function-local id is named. */
function shader(body: string): string {
  const locals = ['main', 'entry', 'gid3', 'x', 'p', ...Array.from(body.matchAll(/%(\w+) = Op/g), (m) => m[1])];
  const names = [...new Set(locals)].map((n) => `OpName %${n} "${n}"`).join('\n');
  return `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid %buf
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
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_4 = OpConstant %uint 4
  %uint_max = OpConstant %uint 4294967295
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
     %int_m2 = OpConstant %int -2
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
          %p = OpAccessChain %sb_uint %buf %int_0 %x
${body}
               OpFunctionEnd`;
}

/**
 * A loop as glslang writes `for (T i = START; i CMP BOUND; i STEP) acc = acc * 2 + x;` after
 * ssa-rewrite: the header's OpPhis, a condition block, the body, the continue target. `body`
 * replaces the body block's single add.
 */
function loop(options: {
  type?: string;
  start?: string;
  cmp?: string;
  bound?: string;
  next?: string;
  control?: string;
  body?: string;
  exitOnTrue?: boolean;
}): string {
  const { type = 'uint', start = '%uint_0', cmp = 'OpULessThan', bound = '%uint_4', next = `OpIAdd %${type} %i %${type}_1`, control = 'Unroll' } = options;
  const branch = options.exitOnTrue === true ? 'OpBranchConditional %c %merge %body' : 'OpBranchConditional %c %body %merge';
  const body =
    options.body ??
    `       %body = OpLabel
        %acc2 = OpIAdd %uint %acc %x
               OpBranch %continue`;
  return shader(`
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %${type} ${start} %entry %next %continue
        %acc = OpPhi %uint %uint_1 %entry %acc2 %continue
               OpLoopMerge %merge %continue ${control}
               OpBranch %cond
       %cond = OpLabel
          %c = ${cmp} %bool %i ${bound}
               ${branch}
${body}
   %continue = OpLabel
       %next = ${next}
               OpBranch %header
      %merge = OpLabel
               OpStore %p %acc
               OpReturn`);
}

function unrolled(text: string, checks: string): Module {
  const { module } = checkPasses(text, ['loop-unroll'], { checks });
  // A second run finds nothing left to unroll.
  expect(runPasses(module, ['loop-unroll'], { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
  return module;
}

function unchanged(text: string): void {
  const before = encodeModule(assemble(text));
  const module = decodeModule(before);
  expect(runPasses(module, ['loop-unroll'], { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
  expect(encodeModule(module)).toEqual(before);
}

/** How many times `pattern` occurs in the disassembly. */
const count = (text: string, pattern: RegExp): number => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('loop-unroll', () => {
  it('unrolls a loop of four iterations: four copies of the body chained through the accumulator, no OpLoopMerge, the store takes the last sum', () => {
    const { text } = checkPasses(loop({}), ['loop-unroll'], {
      checks: `
        ; CHECK-NOT: OpName %i
        ; CHECK-NOT: OpName %acc
        ; CHECK: %header = OpLabel
        ; CHECK-NOT: OpPhi
        ; CHECK-NOT: OpLoopMerge
        ; CHECK: OpULessThan %bool %uint_0 %uint_4
        ; CHECK: [[A1:%\\w+]] = OpIAdd %uint %uint_1 %x
        ; CHECK: [[I1:%\\w+]] = OpIAdd %uint %uint_0 %uint_1
        ; CHECK: OpULessThan %bool [[I1]] %uint_4
        ; CHECK: [[A2:%\\w+]] = OpIAdd %uint [[A1]] %x
        ; CHECK: [[A3:%\\w+]] = OpIAdd %uint [[A2]] %x
        ; CHECK: [[A4:%\\w+]] = OpIAdd %uint [[A3]] %x
        ; CHECK: [[I4:%\\w+]] = OpIAdd %uint {{%\\w+}} %uint_1
        ; CHECK: OpULessThan %bool [[I4]] %uint_4
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p [[A4]]
      `,
    });
    expect(count(text, /OpIAdd %uint \S+ %x/)).toBe(4);
    const module = assemble(loop({}));
    runPasses(module, ['loop-unroll']);
    expect(runPasses(module, ['loop-unroll'])).toMatchObject({ changed: false });
  });

  it('leaves a loop without Unroll, one marked DontUnroll, and one whose bound is only known at run time', () => {
    unchanged(loop({ control: 'None' }));
    unchanged(loop({ control: 'DontUnroll' }));
    unchanged(loop({ bound: '%x' }));
    // Neither a step that is not a constant.
    unchanged(loop({ next: 'OpIAdd %uint %i %x' }));
  });

  it('leaves a loop with a break out of its body, and one with a continue statement', () => {
    const withBreak = `       %body = OpLabel
        %acc2 = OpIAdd %uint %acc %x
          %b = OpIEqual %bool %acc2 %uint_3
               OpSelectionMerge %bm None
               OpBranchConditional %b %merge %bm
         %bm = OpLabel
               OpBranch %continue`;
    unchanged(loop({ body: withBreak }));
    const withContinue = `       %body = OpLabel
        %acc2 = OpIAdd %uint %acc %x
          %b = OpIEqual %bool %acc2 %uint_3
               OpSelectionMerge %bm None
               OpBranchConditional %b %continue %bm
         %bm = OpLabel
               OpBranch %continue`;
    unchanged(loop({ body: withContinue }));
  });

  it('copies a selection of the body with its merge and OpPhi, in each of the three iterations', () => {
    const body = `       %body = OpLabel
          %b = OpIEqual %bool %i %uint_1
               OpSelectionMerge %sm None
               OpBranchConditional %b %then %sm
       %then = OpLabel
          %t = OpIAdd %uint %acc %x
               OpBranch %sm
         %sm = OpLabel
       %acc2 = OpPhi %uint %acc %body %t %then
               OpBranch %continue`;
    const { text } = checkPasses(loop({ body, bound: '%uint_3' }), ['loop-unroll'], {
      checks: `
        ; CHECK-NOT: OpLoopMerge
        ; CHECK: OpIEqual %bool %uint_0 %uint_1
        ; CHECK-NEXT: OpSelectionMerge [[M1:%\\w+]] None
        ; CHECK: [[M1]] = OpLabel
        ; CHECK-NEXT: [[P1:%\\w+]] = OpPhi %uint %uint_1 {{%\\w+}} {{%\\w+}} {{%\\w+}}
        ; CHECK: OpSelectionMerge
        ; CHECK: = OpPhi %uint [[P1]]
        ; CHECK: OpSelectionMerge
        ; CHECK: [[P3:%\\w+]] = OpPhi %uint
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p [[P3]]
      `,
    });
    expect(count(text, /OpSelectionMerge/)).toBe(3);
    unrolled(loop({ body, bound: '%uint_3' }), '; CHECK-NOT: OpLoopMerge');
  });

  it('counts signed, decrementing and wrapping loops as the shader runs them', () => {
    // for (int i = -2; i <= 2; i++): five iterations.
    const signed = unrolled(loop({ type: 'int', start: '%int_m2', cmp: 'OpSLessThanEqual', bound: '%int_2' }), '; CHECK-NOT: OpLoopMerge');
    expect(count(encodeAndPrint(signed), /OpIAdd %uint \S+ %x/)).toBe(5);
    // for (uint i = 3; i != uint(-1); i--): four iterations (3, 2, 1, 0), the last step wrapping.
    const down = unrolled(loop({ start: '%uint_3', cmp: 'OpINotEqual', bound: '%uint_max', next: 'OpISub %uint %i %uint_1' }), '; CHECK-NOT: OpLoopMerge');
    expect(count(encodeAndPrint(down), /OpIAdd %uint \S+ %x/)).toBe(4);
    // for (int i = 2; i > 0; i -= 1) with the exit on the true edge (while !(i <= 0)): two iterations.
    const exitTrue = unrolled(
      loop({ type: 'int', start: '%int_2', cmp: 'OpSLessThanEqual', bound: '%int_0', next: 'OpISub %int %i %int_1', exitOnTrue: true }),
      '; CHECK-NOT: OpLoopMerge',
    );
    expect(count(encodeAndPrint(exitTrue), /OpIAdd %uint \S+ %x/)).toBe(2);
    // Unsigned compare of a value that starts "negative": 0xffffffff < 4 is false at once.
    unrolled(loop({ start: '%uint_max', cmp: 'OpULessThan' }), '; CHECK-NOT: OpLoopMerge\n; CHECK-NOT: OpIAdd %uint %uint_1 %x');
    // A loop that would wrap past 32 iterations before leaving is not unrolled: i != 3 from 4 upwards.
    unchanged(loop({ start: '%uint_4', cmp: 'OpINotEqual', bound: '%uint_3' }));
  });

  it('unrolls a loop that never runs its body to its header part alone: the store takes the initial value', () => {
    unrolled(
      loop({ start: '%uint_4' }),
      `
        ; CHECK-NOT: OpLoopMerge
        ; CHECK: %header = OpLabel
        ; CHECK-NEXT: OpBranch [[C:%\\w+]]
        ; CHECK: [[C]] = OpLabel
        ; CHECK-NEXT: OpULessThan %bool %uint_4 %uint_4
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK-NOT: OpIAdd
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p %uint_1
      `,
    );
  });

  it('unrolls a loop whose condition ccp folded to false, and leaves one whose condition is always true', () => {
    const folded = (condition: string): string =>
      shader(`
               OpBranch %header
     %header = OpLabel
        %acc = OpPhi %uint %uint_1 %entry %acc2 %continue
               OpLoopMerge %merge %continue Unroll
               OpBranch %cond
       %cond = OpLabel
               OpBranchConditional ${condition} %body %merge
       %body = OpLabel
       %acc2 = OpIAdd %uint %acc %x
               OpBranch %continue
   %continue = OpLabel
               OpBranch %header
      %merge = OpLabel
               OpStore %p %acc
               OpReturn`).replace('%int = OpTypeInt 32 1', '%int = OpTypeInt 32 1\n       %true = OpConstantTrue %bool\n      %false = OpConstantFalse %bool');
    unrolled(
      folded('%false'),
      `
        ; CHECK-NOT: OpLoopMerge
        ; CHECK-NOT: OpIAdd %uint
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p %uint_1
      `,
    );
    unchanged(folded('%true'));
  });

  it('unrolls an inner loop and then the loop around it', () => {
    const text = shader(`
               OpBranch %oh
         %oh = OpLabel
         %oi = OpPhi %uint %uint_0 %entry %onext %oc
       %oacc = OpPhi %uint %uint_1 %entry %iacc %oc
               OpLoopMerge %om %oc Unroll
               OpBranch %ocond
      %ocond = OpLabel
         %ob = OpULessThan %bool %oi %uint_2
               OpBranchConditional %ob %obody %om
      %obody = OpLabel
               OpBranch %ih
         %ih = OpLabel
         %ii = OpPhi %uint %uint_0 %obody %inext %ic
       %iacc = OpPhi %uint %oacc %obody %iacc2 %ic
               OpLoopMerge %im %ic Unroll
               OpBranch %icond
      %icond = OpLabel
         %ib = OpULessThan %bool %ii %uint_3
               OpBranchConditional %ib %ibody %im
      %ibody = OpLabel
      %iacc2 = OpIAdd %uint %iacc %x
               OpBranch %ic
         %ic = OpLabel
      %inext = OpIAdd %uint %ii %uint_1
               OpBranch %ih
         %im = OpLabel
               OpBranch %oc
         %oc = OpLabel
      %onext = OpIAdd %uint %oi %uint_1
               OpBranch %oh
         %om = OpLabel
               OpStore %p %oacc
               OpReturn`);
    const module = unrolled(text, '; CHECK-NOT: OpLoopMerge');
    expect(count(encodeAndPrint(module), /OpIAdd %uint \S+ %x/)).toBe(6);
  });
});

/** The module's disassembly. */
function encodeAndPrint(module: Module): string {
  return disassemble(module, { header: false });
}
