import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { disassemble } from '../text/disassembler/disassemble.js';
import { decodeModule } from '../binary/decodeModule.js';
import { encodeModule } from '../binary/encodeModule.js';
import { replaceFunctionWords } from '../binary/replaceFunctionWords.js';
import { DefUseAnalysis } from '../analysis/DefUse.js';
import { DecorationsAnalysis } from '../analysis/Decorations.js';
import { NamesAnalysis } from '../analysis/Names.js';
import { EntryPointsAnalysis } from '../analysis/EntryPoints.js';
import { TypesAnalysis } from '../analysis/TypeManager.js';
import { BuiltIn, Decoration, Op, StorageClass } from '../grammar/index.js';
import { SpirvError } from '../errors/SpirvError.js';
import { Instruction } from './Instruction.js';
import { checkConsistency } from '../analysis/checkConsistency.js';
import { addDecoration, addGlobalVariable, addName, removeDefinition, replaceAllUsesWith } from '../analysis/definitionEdits.js';
import type { Analysis, Module } from './Module.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %6 "main" %5
OpExecutionMode %6 LocalSize 4 1 1
OpName %6 "main"
OpName %5 "idx"
OpDecorate %5 BuiltIn LocalInvocationIndex
%1 = OpTypeVoid
%2 = OpTypeFunction %1
%3 = OpTypeInt 32 0
%4 = OpTypePointer Input %3
%5 = OpVariable %4 Input
%6 = OpFunction %1 None %2
%7 = OpLabel
%8 = OpLoad %3 %5
%9 = OpIAdd %3 %8 %8
OpReturn
OpFunctionEnd`;

/** A module with every analysis that can be checked built and cached. */
function loaded(): Module {
  const m = assemble(text, { preserveNumericIds: true });
  for (const a of [DefUseAnalysis, DecorationsAnalysis, NamesAnalysis, EntryPointsAnalysis, TypesAnalysis] as Analysis<unknown>[]) m.analysis(a);
  return m;
}

// Ids as assembled with preserveNumericIds.
const ids = { void: 1, fn: 2, uint: 3, ptr: 4, idx: 5, main: 6, entry: 7, a: 8, b: 9 } as const;
const idOf = (_m: Module, name: keyof typeof ids): number => ids[name];

describe('Module edits keep cached analyses right', () => {
  it('DefUse sees a type the type manager just created (the issue example)', () => {
    const m = loaded();
    const du = m.analysis(DefUseAnalysis);
    const u64 = m.analysis(TypesAnalysis).intType(64, false);
    expect(m.analysis(DefUseAnalysis)).toBe(du); // kept, not rebuilt
    expect(du.def(u64)?.opcode).toBe(Op.TypeInt);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('insert, replace, remove and setOperands in blocks and sections', () => {
    const m = loaded();
    const uint = idOf(m, 'uint');
    const a = idOf(m, 'a');
    const block = m.functions[0].blocks[0];
    const add = block.instructions[1];
    const mul = new Instruction(Op.IMul, uint, m.newId(), [a, a]);
    m.insertAfter(add, [mul]);
    m.setOperand(add, 1, mul.resultId);
    const du = m.analysis(DefUseAnalysis);
    expect(du.def(mul.resultId)).toBe(mul);
    expect(du.uses(mul.resultId).map((u) => u.instruction)).toEqual([add]);
    expect(du.uses(a).length).toBe(3); // add's first operand, mul twice
    const sub = new Instruction(Op.ISub, uint, mul.resultId, [a, a]);
    m.replace(mul, [sub]);
    expect(du.def(mul.resultId)).toBe(sub);
    m.remove(sub);
    expect(du.def(sub.resultId)).toBeUndefined();
    expect(checkConsistency(m)).toEqual([]);
    const seven = m.analysis(TypesAnalysis).constant(Op.Constant, uint, [7]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [7])).toBe(seven);
    m.setOperand(add, 1, seven);
    expect(du.uses(seven).length).toBe(1);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('adds globals, decorations and names the analyses see', () => {
    const m = loaded();
    const uint = idOf(m, 'uint');
    const v3 = m.analysis(TypesAnalysis).type(Op.TypeVector, [uint, 3]);
    const ptr = m.analysis(TypesAnalysis).type(Op.TypePointer, [StorageClass.Input, v3]);
    const lid = addGlobalVariable(m, ptr, StorageClass.Input);
    addDecoration(m, lid, Decoration.BuiltIn, [BuiltIn.LocalInvocationId]);
    addName(m, lid, 'lid');
    expect(m.analysis(DecorationsAnalysis).builtIn(lid)).toBe(BuiltIn.LocalInvocationId);
    expect(m.analysis(NamesAnalysis).name(lid)).toBe('lid');
    expect(
      m
        .analysis(DefUseAnalysis)
        .uses(lid)
        .map((u) => u.instruction.opcode)
        .sort(),
    ).toEqual([Op.Name, Op.Decorate].sort());
    expect(checkConsistency(m)).toEqual([]);
  });

  it('replaceAllUsesWith and removeDefinition', () => {
    const m = loaded();
    const uint = idOf(m, 'uint');
    const idx = idOf(m, 'idx');
    const a = idOf(m, 'a');
    const zero = m.analysis(TypesAnalysis).constant(Op.Constant, uint, [0]);
    expect(replaceAllUsesWith(m, a, zero)).toBe(2);
    const load = m.analysis(DefUseAnalysis).def(a)!;
    m.remove(load);
    expect(
      m
        .analysis(DefUseAnalysis)
        .uses(idx)
        .map((u) => u.instruction.opcode)
        .sort(),
    ).toEqual([Op.EntryPoint, Op.Name, Op.Decorate].sort());
    removeDefinition(m, idx);
    const out = disassemble(m, { header: false });
    expect(out).not.toMatch(/idx|LocalInvocationIndex/);
    expect(out).toMatch(/OpEntryPoint GLCompute %main "main"\n/);
    expect(m.analysis(DefUseAnalysis).def(idx)).toBeUndefined();
    expect(checkConsistency(m)).toEqual([]);
  });

  it('an annotation the grammar added late (OpMemberDecorateIdEXT) is one like the others', () => {
    // Its section, its decorations and its removal with the struct come from the grammar's
    // Annotation class, not from a list of opcodes that predates it.
    const op = (opcode: number, ...operands: number[]): number[] => [((operands.length + 1) << 16) | opcode, ...operands];
    const words = new Uint32Array([
      0x07230203,
      0x00010000,
      0,
      3,
      0,
      ...op(Op.Capability, 1),
      ...op(Op.MemoryModel, 0, 1),
      ...op(Op.MemberDecorateIdEXT, 2, 0, Decoration.RelaxedPrecision),
      ...op(Op.Decorate, 2, Decoration.Block),
      ...op(Op.TypeInt, 1, 32, 0),
      ...op(Op.TypeStruct, 2, 1),
    ]);
    const m = decodeModule(words);
    expect(m.annotations.map((i) => i.opcode)).toEqual([Op.MemberDecorateIdEXT, Op.Decorate]);
    expect(m.globals.map((i) => i.opcode)).toEqual([Op.TypeInt, Op.TypeStruct]);
    expect(
      m
        .analysis(DecorationsAnalysis)
        .members(2)
        .get(0)
        ?.map((d) => d.decoration),
    ).toEqual([Decoration.RelaxedPrecision]);
    removeDefinition(m, 2);
    expect(m.annotations).toEqual([]);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('replaceIn rewrites a block in one sweep', () => {
    const m = loaded();
    const block = m.functions[0].blocks[0];
    const zero = m.analysis(TypesAnalysis).constant(Op.Constant, 3, [0]);
    const n = m.replaceIn(block, (inst) => (inst.opcode === Op.IAdd ? [new Instruction(Op.ISub, 3, 9, [zero, 8])] : inst.opcode === Op.Nop ? [] : undefined));
    expect(n).toBe(1);
    expect(block.instructions.map((i) => i.opcode)).toEqual([Op.Load, Op.ISub, Op.Return]);
    expect(m.analysis(DefUseAnalysis).def(9)?.opcode).toBe(Op.ISub);
    expect(checkConsistency(m)).toEqual([]);
  });

  it('the type manager shares the first of equal constants, as a fresh build does, whatever the edit', () => {
    const m = loaded();
    const uint = idOf(m, 'uint');
    const types = m.analysis(TypesAnalysis);
    const seven = types.constant(Op.Constant, uint, [7]);
    // An equal constant inserted before the shared one: it is the first now.
    const before = new Instruction(Op.Constant, uint, m.newId(), [7]);
    m.insertBefore(
      m.globals.find((i) => i.resultId === seven)!,
      [before],
    );
    expect(checkConsistency(m)).toEqual([]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [7])).toBe(before.resultId);
    // The shared one removed: the one after it is shared.
    m.remove(before);
    expect(checkConsistency(m)).toEqual([]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [7])).toBe(seven);
    // A constant replaced in place by one equal to a later constant, and a constant's words set so.
    const eight = types.constant(Op.Constant, uint, [8]);
    const nine = types.constant(Op.Constant, uint, [9]);
    m.replace(
      m.globals.find((i) => i.resultId === seven)!,
      [new Instruction(Op.Constant, uint, seven, [9])],
    );
    expect(checkConsistency(m)).toEqual([]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [9])).toBe(seven);
    expect(nine).not.toBe(seven);
    m.setOperands(
      m.globals.find((i) => i.resultId === seven)!,
      [8],
    );
    expect(checkConsistency(m)).toEqual([]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [8])).toBe(seven);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [9])).toBe(nine);
    expect(eight).not.toBe(seven);
    // Decorating the shared one takes it out of sharing: the next equal one is shared.
    addDecoration(m, seven, Decoration.RelaxedPrecision);
    expect(checkConsistency(m)).toEqual([]);
    expect(m.analysis(TypesAnalysis).constant(Op.Constant, uint, [8])).toBe(eight);
  });

  it('an edit of an instruction not in the module is a SpirvError', () => {
    const m = loaded();
    const stray = new Instruction(Op.Nop);
    expect(() => m.remove(stray)).toThrow(SpirvError);
    expect(() => m.setOperands(stray, [])).toThrow(/not in the module/);
    expect(() => removeDefinition(m, 999)).toThrow(/nothing in the module defines %999/);
  });

  it('array surgery is caught by the consistency check', () => {
    const m = loaded();
    const uint = idOf(m, 'uint');
    m.globals.push(new Instruction(Op.Constant, uint, m.newId(), [42]));
    const stale = checkConsistency(m).map((s) => s.analysis);
    expect(stale).toContain('def-use');
    expect(stale).toContain('types');
  });

  it('section setters and new function words drop what they invalidate', () => {
    const m = loaded();
    m.debugNames = [];
    expect(m.analysis(NamesAnalysis).name(idOf(m, 'uint'))).toBeUndefined();
    expect(checkConsistency(m)).toEqual([]);
    const d = decodeModule(encodeModule(assemble(text, { preserveNumericIds: true })));
    const bodies = d.lazyFunctionWords()!.slice();
    d.analysis(EntryPointsAnalysis); // decodes the bodies
    d.analysis(DefUseAnalysis);
    replaceFunctionWords(d, bodies);
    expect(d.hasLazyFunctions).toBe(true);
    expect(d.cachedAnalyses().map((a) => a.name)).toEqual([]);
    expect(encodeModule(d)).toEqual(encodeModule(assemble(text, { preserveNumericIds: true })));
  });
});
