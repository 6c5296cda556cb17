// Operands read through the grammar on demand: the kinds and word spans walkOperands reports.
import { expect, it } from 'vitest';
import { Op, decodeLiteralString, decodeModule, moduleOperandContext, parseOperands, type Instruction, type Module } from '@spvkit/core';
import { describeWithOracle } from '../support/oracles.js';
import { spirvAs, spirvToolsAvailable } from '../support/spirvTools.js';

const TEXT = `
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Linkage
          %1 = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
       %file = OpString "kernel.cl"
               OpSource OpenCL_C 200 %file "quote \\" and backslash \\\\ and ünïcödé"
               OpDecorateString %f UserSemantic "semantic"
               OpDecorate %f LinkageAttributes "f" Export
      %ulong = OpTypeInt 64 0
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
       %void = OpTypeVoid
    %big = OpConstant %ulong 0x123456789abcdef0
    %k = OpSpecConstant %uint 3
    %sc = OpSpecConstantOp %uint IAdd %k %k
%_ptr_Function_uint = OpTypePointer Function %uint
    %fnty = OpTypeFunction %void %ulong %float
          %f = OpFunction %void None %fnty
          %a = OpFunctionParameter %ulong
          %x = OpFunctionParameter %float
         %l0 = OpLabel
          %v = OpVariable %_ptr_Function_uint Function
         %ld = OpLoad %uint %v Volatile|Aligned 4
          %s = OpExtInst %float %1 sqrt %x
               OpSelectionMerge %end None
               OpSwitch %a %end 0x100000000 %c1 7 %c2
         %c1 = OpLabel
               OpBranch %end
         %c2 = OpLabel
               OpBranch %end
        %end = OpLabel
               OpReturn
               OpFunctionEnd
`;

function find(m: Module, opcode: number): Instruction {
  for (const i of m.instructions()) if (i.opcode === opcode) return i;
  throw new Error(`no opcode ${opcode}`);
}

describeWithOracle('operand views', spirvToolsAvailable(), () => {
  const m = decodeModule(spirvAs(TEXT, 'spv1.4'));
  const ctx = moduleOperandContext(m);
  const kinds = (i: Instruction) => parseOperands(i, ctx).operands.map((o) => `${o.kind}:${o.count}`);

  it('literal strings with escapes and UTF-8', () => {
    const src = find(m, Op.Source);
    expect(kinds(src)).toEqual(['SourceLanguage:1', 'LiteralInteger:1', 'IdRef:1', expect.stringMatching(/^LiteralString:\d+$/)]);
    expect(decodeLiteralString(src.operands, 3, src.operandCount).value).toBe('quote " and backslash \\ and ünïcödé');
  });

  it('64-bit literals take two words by their type', () => {
    const c = m.globals.find((i) => i.opcode === Op.Constant)!;
    expect(kinds(c)).toEqual(['LiteralContextDependentNumber:2']);
    expect([c.word(0), c.word(1)]).toEqual([0x9abcdef0, 0x12345678]);
  });

  it('masks with parameters', () => {
    expect(kinds(find(m, Op.Load))).toEqual(['IdRef:1', 'MemoryAccess:1', 'LiteralInteger:1']);
  });

  it('OpSwitch literals are as wide as the selector', () => {
    expect(kinds(find(m, Op.Switch))).toEqual([
      'IdRef:1',
      'IdRef:1',
      'LiteralContextDependentNumber:2',
      'IdRef:1',
      'LiteralContextDependentNumber:2',
      'IdRef:1',
    ]);
  });

  it('OpExtInst operands follow the imported set', () => {
    const ext = parseOperands(find(m, Op.ExtInst), ctx).operands;
    expect(ext.map((o) => o.kind)).toEqual(['IdRef', 'LiteralExtInstInteger', 'IdRef']);
    expect(ext[2].set?.name).toBe('OpenCL.std');
  });

  it('OpSpecConstantOp operands follow the wrapped opcode', () => {
    expect(kinds(find(m, Op.SpecConstantOp))).toEqual(['LiteralOpcode:1', 'IdRef:1', 'IdRef:1']);
  });

  it('OpDecorateString and decorations with string parameters', () => {
    const decos = m.annotations.map(kinds);
    expect(decos).toContainEqual(['IdRef:1', 'Decoration:1', 'LiteralString:3']);
    expect(decos).toContainEqual(['IdRef:1', 'Decoration:1', 'LiteralString:1', 'LinkageType:1']);
  });

  it('reports words that do not fit the grammar as Unparsed, never throwing', () => {
    const load = find(m, Op.Load).clone();
    load.setOperands([load.word(0), 0x40000000]); // an unknown MemoryAccess bit
    const r = parseOperands(load, ctx);
    expect(r.problem?.kind).toBe('unknown-enumerant');
  });
});
