import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader storing the values under test into a buffer; every function-local id is named. */
function shader(types: string, body: string): string {
  const locals = [
    'main',
    'entry',
    'gid3',
    'x',
    'p',
    ...Array.from(body.matchAll(/%(\w+) = Op/g), (m) => m[1]),
    ...Array.from(body.matchAll(/%(\w+) = OpLabel/g), (m) => m[1]),
  ];
  const names = [...new Set(locals)].map((n) => `OpName %${n} "${n}"`).join('\n');
  return `
               OpCapability Shader
               OpCapability Int64
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
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
     %v2bool = OpTypeVector %bool 2
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
   %uint_max = OpConstant %uint 4294967295
      %int_0 = OpConstant %int 0
     %int_m7 = OpConstant %int -7
      %int_2 = OpConstant %int 2
       %true = OpConstantTrue %bool
      %false = OpConstantFalse %bool
    %float_0 = OpConstant %float 0
    %float_1 = OpConstant %float 1
     %v2_1_2 = OpConstantComposite %v2uint %uint_1 %uint_2
    %v2_null = OpConstantNull %v2uint
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
        %spec = OpSpecConstant %uint 5
        ${types}
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %p = OpAccessChain %sb_uint %buf %int_0 %x
${body}
               OpReturn
               OpFunctionEnd`;
}

describe('simplify-instructions', () => {
  it('folds integer arithmetic on constants with wrap-around, and feeds each fold into the next', () => {
    checkPasses(
      shader(
        '',
        `
          %a = OpIAdd %uint %uint_max %uint_2
          %b = OpIMul %uint %a %uint_3
          %c = OpISub %uint %uint_0 %uint_1
          %d = OpSDiv %int %int_m7 %int_2
          %e = OpSRem %int %int_m7 %int_2
          %f = OpSMod %int %int_m7 %int_2
          %g = OpShiftLeftLogical %uint %uint_1 %uint_3
          %h = OpShiftRightArithmetic %int %int_m7 %uint_1
          %i = OpUConvert %ulong %uint_max
          %s = OpIAdd %uint %b %c
               OpStore %p %s
               OpStore %p %g
          %ds = OpBitcast %uint %d
          %es = OpBitcast %uint %e
          %fs = OpBitcast %uint %f
          %hs = OpBitcast %uint %h
               OpStore %p %ds
               OpStore %p %es
               OpStore %p %fs
               OpStore %p %hs
          %il = OpUConvert %uint %i
               OpStore %p %il`,
      ),
      ['simplify-instructions'],
      {
        checks: `
        ; The folded result's name goes with it.
        ; CHECK-NOT: OpName %a
        ; CHECK-DAG: [[U8:%\\w+]] = OpConstant %uint 8
        ; CHECK-DAG: [[L:%\\w+]] = OpConstant %ulong 4294967295
        ; (2^32 - 1 + 2) * 3 - 1 wraps to 2.
        ; CHECK: OpStore %p %uint_2
        ; CHECK-NEXT: OpStore %p [[U8]]
        ; A bitcast of a constant is the constant's bits with the new type.
        ; CHECK-NEXT: OpStore %p %uint_4294967293
        ; CHECK-NEXT: OpStore %p %uint_4294967295
        ; CHECK-NEXT: OpStore %p %uint_1
        ; CHECK-NEXT: OpStore %p %uint_4294967292
        ; CHECK: OpStore %p %uint_4294967295
        ; CHECK-NOT: OpIAdd
        ; CHECK-NOT: OpUConvert
      `,
      },
    );
  });

  it('leaves undefined results, spec constants and float arithmetic alone', () => {
    checkPasses(
      shader(
        '',
        `
          %a = OpUDiv %uint %uint_3 %uint_0
          %b = OpShiftLeftLogical %uint %uint_1 %uint_max
          %c = OpIAdd %uint %spec %uint_1
          %f = OpFAdd %float %float_1 %float_1
          %g = OpFAdd %float %float_0 %float_1
          %h = OpFMul %float %float_1 %float_1
         %fu = OpConvertFToU %uint %f
         %gu = OpConvertFToU %uint %g
         %hu = OpConvertFToU %uint %h
               OpStore %p %a
               OpStore %p %b
               OpStore %p %c
               OpStore %p %fu
               OpStore %p %gu
               OpStore %p %hu`,
      ),
      ['simplify-instructions'],
      {
        checks: `
        ; CHECK: %a = OpUDiv %uint %uint_3 %uint_0
        ; CHECK-NEXT: %b = OpShiftLeftLogical %uint %uint_1 %uint_4294967295
        ; CHECK-NEXT: %c = OpIAdd %uint {{%\\w+}} %uint_1
        ; CHECK-NEXT: %f = OpFAdd %float %float_1 %float_1
        ; CHECK-NEXT: %g = OpFAdd %float %float_0 %float_1
        ; CHECK-NEXT: %h = OpFMul %float %float_1 %float_1
      `,
      },
    );
  });

  it('folds identities on a non-constant operand, only where the type stays the same', () => {
    checkPasses(
      shader(
        '',
        `
         %xi = OpBitcast %int %x
          %a = OpIAdd %uint %x %uint_0
          %b = OpIMul %uint %uint_1 %a
          %c = OpBitwiseOr %uint %b %uint_0
          %d = OpBitwiseAnd %uint %c %uint_max
          %e = OpBitwiseXor %uint %uint_0 %d
          %f = OpShiftRightLogical %uint %e %uint_0
          %g = OpUDiv %uint %f %uint_1
          %h = OpIMul %uint %g %uint_0
          %k = OpBitwiseAnd %uint %uint_0 %g
          %m = OpIAdd %uint %xi %int_0
          %n = OpNot %uint %g
          %o = OpNot %uint %n
               OpStore %p %g
               OpStore %p %h
               OpStore %p %k
               OpStore %p %m
               OpStore %p %o`,
      ),
      ['simplify-instructions'],
      {
        checks: `
        ; CHECK: OpStore %p %x
        ; CHECK-NEXT: OpStore %p %uint_0
        ; CHECK-NEXT: OpStore %p %uint_0
        ; An int + 0 with a uint result is the int's bits with another type: it stays.
        ; CHECK-NEXT: OpStore %p %m
        ; CHECK-NEXT: OpStore %p %x
      `,
      },
    );
  });

  it('folds logical operations, double negations and selects', () => {
    checkPasses(
      shader(
        '',
        `
         %cb = OpIEqual %bool %x %uint_1
          %a = OpLogicalAnd %bool %cb %true
          %b = OpLogicalOr %bool %false %a
          %c = OpLogicalNot %bool %b
          %d = OpLogicalNot %bool %c
          %e = OpLogicalAnd %bool %d %false
          %f = OpLogicalOr %bool %true %d
          %s1 = OpSelect %uint %d %x %uint_2
          %s2 = OpSelect %uint %true %s1 %uint_3
          %s3 = OpSelect %uint %e %uint_1 %s2
          %s4 = OpSelect %uint %f %s3 %uint_0
          %s5 = OpSelect %uint %cb %s4 %s4
          %v = OpCompositeConstruct %v2uint %x %x
          %vs = OpSelect %v2uint %v2_sel %v %v2_1_2
          %vx = OpCompositeExtract %uint %vs 1
          %cmp = OpULessThan %bool %uint_2 %uint_3
          %cu = OpSelect %uint %cmp %uint_1 %uint_0
               OpStore %p %s5
               OpStore %p %vx
               OpStore %p %cu`,
      ).replace('%spec = OpSpecConstant %uint 5', '%spec = OpSpecConstant %uint 5\n     %v2_sel = OpConstantComposite %v2bool %true %true'),
      ['simplify-instructions'],
      {
        checks: `
        ; CHECK: %s1 = OpSelect %uint %cb %x %uint_2
        ; CHECK-NOT: OpLogical
        ; CHECK-NOT: OpSelect
        ; CHECK: OpStore %p %s1
        ; CHECK-NEXT: OpStore %p %x
        ; CHECK-NEXT: OpStore %p %uint_1
      `,
      },
    );
  });

  it('reads extracts through constant composites, inserts and constructs', () => {
    checkPasses(
      shader(
        `%S = OpTypeStruct %v2uint %uint
         %fn_S = OpTypePointer Function %S`,
        `
          %k = OpCompositeExtract %uint %v2_1_2 1
          %z = OpCompositeExtract %uint %v2_null 0
          %v = OpCompositeConstruct %v2uint %x %k
          %w = OpCompositeInsert %v2uint %uint_3 %v 0
          %a = OpCompositeExtract %uint %w 0
          %b = OpCompositeExtract %uint %w 1
          %s = OpCompositeConstruct %S %w %x
          %t = OpCompositeInsert %S %uint_1 %s 1
          %c = OpCompositeExtract %uint %t 0 1
          %y = OpIAdd %uint %x %uint_1
          %u = OpCompositeInsert %S %y %s 0 0
          %d = OpCompositeExtract %v2uint %u 0
          %vi = OpVectorShuffle %v2uint %v2_1_2 %v2_null 3 0
          %e = OpCompositeExtract %uint %vi 1
          %r = OpCompositeConstruct %v2uint %a %b
          %r0 = OpCompositeExtract %uint %r 0
          %r1 = OpCompositeExtract %uint %r 1
          %rr = OpCompositeConstruct %v2uint %r0 %r1
          %rx = OpCompositeExtract %uint %rr 1
               OpStore %p %a
               OpStore %p %b
               OpStore %p %c
          %d0 = OpCompositeExtract %uint %d 0
               OpStore %p %d0
               OpStore %p %z
               OpStore %p %e
               OpStore %p %rx`,
      ),
      ['simplify-instructions'],
      {
        checks: `
        ; CHECK: OpStore %p %uint_3
        ; CHECK-NEXT: OpStore %p %uint_2
        ; CHECK-NEXT: OpStore %p %uint_2
        ; A part of a part read at once: the component the insert wrote.
        ; CHECK-NEXT: OpStore %p %y
        ; CHECK-NEXT: OpStore %p %uint_0
        ; CHECK-NEXT: OpStore %p %uint_1
        ; CHECK-NEXT: OpStore %p %uint_2
      `,
      },
    );
  });

  it('folds a phi whose every edge brings the same value', () => {
    const text = shader(
      '',
      `
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
        %phi = OpPhi %uint %x %entry %x %then
        %mix = OpPhi %uint %x %entry %uint_1 %then
               OpStore %p %phi
               OpStore %p %mix`,
    );
    checkPasses(text, ['simplify-instructions'], {
      checks: `
        ; CHECK-NOT: %phi = OpPhi
        ; CHECK: %mix = OpPhi %uint %x %entry %uint_1 %then
        ; CHECK-NEXT: OpStore %p %x
        ; CHECK-NEXT: OpStore %p %mix
      `,
    });
  });

  it('reports no change, and leaves the bytes, where nothing folds; a second run finds nothing', () => {
    const module = assemble(shader('', '          %a = OpIAdd %uint %x %uint_1\n               OpStore %p %a'));
    const before = encodeModule(module);
    expect(runPasses(module, ['simplify-instructions'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
    const folding = assemble(shader('', '          %a = OpIAdd %uint %uint_2 %uint_1\n               OpStore %p %a'));
    expect(runPasses(folding, ['simplify-instructions']).changed).toBe(true);
    const once = encodeModule(folding);
    expect(runPasses(folding, ['simplify-instructions']).changed).toBe(false);
    expect(encodeModule(folding)).toEqual(once);
  });
});
