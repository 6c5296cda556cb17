import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { BuiltIn, Decoration, Op } from '../grammar/index.js';
import { Instruction } from '../ir/Instruction.js';
import { checkConsistency } from './checkConsistency.js';
import { DecorationsAnalysis } from './Decorations.js';
import { TypesAnalysis } from './TypeManager.js';

const SOURCE = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %lid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %lid BuiltIn LocalInvocationId
OpDecorate %seven RelaxedPrecision
OpMemberDecorate %S 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%S = OpTypeStruct %uint
%ptr = OpTypePointer Input %v3uint
%lid = OpVariable %ptr Input
%seven = OpConstant %uint 7
%seven2 = OpConstant %uint 7
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

describe('DecorationsAnalysis through edits', () => {
  it('is kept through decorations added, removed and changed, and agrees with a fresh build', () => {
    const m = assemble(SOURCE);
    const decorations = m.analysis(DecorationsAnalysis);
    const [builtIn, relaxed, offset] = m.annotations;
    const lid = builtIn.word(0);
    expect(decorations.idsWithBuiltIn(BuiltIn.LocalInvocationId)).toEqual([lid]);
    m.remove(builtIn);
    expect(m.analysis(DecorationsAnalysis)).toBe(decorations);
    expect(decorations.idsWithBuiltIn(BuiltIn.LocalInvocationId)).toEqual([]);
    m.insert('annotations', [new Instruction(Op.Decorate, 0, 0, [lid, Decoration.BuiltIn, BuiltIn.GlobalInvocationId])]);
    expect(decorations.builtIn(lid)).toBe(BuiltIn.GlobalInvocationId);
    m.setOperands(offset, [offset.word(0), 0, Decoration.Offset, 4]);
    expect(decorations.ofMember(offset.word(0), 0)[0].params).toEqual([4]);
    m.setOperands(relaxed, [lid, Decoration.Volatile]);
    expect(decorations.find(lid, Decoration.Volatile)).toEqual([]);
    expect(m.analysis(DecorationsAnalysis)).toBe(decorations);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('is dropped where decoration groups are involved', () => {
    const m = assemble(SOURCE.replace('OpDecorate %seven RelaxedPrecision', '%g = OpDecorationGroup\nOpGroupDecorate %g %seven'));
    const decorations = m.analysis(DecorationsAnalysis);
    m.remove(m.annotations[0]);
    expect(m.analysis(DecorationsAnalysis)).not.toBe(decorations);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('lets the type manager share a constant again once its decoration is gone, as a fresh build does', () => {
    const m = assemble(SOURCE);
    const types = m.analysis(TypesAnalysis);
    const relaxed = m.annotations[1];
    const seven = relaxed.word(0);
    const uint = types.intType(32, false);
    // %seven is decorated, so 7 is %seven2; without the decoration the first 7 in the module is shared.
    expect(types.constant(Op.Constant, uint, [7])).not.toBe(seven);
    m.remove(relaxed);
    expect(m.analysis(TypesAnalysis)).toBe(types);
    expect(types.constant(Op.Constant, uint, [7])).toBe(seven);
    expect(checkConsistency(m)).toEqual([]);
  });
});
