import { describe, expect, it } from 'vitest';
import { assemble, decodeModule, disassemble, encodeModule, runPasses, type Pass } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { eliminateDeadConst } from './eliminateDeadConst.js';
import { eliminateDeadFunctions } from './eliminateDeadFunctions.js';
import { eliminateDeadVariables } from './eliminateDeadVariables.js';
import { removeUnusedInterfaceVariables } from './removeUnusedInterfaceVariables.js';

/**
 * Runs `pass` on the module with its bodies decoded and, separately, on a fresh decode whose
 * bodies are undecoded words: same bytes, a second run changes nothing, the word path leaves the
 * bodies undecoded. Returns the result's text.
 */
function bothWays(text: string, pass: Pass, targetEnv = 'vulkan1.1'): string {
  const decoded = assemble(text, { targetEnv });
  const lazy = decodeModule(encodeModule(decoded));
  void decoded.functions;
  const a = runPasses(decoded, [pass], { checkConsistency: true });
  expect(a.ok).toBe(true);
  expect(pass.run(lazy, {}).changed).toBe(a.changed);
  expect(lazy.hasLazyFunctions).toBe(true);
  const words = encodeModule(decoded);
  expect(Array.from(encodeModule(lazy))).toEqual(Array.from(words));
  const again = decodeModule(words);
  expect(pass.run(again, {}).changed).toBe(false);
  expect(Array.from(encodeModule(again))).toEqual(Array.from(words));
  return disassemble(decoded, { header: false });
}

/** `pass` reports no change and leaves the module's bytes (and its undecoded bodies) as they were. */
function untouched(text: string, pass: Pass, targetEnv = 'vulkan1.1'): void {
  const module = decodeModule(encodeModule(assemble(text, { targetEnv })));
  const before = Array.from(encodeModule(module));
  expect(pass.run(module, {}).changed).toBe(false);
  expect(Array.from(encodeModule(module))).toEqual(before);
  expect(module.hasLazyFunctions).toBe(true);
}

const calls = `
               OpCapability Shader
               OpCapability Linkage
          %ns = OpExtInstImport "NonSemantic.Notes"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %live "live"
               OpName %dead "dead"
               OpName %deadCallee "deadCallee"
               OpName %x "x"
               OpName %tmp "tmp"
               OpName %exported "exported"
               OpName %onlyDead "onlyDead"
               OpDecorate %tmp RelaxedPrecision
               OpDecorate %exported LinkageAttributes "exported" Export
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
    %fnFloat = OpTypeFunction %float %float
     %uint_1 = OpConstant %uint 1
  %float_2 = OpConstant %float 2
 %ptrPrivate = OpTypePointer Private %float
   %onlyDead = OpVariable %ptrPrivate Private
       %note = OpExtInst %void %ns 1 %deadCallee
       %main = OpFunction %void None %fn
         %m0 = OpLabel
         %r0 = OpFunctionCall %void %live
               OpReturn
               OpFunctionEnd
       %live = OpFunction %void None %fn
         %l0 = OpLabel
               OpReturn
               OpFunctionEnd
       %dead = OpFunction %void None %fn
         %d0 = OpLabel
         %r1 = OpFunctionCall %float %deadCallee %float_2
               OpStore %onlyDead %r1
               OpReturn
               OpFunctionEnd
 %deadCallee = OpFunction %float None %fnFloat
          %x = OpFunctionParameter %float
         %c0 = OpLabel
        %tmp = OpFMul %float %x %float_2
               OpReturnValue %tmp
               OpFunctionEnd
   %exported = OpFunction %void None %fn
         %e0 = OpLabel
               OpReturn
               OpFunctionEnd
`;

describe('eliminate-dead-functions', () => {
  it('removes functions no entry point reaches, also those called only from dead ones, with what only they used', () => {
    const text = bothWays(calls, eliminateDeadFunctions);
    expect(text).not.toMatch(/%dead\b|%deadCallee|%x\b|%tmp|RelaxedPrecision|OpFunctionCall %float/);
    // What only the dead functions used: their function type, the float constant, the private
    // variable and its pointer type, and the note naming one of them.
    expect(text).not.toMatch(/%float_2|%onlyDead|OpTypePointer Private|OpTypeFunction %float|NonSemantic.Notes 1|OpExtInst /);
    // The float type is still... gone too: nothing else used it.
    expect(text).not.toContain('OpTypeFloat');
    expect(text).toMatch(/%live = OpFunction/);
    expect(text).toMatch(/%exported = OpFunction/);
    // A constant nothing used before the pass is not the pass's to remove.
    expect(text).toContain('%uint_1 = OpConstant %uint 1');
    checkPasses(calls, [eliminateDeadFunctions], {
      checks: `
        ; CHECK:     OpName %main "main"
        ; CHECK-NEXT: OpName %live "live"
        ; CHECK-NEXT: OpName %exported "exported"
        ; CHECK-NOT: OpName
        ; CHECK:     OpDecorate %exported LinkageAttributes "exported" Export
        ; CHECK-NEXT: %void = OpTypeVoid
      `,
    });
  });

  it('takes the OpLine before a removed first function with it (the decoder keeps it at the end of the globals)', () => {
    const text = bothWays(
      `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "a.comp"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
               OpLine %file 4 1
       %dead = OpFunction %void None %fn
         %d0 = OpLabel
               OpReturn
               OpFunctionEnd
               OpNoLine
       %main = OpFunction %void None %fn
         %m0 = OpLabel
               OpLine %file 9 1
               OpReturn
               OpFunctionEnd
`,
      eliminateDeadFunctions,
    );
    // Ids are printed by number: no names in the module.
    expect(text).not.toMatch(/OpLine %\d+ 4 1/);
    expect(text).toMatch(/OpLine %\d+ 9 1/);
    expect(text).toMatch(/OpTypeFunction %void\n\s*OpNoLine\n\s*%\d+ = OpFunction/);
  });

  it('keeps a function that a cooperative-matrix tensor load names as its DecodeFunc, called by no one', () => {
    const text = bothWays(
      `
               OpCapability Shader
               OpCapability Float16
               OpCapability VulkanMemoryModel
               OpCapability PhysicalStorageBufferAddresses
               OpCapability CooperativeMatrixKHR
               OpCapability TensorAddressingNV
               OpCapability CooperativeMatrixTensorAddressingNV
               OpExtension "SPV_KHR_cooperative_matrix"
               OpExtension "SPV_NV_cooperative_matrix2"
               OpExtension "SPV_NV_tensor_addressing"
               OpMemoryModel PhysicalStorageBuffer64 Vulkan
               OpEntryPoint GLCompute %main "main" %buf
               OpExecutionMode %main LocalSize 32 1 1
               OpName %decode "decode"
               OpName %dead "dead"
               OpDecorate %block Block
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %halves ArrayStride 2
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %half = OpTypeFloat 16
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
    %uint_16 = OpConstant %uint 16
        %mat = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_0
     %layout = OpTypeTensorLayoutNV %uint_2 %uint_0
        %arr = OpTypeArray %uint %uint_2
     %halfpp = OpTypePointer PhysicalStorageBuffer %half
   %decodeFn = OpTypeFunction %half %halfpp %arr %arr
     %halves = OpTypeRuntimeArray %half
      %block = OpTypeStruct %halves
       %bptr = OpTypePointer StorageBuffer %block
      %hsptr = OpTypePointer StorageBuffer %half
        %buf = OpVariable %bptr StorageBuffer
       %zero = OpConstantNull %mat
       %main = OpFunction %void None %fn
         %m0 = OpLabel
         %el = OpAccessChain %hsptr %buf %uint_0 %uint_0
         %tl = OpCreateTensorLayoutNV %layout
        %tile = OpCooperativeMatrixLoadTensorNV %mat %el %zero %tl None DecodeFunc %decode
               OpReturn
               OpFunctionEnd
     %decode = OpFunction %half None %decodeFn
         %pp = OpFunctionParameter %halfpp
         %pa = OpFunctionParameter %arr
         %pb = OpFunctionParameter %arr
         %d0 = OpLabel
          %h = OpLoad %half %pp Aligned 2
               OpReturnValue %h
               OpFunctionEnd
       %dead = OpFunction %void None %fn
         %x0 = OpLabel
               OpReturn
               OpFunctionEnd
`,
      eliminateDeadFunctions,
      'vulkan1.3',
    );
    expect(text).toMatch(/%decode = OpFunction %half None/);
    expect(text).toMatch(/DecodeFunc %decode/);
    expect(text).not.toMatch(/%dead = OpFunction/);
  });

  it('leaves a module whose functions are all reached byte for byte as it was', () => {
    untouched(
      calls
        .replace(/ {7}%dead = OpFunction[^]*?OpFunctionEnd\n {1}%deadCallee[^]*?OpFunctionEnd\n/, '')
        .replace(/.*(%dead\b|%deadCallee|%x\b|%tmp|%onlyDead|%note).*\n/g, ''),
      eliminateDeadFunctions,
    );
  });
});

const constants = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %out
               OpExecutionMode %main LocalSize 4 1 1
               OpName %unused "unused"
               OpName %spec "spec"
               OpName %deadComposite "deadComposite"
               OpName %deadOp "deadOp"
               OpName %wgs "wgs"
               OpDecorate %spec SpecId 3
               OpDecorate %wgs BuiltIn WorkgroupSize
               OpDecorate %group RelaxedPrecision
      %group = OpDecorationGroup
               OpGroupDecorate %group %unused %deadComposite
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
      %float = OpTypeFloat 32
    %v2float = OpTypeVector %float 2
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
     %uint_7 = OpConstant %uint 7
    %uint_40 = OpConstant %uint 40
     %unused = OpConstant %uint 9
       %spec = OpSpecConstant %uint 5
  %float_one = OpConstant %float 1
%deadComposite = OpConstantComposite %v2float %float_one %float_one
     %deadOp = OpSpecConstantOp %uint IAdd %spec %uint_7
     %liveOp = OpSpecConstantOp %uint IMul %uint_40 %uint_4
        %wgs = OpConstantComposite %v3uint %uint_4 %uint_1 %uint_1
    %ptrOut = OpTypePointer StorageBuffer %uint
       %out = OpVariable %ptrOut StorageBuffer
       %main = OpFunction %void None %fn
         %m0 = OpLabel
               OpStore %out %liveOp
               OpReturn
               OpFunctionEnd
`;

describe('eliminate-dead-const', () => {
  it('removes unused constants, then those only dead ones used, with names, decorations, groups and left-over types', () => {
    const text = bothWays(constants, eliminateDeadConst, 'vulkan1.2');
    expect(text).not.toMatch(/%unused|%spec|SpecId|%deadComposite|%deadOp|%uint_7|%float_one|OpTypeFloat|%v2float/);
    // The group decorated only dead constants: it goes with its decoration.
    expect(text).not.toMatch(/OpDecorationGroup|OpGroupDecorate|RelaxedPrecision/);
    // Used by a live spec-constant op, or by the body: they stay.
    expect(text).toMatch(/= OpSpecConstantOp %uint IMul %uint_40 %uint_4/);
    // A WorkgroupSize composite that repeats LocalSize says nothing more: it goes (as spirv-opt),
    // and %uint_1, which only it used, with it.
    expect(text).not.toMatch(/%wgs|WorkgroupSize|%uint_1\b/);
  });

  it('keeps a WorkgroupSize built from spec constants (local_size_x_id): specializing it sets the size', () => {
    const text = bothWays(
      constants.replace('%wgs = OpConstantComposite %v3uint %uint_4', '%wgs = OpSpecConstantComposite %v3uint %spec'),
      eliminateDeadConst,
      'vulkan1.2',
    );
    expect(text).toMatch(/%wgs = OpSpecConstantComposite %v3uint %spec %uint_1 %uint_1/);
    expect(text).toContain('OpDecorate %spec SpecId 3');
    expect(text).toContain('OpDecorate %wgs BuiltIn WorkgroupSize');
  });

  it('keeps a WorkgroupSize that differs from LocalSize (it wins over LocalSize)', () => {
    const text = bothWays(constants.replace('LocalSize 4 1 1', 'LocalSize 8 1 1'), eliminateDeadConst, 'vulkan1.2');
    expect(text).toContain('OpDecorate %wgs BuiltIn WorkgroupSize');
  });

  it('keeps a group that still decorates a live id, without the dead target', () => {
    const text = bothWays(
      constants.replace('OpGroupDecorate %group %unused %deadComposite', 'OpGroupDecorate %group %unused %liveOp %deadComposite'),
      eliminateDeadConst,
      'vulkan1.2',
    );
    expect(text).toMatch(/OpDecorate (%\w+) RelaxedPrecision\n(.*\n)*?\s*\1 = OpDecorationGroup\n\s*OpGroupDecorate \1 %\w+\n/);
  });

  it('leaves a module whose constants are all used byte for byte as it was', () => {
    const used = constants
      .replace(/.*(%unused|%spec|%deadComposite|%deadOp|%float_one|%group|%uint_7|%uint_1\b|%wgs).*\n/g, '')
      .replace(/.*OpTypeFloat.*\n|.*%v2float.*\n/g, '');
    untouched(used, eliminateDeadConst, 'vulkan1.2');
  });
});

const variables = `
               OpCapability Shader
               OpCapability Linkage
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %color %unusedInput
               OpExecutionMode %main OriginUpperLeft
               OpName %unusedPrivate "unusedPrivate"
               OpName %S "S"
               OpMemberName %S 0 "m"
               OpName %exported "exported"
               OpDecorate %unusedPrivate RelaxedPrecision
               OpDecorate %exported LinkageAttributes "exported" Export
               OpDecorate %color Location 0
               OpDecorate %unusedInput Location 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
    %float_1 = OpConstant %float 1
    %float_2 = OpConstant %float 2
          %S = OpTypeStruct %float
         %cS = OpConstantComposite %S %float_2
       %ptrS = OpTypePointer Private %S
    %ptrPriv = OpTypePointer Private %float
     %ptrOut = OpTypePointer Output %float
      %ptrIn = OpTypePointer Input %float
%unusedPrivate = OpVariable %ptrS Private %cS
   %exported = OpVariable %ptrPriv Private
      %color = OpVariable %ptrOut Output
%unusedInput = OpVariable %ptrIn Input
       %main = OpFunction %void None %fn
         %m0 = OpLabel
               OpStore %color %float_1
               OpReturn
               OpFunctionEnd
`;

describe('eliminate-dead-variables', () => {
  it('removes unreferenced globals with names, decorations, and the initializer, struct (member names too) and pointer type only they used', () => {
    const text = bothWays(variables, eliminateDeadVariables, 'universal1.3');
    expect(text).not.toMatch(/%unusedPrivate|RelaxedPrecision|OpTypeStruct|OpMemberName|"S"|OpConstantComposite|%float_2|_ptr_Private_S/);
    // Listed in an interface, or exported: referenced.
    expect(text).toMatch(/= OpVariable %_ptr_Input_float Input/);
    expect(text).toMatch(/%exported = OpVariable/);
    expect(text).toContain('%float_1 = OpConstant %float 1');
  });

  it('leaves a module whose globals are all referenced byte for byte as it was', () => {
    untouched(variables.replace(/.*(%unusedPrivate|%cS|%ptrS|%S\b|%float_2).*\n/g, ''), eliminateDeadVariables, 'universal1.3');
  });
});

const interfaces = (version: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %unusedIn %buf %buf %shared
               OpEntryPoint GLCompute %other "other" %gid
               OpExecutionMode %main LocalSize 1 1 1
               OpExecutionMode %other LocalSize 1 1 1
               OpName %main "main"
               OpName %other "other"
               OpName %gid "gid"
               OpName %unusedIn "unusedIn"
               OpName %buf "buf"
               OpName %shared "shared"
               OpName %priv "priv"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %unusedIn BuiltIn LocalInvocationId
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %v3uint = OpTypeVector %uint 3
      %ptrIn = OpTypePointer Input %v3uint
        %gid = OpVariable %ptrIn Input
   %unusedIn = OpVariable %ptrIn Input
          %S = OpTypeStruct %uint
      %ptrSB = OpTypePointer StorageBuffer %S
        %buf = OpVariable %ptrSB StorageBuffer
  %ptrSBuint = OpTypePointer StorageBuffer %uint
  %ptrShared = OpTypePointer Workgroup %uint
     %shared = OpVariable %ptrShared Workgroup
       %priv = OpVariable %ptrShared Workgroup
       %main = OpFunction %void None %fn
         %m0 = OpLabel
          %r = OpFunctionCall %void %helper
               OpReturn
               OpFunctionEnd
     %helper = OpFunction %void None %fn
         %h0 = OpLabel
          %p = OpAccessChain %ptrSBuint %buf %uint_0
               OpStore %p %uint_0
               OpStore %priv %uint_0
               OpReturn
               OpFunctionEnd
      %other = OpFunction %void None %fn
         %o0 = OpLabel
          %g = OpLoad %v3uint %gid
               OpReturn
               OpFunctionEnd
; SPIR-V ${version} (the target env sets it)`;

describe('remove-unused-interface-variables', () => {
  it('from SPIR-V 1.4, lists exactly the globals each call tree uses: unused and repeated entries go, missing ones come', () => {
    const text = bothWays(interfaces('1.4'), removeUnusedInterfaceVariables, 'vulkan1.2');
    expect(text).toMatch(/OpEntryPoint GLCompute %main "main" %buf %priv\n/);
    expect(text).toMatch(/OpEntryPoint GLCompute %other "other" %gid\n/);
    // The variables themselves stay.
    expect(text).toMatch(/%unusedIn = OpVariable/);
    expect(text).toMatch(/%shared = OpVariable/);
  });

  it('before SPIR-V 1.4, lists the Input and Output variables used: other entries go like unused ones, as in spirv-opt', () => {
    const text = bothWays(interfaces('1.3'), removeUnusedInterfaceVariables, 'vulkan1.1');
    expect(text).toMatch(/OpEntryPoint GLCompute %main "main"\n/);
    expect(text).toMatch(/OpEntryPoint GLCompute %other "other" %gid\n/);
  });

  it('leaves right interfaces byte for byte as they were', () => {
    untouched(interfaces('1.4').replace('%unusedIn %buf %buf %shared', '%buf %priv'), removeUnusedInterfaceVariables, 'vulkan1.2');
    untouched(interfaces('1.3').replace('%unusedIn %buf %buf %shared', ''), removeUnusedInterfaceVariables, 'vulkan1.1');
  });
});

/** Interface variables that are OpUntypedVariableKHR: %buf used, %unused listed, %added used but not listed. */
const untypedInterfaces = `
               OpCapability Shader
               OpCapability UntypedPointersKHR
               OpExtension "SPV_KHR_untyped_pointers"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %buf %unused
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %buf "buf"
               OpName %unused "unused"
               OpName %added "added"
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %unused DescriptorSet 0
               OpDecorate %unused Binding 1
               OpDecorate %added DescriptorSet 0
               OpDecorate %added Binding 2
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
          %S = OpTypeStruct %uint
      %ptrSB = OpTypeUntypedPointerKHR StorageBuffer
        %buf = OpUntypedVariableKHR %ptrSB StorageBuffer %S
     %unused = OpUntypedVariableKHR %ptrSB StorageBuffer %S
      %added = OpUntypedVariableKHR %ptrSB StorageBuffer %S
       %main = OpFunction %void None %fn
         %m0 = OpLabel
          %p = OpUntypedAccessChainKHR %ptrSB %S %buf %uint_0
               OpStore %p %uint_0
          %q = OpUntypedAccessChainKHR %ptrSB %S %added %uint_0
               OpStore %q %uint_0
               OpReturn
               OpFunctionEnd
`;

describe('remove-unused-interface-variables on untyped pointers (SPV_KHR_untyped_pointers)', () => {
  it('treats OpUntypedVariableKHR as OpVariable: the used ones stay listed, unused ones go, missing ones come', () => {
    const text = bothWays(untypedInterfaces, removeUnusedInterfaceVariables, 'vulkan1.3');
    expect(text).toMatch(/OpEntryPoint GLCompute %main "main" %buf %added\n/);
    expect(text).toMatch(/%unused = OpUntypedVariableKHR/);
  });

  it('leaves a right interface of untyped variables byte for byte as it was', () => {
    untouched(untypedInterfaces.replace('%buf %unused', '%buf %added'), removeUnusedInterfaceVariables, 'vulkan1.3');
  });
});
