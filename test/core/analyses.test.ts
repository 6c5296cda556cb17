// The analyses over real modules, and their caching and invalidation.
import { expect, it } from 'vitest';
import {
  BuiltIn,
  Decoration,
  DecorationsAnalysis,
  DefUseAnalysis,
  EntryPointsAnalysis,
  ExecutionModel,
  NamesAnalysis,
  Op,
  SourceLocationsAnalysis,
  SpirvError,
  TypesAnalysis,
  decodeModule,
  encodeModule,
  type Module,
} from '@spvkit/core';
import { describeWithOracle } from '../support/oracles.js';
import { spirvAs, spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

const TEXT = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lii
               OpEntryPoint Fragment %frag "frag"
               OpExecutionMode %main LocalSize 4 2 1
               OpExecutionMode %frag OriginUpperLeft
          %1 = OpString "shader.comp"
               OpName %main "main"
               OpName %helper "helper"
               OpName %lii "gl_LocalInvocationIndex"
               OpMemberName %Block 0 "values"
               OpDecorate %lii BuiltIn LocalInvocationIndex
               OpDecorate %group ArrayStride 4
      %group = OpDecorationGroup
               OpGroupDecorate %group %arr
               OpMemberDecorate %Block 0 Offset 0
               OpDecorate %Block Block
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
     %uint_4 = OpConstant %uint 4
        %arr = OpTypeArray %uint %uint_4
      %Block = OpTypeStruct %arr
     %fnvoid = OpTypeFunction %void
%_ptr_Input_uint = OpTypePointer Input %uint
        %lii = OpVariable %_ptr_Input_uint Input
     %helper = OpFunction %void None %fnvoid
         %h1 = OpLabel
               OpLine %1 12 5
          %x = OpLoad %uint %lii
               OpNoLine
          %y = OpIAdd %uint %x %x
               OpReturn
               OpFunctionEnd
       %main = OpFunction %void None %fnvoid
         %m1 = OpLabel
          %c = OpFunctionCall %void %helper
               OpReturn
               OpFunctionEnd
       %frag = OpFunction %void None %fnvoid
         %f1 = OpLabel
               OpReturn
               OpFunctionEnd
`;

function loadModule(): Module {
  return decodeModule(spirvAs(TEXT, 'vulkan1.0'));
}

describeWithOracle('analyses', spirvToolsAvailable(), () => {
  it('def-use finds definitions and every use, result-type uses included', () => {
    const m = loadModule();
    const du = m.analysis(DefUseAnalysis);
    const lii = m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationIndex)[0];
    expect(du.def(lii)?.opcode).toBe(Op.Variable);
    const users = du
      .uses(lii)
      .map((u) => u.instruction.opcode)
      .sort((a, b) => a - b);
    expect(users).toEqual([Op.Name, Op.EntryPoint, Op.Decorate, Op.Load].sort((a, b) => a - b));
    const uint = m.analysis(TypesAnalysis).intType(32, false);
    expect(du.uses(uint).some((u) => u.operand === -1 && u.instruction.opcode === Op.Load)).toBe(true);
  });

  it('decorations expand groups and keep member decorations', () => {
    const m = loadModule();
    const deco = m.analysis(DecorationsAnalysis);
    const arr = m.globals.find((i) => i.opcode === Op.TypeArray)!.resultId;
    expect(deco.find(arr, Decoration.ArrayStride)).toEqual([4]);
    const block = m.globals.find((i) => i.opcode === Op.TypeStruct)!.resultId;
    expect(deco.ofMember(block, 0).map((d) => [d.decoration, ...d.params])).toEqual([[Decoration.Offset, 0]]);
    expect(deco.find(block, Decoration.Block)).toEqual([]);
  });

  it('types and constants: asking twice gives one id, new ones are declared once and stay valid', () => {
    const m = loadModule();
    const types = m.analysis(TypesAnalysis);
    const bound = m.header.bound;
    const uint = types.intType(32, false);
    expect(types.intType(32, false)).toBe(uint);
    expect(types.constantUint(4)).toBe(m.globals.find((i) => i.opcode === Op.Constant)!.resultId);
    expect(m.header.bound).toBe(bound);
    const seven = types.constantUint(7);
    expect(types.constantUint(7)).toBe(seven);
    const v3 = types.vectorType(uint, 3);
    expect(types.vectorType(uint, 3)).toBe(v3);
    expect(m.header.bound).toBe(bound + 2);
    // the decorated array is never handed out for a plain array request
    const plain = types.type(Op.TypeArray, [uint, types.constantUint(4)]);
    expect(plain).not.toBe(m.globals.find((i) => i.opcode === Op.TypeArray)!.resultId);
    expect(spirvVal(encodeModule(m), 'vulkan1.0').ok).toBe(true);
  });

  it('names and member names', () => {
    const m = loadModule();
    const names = m.analysis(NamesAnalysis);
    const block = m.globals.find((i) => i.opcode === Op.TypeStruct)!.resultId;
    expect(names.memberName(block, 0)).toBe('values');
    expect(names.name(m.entryPoints[0].word(1))).toBe('main');
  });

  it('entry points know their call trees, so which models reach a function', () => {
    const m = loadModule();
    const eps = m.analysis(EntryPointsAnalysis);
    const helper = m.functions[0].id;
    expect(eps.list.map((e) => [e.name, e.executionModel])).toEqual([
      ['main', ExecutionModel.GLCompute],
      ['frag', ExecutionModel.Fragment],
    ]);
    expect(eps.reaching(helper).map((e) => e.name)).toEqual(['main']);
    expect(eps.list[0].interface).toHaveLength(1);
    const loadInst = m.functions[0].blocks[0].instructions.find((i) => i.opcode === Op.Load)!;
    expect(eps.functionContaining(loadInst)?.id).toBe(helper);
  });

  it('source locations follow OpLine until OpNoLine', () => {
    const m = loadModule();
    const locs = m.analysis(SourceLocationsAnalysis);
    const [, loadInst, , add] = m.functions[0].blocks[0].instructions;
    expect(loadInst.opcode).toBe(Op.Load);
    expect(add.opcode).toBe(Op.IAdd);
    expect(locs.of(loadInst)).toEqual({ file: 'shader.comp', line: 12, column: 5 });
    expect(locs.of(add)).toBeUndefined();
  });

  it('caches analyses until invalidated', () => {
    const m = loadModule();
    const a = m.analysis(DefUseAnalysis);
    expect(m.analysis(DefUseAnalysis)).toBe(a);
    m.invalidateAnalyses([DecorationsAnalysis]);
    expect(m.analysis(DefUseAnalysis)).not.toBe(a);
  });

  it('the id allocator keeps the bound right and stops at its limit', () => {
    const m = loadModule();
    const bound = m.header.bound;
    expect(m.ids.allocate()).toBe(bound);
    expect(m.header.bound).toBe(bound + 1);
    m.ids.limit = bound + 2;
    m.ids.allocate();
    expect(() => m.ids.allocate()).toThrow(SpirvError);
    try {
      m.ids.allocate();
    } catch (e) {
      expect((e as SpirvError).code).toBe('ID_LIMIT');
      expect((e as SpirvError).message).toContain(String(bound + 2));
    }
  });
});
