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

  it('reads an extract of a shuffle from the vector the shuffle picked the component from', () => {
    checkPasses(
      shader(
        '',
        `
          %y = OpIAdd %uint %x %uint_1
          %v = OpCompositeConstruct %v2uint %x %y
          %g = OpVectorShuffle %v3uint %gid3 %v 2 4 1
          %s0 = OpCompositeExtract %uint %g 0
          %s1 = OpCompositeExtract %uint %g 1
          %h = OpVectorShuffle %v2uint %gid3 %gid3 0xffffffff 0
          %s2 = OpCompositeExtract %uint %h 0
               OpStore %p %s0
               OpStore %p %s1
               OpStore %p %s2`,
      ),
      ['simplify-instructions'],
      {
        checks: `
        ; Component 2 of the first vector (three wide); component 4 is the second vector's second (a construct: y).
        ; CHECK: %s0 = OpCompositeExtract %uint %gid3 2
        ; CHECK: OpStore %p %s0
        ; CHECK-NEXT: OpStore %p %y
        ; An undefined component is left alone.
        ; CHECK-NEXT: OpStore %p %s2
      `,
      },
    );
  });

  it('reads a scalar extract of a logical copy from what was copied; a struct part, and a copy of a load, stay', () => {
    checkPasses(
      shader(
        `%A = OpTypeStruct %uint %v2uint
         %B = OpTypeStruct %uint %v2uint
         %P = OpTypeStruct %A
         %Q = OpTypeStruct %B
         %fn_A = OpTypePointer Function %A`,
        `
          %va = OpVariable %fn_A Function
          %y = OpIAdd %uint %x %uint_1
          %v = OpCompositeConstruct %v2uint %x %y
          %a = OpCompositeConstruct %A %y %v
          %b = OpCopyLogical %B %a
          %s0 = OpCompositeExtract %uint %b 0
          %s1 = OpCompositeExtract %uint %b 1 1
          %pa = OpCompositeConstruct %P %a
          %qb = OpCopyLogical %Q %pa
          %inner = OpCompositeExtract %B %qb 0
          %ld = OpLoad %A %va
          %lc = OpCopyLogical %B %ld
          %l0 = OpCompositeExtract %uint %lc 0
               OpStore %p %s0
               OpStore %p %s1
          %i0 = OpCompositeExtract %uint %inner 0
               OpStore %p %i0
               OpStore %p %l0`,
      ),
      ['simplify-instructions'],
      {
        targetEnv: 'spv1.4',
        checks: `
        ; CHECK: %inner = OpCompositeExtract {{%\\w+}} %qb 0
        ; CHECK: OpStore %p %y
        ; CHECK-NEXT: OpStore %p %y
        ; Through the struct part's own extract (of the copy's layout): the same value.
        ; CHECK-NEXT: OpStore %p %y
        ; CHECK-NEXT: OpStore %p {{%\\w+}}
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

describe('simplify-instructions: extracts of loaded structs and arrays', () => {
  /** A 1.4 compute shader reading a buffer's block (and a copy of it) into another buffer. */
  const reads = (body: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %in %out
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %in "in"
               OpName %out "out"
               ${Array.from(body.matchAll(/%(\w+) = Op/g), (m) => `OpName %${m[1]} "${m[1]}"`).join('\n')}
               OpMemberDecorate %Inner 0 Offset 0
               OpMemberDecorate %In 0 Offset 0
               OpMemberDecorate %In 1 Offset 16
               OpMemberDecorate %In 2 Offset 32
               OpDecorate %In Block
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 0
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %Out Block
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_2 = OpConstant %uint 2
    %v4float = OpTypeVector %float 4
      %Inner = OpTypeStruct %float
  %InnerCopy = OpTypeStruct %float
    %f_arr2 = OpTypeArray %float %uint_2
         %In = OpTypeStruct %v4float %f_arr2 %Inner
      %Local = OpTypeStruct %v4float %f_arr2 %InnerCopy
        %Out = OpTypeStruct %float
      %sb_In = OpTypePointer StorageBuffer %In
     %sb_Out = OpTypePointer StorageBuffer %Out
   %sb_float = OpTypePointer StorageBuffer %float
      %sb_v4 = OpTypePointer StorageBuffer %v4float
  %fn_Local = OpTypePointer Function %Local
         %in = OpVariable %sb_In StorageBuffer
        %out = OpVariable %sb_Out StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %local = OpVariable %fn_Local Function
${body}
          %o = OpAccessChain %sb_float %out %uint_0
               OpStore %o %sum
               OpReturn
               OpFunctionEnd`;

  it('loads the one or two parts the extracts of a logical copy of a loaded struct read; the copy and the load go', () => {
    checkPasses(
      reads(`
      %whole = OpLoad %In %in
       %copy = OpCopyLogical %Local %whole
          %a = OpCompositeExtract %float %copy 0 2
          %b = OpCompositeExtract %float %copy 1 1
         %a2 = OpCompositeExtract %float %copy 0 2
         %ab = OpFAdd %float %a %b
        %sum = OpFAdd %float %ab %a2`),
      ['simplify-instructions'],
      {
        targetEnv: 'spv1.4',
        checks: `
        ; CHECK-DAG: [[U1:%\\w+]] = OpConstant %uint 1
        ; The member loads go where the whole load was, which goes with its copy once nothing reads them.
        ; CHECK-NOT: OpName %whole
        ; CHECK-NOT: OpName %copy
        ; CHECK: [[PA:%\\w+]] = OpAccessChain %_ptr_StorageBuffer_float %in %uint_0 %uint_2
        ; CHECK-NEXT: [[A:%\\w+]] = OpLoad %float [[PA]]
        ; CHECK-NEXT: [[PB:%\\w+]] = OpAccessChain %_ptr_StorageBuffer_float %in [[U1]] [[U1]]
        ; CHECK-NEXT: [[B:%\\w+]] = OpLoad %float [[PB]]
        ; Two extracts of one part read one load.
        ; CHECK-NEXT: %ab = OpFAdd %float [[A]] [[B]]
        ; CHECK-NEXT: %sum = OpFAdd %float %ab [[A]]
        ; CHECK-NOT: OpCopyLogical
        ; CHECK-NOT: OpCompositeExtract
      `,
      },
    );
  });

  it('leaves plain loads, function variables, vectors, volatile loads, decorated extracts and parts of another type alone', () => {
    const text = reads(`
      %whole = OpLoad %In %in Volatile
         %vc = OpCopyLogical %Local %whole
          %a = OpCompositeExtract %float %vc 0 0
         %lv = OpLoad %Local %local
         %lc = OpCopyLogical %In %lv
          %b = OpCompositeExtract %float %lc 1 0
         %pv = OpAccessChain %sb_v4 %in %uint_0
         %vv = OpLoad %v4float %pv
          %c = OpCompositeExtract %float %vv 1
         %w2 = OpLoad %In %in
       %copy = OpCopyLogical %Local %w2
      %inner = OpCompositeExtract %InnerCopy %copy 2
               OpStore %innerCopy %inner
          %d = OpCompositeExtract %float %inner 0
         %w3 = OpLoad %In %in
      %copy3 = OpCopyLogical %Local %w3
          %e = OpCompositeExtract %float %copy3 1 0
         %w4 = OpLoad %In %in
          %g = OpCompositeExtract %float %w4 1 1
         %w5 = OpLoad %In %in
      %copy5 = OpCopyLogical %Local %w5
         %h0 = OpCompositeExtract %float %copy5 0 0
         %h1 = OpCompositeExtract %float %copy5 0 1
         %h2 = OpCompositeExtract %float %copy5 0 2
         %ab = OpFAdd %float %a %b
        %abc = OpFAdd %float %ab %c
        %abcd = OpFAdd %float %abc %d
        %abcde = OpFAdd %float %abcd %e
       %abcdeg = OpFAdd %float %abcde %g
        %h01 = OpFAdd %float %h0 %h1
        %h = OpFAdd %float %h01 %h2
        %sum = OpFAdd %float %abcdeg %h`)
      .replace('%local = OpVariable %fn_Local Function', '%local = OpVariable %fn_Local Function\n  %innerCopy = OpVariable %fn_InnerCopy Function')
      .replace('%fn_Local = OpTypePointer', '%fn_InnerCopy = OpTypePointer Function %InnerCopy\n  %fn_Local = OpTypePointer')
      .replace('OpDecorate %in Binding 0', 'OpDecorate %in Binding 0\n               OpDecorate %e RelaxedPrecision');
    checkPasses(text, ['simplify-instructions'], {
      targetEnv: 'spv1.4',
      checks: `
        ; CHECK: %a = OpCompositeExtract %float %vc 0 0
        ; CHECK: %b = OpCompositeExtract %float %lc 1 0
        ; CHECK: %c = OpCompositeExtract %float %vv 1
        ; The copy's member is a struct of another type than the source's: a load would not give it.
        ; CHECK: %inner = OpCompositeExtract {{%\\w+}} %copy 2
        ; CHECK-NEXT: OpStore {{%\\w+}} %inner
        ; So the copy stays, and the scalar in that part stays an extract of it (of the joined path).
        ; CHECK-NEXT: %d = OpCompositeExtract %float %copy 2 0
        ; CHECK: %e = OpCompositeExtract %float %copy3 1 0
        ; A plain load (no copy) is not split: N chains and loads are larger than one load and N extracts.
        ; CHECK: %w4 = OpLoad {{%\\w+}} %in
        ; CHECK-NEXT: %g = OpCompositeExtract %float %w4 1 1
        ; Three parts: three chains and loads would be larger than the load, the copy and the extracts.
        ; CHECK: %copy5 = OpCopyLogical
        ; CHECK-NEXT: %h0 = OpCompositeExtract %float %copy5 0 0
        ; CHECK-NEXT: %h1 = OpCompositeExtract %float %copy5 0 1
        ; CHECK-NEXT: %h2 = OpCompositeExtract %float %copy5 0 2
      `,
    });
  });
});
