/**
 * What lower-local-invocation-index refuses, tested on `@spvkit/core/testing`: each refusal is one
 * error diagnostic (PASS_FAILED) naming the instruction, and the module is left exactly as it was
 * (the pass checks everything before it edits). The CHECK lines show the index still there.
 */
import { assemble, encodeModule, type Diagnostic } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../index.js';

const PASS = 'lower-local-invocation-index';

/** Runs the pass on `assembly`, expects one error matching `message`, and the module unchanged. */
function refused(assembly: string, message: RegExp, targetEnv = 'vulkan1.1'): Diagnostic {
  const outcome = checkPasses(assembly, [PASS], { allowErrors: true, targetEnv, assemble: { file: 'refused.spvasm' } });
  expect(outcome.result.ok).toBe(false);
  expect(outcome.result.diagnostics).toHaveLength(1);
  const d = outcome.result.diagnostics[0];
  expect(d).toMatchObject({ severity: 'error', code: 'PASS_FAILED', pass: PASS });
  expect(d.message).toMatch(message);
  const original = assemble(assembly, { preserveNumericIds: true, targetEnv, file: 'refused.spvasm' });
  expect(Array.from(encodeModule(outcome.module)), 'the module is unchanged').toEqual(Array.from(encodeModule(original)));
  return d;
}

/** A compute shader calling %leaf, which loads the index through %p; `top`, `types` and `body` add to it. */
const shader = (o: { top?: string; model?: string; mode?: string; types?: string; leaf: string; entry?: string }): string => String.raw`
; The index is still declared and read.
; CHECK: OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
; CHECK: %gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
               OpCapability Shader
               ${o.top ?? ''}
               OpMemoryModel Logical GLSL450
               OpEntryPoint ${o.model ?? 'GLCompute'} %main "main" %lii
               ${o.mode ?? 'OpExecutionMode %main LocalSize 7 3 2'}
       %file = OpString "fixture.comp"
               OpName %main "main"
               OpName %leaf "leaf"
               OpName %lii "gl_LocalInvocationIndex"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
       %bool = OpTypeBool
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c0 = OpConstant %uint 0
        %ptr = OpTypePointer Input %uint
        %fnp = OpTypeFunction %uint %ptr
               ${o.types ?? ''}
        %lii = OpVariable %ptr Input
       %leaf = OpFunction %uint None %fnp
          %p = OpFunctionParameter %ptr
         %ll = OpLabel
               OpLine %file 42 7
${o.leaf}
               OpFunctionEnd
       %main = OpFunction %void None %fn
      %entry = OpLabel
${o.entry ?? '          %r = OpFunctionCall %uint %leaf %lii'}
               OpReturn
               OpFunctionEnd`;

const plainLeaf = '          %x = OpLoad %uint %p\n               OpReturnValue %x';

describe('lower-local-invocation-index refuses, before changing anything', () => {
  it('a read reached from an entry point without a workgroup (Fragment)', () => {
    const d = refused(
      shader({ model: 'Fragment', mode: 'OpExecutionMode %main OriginUpperLeft', leaf: plainLeaf }),
      /OpLoad %\d+ at fixture\.comp:42:7 reads LocalInvocationIndex, and is reached from entry point 'main' \(Fragment\), which has no workgroup/,
    );
    expect(d.location).toEqual({ file: 'fixture.comp', line: 42, column: 7 });
  });

  it('a GLCompute entry point that declares no size', () => {
    refused(
      shader({ mode: '', leaf: plainLeaf }),
      /entry point 'main' \(GLCompute\) declares no workgroup size \(no LocalSize, LocalSizeId or BuiltIn WorkgroupSize\)/,
    );
  });

  it('a read in an exported function, whose entry point is in another module', () => {
    const text = String.raw`
; CHECK: OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
; CHECK: %x = OpLoad %uint %gl_LocalInvocationIndex
               OpCapability Shader
               OpCapability Linkage
               OpMemoryModel Logical GLSL450
               OpName %lii "gl_LocalInvocationIndex"
               OpName %x "x"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %f LinkageAttributes "f" Export
       %uint = OpTypeInt 32 0
          %p = OpTypePointer Input %uint
         %fn = OpTypeFunction %uint
        %lii = OpVariable %p Input
          %f = OpFunction %uint None %fn
          %l = OpLabel
          %x = OpLoad %uint %lii
               OpReturnValue %x
               OpFunctionEnd`;
    const d = refused(text, /in function %\d+, which is exported, so its workgroup size is unknown/, 'spv1.3');
    expect(d.hint).toBe('lower the module once it is linked with the entry point that calls this function');
  });

  it('a pointer to the index in an OpSelect (VariablePointers)', () => {
    refused(
      shader({
        top: 'OpCapability VariablePointers\nOpExtension "SPV_KHR_variable_pointers"',
        leaf: '          %t = OpIEqual %bool %c0 %c0\n        %sel = OpSelect %ptr %t %p %p\n          %x = OpLoad %uint %sel\n               OpReturnValue %x',
      }),
      /OpSelect %\d+ at fixture\.comp:42:7 uses the pointer %\d+ to LocalInvocationIndex in a way this pass cannot rewrite/,
    );
  });

  it('a store to the index', () => {
    refused(
      shader({ leaf: '               OpStore %p %c0\n               OpReturnValue %c0' }),
      /OpStore at fixture\.comp:42:7 uses the pointer %\d+ to LocalInvocationIndex in a way this pass cannot rewrite/,
    );
  });

  it('an OpCopyMemory into the index', () => {
    refused(
      shader({
        types: '%pf = OpTypePointer Function %uint',
        leaf: '          %v = OpVariable %pf Function\n               OpCopyMemory %p %v\n               OpReturnValue %c0',
      }),
      /OpCopyMemory at fixture\.comp:42:7 writes to the LocalInvocationIndex input %\d+/,
    );
  });

  it('an access chain with indexes into the scalar index', () => {
    refused(
      shader({ leaf: '          %q = OpAccessChain %ptr %p %c0\n          %x = OpLoad %uint %q\n               OpReturnValue %x' }),
      /OpAccessChain %\d+ at fixture\.comp:42:7 indexes into the scalar LocalInvocationIndex pointer/,
    );
  });

  it('a parameter given the index by one call and another pointer by another', () => {
    refused(
      shader({
        types: '%other = OpVariable %ptr Input',
        leaf: plainLeaf,
        entry: '          %r = OpFunctionCall %uint %leaf %lii\n         %r2 = OpFunctionCall %uint %leaf %other',
      }).replace('OpEntryPoint GLCompute %main "main" %lii', 'OpEntryPoint GLCompute %main "main" %lii %other'),
      /OpFunctionCall %\d+ at refused\.spvasm:\d+:\d+ passes the pointer %\d+ to LocalInvocationIndex as argument 0 of %\d+, but another call passes a different pointer \(%\d+\) there/,
    );
  });

  it('a struct member decorated BuiltIn LocalInvocationIndex', () => {
    refused(
      String.raw`
; CHECK: OpMemberDecorate %S 0 BuiltIn LocalInvocationIndex
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %v
               OpExecutionMode %main LocalSize 1 1 1
               OpName %S "S"
               OpMemberDecorate %S 0 BuiltIn LocalInvocationIndex
               OpDecorate %S Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
          %S = OpTypeStruct %uint
         %pS = OpTypePointer Input %S
          %v = OpVariable %pS Input
       %main = OpFunction %void None %fn
          %l = OpLabel
               OpReturn
               OpFunctionEnd`,
      /OpMemberDecorate .*decorates a struct member BuiltIn LocalInvocationIndex; only an Input variable can be lowered/,
    );
  });

  it.each([
    ['a Private variable', 'Private', '%uint'],
    ['a float', 'Input', '%float'],
  ])('an index that is %s', (_what, storage, type) => {
    refused(
      String.raw`
; CHECK: OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 1 1 1
               OpName %lii "gl_LocalInvocationIndex"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
        %ptr = OpTypePointer ${storage} ${type}
        %lii = OpVariable %ptr ${storage}
       %main = OpFunction %void None %fn
          %l = OpLabel
          %x = OpLoad ${type} %lii
               OpReturn
               OpFunctionEnd`,
      /OpVariable %\d+ \(gl_LocalInvocationIndex\) at refused\.spvasm:\d+:\d+ is decorated BuiltIn LocalInvocationIndex but is not an Input variable of a scalar integer type/,
    );
  });

  it('a constant decorated BuiltIn LocalInvocationIndex', () => {
    refused(
      shader({ leaf: plainLeaf }).replace(
        'OpDecorate %lii BuiltIn LocalInvocationIndex',
        'OpDecorate %lii BuiltIn LocalInvocationIndex\nOpDecorate %c0 BuiltIn LocalInvocationIndex',
      ),
      /OpConstant %\d+ at refused\.spvasm:\d+:\d+ is decorated BuiltIn LocalInvocationIndex but %\d+ is not a module-level OpVariable/,
    );
  });

  it('a LocalInvocationId that is not a 3-component integer vector', () => {
    refused(
      shader({ leaf: plainLeaf, types: '%v2 = OpTypeVector %uint 2\n%pv2 = OpTypePointer Input %v2\n%lid = OpVariable %pv2 Input' }).replace(
        'OpDecorate %lii BuiltIn LocalInvocationIndex',
        'OpDecorate %lii BuiltIn LocalInvocationIndex\nOpDecorate %lid BuiltIn LocalInvocationId',
      ),
      /OpVariable %\d+ at refused\.spvasm:\d+:\d+ is decorated BuiltIn LocalInvocationId but is not an Input variable of a 3-component integer vector/,
    );
  });

  it('an index wider than 64 bits', () => {
    refused(
      String.raw`
; CHECK: OpTypeInt 128 0
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
     %uint128 = OpTypeInt 128 0
        %ptr = OpTypePointer Input %uint128
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
          %l = OpLabel
               OpReturn
               OpFunctionEnd`,
      /an integer of 128 bits; this pass handles integers of 1 to 64 bits/,
    );
  });
});
