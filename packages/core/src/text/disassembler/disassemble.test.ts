// Layout, options, and what is printed where spirv-dis gives up (unknown opcodes, enumerants,
// ext-inst numbers; malformed operands). test/oracle/disassembler.test.ts compares whole modules
// with spirv-dis and assembles the raw forms back with spirv-as.
import { describe, expect, it } from 'vitest';
import { encodeLiteralString } from '../../words/literalString.js';
import { decodeModule } from '../../binary/decodeModule.js';
import { Decoration, ExecutionMode, ExecutionModel, Op, StorageClass } from '../../grammar/index.js';
import { Instruction } from '../../ir/Instruction.js';
import { Module } from '../../ir/Module.js';
import { disassemble, disassembleBinary } from './disassemble.js';

type Operand = number | string;

/** A module of the given instructions ([opcode, ...operands], strings as literal strings). */
function binary(bound: number, ...instructions: Operand[][]): Uint32Array {
  const words = [0x07230203, 0x00010300, (7 << 16) | 5, bound, 0];
  for (const [opcode, ...operands] of instructions) {
    const body = operands.flatMap((o) => (typeof o === 'string' ? encodeLiteralString(o) : [o >>> 0]));
    words.push((((body.length + 1) << 16) | (opcode as number)) >>> 0, ...body);
  }
  return Uint32Array.from(words);
}

/** The disassembly without header and indentation, as lines. */
function lines(bound: number, ...instructions: Operand[][]): string[] {
  return disassembleBinary(binary(bound, ...instructions), { header: false, indent: false })
    .trimEnd()
    .split('\n');
}

const UNKNOWN = 99999; // no enumerant of any kind has this value

describe('layout and options', () => {
  const words = binary(
    4,
    [Op.Capability, 1],
    [Op.Name, 1, 'abcdefghij'],
    [Op.Name, 2, 'abcdefghijk'],
    [Op.TypeVoid, 1],
    [Op.TypeBool, 2],
    [Op.TypeInt, 3, 32, 0],
  );

  it('starts with the header comments and right-aligns result ids so = lines up', () => {
    expect(disassembleBinary(words)).toBe(
      [
        '; SPIR-V',
        '; Version: 1.3',
        '; Generator: Khronos SPIR-V Tools Assembler; 5',
        '; Bound: 4',
        '; Schema: 0',
        '               OpCapability Shader',
        '               OpName %abcdefghij "abcdefghij"',
        '               OpName %abcdefghijk "abcdefghijk"',
        ' %abcdefghij = OpTypeVoid',
        '%abcdefghijk = OpTypeBool', // longer names push the = to the right
        '       %uint = OpTypeInt 32 0',
        '',
      ].join('\n'),
    );
  });

  it('has spirv-dis options', () => {
    expect(disassembleBinary(words, { header: false, indent: false, rawId: true, offsets: true }).split('\n')).toEqual([
      'OpCapability Shader ; 0x00000014',
      'OpName %1 "abcdefghij" ; 0x0000001c',
      'OpName %2 "abcdefghijk" ; 0x00000030',
      '%1 = OpTypeVoid ; 0x00000044',
      '%2 = OpTypeBool ; 0x0000004c',
      '%3 = OpTypeInt 32 0 ; 0x00000054',
      '',
    ]);
    expect(disassembleBinary(words, { header: false, rawId: true }).split('\n')[3]).toBe('          %1 = OpTypeVoid');
  });

  it('names the generator, or says it is unknown', () => {
    const header = (generator: number) => {
      const m = new Module({ generator, bound: 1 });
      return disassemble(m).split('\n')[2];
    };
    expect(header(8 << 16)).toBe('; Generator: Khronos Glslang Reference Front End; 0');
    expect(header((1 << 16) | 3)).toBe('; Generator: LunarG; 3'); // a vendor without a tool
    expect(header(0xffff0007)).toBe('; Generator: Unknown(65535); 7');
  });

  it('prints an empty module as its header, or nothing', () => {
    expect(disassemble(new Module({ bound: 1 }))).toBe('; SPIR-V\n; Version: 1.0\n; Generator: Khronos; 0\n; Bound: 1\n; Schema: 0\n');
    expect(disassemble(new Module({ bound: 1 }), { header: false })).toBe('');
  });

  it('prints enumerants, masks and their parameters', () => {
    expect(
      lines(
        9,
        [Op.TypeVoid, 1],
        [Op.TypeFunction, 2, 1],
        [Op.TypeInt, 3, 32, 0],
        [Op.TypePointer, 4, StorageClass.Function, 3],
        [Op.Function, 1, 5, 0, 2],
        [Op.Label, 6],
        [Op.Variable, 4, 7, StorageClass.Function],
        [Op.Load, 3, 8, 7, 3, 16], // Volatile|Aligned 16
        [Op.Store, 7, 8, 0], // None
        [Op.Return],
        [Op.FunctionEnd],
      ),
    ).toEqual([
      '%void = OpTypeVoid',
      '%2 = OpTypeFunction %void',
      '%uint = OpTypeInt 32 0',
      '%_ptr_Function_uint = OpTypePointer Function %uint',
      '%5 = OpFunction %void None %2',
      '%6 = OpLabel',
      '%7 = OpVariable %_ptr_Function_uint Function',
      '%8 = OpLoad %uint %7 Volatile|Aligned 16',
      'OpStore %7 %8 None',
      'OpReturn',
      'OpFunctionEnd',
    ]);
  });

  it('prints the same text for function bodies decoded or still held as words', () => {
    const fn = binary(
      9,
      [Op.TypeVoid, 1],
      [Op.TypeFunction, 2, 1],
      [Op.TypeInt, 3, 32, 1],
      [Op.Constant, 3, 4, 0xfffffffe],
      [Op.Function, 1, 5, 0, 2],
      [Op.Label, 6],
      [Op.IAdd, 3, 7, 4, 4],
      [Op.Switch, 7, 6, 0xffffffff, 6, 3, 6],
      [Op.FunctionEnd],
    );
    const lazy = decodeModule(fn);
    const text = disassemble(lazy);
    expect(lazy.hasLazyFunctions).toBe(true);
    expect(disassemble(decodeModule(fn, { lazyFunctions: false }))).toBe(text);
    expect(text).toContain('               OpSwitch %7 %6 -1 %6 3 %6\n');
  });
});

describe('what spirv-dis cannot print, as raw words', () => {
  it('prints an unknown opcode as the whole instruction, first word in hex', () => {
    expect(lines(3, [0x0abc, 1, 2], [0x7fff])).toEqual(['!0x00030abc !1 !2', '!0x00017fff']);
    expect(disassembleBinary(binary(3, [0x0abc, 1, 2]), { header: false })).toBe('               !0x00030abc !1 !2\n');
  });

  it('prints an unknown enumerant and every word after it raw', () => {
    expect(lines(3, [Op.Capability, UNKNOWN], [Op.Decorate, 1, UNKNOWN, 1, 2], [Op.Decorate, 1, Decoration.SpecId, 7])).toEqual([
      `OpCapability !${UNKNOWN}`,
      `OpDecorate %1 !${UNKNOWN} !1 !2`,
      'OpDecorate %1 SpecId 7',
    ]);
    expect(lines(3, [Op.EntryPoint, ExecutionModel.GLCompute, 1, 'main', 2], [Op.ExecutionMode, 1, UNKNOWN, 4, 4])).toEqual([
      'OpEntryPoint GLCompute %1 "main" %2',
      `OpExecutionMode %1 !${UNKNOWN} !4 !4`,
    ]);
  });

  it('prints a mask with an unknown bit raw', () => {
    const fn = (memoryAccess: number) =>
      lines(
        9,
        [Op.TypeVoid, 1],
        [Op.TypeFunction, 2, 1],
        [Op.TypeInt, 3, 32, 0],
        [Op.TypePointer, 4, StorageClass.Function, 3],
        [Op.Function, 1, 5, 0, 2],
        [Op.Label, 6],
        [Op.Variable, 4, 7, StorageClass.Function],
        [Op.Load, 3, 8, 7, memoryAccess, 4],
        [Op.Return],
        [Op.FunctionEnd],
      )[7];
    expect(fn(0x40000002)).toBe('%8 = OpLoad %uint %7 !1073741826 !4');
    expect(fn(0x2)).toBe('%8 = OpLoad %uint %7 Aligned 4');
  });

  it('prints an unknown ext-inst: a number in a NonSemantic set, raw words otherwise', () => {
    expect(
      lines(
        12,
        [Op.ExtInstImport, 1, 'GLSL.std.450'],
        [Op.ExtInstImport, 2, 'NonSemantic.Unknown.Set'],
        [Op.ExtInstImport, 3, 'Not.A.Known.Set'],
        [Op.TypeVoid, 4],
        [Op.TypeFloat, 5, 32],
        [Op.Constant, 5, 6, 0x3f800000],
        [Op.ExtInst, 5, 7, 1, 31, 6], // Sqrt
        [Op.ExtInst, 5, 8, 1, 9999, 6],
        [Op.ExtInst, 4, 9, 2, 7, 6, 6],
        [Op.ExtInst, 4, 10, 3, 1, 6],
      ),
    ).toEqual([
      '%1 = OpExtInstImport "GLSL.std.450"',
      '%2 = OpExtInstImport "NonSemantic.Unknown.Set"',
      '%3 = OpExtInstImport "Not.A.Known.Set"',
      '%void = OpTypeVoid',
      '%float = OpTypeFloat 32',
      '%float_1 = OpConstant %float 1',
      '%7 = OpExtInst %float %1 Sqrt %float_1',
      '%8 = OpExtInst %float %1 !9999 !6',
      '%9 = OpExtInst %void %2 7 %float_1 %float_1',
      '%10 = OpExtInst %void %3 !1 !6',
    ]);
  });

  it('prints NonSemantic.DebugPrintf and DebugBreak instructions by number, as current spirv-dis does (SPIRV-Tools knows them by no name)', () => {
    // spirv-dis v2026.4 (and 2023.1) prints `1` for DebugPrintf, and spirv-as reads only that;
    // a set SPIRV-Tools names (ClspvReflection here) keeps its names.
    expect(
      lines(
        12,
        [Op.ExtInstImport, 1, 'NonSemantic.DebugPrintf'],
        [Op.ExtInstImport, 2, 'NonSemantic.DebugBreak'],
        [Op.ExtInstImport, 3, 'NonSemantic.ClspvReflection.6'],
        [Op.String, 4, 'x=%d'],
        [Op.TypeVoid, 5],
        [Op.TypeInt, 6, 32, 0],
        [Op.Constant, 6, 7, 7],
        [Op.ExtInst, 5, 8, 1, 1, 4, 7],
        [Op.ExtInst, 5, 9, 2, 1],
        [Op.ExtInst, 5, 10, 3, 1, 4, 7],
      ),
    ).toEqual([
      '%1 = OpExtInstImport "NonSemantic.DebugPrintf"',
      '%2 = OpExtInstImport "NonSemantic.DebugBreak"',
      '%3 = OpExtInstImport "NonSemantic.ClspvReflection.6"',
      '%4 = OpString "x=%d"',
      '%void = OpTypeVoid',
      '%uint = OpTypeInt 32 0',
      '%uint_7 = OpConstant %uint 7',
      '%8 = OpExtInst %void %1 1 %4 %uint_7',
      '%9 = OpExtInst %void %2 1',
      '%10 = OpExtInst %void %3 Kernel %4 %uint_7',
    ]);
  });

  it('prints OpSpecConstantOp with the opcode name without Op, or raw when unknown', () => {
    expect(
      lines(6, [Op.TypeInt, 1, 32, 0], [Op.SpecConstant, 1, 2, 3], [Op.SpecConstantOp, 1, 3, Op.IAdd, 2, 2], [Op.SpecConstantOp, 1, 4, 0xfff0, 2]),
    ).toEqual(['%uint = OpTypeInt 32 0', '%2 = OpSpecConstant %uint 3', '%3 = OpSpecConstantOp %uint IAdd %2 %2', '%4 = OpSpecConstantOp %uint !65520 !2']);
  });

  it('makes spirv-as stop checking an instruction that is short of operands', () => {
    expect(
      lines(
        12,
        [Op.ExecutionMode, 1, ExecutionMode.LocalSize, 1, 1], // z is missing
        [Op.MemberName, 3, 0], // the name is missing
        [Op.TypeInt, 3, 32, 0],
        [Op.Constant, 3, 11], // the value is missing
      ),
    ).toEqual(['OpExecutionMode %1 LocalSize 1 !1', 'OpMemberName %uint !0', '%uint = OpTypeInt 32 0', '%11 = OpConstant !3']);
    // No operand to write raw: the whole instruction. spirv-as checks OpTypeInt's word count even then.
    expect(lines(12, [Op.Capability], [Op.TypeInt, 9, 32])).toEqual(['!0x00010011', '!0x00030015 !9 !32']);
  });

  it('prints the line before a raw instruction raw when spirv-as would read the raw words into it', () => {
    // OpTypeFunction takes any number of parameter types; OpLoad optional memory operands;
    // OpExecutionMode with raw words goes on taking words. OpConstant and OpTypeVoid cannot grow.
    expect(
      lines(
        12,
        [Op.ExecutionMode, 1, ExecutionMode.LocalSize, 1, 1],
        [Op.TypeVoid, 2],
        [Op.TypeFunction, 4, 2],
        [Op.ExecutionMode, 1, UNKNOWN],
        [0x0abc, 1],
        [Op.TypeInt, 3, 32, 0],
        [Op.Constant, 3, 5, 7],
        [0x0abd, 2],
      ),
    ).toEqual([
      'OpExecutionMode %1 LocalSize 1 !1',
      '%void = OpTypeVoid',
      '!0x00030021 !4 !2',
      '!0x00030010 !1 !99999',
      '!0x00020abc !1',
      '%uint = OpTypeInt 32 0',
      '%uint_7 = OpConstant %uint 7',
      '!0x00020abd !2',
    ]);
  });

  it('prints words past the last operand raw', () => {
    expect(lines(3, [Op.TypeVoid, 1, 5], [Op.TypeBool, 2])).toEqual(['%void = OpTypeVoid !5', '%bool = OpTypeBool']);
  });

  it('prints a string the text cannot carry as raw words', () => {
    // 'a', 0xff, nul: not UTF-8. The decoder rejects an unterminated string, a built module may have one.
    expect(lines(2, [Op.SourceExtension, 0x0000ff61])).toEqual(['OpSourceExtension !65377']);
    const m = new Module({ bound: 2 });
    m.debugStrings.push(new Instruction(Op.SourceExtension, 0, 0, [0x64636261]), new Instruction(Op.SourceExtension, 0, 0, [0x00636261]));
    expect(disassemble(m, { header: false, indent: false })).toBe('OpSourceExtension !1684234849\nOpSourceExtension "abc"\n');
  });

  it('prints a literal of a type that is not a scalar number raw', () => {
    expect(lines(4, [Op.TypeBool, 1], [Op.Constant, 1, 2, 5], [Op.Constant, 3, 3, 5])).toEqual([
      '%bool = OpTypeBool',
      '%2 = OpConstant %bool !5',
      '%3 = OpConstant %3 !5',
    ]);
  });
});
