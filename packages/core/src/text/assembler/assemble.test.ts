import { describe, expect, it } from 'vitest';
import { encodeModule } from '../../binary/encodeModule.js';
import { decodeModule } from '../../binary/decodeModule.js';
import { makeVersion } from '../../words/header.js';
import { SpirvError } from '../../errors/SpirvError.js';
import { Op } from '../../grammar/index.js';
import type { Instruction } from '../../ir/Instruction.js';
import { assemble, type AssembleOptions } from './assemble.js';
import { disassemble } from '../disassembler/disassemble.js';

/** The module's words, with spirv-as's generator word so whole outputs compare with spirv-as's. */
function words(text: string, options: AssembleOptions = {}): number[] {
  return Array.from(encodeModule(assemble(text, { generator: 0x00070000, ...options })));
}

// Each expected array below is what spirv-as v2023.1 writes for the same text and options.
describe('assemble: encodings', () => {
  it('numbers ids in order of first appearance, a result type before its result id', () => {
    const text = '%ptr = OpTypePointer Function %int\n%int = OpTypeInt 32 1\n%x = OpUndef %newtype\n%newtype = OpTypeFloat 32\n';
    expect(words(text)).toEqual([0x07230203, 0x00010600, 0x00070000, 5, 0, 0x00040020, 1, 7, 2, 0x00040015, 2, 32, 1, 0x00030001, 3, 4, 0x00030016, 3, 32]);
  });

  it('numbers numeric names like any other without preserveNumericIds', () => {
    const text = '%x = OpTypeVoid\n%3 = OpTypeInt 32 0\n%y = OpTypeInt 32 1\n%010 = OpTypeFloat 32\nOpName %1 "a"\n';
    expect(words(text, { allowUndefinedIds: true })).toEqual([
      0x07230203, 0x00010600, 0x00070000, 6, 0, 0x00020013, 1, 0x00040015, 2, 32, 0, 0x00040015, 3, 32, 1, 0x00030016, 4, 32, 0x00030005, 5, 0x61,
    ]);
  });

  it('keeps numeric ids with preserveNumericIds (octal and hex included) and fills the gaps with named ones', () => {
    const text = '%x = OpTypeVoid\n%3 = OpTypeInt 32 0\n%y = OpTypeInt 32 1\n%010 = OpTypeFloat 32\n%0x10 = OpTypeFloat 64\nOpName %1 "a"\n';
    expect(words(text, { preserveNumericIds: true, allowUndefinedIds: true })).toEqual([
      0x07230203, 0x00010600, 0x00070000, 17, 0, 0x00020013, 2, 0x00040015, 3, 32, 0, 0x00040015, 4, 32, 1, 0x00030016, 8, 32, 0x00030016, 16, 64, 0x00030005,
      1, 0x61,
    ]);
  });

  it('reads OpSwitch case literals as wide as the selector', () => {
    const text = `%long = OpTypeInt 64 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%s = OpUndef %long
%f = OpFunction %void None %fn
%l = OpLabel
OpSelectionMerge %m None
OpSwitch %s %m 1 %m 0x100000000 %m -1 %m
%m = OpLabel
OpReturn
OpFunctionEnd
`;
    expect(words(text)).toEqual([
      0x07230203, 0x00010600, 0x00070000, 8, 0, 0x00040015, 1, 64, 1, 0x00020013, 2, 0x00030021, 3, 2, 0x00030001, 1, 4, 0x00050036, 2, 5, 0, 3, 0x000200f8, 6,
      0x000300f7, 7, 0, 0x000c00fb, 4, 7, 1, 0, 7, 0, 1, 7, 0xffffffff, 0xffffffff, 7, 0x000200f8, 7, 0x000100fd, 0x00010038,
    ]);
  });

  it('encodes ext-inst names, OpSpecConstantOp operations and OpDecorateString with escapes and UTF-8', () => {
    const text = `OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
%float = OpTypeFloat 32
%one = OpConstant %float 1
%x = OpExtInst %float %glsl Sqrt %one
%int = OpTypeInt 32 1
%a = OpConstant %int 7
%s = OpSpecConstantOp %int IAdd %a %a
OpDecorateString %a UserSemantic "é\\"x\\\\"
`;
    expect(words(text)).toEqual([
      0x07230203, 0x00010600, 0x00070000, 8, 0, 0x00020011, 1, 0x0006000b, 1, 0x4c534c47, 0x6474732e, 0x3035342e, 0, 0x00030016, 2, 32, 0x0004002b, 2, 3,
      0x3f800000, 0x0006000c, 2, 4, 1, 31, 3, 0x00040015, 5, 32, 1, 0x0004002b, 5, 6, 7, 0x00060034, 5, 7, 0x80, 6, 6, 0x00051600, 6, 0x1603, 0x7822a9c3, 0x5c,
    ]);
  });

  it('reads masks with their operands, and after !<integer> reads the rest as numbers, strings or ids', () => {
    const text =
      '%int = OpTypeInt 32 1\n%ptr = OpTypePointer Function %int\n%p = OpUndef %ptr\n%a = OpLoad %int %p Volatile|Aligned 4\n%b = OpIAdd !5 %a %a\n!0x00020011 !1\n';
    // After `!5` spirv-as reads numbers, strings and ids up to the next instruction: the
    // `!0x00020011 !1` line becomes two more words of the OpIAdd (whose word count says 7).
    expect(words(text)).toEqual([
      0x07230203, 0x00010600, 0x00070000, 6, 0, 0x00040015, 1, 32, 1, 0x00040020, 2, 7, 1, 0x00030001, 2, 3, 0x0006003d, 1, 4, 3, 3, 4, 0x00070080, 5, 5, 4, 4,
      0x00020011, 1,
    ]);
  });

  it('takes !<integer> instructions word for word, several per line if their word counts say so', () => {
    expect(words('!0x00020011 !1 !0x0003000e !0 !1\nOpNop\n')).toEqual([0x07230203, 0x00010600, 0x00070000, 1, 0, 0x00020011, 1, 0x0003000e, 0, 1, 0x00010000]);
  });

  it('skips comments and reads forward references', () => {
    const text = '; a comment\n%p = OpTypePointer Input %f ; forward\n%f = OpTypeFloat 32;touching\n';
    expect(words(text)).toEqual([0x07230203, 0x00010600, 0x00070000, 3, 0, 0x00040020, 1, 1, 2, 0x00030016, 2, 32]);
  });

  it('accepts names spirv-as does not: numeric enumerants and masks, ext-inst numbers, ext-inst names of sets spirv-as only knows by number', () => {
    const text = `%glsl = OpExtInstImport "GLSL.std.450"
%dp = OpExtInstImport "NonSemantic.DebugPrintf"
%float = OpTypeFloat 32
%void = OpTypeVoid
%one = OpConstant %float 1
%s = OpExtInst %float %glsl 31 %one
%p = OpExtInst %void %dp DebugPrintf %one
OpDecorate %one 30 2
OpDecorate %float FPFastMathMode NotNaN|0x2
`;
    const w = words(text);
    const sqrt = w.indexOf(0x0006000c);
    expect(w.slice(sqrt, sqrt + 6)).toEqual([0x0006000c, 3, 6, 1, 31, 5]);
    const print = w.lastIndexOf(0x0006000c);
    expect(w.slice(print, print + 6)).toEqual([0x0006000c, 4, 7, 2, 1, 5]);
    const deco = w.indexOf(0x00040047);
    expect(w.slice(deco, deco + 4)).toEqual([0x00040047, 5, 30, 2]);
    expect(w.slice(deco + 4, deco + 8)).toEqual([0x00040047, 3, 40, 3]);
  });
});

describe('assemble: header', () => {
  const tiny = '%v = OpTypeVoid\n';

  it('writes SPIR-V 1.6 by default and the version of the target environment otherwise', () => {
    expect(assemble(tiny).header.version).toBe(makeVersion(1, 6));
    expect(assemble(tiny, { targetEnv: 'vulkan1.1' }).header.version).toBe(makeVersion(1, 3));
    expect(assemble(tiny, { targetEnv: 'vulkan1.1spv1.4' }).header.version).toBe(makeVersion(1, 4));
    expect(assemble(tiny, { targetEnv: 'opencl2.2' }).header.version).toBe(makeVersion(1, 2));
  });

  it('writes generator 0 unless told otherwise, and the bound spirv-as computes', () => {
    const m = assemble('%a = OpTypeVoid\n%b = OpTypeBool\n');
    expect(m.header.generator).toBe(0);
    expect(m.header.bound).toBe(3);
    expect(assemble(tiny, { generator: 0x12340001 }).header.generator).toBe(0x12340001);
    expect(assemble('%9 = OpTypeVoid\n%a = OpTypeBool\n', { preserveNumericIds: true }).header.bound).toBe(10);
  });

  it('rejects an unknown target environment with the list of valid ones', () => {
    try {
      assemble(tiny, { targetEnv: 'vulkan9' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SpirvError);
      expect((e as SpirvError).code).toBe('BAD_OPTION');
      expect((e as SpirvError).message).toContain('vulkan1.2');
    }
  });

  it('rejects names not available in the target environment, as spirv-as does', () => {
    expect(() => assemble('%i = OpTypeInt 32 0\n%x = OpCopyLogical %i %i\n', { targetEnv: 'spv1.0' })).toThrow(/OpCopyLogical is not available in SPIR-V 1.0/);
    expect(assemble('%i = OpTypeInt 32 0\n%x = OpCopyLogical %i %i\n', { targetEnv: 'spv1.4' }).header.bound).toBe(3);
  });

  it("takes operand names whose grammar version is 'None' with no capability or extension of their own in any version, as current spirv-as does", () => {
    // The reduce modes and cooperative matrix operands: only their instruction's capability gates them.
    const ids = ['t', 'm', 'f', 'a', 'b', 'c'].map((id) => `%${id} = OpUndef %u\n`).join('');
    const reduce = `%u = OpTypeInt 32 0\n${ids}%r = OpCooperativeMatrixReduceNV %t %m Row|Column %f\n`;
    const muladd = '%r = OpCooperativeMatrixMulAddKHR %t %a %b %c MatrixASignedComponentsKHR|SaturatingAccumulationKHR\n';
    for (const targetEnv of ['spv1.0', 'vulkan1.3']) {
      const text = disassemble(decodeModule(encodeModule(assemble(reduce + muladd.replace('%r', '%s'), { targetEnv }))));
      expect(text).toContain('Row|Column');
      expect(text).toContain('MatrixASignedComponentsKHR|SaturatingAccumulationKHR');
    }
  });
});

describe('assemble: module structure and spans', () => {
  const text = [
    'OpCapability Shader', // line 1
    'OpMemoryModel Logical GLSL450',
    'OpEntryPoint GLCompute %main "main"',
    '  %void = OpTypeVoid', // line 4, indented
    '%fn = OpTypeFunction %void',
    '%main = OpFunction %void None %fn', // line 6
    '%entry = OpLabel',
    '        OpReturn',
    'OpFunctionEnd',
    '',
  ].join('\n');

  it('puts instructions into sections and functions like decodeModule', () => {
    for (const lazyFunctions of [true, false]) {
      const m = assemble(text, { lazyFunctions });
      expect(m.capabilities.length).toBe(1);
      expect(m.entryPoints.length).toBe(1);
      expect(m.globals.map((i) => i.opcode)).toEqual([Op.TypeVoid, Op.TypeFunction]);
      expect(m.functions.length).toBe(1);
      expect(m.functions[0].blocks.length).toBe(1);
      expect(m.functions[0].blocks[0].instructions.map((i) => i.opcode)).toEqual([Op.Return]);
    }
  });

  it('gives every instruction the span of its text, from %id = or the opcode to its last operand', () => {
    const m = assemble(text, { file: 'k.spvasm' });
    const voidType = m.globals[0];
    expect(voidType.span).toEqual({
      start: text.indexOf('%void ='),
      end: text.indexOf('%void =') + '%void = OpTypeVoid'.length,
      line: 4,
      column: 3,
      file: 'k.spvasm',
    });
    const ep = m.entryPoints[0];
    expect(text.slice(ep.span!.start, ep.span!.end)).toBe('OpEntryPoint GLCompute %main "main"');
    const fn = m.functions[0];
    expect(fn.definition.span).toMatchObject({ line: 6, column: 1 });
    expect(text.slice(fn.definition.span!.start, fn.definition.span!.end)).toBe('%main = OpFunction %void None %fn');
    const ret = fn.blocks[0].instructions[0];
    expect(ret.span).toMatchObject({ line: 8, column: 9, file: 'k.spvasm' });
    expect(text.slice(ret.span!.start, ret.span!.end)).toBe('OpReturn');
  });

  it('counts span offsets and columns in UTF-16 units, and lines inside multi-line strings', () => {
    const src = 'OpSource GLSL 450 %f "é\n😀"\n%x = OpString "日本"\n%f = OpString "a"\n';
    const m = assemble(src);
    const strings = m.debugStrings;
    const x: Instruction = strings[1];
    expect(x.span).toMatchObject({ line: 3, column: 1 });
    expect(src.slice(x.span!.start, x.span!.end)).toBe('%x = OpString "日本"');
    expect(src.slice(strings[2].span!.start, strings[2].span!.end)).toBe('%f = OpString "a"');
  });

  it('holds the instructions as words until a section is read: encoding before and after, lazily or not, gives the same words', () => {
    const eager = Array.from(encodeModule(assemble(text, { lazyFunctions: false })));
    const lazy = assemble(text);
    expect(lazy.lazyGlobalWords()).not.toBeNull();
    expect(lazy.hasLazyFunctions).toBe(true);
    expect(Array.from(encodeModule(lazy))).toEqual(eager);
    expect(lazy.lazyGlobalWords()).not.toBeNull(); // encoding builds nothing
    expect(lazy.annotations.length).toBe(0); // any section builds them all
    expect(lazy.lazyGlobalWords()).toBeNull();
    expect(lazy.hasLazyFunctions).toBe(true); // the functions wait for their own first read
    expect(lazy.globals.map((i) => i.opcode)).toEqual([Op.TypeVoid, Op.TypeFunction]);
    expect(Array.from(encodeModule(lazy))).toEqual(eager);
  });

  it('builds the sections before a section is replaced or added to, so nothing is lost', () => {
    const replaced = assemble(text);
    replaced.debugNames = [];
    expect(replaced.entryPoints.length).toBe(1);
    expect(replaced.globals.length).toBe(2);
    const added = assemble(text);
    const before = encodeModule(added).length;
    added.globals.push(assemble('%u = OpTypeInt 32 0\n').globals[0]);
    const after = encodeModule(added);
    expect(after.length).toBe(before + 4);
    expect(added.capabilities.length).toBe(1);
  });

  it('turns a binary module away with a pointer to the disassembler', () => {
    const binary = new Uint8Array(encodeModule(assemble('OpCapability Shader\n')).buffer);
    const bigEndian = binary.map((_, i) => binary[(i & ~3) + 3 - (i & 3)]);
    for (const input of [binary, bigEndian, String.fromCharCode(...binary)]) {
      let caught: unknown;
      try {
        assemble(input, { file: 'x.spv' });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SpirvError);
      expect((caught as SpirvError).code).toBe('BAD_INPUT');
      expect((caught as SpirvError).hint).toMatch(/disassembl/);
      expect((caught as SpirvError).location).toMatchObject({ file: 'x.spv', line: 1, column: 1 });
    }
  });

  it('keeps the text order when encoding, even where the layout is unusual', () => {
    const src = 'OpName %a "a"\nOpCapability Shader\n%a = OpTypeVoid\nOpName %a "again"\n';
    const w = encodeModule(assemble(src));
    const opcodes: number[] = [];
    for (let i = 5; i < w.length; i += w[i] >>> 16) opcodes.push(w[i] & 0xffff);
    expect(opcodes).toEqual([Op.Name, Op.Capability, Op.TypeVoid, Op.Name]);
  });
});
