import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

const HEAD = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
NAMES
               OpDecorate %buf_t Block
               OpMemberDecorate %buf_t 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
    %fn_uint = OpTypeFunction %uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_9 = OpConstant %uint 9
      %buf_t = OpTypeStruct %uint
      %ptr_t = OpTypePointer StorageBuffer %buf_t
       %uptr = OpTypePointer StorageBuffer %uint
       %fptr = OpTypePointer Function %uint
 %fn_v_fptr = OpTypeFunction %void %fptr
        %buf = OpVariable %ptr_t StorageBuffer
`;

/** `main` stores `f(load)` to the buffer; `helpers` follow it. */
const calling = (helpers: string, callee = '%f'): string => `${HEAD}
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %uptr %buf %uint_0
          %c = OpLoad %uint %p
          %r = OpFunctionCall %uint ${callee} %c
               OpStore %p %r
               OpReturn
               OpFunctionEnd
${helpers}`;

/** The module with an OpName for every id its functions define, so the checks can name them. */
function named(text: string): string {
  const body = text.slice(text.indexOf('%main = OpFunction'));
  const ids = [...body.matchAll(/%(\w+) = Op/g)].map((m) => m[1]);
  return text.replace('NAMES', ids.map((id) => `               OpName %${id} "${id}"`).join('\n'));
}

function unchanged(text: string, passes: readonly string[]): void {
  const before = encodeModule(assemble(named(text)));
  const module = decodeModule(before);
  expect(runPasses(module, passes, { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
  expect(encodeModule(module)).toEqual(before);
}

/** `f(x)`: 1 when x is 0, else x + 1 — an early return inside a selection. */
const EARLY_IN_SELECTION = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
         %z0 = OpIEqual %bool %x %uint_0
               OpSelectionMerge %fm None
               OpBranchConditional %z0 %ft %fm
         %ft = OpLabel
               OpReturnValue %uint_1
         %fm = OpLabel
         %x1 = OpIAdd %uint %x %uint_1
               OpReturnValue %x1
               OpFunctionEnd`;

/** `f(x)`: the first i below 9 with i * i > x, else 9 — a return inside a loop. */
const EARLY_IN_LOOP = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpBranch %lh
         %lh = OpLabel
          %i = OpPhi %uint %uint_0 %fe %i1 %lc
               OpLoopMerge %lm %lc None
               OpBranch %lb
         %lb = OpLabel
         %sq = OpIMul %uint %i %i
         %gt = OpUGreaterThan %bool %sq %x
               OpSelectionMerge %sm None
               OpBranchConditional %gt %ret %sm
        %ret = OpLabel
               OpReturnValue %i
         %sm = OpLabel
               OpBranch %lc
         %lc = OpLabel
         %i1 = OpIAdd %uint %i %uint_1
         %lt = OpULessThan %bool %i1 %uint_9
               OpBranchConditional %lt %lh %lm
         %lm = OpLabel
         %at = OpPhi %uint %i1 %lc
               OpReturnValue %at
               OpFunctionEnd`;

describe('merge-return', () => {
  it('wraps a function with a return inside a selection in a switch with only a default case: each return stores its value and breaks to the one return block', () => {
    checkPasses(named(calling(EARLY_IN_SELECTION)), ['merge-return'], {
      checks: `
        ; CHECK: %f = OpFunction %uint None {{%\\w+}}
        ; CHECK-NEXT: %x = OpFunctionParameter %uint
        ; CHECK-NEXT: [[ENTRY:%\\w+]] = OpLabel
        ; CHECK-NEXT: [[VALUE:%\\w+]] = OpVariable %_ptr_Function_uint Function
        ; CHECK-NEXT: OpSelectionMerge [[FINAL:%\\w+]] None
        ; CHECK-NEXT: OpSwitch %uint_0 %fe
        ; CHECK: %ft = OpLabel
        ; CHECK-NEXT: OpStore [[VALUE]] %uint_1
        ; CHECK-NEXT: OpBranch [[FINAL]]
        ; CHECK: %fm = OpLabel
        ; CHECK-NEXT: %x1 = OpIAdd %uint %x %uint_1
        ; CHECK-NEXT: OpStore [[VALUE]] %x1
        ; CHECK-NEXT: OpBranch [[FINAL]]
        ; CHECK-NEXT: [[FINAL]] = OpLabel
        ; CHECK-NEXT: [[R:%\\w+]] = OpLoad %uint [[VALUE]]
        ; CHECK-NEXT: OpReturnValue [[R]]
        ; CHECK-NEXT: OpFunctionEnd
      `,
    });
  });

  it('breaks out of a loop a return is in, after setting a flag the loop’s merge tests; the merge’s OpPhi gets an OpUndef for the new edge', () => {
    checkPasses(named(calling(EARLY_IN_LOOP)), ['merge-return'], {
      checks: `
        ; CHECK: %f = OpFunction
        ; CHECK: OpLabel
        ; CHECK-NEXT: [[FLAG:%\\w+]] = OpVariable %_ptr_Function_bool Function %false
        ; CHECK-NEXT: [[VALUE:%\\w+]] = OpVariable %_ptr_Function_uint Function
        ; CHECK-NEXT: OpSelectionMerge [[FINAL:%\\w+]] None
        ; CHECK: %ret = OpLabel
        ; CHECK-NEXT: OpStore [[VALUE]] %i
        ; CHECK-NEXT: OpStore [[FLAG]] %true
        ; CHECK-NEXT: OpBranch %lm
        ; CHECK: %lm = OpLabel
        ; CHECK-NEXT: %at = OpPhi %uint %i1 %lc [[UNDEF:%\\w+]] %ret
        ; CHECK-NEXT: [[F:%\\w+]] = OpLoad %bool [[FLAG]]
        ; CHECK-NEXT: OpBranchConditional [[F]] [[FINAL]] [[REST:%\\w+]]
        ; CHECK-NEXT: [[REST]] = OpLabel
        ; CHECK-NEXT: OpStore [[VALUE]] %at
        ; CHECK-NEXT: OpBranch [[FINAL]]
        ; CHECK: [[FINAL]] = OpLabel
        ; CHECK-NEXT: OpLoad %uint [[VALUE]]
        ; CHECK-NEXT: OpReturnValue
      `,
    });
  });

  it('breaks out of a switch a return is in, to the switch’s merge, which tests the flag; leaves OpKill alone', () => {
    const sw = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpSelectionMerge %sm None
               OpSwitch %x %d 1 %one 2 %two
          %d = OpLabel
               OpBranch %sm
        %one = OpLabel
               OpReturnValue %uint_9
        %two = OpLabel
               OpUnreachable
         %sm = OpLabel
               OpReturnValue %uint_2
               OpFunctionEnd`;
    checkPasses(named(calling(sw)), ['merge-return'], {
      checks: `
        ; CHECK: [[FLAG:%\\w+]] = OpVariable %_ptr_Function_bool Function %false
        ; CHECK: OpSelectionMerge [[FINAL:%\\w+]] None
        ; CHECK-NEXT: OpSwitch %uint_0 %fe
        ; CHECK: %one = OpLabel
        ; CHECK-NEXT: OpStore {{%\\w+}} %uint_9
        ; CHECK-NEXT: OpStore [[FLAG]] %true
        ; CHECK-NEXT: OpBranch %sm
        ; CHECK: %two = OpLabel
        ; CHECK-NEXT: OpUnreachable
        ; CHECK: %sm = OpLabel
        ; CHECK-NEXT: [[F:%\\w+]] = OpLoad %bool [[FLAG]]
        ; CHECK-NEXT: OpBranchConditional [[F]] [[FINAL]] [[REST:%\\w+]]
        ; CHECK-NEXT: [[REST]] = OpLabel
        ; CHECK-NEXT: OpStore {{%\\w+}} %uint_2
        ; CHECK-NEXT: OpBranch [[FINAL]]
      `,
    });
  });

  it('leaves a function alone whose one return ends it, one with a return in a continue construct, and one no entry point calls', () => {
    const single = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpSelectionMerge %fm None
               OpBranchConditional %true %ft %fm
         %ft = OpLabel
               OpBranch %fm
         %fm = OpLabel
               OpReturnValue %x
               OpFunctionEnd`;
    unchanged(calling(single).replace('%uint_0 = OpConstant %uint 0', '%uint_0 = OpConstant %uint 0\n       %true = OpConstantTrue %bool'), ['merge-return']);
    const inContinue = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpBranch %lh
         %lh = OpLabel
               OpLoopMerge %lm %lc None
               OpBranch %lc
         %lc = OpLabel
         %z0 = OpIEqual %bool %x %uint_0
               OpSelectionMerge %cm None
               OpBranchConditional %z0 %cr %cm
         %cr = OpLabel
               OpReturnValue %uint_1
         %cm = OpLabel
               OpBranch %lh
         %lm = OpLabel
               OpReturnValue %x
               OpFunctionEnd`;
    unchanged(calling(inContinue), ['merge-return']);
    const simple = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpReturnValue %x
               OpFunctionEnd`;
    unchanged(calling(simple) + EARLY_IN_SELECTION.replace(/%(f|x|fe|z0|fm|ft|x1)\b/g, '%$1_'), ['merge-return']);
  });

  it('leaves a function alone when a value defined in the loop would no longer dominate its use after the loop', () => {
    // %i1 is computed in the continue target, the merge's only predecessor before: the return's
    // new edge into the merge bypasses it (spirv-opt would add an OpPhi; this pass leaves the function).
    const dominance = EARLY_IN_LOOP.replace('%at = OpPhi %uint %i1 %lc', '%at = OpIAdd %uint %i1 %uint_0');
    unchanged(calling(dominance), ['merge-return']);
  });

  it('changes nothing on a second run', () => {
    const module = assemble(named(calling(EARLY_IN_LOOP)));
    expect(runPasses(module, ['merge-return'], { checkConsistency: true })).toMatchObject({ ok: true, changed: true });
    const once = encodeModule(module);
    expect(runPasses(module, ['merge-return'], { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(once);
  });
});

describe('inline-entry-points-exhaustive', () => {
  it('replaces a call by the callee’s body: the parameter by the argument, the returned value through a variable whose load takes the call’s id', () => {
    const simple = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
         %x1 = OpIAdd %uint %x %uint_1
               OpReturnValue %x1
               OpFunctionEnd`;
    checkPasses(named(calling(simple)), ['inline-entry-points-exhaustive', 'eliminate-dead-functions'], {
      checks: `
        ; CHECK: %main = OpFunction %void None {{%\\w+}}
        ; CHECK-NEXT: %entry = OpLabel
        ; CHECK-NEXT: [[V:%\\w+]] = OpVariable %_ptr_Function_uint Function
        ; CHECK-NEXT: %p = OpAccessChain
        ; CHECK-NEXT: %c = OpLoad %uint %p
        ; CHECK-NEXT: [[X1:%\\w+]] = OpIAdd %uint %c %uint_1
        ; CHECK-NEXT: OpStore [[V]] [[X1]]
        ; CHECK-NEXT: %r = OpLoad %uint [[V]]
        ; CHECK-NEXT: OpStore %p %r
        ; CHECK-NEXT: OpReturn
        ; CHECK-NEXT: OpFunctionEnd
        ; CHECK-NOT: OpFunction
      `,
    });
  });

  it('after merge-return, inlines a function with early returns: its switch lands in the caller, its variables in the caller’s first block', () => {
    checkPasses(named(calling(EARLY_IN_LOOP)), ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions'], {
      checks: `
        ; CHECK: %main = OpFunction %void None {{%\\w+}}
        ; CHECK-NEXT: %entry = OpLabel
        ; CHECK-NEXT: [[FLAG:%\\w+]] = OpVariable %_ptr_Function_bool Function
        ; CHECK-NEXT: OpVariable %_ptr_Function_uint Function
        ; CHECK-NEXT: [[RESULT:%\\w+]] = OpVariable %_ptr_Function_uint Function
        ; CHECK-NEXT: %p = OpAccessChain
        ; CHECK-NEXT: %c = OpLoad %uint %p
        ; CHECK-NEXT: OpStore [[FLAG]] %false
        ; CHECK-NEXT: OpSelectionMerge [[FINAL:%\\w+]] None
        ; CHECK-NEXT: OpSwitch %uint_0
        ; CHECK: OpLoopMerge
        ; CHECK: OpUGreaterThan %bool {{%\\w+}} %c
        ; CHECK: [[FINAL]] = OpLabel
        ; CHECK: %r = OpLoad %uint [[RESULT]]
        ; CHECK-NEXT: OpStore %p %r
        ; CHECK-NEXT: OpReturn
        ; CHECK-NOT: OpFunctionCall
        ; CHECK-NOT: OpFunction %uint
      `,
    });
  });

  it('inlines calls in the copies too, and a call through a pointer parameter; the OpPhis after a split block name its last block', () => {
    const nested = `${HEAD}
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %acc = OpVariable %fptr Function
          %p = OpAccessChain %uptr %buf %uint_0
          %c = OpLoad %uint %p
               OpStore %acc %c
         %c0 = OpIEqual %bool %c %uint_0
               OpSelectionMerge %m None
               OpBranchConditional %c0 %t %m
          %t = OpLabel
          %v = OpFunctionCall %void %twice %acc
               OpBranch %m
          %m = OpLabel
         %ph = OpPhi %uint %uint_1 %entry %uint_2 %t
          %a = OpLoad %uint %acc
         %s1 = OpIAdd %uint %a %ph
               OpStore %p %s1
               OpReturn
               OpFunctionEnd
      %twice = OpFunction %void None %fn_v_fptr
         %tp = OpFunctionParameter %fptr
         %te = OpLabel
         %w1 = OpFunctionCall %void %bump %tp
         %w2 = OpFunctionCall %void %bump %tp
               OpReturn
               OpFunctionEnd
       %bump = OpFunction %void None %fn_v_fptr
         %bp = OpFunctionParameter %fptr
         %be = OpLabel
         %bl = OpLoad %uint %bp
         %z0 = OpIEqual %bool %bl %uint_9
               OpSelectionMerge %bm None
               OpBranchConditional %z0 %bt %bm
         %bt = OpLabel
               OpBranch %bm
         %bm = OpLabel
         %b1 = OpIAdd %uint %bl %uint_1
               OpStore %bp %b1
               OpReturn
               OpFunctionEnd`;
    checkPasses(named(nested), ['inline-entry-points-exhaustive', 'eliminate-dead-functions'], {
      checks: `
        ; CHECK-NOT: OpName %w1
        ; CHECK-NOT: OpName %v "v"
        ; CHECK: %t = OpLabel
        ; CHECK-NEXT: [[L1:%\\w+]] = OpLoad %uint %acc
        ; CHECK: OpSelectionMerge [[M1:%\\w+]] None
        ; CHECK: [[M1]] = OpLabel
        ; CHECK-NEXT: [[A1:%\\w+]] = OpIAdd %uint [[L1]] %uint_1
        ; CHECK-NEXT: OpStore %acc [[A1]]
        ; CHECK-NEXT: [[L2:%\\w+]] = OpLoad %uint %acc
        ; CHECK: OpSelectionMerge [[M2:%\\w+]] None
        ; CHECK: [[M2]] = OpLabel
        ; CHECK-NEXT: [[A2:%\\w+]] = OpIAdd %uint [[L2]] %uint_1
        ; CHECK-NEXT: OpStore %acc [[A2]]
        ; CHECK-NEXT: OpBranch %m
        ; CHECK: %m = OpLabel
        ; CHECK-NEXT: %ph = OpPhi %uint %uint_1 %entry %uint_2 [[M2]]
        ; CHECK-NOT: OpFunctionCall
        ; CHECK-NOT: %twice = OpFunction
        ; CHECK-NOT: %bump = OpFunction
      `,
    });
  });

  it('keeps a loop header’s OpLoopMerge in the header; a header that was its own continue target gets a new one holding the back edge', () => {
    const loop = `${HEAD}
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %uptr %buf %uint_0
               OpBranch %h
          %h = OpLabel
          %i = OpPhi %uint %uint_0 %entry %r %h
          %r = OpFunctionCall %uint %f %i
         %lt = OpULessThan %bool %r %uint_9
               OpLoopMerge %m %h None
               OpBranchConditional %lt %h %m
          %m = OpLabel
               OpStore %p %r
               OpReturn
               OpFunctionEnd
${EARLY_IN_SELECTION}`;
    checkPasses(named(loop), ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions'], {
      checks: `
        ; CHECK: %h = OpLabel
        ; CHECK-NEXT: %i = OpPhi %uint %uint_0 %entry %r [[BACK:%\\w+]]
        ; CHECK-NEXT: OpLoopMerge %m [[BACK]] None
        ; CHECK-NEXT: OpBranch [[GUARD:%\\w+]]
        ; CHECK-NEXT: [[GUARD]] = OpLabel
        ; CHECK: %r = OpLoad %uint
        ; CHECK-NEXT: %lt = OpULessThan %bool %r %uint_9
        ; CHECK-NEXT: OpBranch [[BACK]]
        ; CHECK-NEXT: [[BACK]] = OpLabel
        ; CHECK-NEXT: OpBranchConditional %lt %h %m
        ; CHECK-NOT: OpFunctionCall
      `,
    });
  });

  it('leaves calls alone to functions with an early return (without merge-return), recursive ones, DontInline ones, and ones with OpKill a continue construct calls', () => {
    unchanged(calling(EARLY_IN_SELECTION), ['inline-entry-points-exhaustive']);
    const dontInline = `
          %f = OpFunction %uint DontInline %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
               OpReturnValue %x
               OpFunctionEnd`;
    unchanged(calling(dontInline), ['inline-entry-points-exhaustive']);
    const recursive = `
          %f = OpFunction %uint None %fn_uint
          %x = OpFunctionParameter %uint
         %fe = OpLabel
         %rr = OpFunctionCall %uint %f %x
               OpReturnValue %rr
               OpFunctionEnd`;
    unchanged(calling(recursive), ['inline-entry-points-exhaustive']);
    const kills = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main"
               OpExecutionMode %main OriginUpperLeft
NAMES
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %true = OpConstantTrue %bool
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %m %cont None
               OpBranchConditional %true %m %cont
       %cont = OpLabel
         %c2 = OpFunctionCall %void %k
               OpBranch %h
          %m = OpLabel
               OpReturn
               OpFunctionEnd
          %k = OpFunction %void None %fn
         %ke = OpLabel
               OpSelectionMerge %km None
               OpBranchConditional %true %kk %km
         %kk = OpLabel
               OpKill
         %km = OpLabel
               OpReturn
               OpFunctionEnd`;
    unchanged(kills, ['inline-entry-points-exhaustive']);
  });

  it('changes nothing on a second run', () => {
    const module = assemble(named(calling(EARLY_IN_LOOP)));
    expect(runPasses(module, ['merge-return', 'inline-entry-points-exhaustive'], { checkConsistency: true })).toMatchObject({ ok: true, changed: true });
    const once = encodeModule(module);
    expect(runPasses(module, ['inline-entry-points-exhaustive'], { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(once);
  });
});

describe('inline-entry-points-exhaustive and values bound to their block', () => {
  it('clones an OpSampledImage of the calling block into the block after the copy, where the code after the call uses it', () => {
    const sampling = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %color
               OpExecutionMode %main OriginUpperLeft
NAMES
               OpDecorate %color Location 0
               OpDecorate %tex DescriptorSet 0
               OpDecorate %tex Binding 0
               OpDecorate %smp DescriptorSet 0
               OpDecorate %smp Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
    %v2float = OpTypeVector %float 2
    %v4float = OpTypeVector %float 4
   %fn_float = OpTypeFunction %float %float
    %float_0 = OpConstant %float 0
    %float_1 = OpConstant %float 1
         %uv = OpConstantComposite %v2float %float_0 %float_1
        %img = OpTypeImage %float 2D 0 0 0 1 Unknown
    %sampler = OpTypeSampler
         %si = OpTypeSampledImage %img
    %img_ptr = OpTypePointer UniformConstant %img
    %smp_ptr = OpTypePointer UniformConstant %sampler
    %out_ptr = OpTypePointer Output %v4float
        %tex = OpVariable %img_ptr UniformConstant
        %smp = OpVariable %smp_ptr UniformConstant
      %color = OpVariable %out_ptr Output
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %ti = OpLoad %img %tex
         %sm = OpLoad %sampler %smp
         %cs = OpSampledImage %si %ti %sm
          %k = OpFunctionCall %float %clamp01 %float_1
          %s = OpImageSampleImplicitLod %v4float %cs %uv
          %o = OpVectorTimesScalar %v4float %s %k
               OpStore %color %o
               OpReturn
               OpFunctionEnd
    %clamp01 = OpFunction %float None %fn_float
          %x = OpFunctionParameter %float
         %ce = OpLabel
         %lt = OpFOrdLessThan %bool %x %float_0
               OpSelectionMerge %cm None
               OpBranchConditional %lt %cz %cm
         %cz = OpLabel
               OpBranch %cm
         %cm = OpLabel
          %r = OpPhi %float %float_0 %cz %x %ce
               OpReturnValue %r
               OpFunctionEnd`;
    checkPasses(named(sampling), ['inline-entry-points-exhaustive', 'eliminate-dead-functions'], {
      checks: `
        ; CHECK: %entry = OpLabel
        ; CHECK: %cs = OpSampledImage [[SI:%\\w+]] %ti %sm
        ; CHECK: OpSelectionMerge [[M:%\\w+]] None
        ; CHECK: [[M]] = OpLabel
        ; CHECK-NEXT: OpPhi %float %float_0 {{%\\w+}} %float_1 %entry
        ; CHECK: %k = OpLoad %float
        ; CHECK-NEXT: [[CS:%\\w+]] = OpSampledImage [[SI]] %ti %sm
        ; CHECK-NEXT: %s = OpImageSampleImplicitLod %v4float [[CS]]
        ; CHECK-NOT: OpFunctionCall
      `,
    });
  });
});
