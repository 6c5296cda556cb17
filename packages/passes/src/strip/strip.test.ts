import { describe, expect, it } from 'vitest';
import { assemble, checkConsistency, decodeModule, disassemble, encodeModule, runPasses, type Pass } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { FUNCTION_SPANS } from '../words/bodyWords.js';
import { ID_POSITIONS } from '../words/idPositions.js';
import { bodyWordFact } from '../words/BodyWordFacts.js';
import { stripDebug } from './stripDebug.js';
import { stripNonSemantic, stripReflect } from './stripNonSemantic.js';

/**
 * Runs `pass` on the module with its bodies decoded and, separately, on a fresh decode whose
 * bodies are undecoded words; both must give the same bytes, a valid second run must change
 * nothing, and the word path must leave the bodies undecoded. Returns the result's text.
 */
function bothWays(text: string, pass: Pass, targetEnv = 'vulkan1.1'): { text: string; changed: boolean } {
  const decoded = assemble(text, { targetEnv });
  const lazy = decodeModule(encodeModule(decoded));
  void decoded.functions;
  const a = runPasses(decoded, [pass], { checkConsistency: true });
  const b = pass.run(lazy, {});
  expect(a.ok).toBe(true);
  expect(b.changed).toBe(a.changed);
  expect(lazy.hasLazyFunctions).toBe(true);
  const words = encodeModule(decoded);
  expect(Array.from(encodeModule(lazy))).toEqual(Array.from(words));
  const again = decodeModule(words);
  expect(pass.run(again, {}).changed).toBe(false);
  expect(Array.from(encodeModule(again))).toEqual(Array.from(words));
  return { text: disassemble(decoded, { header: false }), changed: a.changed };
}

/** A compute shader with glslang's `-g` debug info: sources, names, lines in every place. */
const withLines = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 8 1 1
          %file = OpString "fill.comp"
          %inc = OpString "common.glsl"
               OpSource GLSL 450 %file "#version 450"
               OpSourceContinued "void main() {}"
               OpSourceExtension "GL_GOOGLE_include_directive"
               OpName %main "main"
               OpName %Buf "Buf"
               OpMemberName %Buf 0 "data"
               OpName %buf "buf"
               OpModuleProcessed "client vulkan100"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpLine %file 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
     %v3uint = OpTypeVector %uint 3
        %ptr = OpTypePointer Input %v3uint
               OpLine %file 2 1
        %gid = OpVariable %ptr Input
               OpNoLine
        %rta = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %rta
     %ptrBuf = OpTypePointer StorageBuffer %Buf
        %buf = OpVariable %ptrBuf StorageBuffer
    %ptrUint = OpTypePointer StorageBuffer %uint
               OpLine %inc 3 1
       %main = OpFunction %void None %fn
               OpLine %file 4 1
      %entry = OpLabel
               OpLine %file 5 7
        %ids = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %ids 0
               OpNoLine
       %elem = OpAccessChain %ptrUint %buf %int_0 %i
               OpLine %inc 6 2
               OpStore %elem %i
               OpReturn
               OpFunctionEnd
`;

/** glslang's `-gV`: NonSemantic.Shader.DebugInfo.100 in the globals and in the body, and a DebugPrintf that must stay. */
const withShaderDebugInfo = `
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
         %dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
      %printf = OpExtInstImport "NonSemantic.DebugPrintf"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
          %file = OpString "k.comp"
        %fmt = OpString "value %u"
       %uname = OpString "uint"
               OpSource GLSL 450 %file
               OpName %main "main"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
    %uint_32 = OpConstant %uint 32
     %uint_6 = OpConstant %uint 6
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_3 = OpConstant %uint 3
     %source = OpExtInst %void %dbg DebugSource %file
         %cu = OpExtInst %void %dbg DebugCompilationUnit %uint_1 %uint_3 %source %uint_1
      %tbase = OpExtInst %void %dbg DebugTypeBasic %uname %uint_32 %uint_6 %uint_0
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %scope = OpExtInst %void %dbg DebugScope %cu
       %line = OpExtInst %void %dbg DebugLine %source %uint_1 %uint_1 %uint_1 %uint_1
        %out = OpExtInst %void %printf 1 %fmt %uint_3
               OpLine %file 9 9
               OpReturn
               OpFunctionEnd
`;

describe('strip-debug', () => {
  it('removes sources, strings, names, module-processed and every OpLine / OpNoLine, wherever they are', () => {
    const { text } = bothWays(withLines, stripDebug);
    for (const op of ['OpString', 'OpSource', 'OpSourceContinued', 'OpSourceExtension', 'OpName', 'OpMemberName', 'OpModuleProcessed', 'OpLine', 'OpNoLine']) {
      expect(text).not.toMatch(new RegExp(`\\b${op}\\b`));
    }
    checkPasses(withLines, [stripDebug], {
      checks: `
        ; CHECK:      OpExecutionMode [[MAIN:%\\w+]] LocalSize 8 1 1
        ; CHECK-NEXT: OpDecorate [[GID:%\\w+]] BuiltIn GlobalInvocationId
        ; CHECK:      OpDecorate {{%\\w+}} Binding 0
        ; CHECK-NEXT: %void = OpTypeVoid
        ; CHECK:      [[GID]] = OpVariable %_ptr_Input_v3uint Input
        ; CHECK-NEXT: %_runtimearr_uint = OpTypeRuntimeArray %uint
        ; CHECK:      [[MAIN]] = OpFunction %void None
        ; CHECK-NEXT: OpLabel
        ; CHECK-NEXT: OpLoad %v3uint [[GID]]
        ; CHECK-NEXT: OpCompositeExtract
        ; CHECK-NEXT: OpAccessChain
        ; CHECK-NEXT: OpStore
        ; CHECK-NEXT: OpReturn
      `,
    });
  });

  it('removes NonSemantic.Shader.DebugInfo.100 (-gV) with its import, and keeps another non-semantic set and the string it names', () => {
    const { text } = bothWays(withShaderDebugInfo, stripDebug);
    expect(text).not.toContain('NonSemantic.Shader.DebugInfo.100');
    expect(text).not.toMatch(/Debug(Source|CompilationUnit|TypeBasic|Scope|Line)/);
    expect(text).not.toMatch(/"k\.comp"|"uint"/);
    expect(text).toContain('OpExtension "SPV_KHR_non_semantic_info"');
    // DebugPrintf is instruction 1, printed by number as spirv-dis prints it.
    expect(text).toMatch(/(%\w+) = OpString "value %u"[^]*OpExtInst %void %\w+ 1 \1 %uint_3/);
  });

  it('drops SPV_KHR_non_semantic_info when only debug info needed it', () => {
    const text = withShaderDebugInfo.replace(/.*%printf.*\n/g, '');
    const { text: out } = bothWays(text, stripDebug);
    expect(out).not.toContain('SPV_KHR_non_semantic_info');
    expect(out).not.toContain('OpExtInstImport');
    expect(out).not.toContain('OpString');
  });

  it('tells the passes after it where the functions of its new bodies are and what they call, as a walk finds them', () => {
    const twoFunctions = withLines.replace(
      '               OpReturn\n               OpFunctionEnd',
      `          %r = OpFunctionCall %void %other
               OpLine %file 7 1
               OpReturn
               OpFunctionEnd
               OpLine %file 8 1
      %other = OpFunction %void None %fn
               OpNoLine
         %o0 = OpLabel
               OpLine %file 9 1
               OpReturn
               OpFunctionEnd`,
    );
    const module = decodeModule(encodeModule(assemble(twoFunctions, { targetEnv: 'vulkan1.1' })));
    expect(stripDebug.run(module, {}).changed).toBe(true);
    // The lines are removed by word edits, not written yet.
    const edits = module.functionWordEdits()!;
    expect(edits.any).toBe(true);
    // Held in the module's cache as they were found during its walk: asking finds nothing anew.
    const told = bodyWordFact(FUNCTION_SPANS, module, edits, () => []);
    expect(told).toHaveLength(2);
    expect(told[0].calls).toHaveLength(1);
    expect(told).toEqual(FUNCTION_SPANS.find(module, edits));
    // Where the ids of the edited bodies are, found on the way: the dead-code passes and
    // compact-ids after it count and renumber through these without walking the bodies again.
    const found = bodyWordFact(ID_POSITIONS, module, edits, () => new Int32Array(0));
    expect(Array.from(found)).toEqual(Array.from(ID_POSITIONS.find(module, edits)));
    expect(found.some((p) => p < 0)).toBe(true);
    // None of them is in a removed line.
    const runs = edits.keptRuns();
    const kept = (p: number): boolean => {
      for (let r = 0; r < runs.length; r += 2) if (p >= runs[r] && p < runs[r + 1]) return true;
      return false;
    };
    expect(Array.from(found).every((p) => kept(p < 0 ? ~p : p))).toBe(true);
    // And the module's consistency check finds them right.
    expect(checkConsistency(module)).toEqual([]);
  });

  it('leaves a module without debug information byte for byte as it was', () => {
    const plain = withLines.replace(/^\s*(%\w+ = )?Op(String|Source\w*|Name|MemberName|ModuleProcessed|Line|NoLine)\b.*\n/gm, '');
    const module = decodeModule(encodeModule(assemble(plain, { targetEnv: 'vulkan1.1' })));
    const before = Array.from(encodeModule(module));
    expect(stripDebug.run(module, {}).changed).toBe(false);
    expect(Array.from(encodeModule(module))).toEqual(before);
    expect(module.hasLazyFunctions).toBe(true);
  });
});

const hlsl = `
               OpCapability Shader
               OpExtension "SPV_GOOGLE_decorate_string"
               OpExtension "SPV_GOOGLE_hlsl_functionality1"
               OpExtension "SPV_GOOGLE_user_type"
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %color
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %color Location 0
               OpDecorateString %color UserSemantic "SV_TARGET"
               OpDecorateString %buf UserTypeGOOGLE "structuredbuffer"
               OpMemberDecorateString %Buf 0 UserSemantic "DATA"
               OpDecorateId %buf CounterBuffer %counter
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %counter DescriptorSet 0
               OpDecorate %counter Binding 1
               OpDecorate %Buf Block
               OpMemberDecorate %Buf 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
        %out = OpTypePointer Output %v4float
      %color = OpVariable %out Output
        %Buf = OpTypeStruct %float
     %ptrBuf = OpTypePointer StorageBuffer %Buf
        %buf = OpVariable %ptrBuf StorageBuffer
    %counter = OpVariable %ptrBuf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
`;

describe('strip-nonsemantic and strip-reflect', () => {
  it('remove the HLSL reflection decorations and the extensions only they needed', () => {
    for (const pass of [stripNonSemantic, stripReflect]) {
      const { text } = bothWays(hlsl, pass, 'vulkan1.0');
      expect(text).not.toMatch(/UserSemantic|UserTypeGOOGLE|CounterBuffer|OpExtension/);
      expect(text).toMatch(/OpDecorate %\w+ Binding 0\n.*OpDecorate %\w+ DescriptorSet 0\n.*Binding 1/);
      expect(text).toMatch(/OpDecorate %\w+ Location 0/);
    }
  });

  it('keep SPV_GOOGLE_decorate_string while another string decoration needs it', () => {
    const text = hlsl.replace('OpDecorate %color Location 0', 'OpDecorate %color Location 0\n               OpDecorateString %buf MemoryALTERA "DEFAULT"');
    const out = bothWays(text, stripNonSemantic, 'vulkan1.0').text;
    expect(out).toContain('OpExtension "SPV_GOOGLE_decorate_string"');
    expect(out).toMatch(/OpDecorateString %\w+ MemoryALTERA "DEFAULT"/);
    expect(out).not.toMatch(/UserSemantic|UserTypeGOOGLE|CounterBuffer|hlsl_functionality1|user_type/);
  });

  it('remove every non-semantic instruction, its import, SPV_KHR_non_semantic_info and the strings only they named', () => {
    for (const pass of [stripNonSemantic, stripReflect]) {
      const { text } = bothWays(withShaderDebugInfo, pass);
      expect(text).not.toMatch(/OpExtInst|SPV_KHR_non_semantic_info/);
      // The DebugPrintf format and DebugTypeBasic's name go; the file OpSource and OpLine name stays.
      expect(text).not.toMatch(/"value %u"|"uint"/);
      expect(text).toMatch(/(%\w+) = OpString "k.comp"[^]*OpSource GLSL 450 \1[^]*OpLine \1 9 9/);
      expect(text).toContain('OpName %main "main"');
    }
  });

  it('give the same module as strip-debug in either order', () => {
    const words = encodeModule(assemble(withShaderDebugInfo, { targetEnv: 'vulkan1.1' }));
    const run = (passes: Pass[]): number[] => {
      const module = decodeModule(words);
      runPasses(module, passes);
      return Array.from(encodeModule(module));
    };
    expect(run([stripDebug, stripNonSemantic])).toEqual(run([stripNonSemantic, stripDebug]));
  });

  it('leave a module without any of it byte for byte as it was', () => {
    const module = decodeModule(encodeModule(assemble(withLines, { targetEnv: 'vulkan1.1' })));
    const before = Array.from(encodeModule(module));
    expect(stripNonSemantic.run(module, {}).changed).toBe(false);
    expect(stripReflect.run(module, {}).changed).toBe(false);
    expect(Array.from(encodeModule(module))).toEqual(before);
  });
});
