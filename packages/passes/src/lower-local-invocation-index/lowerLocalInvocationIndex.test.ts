/**
 * lower-local-invocation-index, tested as SPIRV-Tools tests its optimizer passes: hand-written
 * assembly in, the pass, the disassembly matched against CHECK lines (`@spvkit/core/testing`).
 * One describe block per case of the oracle suite (test/oracle/lowerLocalInvocationIndex.test.ts),
 * which stays as the second layer (spirv-val, an evaluator, glslang output). The refusals are in
 * refusals.test.ts.
 *
 * The CHECK lines state the arithmetic LocalInvocationIndex = z*X*Y + y*X + x for each workgroup
 * size, term by term, with the products of known sizes folded and the terms of size 1 dropped.
 */
import { assemble, disassemble, runPasses } from '@spvkit/core';
import { checkPasses, type CheckPassesOptions, type CheckPassesOutcome } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../index.js';

const PASS = 'lower-local-invocation-index';

/**
 * Runs the pass on `assembly` and matches its CHECK lines. Also: the function bodies kept as words
 * (the pass's fast path) and decoded first (its object path) give the same text; no
 * `BuiltIn LocalInvocationIndex` is left; a second run changes nothing.
 */
function lower(assembly: string, options: CheckPassesOptions = {}): CheckPassesOutcome {
  const words = checkPasses(assembly, [PASS], options);
  const objects = checkPasses(assembly, [PASS], { ...options, assemble: { ...options.assemble, lazyFunctions: false } });
  expect(objects.text, 'bodies as words and as instructions give the same output').toBe(words.text);
  expect(words.result.changed).toBe(true);
  expect(words.text).not.toMatch(/BuiltIn LocalInvocationIndex/);
  const again = runPasses(words.module, [PASS], options.targetEnv === undefined ? {} : { targetEnv: options.targetEnv });
  expect(again).toMatchObject({ ok: true, changed: false });
  expect(disassemble(words.module, { header: false })).toBe(words.text);
  return words;
}

/** A GLCompute shader of size `size` whose main reads the index into %idx and uses it in %twice. */
const oneRead = (size: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize ${size}
               OpName %main "main"
               OpName %lii "gl_LocalInvocationIndex"
               OpName %idx "idx"
               OpName %twice "twice"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
      %twice = OpIAdd %uint %idx %idx
               OpReturn
               OpFunctionEnd`;

describe('case 1: size from LocalSize, constants folded, size-1 terms dropped', () => {
  it('7x3x2: z*21 + y*7 + x in place of the load, which keeps its id; the variable goes, LocalInvocationId comes', () => {
    lower(String.raw`
; The index leaves the interface; a LocalInvocationId input is created, decorated and listed.
; CHECK: OpEntryPoint GLCompute %main "main" %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK-NOT: OpName %gl_LocalInvocationIndex
; CHECK: OpDecorate %gl_LocalInvocationID BuiltIn LocalInvocationId
; CHECK: %gl_LocalInvocationID = OpVariable %_ptr_Input_v3uint Input
; X*Y folded into one constant.
; CHECK-DAG: %uint_21 = OpConstant %uint 21
; CHECK-DAG: %uint_7 = OpConstant %uint 7
; CHECK-NOT: OpVariable %_ptr_Input_uint
; CHECK: %main = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_21
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_7
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]
; CHECK-NEXT: %twice = OpIAdd %uint %idx %idx
; CHECK-NOT: OpSpecConstantOp
${oneRead('7 3 2')}`);
  });

  it.each([
    // X only: the index is the x component, no arithmetic at all.
    [
      '64 1 1',
      String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %idx = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %twice = OpIAdd`,
    ],
    // Y only: y*X with X = 1.
    [
      '1 6 1',
      String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %idx = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: %twice = OpIAdd`,
    ],
    // Z only: z*X*Y with X*Y = 1.
    [
      '1 1 8',
      String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %idx = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: %twice = OpIAdd`,
    ],
    // z*4 + x: no y term, X*Y = 4.
    [
      '4 1 3',
      String.raw`
; CHECK: %uint_4 = OpConstant %uint 4
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_4
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZT]] [[X]]
; CHECK-NEXT: %twice = OpIAdd`,
    ],
    // z*10 + y*2 + x.
    [
      '2 5 3',
      String.raw`
; CHECK-DAG: %uint_10 = OpConstant %uint 10
; CHECK-DAG: %uint_2 = OpConstant %uint 2{{\b}}
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_10
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_2
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]`,
    ],
    // One invocation: the index is the constant 0.
    [
      '1 1 1',
      String.raw`
; CHECK: %uint_0 = OpConstant %uint 0
; CHECK: OpLabel
; CHECK-NEXT: %idx = OpCopyObject %uint %uint_0
; CHECK-NEXT: %twice = OpIAdd`,
    ],
  ])('LocalSize %s', (size, checks) => {
    const { text } = lower(oneRead(size), { checks: `${checks}\n; CHECK-NOT: OpIMul %uint {{.*}} %uint_1{{\\b}}` });
    // Nothing is ever multiplied by a size of 1.
    expect(text).not.toMatch(/OpIMul .*%uint_1\b/);
  });
});

describe('case 2: a constant composite decorated BuiltIn WorkgroupSize wins over LocalSize', () => {
  it('LocalSize 4 4 1 and WorkgroupSize (7, 3, 2): the arithmetic of 7x3x2', () => {
    lower(String.raw`
; CHECK: OpExecutionMode %main LocalSize 4 4 1
; CHECK: %gl_WorkGroupSize = OpConstantComposite %v3uint %uint_7 %uint_3 %uint_2
; CHECK-NOT: OpConstant %uint 16
; CHECK: %uint_21 = OpConstant %uint 21
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_21
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_7
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 4 4 1
               OpName %main "main"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %wgs BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %v3 = OpTypeVector %uint 3
         %c7 = OpConstant %uint 7
         %c3 = OpConstant %uint 3
         %c2 = OpConstant %uint 2
        %wgs = OpConstantComposite %v3 %c7 %c3 %c2
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`);
  });
});

/** A shader whose size is the spec-constant composite (%sx, %sy or 3, 2), LocalSize 8 4 2 ignored. */
const specSized = (specY: boolean): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 8 4 2
               OpName %main "main"
               OpName %sx "sx"
               ${specY ? 'OpName %sy "sy"' : ''}
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %sx SpecId 0
               ${specY ? 'OpDecorate %sy SpecId 1' : ''}
               OpDecorate %wgs BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %v3 = OpTypeVector %uint 3
         %sx = OpSpecConstant %uint 8
         %sy = ${specY ? 'OpSpecConstant %uint 4' : 'OpConstant %uint 3'}
         %c2 = OpConstant %uint 2
        %wgs = OpSpecConstantComposite %v3 %sx %sy %c2
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`;

describe('case 3: spec-constant WorkgroupSize: arithmetic on the spec constants, never their defaults', () => {
  it('(sx, sy, 2): X*Y is one OpSpecConstantOp IMul; z*(sx*sy) + y*sx + x', () => {
    lower(String.raw`
; CHECK: [[XY:%\w+]] = OpSpecConstantOp %uint IMul %sx %sy
; CHECK-NOT: OpConstant %uint 32
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] [[XY]]
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %sx
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]
${specSized(true)}`);
  });

  it('(sx, 3, 2): a spec constant times a constant is still a spec-constant product', () => {
    lower(String.raw`
; CHECK: [[XY:%\w+]] = OpSpecConstantOp %uint IMul %sx %uint_3
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] [[XY]]
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %sx
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]
${specSized(false)}`);
  });

  it('a 64-bit index with 32-bit spec-constant sizes: the sizes are widened by OpSpecConstantOp UConvert', () => {
    lower(String.raw`
; CHECK-DAG: [[SX:%\w+]] = OpSpecConstantOp %ulong UConvert %sx
; CHECK-DAG: [[SY:%\w+]] = OpSpecConstantOp %ulong UConvert %sy
; CHECK: [[XY:%\w+]] = OpSpecConstantOp %ulong IMul [[SX]] [[SY]]{{\b}}
; CHECK: [[V:%\w+]] = OpLoad %v3ulong %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %ulong [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %ulong [[Z]] [[XY]]{{\b}}
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %ulong [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %ulong [[Y]] [[SX]]{{\b}}
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %ulong [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %ulong [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %ulong [[ZY]] [[X]]{{\b}}
${specSized(true)
  .replace('OpCapability Shader', 'OpCapability Shader\nOpCapability Int64')
  .replace('%ptr = OpTypePointer Input %uint', '%ulong = OpTypeInt 64 0\n%ptr = OpTypePointer Input %ulong')
  .replace('%idx = OpLoad %uint %lii', '%idx = OpLoad %ulong %lii')}`);
  });
});

describe('case 4: LocalSizeId with constant or spec-constant ids', () => {
  it('(sx, sx >> 1, 1): y*sx + x on the ids themselves; the z term of the constant 1 dropped', () => {
    lower(
      String.raw`
; CHECK: OpExecutionModeId %main LocalSizeId %sx %half %uint_1
; CHECK: %main = OpFunction
; CHECK-NOT: %half
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %sx
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[YT]] [[X]]
; CHECK-NEXT: OpReturn
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionModeId %main LocalSizeId %sx %half %c1
               OpName %main "main"
               OpName %sx "sx"
               OpName %half "half"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %sx SpecId 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c1 = OpConstant %uint 1
         %sx = OpSpecConstant %uint 8
       %half = OpSpecConstantOp %uint ShiftRightLogical %sx %c1
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.3' },
    );
  });

  it('LocalSizeId with plain constants (7, 3, 2) is folded like LocalSize', () => {
    lower(
      String.raw`
; CHECK-NOT: OpSpecConstantOp
; CHECK: %uint_21 = OpConstant %uint 21
; CHECK-NOT: OpSpecConstantOp
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_21
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_7
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionModeId %main LocalSizeId %c7 %c3 %c2
               OpName %main "main"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c7 = OpConstant %uint 7
         %c3 = OpConstant %uint 3
         %c2 = OpConstant %uint 2
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.3' },
    );
  });
});

/**
 * Entry points a (7x3x2), b (5x1x1) and c (7x3x2) all call %leaf, which reads the index; a and b
 * also read it themselves.
 */
const sharedLeaf = String.raw`
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %a "a" %lii
               OpEntryPoint GLCompute %b "b" %lii
               OpEntryPoint GLCompute %c "c" %lii
               OpExecutionMode %a LocalSize 7 3 2
               OpExecutionMode %b LocalSize 5 1 1
               OpExecutionMode %c LocalSize 7 3 2
               OpName %a "a"
               OpName %b "b"
               OpName %c "c"
               OpName %leaf "leaf"
               OpName %inA "inA"
               OpName %inB "inB"
               OpName %inLeaf "inLeaf"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %fnu = OpTypeFunction %uint
        %ptr = OpTypePointer Input %uint
         %pf = OpTypePointer Function %uint
        %lii = OpVariable %ptr Input
       %leaf = OpFunction %uint None %fnu
         %ll = OpLabel
     %inLeaf = OpLoad %uint %lii
               OpReturnValue %inLeaf
               OpFunctionEnd
          %a = OpFunction %void None %fn
         %la = OpLabel
         %va = OpVariable %pf Function
        %inA = OpLoad %uint %lii
         %ra = OpFunctionCall %uint %leaf
               OpStore %va %ra
               OpReturn
               OpFunctionEnd
          %b = OpFunction %void None %fn
         %lb = OpLabel
        %inB = OpLoad %uint %lii
         %rb = OpFunctionCall %uint %leaf
               OpReturn
               OpFunctionEnd
          %c = OpFunction %void None %fn
         %lc = OpLabel
         %rc = OpFunctionCall %uint %leaf
               OpReturn
               OpFunctionEnd`;

/** The 7x3x2 arithmetic on the LocalInvocationId load [[V]], ending in `result`. */
const sevenThreeTwo = (v: string, result: string): string => String.raw`
; CHECK-NEXT: [[${v}:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[${v}Z:%\w+]] = OpCompositeExtract %uint [[${v}]] 2
; CHECK-NEXT: [[${v}ZT:%\w+]] = OpIMul %uint [[${v}Z]] %uint_21
; CHECK-NEXT: [[${v}Y:%\w+]] = OpCompositeExtract %uint [[${v}]] 1
; CHECK-NEXT: [[${v}YT:%\w+]] = OpIMul %uint [[${v}Y]] %uint_7
; CHECK-NEXT: [[${v}ZY:%\w+]] = OpIAdd %uint [[${v}ZT]] [[${v}YT]]
; CHECK-NEXT: [[${v}X:%\w+]] = OpCompositeExtract %uint [[${v}]] 0
; CHECK-NEXT: ${result} = OpIAdd %uint [[${v}ZY]] [[${v}X]]{{\b}}`;

describe('case 5: entry points of different sizes sharing the functions that read the index', () => {
  it('the shared function reads a Private copy that each entry point computes first thing with its own size', () => {
    const { result } = lower(
      String.raw`
; Before SPIR-V 1.4 an interface lists Input and Output variables only: not the Private copy.
; CHECK: OpEntryPoint GLCompute %a "a" %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK: OpEntryPoint GLCompute %b "b" %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK: OpEntryPoint GLCompute %c "c" %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK: [[PRIV:%\w+]] = OpVariable %_ptr_Private_uint Private
; CHECK-LABEL: %leaf = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: %inLeaf = OpLoad %uint [[PRIV]]{{\b}}
; CHECK-NEXT: OpReturnValue %inLeaf
; CHECK-LABEL: %a = OpFunction
; CHECK-NEXT: OpLabel
; The copy is written after the function's OpVariables, with a's size.
; CHECK-NEXT: OpVariable %_ptr_Function_uint Function
${sevenThreeTwo('A', '[[IA:%\\w+]]')}
; CHECK-NEXT: OpStore [[PRIV]] [[IA]]{{\b}}
; a's own read is computed inline.
${sevenThreeTwo('B', '%inA')}
; CHECK-NEXT: OpFunctionCall %uint %leaf
; CHECK-LABEL: %b = OpFunction
; CHECK-NEXT: OpLabel
; b is 5x1x1: the index is x.
; CHECK-NEXT: [[VB:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[IB:%\w+]] = OpCompositeExtract %uint [[VB]] 0
; CHECK-NEXT: OpStore [[PRIV]] [[IB]]{{\b}}
; CHECK-NEXT: [[VB2:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %inB = OpCompositeExtract %uint [[VB2]] 0
; CHECK-NEXT: OpFunctionCall %uint %leaf
; CHECK-LABEL: %c = OpFunction
; CHECK-NEXT: OpLabel
${sevenThreeTwo('C', '[[IC:%\\w+]]')}
; CHECK-NEXT: OpStore [[PRIV]] [[IC]]{{\b}}
; CHECK-NEXT: OpFunctionCall %uint %leaf
${sharedLeaf}`,
      { targetEnv: 'vulkan1.1' },
    );
    // vitest types its asymmetric matchers `any`; held as unknown, they cannot leak into typed code.
    const differentSizes: unknown = expect.stringMatching(/^entry points 'a', 'b', 'c' have different workgroup sizes .* into a Private variable \(%\d+\)$/);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'info', message: differentSizes })]);
  });

  it('entry points that agree on the size get the arithmetic inline, with no Private copy', () => {
    const agreeing = sharedLeaf
      .replace('OpEntryPoint GLCompute %b "b" %lii', '')
      .replace('OpExecutionMode %b LocalSize 5 1 1', '')
      .replace(/%b = OpFunction[^]*?OpFunctionEnd/, '')
      .replace('OpName %b "b"', '')
      .replace('OpName %inB "inB"', '');
    const { result } = lower(
      String.raw`
; CHECK-NOT: Private
; CHECK-LABEL: %leaf = OpFunction
; CHECK-NEXT: OpLabel
${sevenThreeTwo('L', '%inLeaf')}
; CHECK-LABEL: %a = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: OpVariable
${sevenThreeTwo('A', '%inA')}
; CHECK-NEXT: OpFunctionCall %uint %leaf
; CHECK-LABEL: %c = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: OpFunctionCall %uint %leaf
${agreeing}`,
      { targetEnv: 'vulkan1.1' },
    );
    expect(result.diagnostics).toEqual([]);
  });
});

describe('case 6: reads in called functions at any depth, in loops', () => {
  it('main -> outer -> inner (in a loop): every read becomes the arithmetic in place', () => {
    lower(String.raw`
; CHECK-LABEL: %inner = OpFunction
; CHECK: OpLoopMerge %merge %body None
; CHECK: %body = OpLabel
; CHECK-NEXT: [[VI:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[YI:%\w+]] = OpCompositeExtract %uint [[VI]] 1
; CHECK-NEXT: [[YTI:%\w+]] = OpIMul %uint [[YI]] %uint_16
; CHECK-NEXT: [[XI:%\w+]] = OpCompositeExtract %uint [[VI]] 0
; CHECK-NEXT: %inLoop = OpIAdd %uint [[YTI]] [[XI]]{{\b}}
; CHECK-NEXT: %acc = OpIAdd %uint %i %inLoop
; CHECK-LABEL: %outer = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[VO:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[YO:%\w+]] = OpCompositeExtract %uint [[VO]] 1
; CHECK-NEXT: [[YTO:%\w+]] = OpIMul %uint [[YO]] %uint_16
; CHECK-NEXT: [[XO:%\w+]] = OpCompositeExtract %uint [[VO]] 0
; CHECK-NEXT: %inOuter = OpIAdd %uint [[YTO]] [[XO]]{{\b}}
; CHECK-NEXT: OpFunctionCall %uint %inner
; CHECK-LABEL: %main = OpFunction
; CHECK-NOT: OpLoad
; CHECK: OpFunctionEnd
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 16 4 1
               OpName %main "main"
               OpName %outer "outer"
               OpName %inner "inner"
               OpName %inLoop "inLoop"
               OpName %inOuter "inOuter"
               OpName %i "i"
               OpName %acc "acc"
               OpName %body "body"
               OpName %merge "merge"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
       %bool = OpTypeBool
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %fnu = OpTypeFunction %uint
         %c0 = OpConstant %uint 0
         %c1 = OpConstant %uint 1
         %c3 = OpConstant %uint 3
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
      %inner = OpFunction %uint None %fnu
      %start = OpLabel
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %uint %c0 %start %acc %body
       %more = OpULessThan %bool %i %c3
               OpLoopMerge %merge %body None
               OpBranchConditional %more %body %merge
       %body = OpLabel
     %inLoop = OpLoad %uint %lii
        %acc = OpIAdd %uint %i %inLoop
               OpBranch %header
      %merge = OpLabel
               OpReturnValue %i
               OpFunctionEnd
      %outer = OpFunction %uint None %fnu
         %lo = OpLabel
    %inOuter = OpLoad %uint %lii
         %ri = OpFunctionCall %uint %inner
        %sum = OpIAdd %uint %ri %inOuter
               OpReturnValue %sum
               OpFunctionEnd
       %main = OpFunction %void None %fn
         %lm = OpLabel
         %ro = OpFunctionCall %uint %outer
               OpReturn
               OpFunctionEnd`);
  });
});

describe('case 7: LocalInvocationId reused when present (also as ivec3), created when absent', () => {
  const withLid = (size: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii %lid
               OpExecutionMode %main LocalSize ${size}
               OpName %main "main"
               OpName %lid "lid"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %lid BuiltIn LocalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %v3int = OpTypeVector %int 3
        %ptr = OpTypePointer Input %uint
         %pv = OpTypePointer Input %v3int
        %lii = OpVariable %ptr Input
        %lid = OpVariable %pv Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`;

  it('an ivec3 LocalInvocationId is read as it is; integer arithmetic takes int operands, the result is uint', () => {
    lower(String.raw`
; No second LocalInvocationId: the interface keeps %lid only.
; CHECK: OpEntryPoint GLCompute %main "main" %lid{{(?=\n|$)}}
; CHECK-NOT: BuiltIn LocalInvocationId
; CHECK: OpDecorate %lid BuiltIn LocalInvocationId
; CHECK-NOT: BuiltIn LocalInvocationId
; CHECK: OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[V:%\w+]] = OpLoad %v3int %lid
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %int [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_21
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %int [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_7
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %int [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]{{\b}}
${withLid('7 3 2')}`);
  });

  it('with only the x term, the int component is bitcast to the uint the load gave', () => {
    lower(String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3int %lid
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %int [[V]] 0
; CHECK-NEXT: %idx = OpBitcast %uint [[X]]{{\b}}
${withLid('64 1 1')}`);
  });
});

describe('case 8: the index declared as a signed int', () => {
  const signed = (size: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize ${size}
               OpName %main "main"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %ptr = OpTypePointer Input %int
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %int %lii
               OpReturn
               OpFunctionEnd`;

  it('7x3x2: the arithmetic is done in int on the new uvec3 LocalInvocationId; %idx stays an int', () => {
    lower(String.raw`
; CHECK: %gl_LocalInvocationID = OpVariable %_ptr_Input_v3uint Input
; CHECK-DAG: %int_21 = OpConstant %int 21
; CHECK-DAG: %int_7 = OpConstant %int 7
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %int [[Z]] %int_21
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %int [[Y]] %int_7
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %int [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %int [[ZY]] [[X]]{{\b}}
${signed('7 3 2')}`);
  });

  it('64x1x1: the uint x component, bitcast to int', () => {
    lower(String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpBitcast %int [[X]]{{\b}}
${signed('64 1 1')}`);
  });
});

describe('case 9: interfaces before and from SPIR-V 1.4', () => {
  it('from 1.4 every entry point lists the Private copy it writes, and the LocalInvocationId it reads', () => {
    lower(
      String.raw`
; CHECK: OpEntryPoint GLCompute %a "a" [[LID:%gl_LocalInvocationID]] [[PRIV:%\w+]]{{(?=\n|$)}}
; CHECK: OpEntryPoint GLCompute %b "b" [[LID]] [[PRIV]]{{(?=\n|$)}}
; CHECK: OpEntryPoint GLCompute %c "c" [[LID]] [[PRIV]]{{(?=\n|$)}}
; CHECK: [[PRIV]] = OpVariable %_ptr_Private_uint Private
${sharedLeaf}`,
      { targetEnv: 'vulkan1.1spv1.4' },
    );
  });

  it('from 1.4 the globals already listed stay, the index goes, LocalInvocationId is appended', () => {
    lower(
      String.raw`
; CHECK: OpEntryPoint GLCompute %main "main" %out %gl_LocalInvocationID{{(?=\n|$)}}
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii %out
               OpExecutionMode %main LocalSize 8 2 1
               OpName %main "main"
               OpName %out "out"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %Out Block
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c0 = OpConstant %uint 0
        %Out = OpTypeStruct %uint
       %pOut = OpTypePointer StorageBuffer %Out
         %pu = OpTypePointer StorageBuffer %uint
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
        %out = OpVariable %pOut StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
          %p = OpAccessChain %pu %out %c0
               OpStore %p %idx
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.2' },
    );
  });
});

describe('case 10: mesh and task shaders are lowered like compute shaders', () => {
  it.each([
    [
      'MeshEXT',
      'OpCapability MeshShadingEXT\nOpExtension "SPV_EXT_mesh_shader"',
      'OpExecutionMode %main OutputVertices 3\nOpExecutionMode %main OutputPrimitivesEXT 1\nOpExecutionMode %main OutputTrianglesEXT',
    ],
    ['TaskEXT', 'OpCapability MeshShadingEXT\nOpExtension "SPV_EXT_mesh_shader"', ''],
    [
      'MeshNV',
      'OpCapability MeshShadingNV\nOpExtension "SPV_NV_mesh_shader"',
      'OpExecutionMode %main OutputVertices 3\nOpExecutionMode %main OutputPrimitivesNV 1\nOpExecutionMode %main OutputTrianglesNV',
    ],
    ['TaskNV', 'OpCapability MeshShadingNV\nOpExtension "SPV_NV_mesh_shader"', ''],
  ])('%s, 8x2x2: z*16 + y*8 + x', (model, capability, modes) => {
    lower(
      String.raw`
; CHECK: OpEntryPoint ${model} %main "main" %gl_LocalInvocationID
; CHECK: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_16
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_8
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]{{\b}}
               OpCapability Shader
               ${capability}
               OpMemoryModel Logical GLSL450
               OpEntryPoint ${model} %main "main" %lii
               OpExecutionMode %main LocalSize 8 2 2
               ${modes}
               OpName %main "main"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.2' },
    );
  });
});

describe('case 11: pointer copies and pointer arguments', () => {
  it('copies and index-less access chains go; the parameter goes from the function, its type and the call; OpCopyMemory stores the value', () => {
    lower(String.raw`
; CHECK-NOT: OpCopyObject
; CHECK-NOT: OpAccessChain
; The parameter's type is gone from the function type.
; CHECK: [[LEAFT:%\w+]] = OpTypeFunction %uint %uint{{(?=\n|$)}}
; CHECK-LABEL: %leaf = OpFunction
; CHECK-SAME: %uint None [[LEAFT]]{{\b}}
; CHECK-NEXT: %k = OpFunctionParameter %uint
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[V1:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %fromParam = OpCompositeExtract %uint [[V1]] 0
; CHECK-NEXT: OpIAdd %uint %fromParam %k
; CHECK-LABEL: %main = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: %tmp = OpVariable %_ptr_Function_uint Function
; CHECK-NEXT: [[V2:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %fromCopy = OpCompositeExtract %uint [[V2]] 0
; CHECK-NEXT: [[V3:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %fromChain = OpCompositeExtract %uint [[V3]] 0
; The memory operands went with the load they belonged to.
; CHECK-NEXT: [[V4:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK-NEXT: %fromVolatile = OpCompositeExtract %uint [[V4]] 0
; CHECK-NEXT: [[V5:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[X5:%\w+]] = OpCompositeExtract %uint [[V5]] 0
; CHECK-NEXT: OpStore %tmp [[X5]]{{\b}}
; CHECK-NEXT: OpFunctionCall %uint %leaf %uint_1{{(?=\n|$)}}
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 64 1 1
               OpName %main "main"
               OpName %leaf "leaf"
               OpName %k "k"
               OpName %pp "pp"
               OpName %fromParam "fromParam"
               OpName %fromCopy "fromCopy"
               OpName %fromChain "fromChain"
               OpName %fromVolatile "fromVolatile"
               OpName %tmp "tmp"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
         %pf = OpTypePointer Function %uint
      %fleaf = OpTypeFunction %uint %uint %ptr
         %c1 = OpConstant %uint 1
        %lii = OpVariable %ptr Input
       %leaf = OpFunction %uint None %fleaf
          %k = OpFunctionParameter %uint
         %pp = OpFunctionParameter %ptr
         %ll = OpLabel
  %fromParam = OpLoad %uint %pp
        %sum = OpIAdd %uint %fromParam %k
               OpReturnValue %sum
               OpFunctionEnd
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %tmp = OpVariable %pf Function
      %copy1 = OpCopyObject %ptr %lii
      %copy2 = OpCopyObject %ptr %copy1
   %fromCopy = OpLoad %uint %copy2
      %chain = OpAccessChain %ptr %lii
  %fromChain = OpLoad %uint %chain
%fromVolatile = OpLoad %uint %lii Volatile|Aligned 4
               OpCopyMemory %tmp %lii
          %r = OpFunctionCall %uint %leaf %c1 %lii
               OpReturn
               OpFunctionEnd`);
  });
});

/** An OpenCL kernel reading a 64-bit index; `extra` adds execution modes, `wgs` a WorkgroupSize input. */
const kernel = (o: { modes?: string; wgs: boolean }): string => `
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k" %lii${o.wgs ? ' %wgs' : ''}
               ${o.modes ?? ''}
               OpName %k "k"
               OpName %i "i"
               ${o.wgs ? 'OpName %wgs "wgs"' : ''}
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %lii Constant
               OpDecorate %lii LinkageAttributes "__spirv_BuiltInLocalInvocationIndex" Import
               ${o.wgs ? 'OpDecorate %wgs BuiltIn WorkgroupSize' : ''}
       %void = OpTypeVoid
      %ulong = OpTypeInt 64 0
         %v3 = OpTypeVector %ulong 3
         %pi = OpTypePointer Input %ulong
         %pv = OpTypePointer Input %v3
         %fn = OpTypeFunction %void
        %lii = OpVariable %pi Input
               ${o.wgs ? '%wgs = OpVariable %pv Input' : ''}
          %k = OpFunction %void None %fn
          %l = OpLabel
          %i = OpLoad %ulong %lii Aligned 8
               OpReturn
               OpFunctionEnd`;

/** z*(X*Y) + y*X + x with X, Y read from the WorkgroupSize input `wgs` at run time. */
const atRunTime = (wgs: string): string => String.raw`
; CHECK: [[V:%\w+]] = OpLoad %v3ulong %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %ulong [[V]] 2
; CHECK-NEXT: [[S:%\w+]] = OpLoad %v3ulong ${wgs}
; CHECK-NEXT: [[SX:%\w+]] = OpCompositeExtract %ulong [[S]] 0
; CHECK-NEXT: [[SY:%\w+]] = OpCompositeExtract %ulong [[S]] 1
; CHECK-NEXT: [[XY:%\w+]] = OpIMul %ulong [[SX]] [[SY]]
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %ulong [[Z]] [[XY]]
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %ulong [[V]] 1
; CHECK-NEXT: [[SX2:%\w+]] = OpCompositeExtract %ulong [[S]] 0
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %ulong [[Y]] [[SX2]]
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %ulong [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %ulong [[V]] 0
; CHECK-NEXT: %i = OpIAdd %ulong [[ZY]] [[X]]{{\b}}`;

describe('case 12: OpenCL kernels', () => {
  it('no static size: the size is read from the WorkgroupSize input at run time; the Linkage import goes with the variable', () => {
    lower(
      String.raw`
; CHECK: OpEntryPoint Kernel %k "k" %wgs %gl_LocalInvocationID{{(?=\n|$)}}
; CHECK-NOT: LinkageAttributes
; CHECK: %gl_LocalInvocationID = OpVariable %_ptr_Input_v3ulong Input
${atRunTime('%wgs')}
${kernel({ wgs: true })}`,
      { targetEnv: 'opencl1.2' },
    );
  });

  it('no WorkgroupSize input: one is created, decorated and listed; LocalSizeHint is only a hint', () => {
    lower(
      String.raw`
; CHECK: OpEntryPoint Kernel %k "k" %gl_LocalInvocationID %gl_WorkGroupSize{{(?=\n|$)}}
; CHECK: OpExecutionMode %k LocalSizeHint 9 9 9
; CHECK: OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
; CHECK-NOT: %ulong_81
; CHECK: %gl_WorkGroupSize = OpVariable %_ptr_Input_v3ulong Input
${atRunTime('%gl_WorkGroupSize')}
${kernel({ wgs: false, modes: 'OpExecutionMode %k LocalSizeHint 9 9 9' })}`,
      { targetEnv: 'opencl1.2' },
    );
  });

  it('LocalSize (reqd_work_group_size) 8 4 2 is folded: no WorkgroupSize load, 64-bit constants', () => {
    lower(
      String.raw`
; CHECK-DAG: %ulong_32 = OpConstant %ulong 32
; CHECK-DAG: %ulong_8 = OpConstant %ulong 8
; CHECK-NOT: OpLoad %v3ulong %wgs
; CHECK: [[V:%\w+]] = OpLoad %v3ulong %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %ulong [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %ulong [[Z]] %ulong_32
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %ulong [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %ulong [[Y]] %ulong_8
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %ulong [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %ulong [[V]] 0
; CHECK-NEXT: %i = OpIAdd %ulong [[ZY]] [[X]]{{\b}}
; CHECK-NOT: OpLoad %v3ulong %wgs
${kernel({ wgs: true, modes: 'OpExecutionMode %k LocalSize 8 4 2' })}`,
      { targetEnv: 'opencl1.2' },
    );
  });

  it('kernels of different sizes sharing a helper: no Private storage in kernels, so the helper reads the size at run time', () => {
    const { result } = lower(
      String.raw`
; CHECK: OpEntryPoint Kernel %k1 "k1" %gl_LocalInvocationID %gl_WorkGroupSize{{(?=\n|$)}}
; CHECK: OpEntryPoint Kernel %k2 "k2" %gl_LocalInvocationID %gl_WorkGroupSize{{(?=\n|$)}}
; CHECK-NOT: Private
; CHECK-LABEL: %h = OpFunction
${atRunTime('%gl_WorkGroupSize')}
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k1 "k1" %lii
               OpEntryPoint Kernel %k2 "k2" %lii
               OpExecutionMode %k1 LocalSize 8 1 1
               OpExecutionMode %k2 LocalSize 4 4 2
               OpName %k1 "k1"
               OpName %k2 "k2"
               OpName %h "h"
               OpName %i "i"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
      %ulong = OpTypeInt 64 0
         %pi = OpTypePointer Input %ulong
         %fn = OpTypeFunction %void
         %fh = OpTypeFunction %ulong
        %lii = OpVariable %pi Input
          %h = OpFunction %ulong None %fh
         %hl = OpLabel
          %i = OpLoad %ulong %lii Aligned 8
               OpReturnValue %i
               OpFunctionEnd
         %k1 = OpFunction %void None %fn
         %l1 = OpLabel
         %r1 = OpFunctionCall %ulong %h
               OpReturn
               OpFunctionEnd
         %k2 = OpFunction %void None %fn
         %l2 = OpLabel
         %r2 = OpFunctionCall %ulong %h
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'opencl1.2' },
    );
    expect(result.diagnostics).toEqual([]);
  });
});

describe("a function no entry point calls (dead code) is lowered with the entry point's size", () => {
  it('the uncalled %dead gets the 64x1x1 arithmetic of main', () => {
    lower(String.raw`
; CHECK-LABEL: %dead = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: %unused = OpCompositeExtract %uint [[V]] 0
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 64 1 1
               OpName %main "main"
               OpName %dead "dead"
               OpName %unused "unused"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
       %dead = OpFunction %void None %fn
         %dl = OpLabel
     %unused = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`);
  });
});

describe('case 13: modules without the index are untouched; a declared index is always removed', () => {
  it('a compute shader that reads LocalInvocationId only: changed false, the same module', () => {
    const text = String.raw`
; CHECK: OpDecorate %lid BuiltIn LocalInvocationId
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lid
               OpExecutionMode %main LocalSize 4 4 1
               OpName %lid "lid"
               OpDecorate %lid BuiltIn LocalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %v3 = OpTypeVector %uint 3
         %pv = OpTypePointer Input %v3
        %lid = OpVariable %pv Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %v = OpLoad %v3 %lid
               OpReturn
               OpFunctionEnd`;
    const outcome = checkPasses(text, [PASS]);
    expect(outcome.result).toMatchObject({ ok: true, changed: false, diagnostics: [] });
    expect(outcome.module.hasLazyFunctions, 'the function bodies were not even decoded').toBe(true);
    expect(outcome.text).toBe(disassemble(assemble(text, { preserveNumericIds: true }), { header: false }));
  });

  it('a variable only named, decorated and listed is removed, and that is a change', () => {
    const { text } = lower(String.raw`
; CHECK: OpEntryPoint GLCompute %main "main"{{(?=\n|$)}}
; CHECK-NOT: OpVariable
; CHECK: OpFunction
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 7 3 2
               OpName %main "main"
               OpName %lii "gl_LocalInvocationIndex"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`);
    expect(text).not.toMatch(/gl_LocalInvocationIndex/);
  });

  it('the index decorated through a decoration group: the group goes with it', () => {
    lower(
      String.raw`
; CHECK-NOT: OpDecorationGroup
; CHECK-NOT: OpGroupDecorate
; CHECK: %main = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NEXT: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Z:%\w+]] = OpCompositeExtract %uint [[V]] 2
; CHECK-NEXT: [[ZT:%\w+]] = OpIMul %uint [[Z]] %uint_9
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_3
; CHECK-NEXT: [[ZY:%\w+]] = OpIAdd %uint [[ZT]] [[YT]]
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[ZY]] [[X]]{{\b}}
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 3 3 3
               OpName %main "main"
               OpName %grp "grp"
               OpName %idx "idx"
               OpDecorate %grp BuiltIn LocalInvocationIndex
        %grp = OpDecorationGroup
               OpGroupDecorate %grp %lii
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.0' },
    );
  });
});

describe('debug info', () => {
  it('the OpLine that covered a read covers every instruction of its replacement', () => {
    lower(String.raw`
; CHECK: [[FILE:%\w+]] = OpString "blur.comp"
; CHECK: OpLine [[FILE]] 42 7
; CHECK-NEXT: [[V:%\w+]] = OpLoad %v3uint %gl_LocalInvocationID
; CHECK-NEXT: [[Y:%\w+]] = OpCompositeExtract %uint [[V]] 1
; CHECK-NEXT: [[YT:%\w+]] = OpIMul %uint [[Y]] %uint_8
; CHECK-NEXT: [[X:%\w+]] = OpCompositeExtract %uint [[V]] 0
; CHECK-NEXT: %idx = OpIAdd %uint [[YT]] [[X]]{{\b}}
; CHECK-NEXT: OpLine [[FILE]] 43 1
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 8 8 1
       %file = OpString "blur.comp"
               OpName %main "main"
               OpName %idx "idx"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpLine %file 42 7
        %idx = OpLoad %uint %lii
               OpLine %file 43 1
      %twice = OpIAdd %uint %idx %idx
               OpReturn
               OpFunctionEnd`);
  });

  it('NonSemantic.Shader.DebugInfo.100: the DebugGlobalVariable stays with DebugInfoNone for a variable; DebugDeclare of it goes', () => {
    lower(
      String.raw`
; CHECK: [[DBG:%\w+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
; CHECK: [[NAME:%\w+]] = OpString "gl_LocalInvocationIndex"
; CHECK: [[NONE:%\w+]] = OpExtInst %void [[DBG]] DebugInfoNone
; CHECK-NEXT: %gv = OpExtInst %void [[DBG]] DebugGlobalVariable [[NAME]] %tbasic %src %uint_1 %uint_1 %cu [[NAME]] [[NONE]] %uint_0
; CHECK: %main = OpFunction
; CHECK-NEXT: OpLabel
; CHECK-NOT: DebugDeclare
; CHECK: %idx = OpCompositeExtract
; CHECK-NOT: DebugDeclare
; CHECK: OpFunctionEnd
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
        %dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpExecutionMode %main LocalSize 64 1 1
      %sfile = OpString "k.comp"
       %name = OpString "gl_LocalInvocationIndex"
      %suint = OpString "uint"
               OpName %main "main"
               OpName %idx "idx"
               OpName %gv "gv"
               OpName %tbasic "tbasic"
               OpName %src "src"
               OpName %cu "cu"
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c0 = OpConstant %uint 0
         %c1 = OpConstant %uint 1
         %c2 = OpConstant %uint 2
         %c4 = OpConstant %uint 4
         %c6 = OpConstant %uint 6
        %c32 = OpConstant %uint 32
        %ptr = OpTypePointer Input %uint
        %lii = OpVariable %ptr Input
        %src = OpExtInst %void %dbg DebugSource %sfile
         %cu = OpExtInst %void %dbg DebugCompilationUnit %c1 %c4 %src %c2
     %tbasic = OpExtInst %void %dbg DebugTypeBasic %suint %c32 %c6 %c0
         %gv = OpExtInst %void %dbg DebugGlobalVariable %name %tbasic %src %c1 %c1 %cu %name %lii %c0
       %expr = OpExtInst %void %dbg DebugExpression
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %decl = OpExtInst %void %dbg DebugDeclare %gv %lii %expr
        %idx = OpLoad %uint %lii
               OpReturn
               OpFunctionEnd`,
      { targetEnv: 'vulkan1.1' },
    );
  });
});
