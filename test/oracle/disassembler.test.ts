// Differential test of the disassembler against spirv-dis (SPIRV-Tools 2023.1): over the whole
// corpus and a few extra modules written for the friendly-name rules, with default options and
// with each of --raw-id, --no-header, --no-indent, --offsets, --comment, --color (and together), the text
// must be identical, up to the grammar aliases listed in spirvDis2023.ts and nothing else.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Op, decodeModule, disassemble, encodeLiteralString, type DisassembleOptions } from '@spvkit/core';
import { corpusToolsAvailable, loadCorpus, runTool } from '../corpus/index.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { asSpirvDis2023, firstDifferences } from './spirvDis2023.js';

const OPTION_SETS: ReadonlyArray<readonly [flags: readonly string[], options: DisassembleOptions]> = [
  [[], {}],
  [['--raw-id'], { rawId: true }],
  [['--no-header'], { header: false }],
  [['--no-indent'], { indent: false }],
  [['--offsets'], { offsets: true }],
  [['--comment'], { comment: true }],
  [['--raw-id', '--no-header', '--no-indent', '--offsets'], { rawId: true, header: false, indent: false, offsets: true }],
  [['--comment', '--raw-id', '--no-indent', '--offsets'], { comment: true, rawId: true, indent: false, offsets: true }],
  [['--color'], { color: true }],
  [['--color', '--comment', '--raw-id', '--no-indent', '--offsets'], { color: true, comment: true, rawId: true, indent: false, offsets: true }],
];

/**
 * Modules for the friendly-name rules the corpus does not reach: OpName sanitizing and clashes,
 * numeric names, builtins with and without a GLSL name, every scalar width, odd widths,
 * opaque and pipe types, forward pointers, constants of every kind. Assembled with
 * `spirv-as --target-env spv1.3 --preserve-numeric-ids`.
 */
const EXTRA_MODULES: Record<string, string> = {
  'names.spvasm': `
OpCapability Shader
OpCapability Int8
OpCapability Int16
OpCapability Int64
OpCapability Float16
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %lid %dr %sgm
OpExecutionMode %main LocalSize 1 1 1
%glsl = OpExtInstImport "GLSL.std.450"
OpName %main "main"
OpName %a "a.b-c d"
OpName %b ""
OpName %c "a.b-c d"
OpName %d "h\u00e9llo \u65e5\u672c"
OpName %e "uint"
OpName %f "7"
OpName %g "_struct_40"
OpName %h "1"
OpName %i "a_b_c_d_0"
OpName %j "a.b-c d"
OpName %gid "myGid"
OpName %k "float_1"
OpName %l "mat4v4float"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %lid BuiltIn LocalInvocationId
OpDecorate %dr BuiltIn DrawIndex
OpDecorate %sgm BuiltIn SubgroupEqMask
OpDecorate %a BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%i8 = OpTypeInt 8 1
%u8 = OpTypeInt 8 0
%i16 = OpTypeInt 16 1
%u16 = OpTypeInt 16 0
%i32 = OpTypeInt 32 1
%u32 = OpTypeInt 32 0
%i64 = OpTypeInt 64 1
%u64 = OpTypeInt 64 0
%f16 = OpTypeFloat 16
%f32 = OpTypeFloat 32
%f64 = OpTypeFloat 64
%v3u = OpTypeVector %u32 3
%v4u = OpTypeVector %u32 4
%v4f = OpTypeVector %f32 4
%m4 = OpTypeMatrix %v4f 4
%m4b = OpTypeMatrix %v4f 4
%c1 = OpConstant %i8 -1
%c2 = OpConstant %u8 255
%c3 = OpConstant %i16 -32768
%c4 = OpConstant %u16 65535
%c5 = OpConstant %i32 -2147483648
%c6 = OpConstant %u32 4294967295
%c7 = OpConstant %i64 -9223372036854775808
%c8 = OpConstant %u64 18446744073709551615
%c9 = OpConstant %i64 -1
%c10 = OpConstant %u32 4
%c11 = OpConstant %u32 4
%c12 = OpConstant %f32 0.5
%c13 = OpConstant %f32 -2.5
%c14 = OpConstant %f32 1e10
%c15 = OpConstant %f32 0.0001
%c16 = OpConstant %f64 1e100
%c17 = OpConstant %f64 -1e-5
%c18 = OpConstant %f32 2097150.625
%c19 = OpConstant %f32 1
%c20 = OpConstant %f16 -2.5
%c21 = OpConstant %u64 4294967296
%c22 = OpConstant %i64 -4294967296
%arr = OpTypeArray %f32 %c10
%arr2 = OpTypeArray %f32 %c11
%rarr = OpTypeRuntimeArray %v3u
%st = OpTypeStruct %arr %rarr
%ptr = OpTypePointer StorageBuffer %st
%pin = OpTypePointer Input %v3u
%pin4 = OpTypePointer Input %v4u
%pinu = OpTypePointer Input %u32
%pout = OpTypePointer Output %v4f
%gid = OpVariable %pin Input
%lid = OpVariable %pin Input
%dr = OpVariable %pinu Input
%sgm = OpVariable %pin4 Input
%a = OpVariable %pout Output
%t = OpConstantTrue %bool
%t2 = OpConstantTrue %bool
%fa = OpConstantFalse %bool
%st2 = OpTypeStruct %u32
%b = OpUndef %u32
%c = OpUndef %u32
%d = OpUndef %u32
%e = OpUndef %u32
%f = OpUndef %u32
%g = OpUndef %u32
%h = OpUndef %u32
%i = OpUndef %u32
%j = OpUndef %u32
%k = OpUndef %u32
%l = OpUndef %u32
%sc = OpSpecConstant %u32 3
%sct = OpSpecConstantTrue %bool
%main = OpFunction %void None %fn
%entry = OpLabel
%x = OpExtInst %f32 %glsl Sqrt %c12
OpReturn
OpFunctionEnd
`,
  'kernel_types.spvasm': `
OpCapability Addresses
OpCapability Kernel
OpCapability Pipes
OpCapability DeviceEnqueue
OpCapability Int64
OpCapability Int8
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %k "k"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%u32 = OpTypeInt 32 0
%u8 = OpTypeInt 8 0
%op = OpTypeOpaque "struct.Foo-bar"
%op2 = OpTypeOpaque ""
%pr = OpTypePipe ReadOnly
%pw = OpTypePipe WriteOnly
%ev = OpTypeEvent
%dev = OpTypeDeviceEvent
%rid = OpTypeReserveId
%q = OpTypeQueue
OpTypeForwardPointer %pst CrossWorkgroup
%st = OpTypeStruct %u32 %pst
%pst = OpTypePointer CrossWorkgroup %st
%pop = OpTypePointer CrossWorkgroup %op
%k = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
`,
  // Numeric ids kept as written: names that are numbers, clashing with ids named by their number
  // before (%3, an OpString) and after (%12) the OpName; an OpName after the id was named.
  'numeric_names.spvasm': `
OpCapability Shader
%1 = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %2 "main"
OpExecutionMode %2 LocalSize 1 1 1
%3 = OpString "file.glsl"
OpName %7 "3"
OpName %3 "not_applied"
OpName %9 "5"
OpName %10 "12"
OpName %11 "12"
OpName %13 "_struct_14"
OpName %15 "uint"
OpName %16 "uint_0"
%4 = OpTypeVoid
%5 = OpTypeFunction %4
%6 = OpTypeInt 32 0
%7 = OpConstant %6 7
%9 = OpConstant %6 9
%10 = OpConstant %6 10
%11 = OpConstant %6 11
%12 = OpConstant %6 12
%13 = OpConstant %6 13
%14 = OpTypeStruct %6
%15 = OpTypeInt 32 1
%16 = OpConstant %6 0
%17 = OpConstant %6 0
%2 = OpFunction %4 None %5
%8 = OpLabel
OpReturn
OpFunctionEnd
`,
  // --comment's titles where the layout is unusual: a decoration group before the decorations,
  // decorations before the debug instructions, an OpUndef among the types, an unnamed function;
  // in the second module the first debug instruction is an OpNoLine in a function.
  'comment-order.spvasm': `
OpCapability Shader
OpCapability Linkage
OpMemoryModel Logical GLSL450
%g = OpDecorationGroup
OpDecorate %g RelaxedPrecision
OpGroupDecorate %g %v
OpName %v "v"
OpName %f "f"
%s = OpString "x"
%u = OpTypeInt 32 0
%v = OpUndef %u
%vo = OpTypeVoid
%fn = OpTypeFunction %vo
%f = OpFunction %vo None %fn
%l = OpLabel
OpLine %s 1 1
OpReturn
OpFunctionEnd
%f2 = OpFunction %vo None %fn
%l2 = OpLabel
OpReturn
OpFunctionEnd
`,
  'comment-late-debug.spvasm': `
OpCapability Shader
OpCapability Linkage
OpMemoryModel Logical GLSL450
%u = OpTypeInt 32 0
%st = OpTypeStruct %u
%vo = OpTypeVoid
%fn = OpTypeFunction %vo
%f = OpFunction %vo None %fn
%l = OpLabel
OpNoLine
OpReturn
OpFunctionEnd
`,
};

const spirvDis = spawnSync('spirv-dis', ['--version'], { encoding: 'utf8' });
const oracle: Availability = !corpusToolsAvailable().ok
  ? { ok: false, reason: `corpus tools unavailable: ${corpusToolsAvailable().reason}` }
  : spirvDis.error || spirvDis.status !== 0
    ? { ok: false, reason: 'spirv-dis (Debian package spirv-tools) not found or not runnable on PATH' }
    : { ok: true };

interface Case {
  readonly name: string;
  readonly words: Uint32Array;
}

async function loadCases(): Promise<Case[]> {
  const cases: Case[] = (await loadCorpus()).map((m) => ({ name: m.name, words: m.words }));
  const dir = mkdtempSync(path.join(tmpdir(), 'spvkit-dis-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, source] of Object.entries(EXTRA_MODULES)) {
    const src = path.join(dir, file);
    const out = path.join(dir, `${file}.spv`);
    writeFileSync(src, source);
    const r = spawnSync('spirv-as', ['--target-env', 'spv1.3', '--preserve-numeric-ids', src, '-o', out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`spirv-as ${file}: ${r.stdout}${r.stderr}`);
    cases.push({ name: `extra/${file}`, words: new Uint32Array(new Uint8Array(readFileSync(out)).buffer) });
  }
  return cases;
}

const cases = oracle.ok ? await loadCases() : [];

describeWithOracle('disassembler matches spirv-dis', oracle, () => {
  it('has a corpus', () => expect(cases.length).toBeGreaterThan(50));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const bytes = new Uint8Array(c.words.buffer, c.words.byteOffset, c.words.byteLength);
    const module = decodeModule(c.words);
    for (const [flags, options] of OPTION_SETS) {
      const r = await runTool('spirv-dis', [...flags, '-'], { input: bytes });
      expect(r.code, `spirv-dis ${flags.join(' ')} failed: ${r.stderr}`).toBe(0);
      const ours = asSpirvDis2023(disassemble(module, options));
      if (ours !== r.stdout) expect.fail(`spirv-dis ${flags.join(' ')} differs:\n${firstDifferences(r.stdout, ours)}`);
    }
  });

  // Function bodies are printed from the words while the module still holds them undecoded, and
  // from the objects once decoded; a big-endian file decodes to the same module.
  it.each(cases.map((c) => [c.name, c] as const))('%s: same text decoded, materialized, big-endian', (_name, c) => {
    const lazy = decodeModule(c.words);
    const wasLazy = lazy.hasLazyFunctions;
    const materialized = decodeModule(c.words, { lazyFunctions: false });
    expect(materialized.hasLazyFunctions).toBe(false);
    const bigEndian = decodeModule(byteSwapped(c.words));
    for (const [, options] of OPTION_SETS) {
      const text = disassemble(lazy, options);
      expect(disassemble(materialized, options)).toBe(text);
      expect(disassemble(bigEndian, options)).toBe(text);
    }
    expect(lazy.hasLazyFunctions, 'disassembling must not decode the function bodies').toBe(wasLazy);
  });
});

function byteSwapped(words: Uint32Array): Uint32Array {
  const out = new Uint32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    out[i] = (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0;
  }
  return out;
}

/**
 * Modules with what spirv-dis cannot print: unknown opcodes, enumerants, mask bits, ext-inst
 * numbers, OpSpecConstantOp opcodes, missing and extra operands, a string that is not UTF-8.
 * Printed with --raw-id, `spirv-as --preserve-numeric-ids` must give back the same words.
 */
const RAW_WORD_MODULES: Record<string, (number | string)[][]> = {
  'unknowns in every section': [
    [Op.Capability, 1],
    [Op.Capability, 99999],
    [Op.ExtInstImport, 1, 'GLSL.std.450'],
    [Op.ExtInstImport, 2, 'NonSemantic.Unknown.Set'],
    [Op.MemoryModel, 0, 1],
    [Op.EntryPoint, 5, 5, 'main'],
    [Op.ExecutionMode, 5, 99999, 4, 4],
    [Op.ExecutionMode, 5, 17, 1, 1], // LocalSize without z
    [Op.Decorate, 7, 99999, 1, 2],
    [Op.SourceExtension, 0x0000ff61], // not UTF-8
    [0x0abc, 1, 2],
    [Op.TypeVoid, 3],
    [Op.TypeFunction, 4, 3],
    [Op.TypeFloat, 6, 32],
    [Op.Constant, 6, 7, 0x3f800000],
    [Op.TypeInt, 9, 32], // no signedness
    [Op.ExtInst, 6, 8, 1, 9999, 7],
    [Op.ExtInst, 3, 10, 2, 7, 7, 7],
    [Op.SpecConstantOp, 6, 14, 0xfff0, 7],
    [Op.TypePointer, 15, 7, 6],
    [Op.Function, 3, 5, 0, 4],
    [Op.Label, 11],
    [Op.Variable, 15, 12, 7],
    [Op.Load, 6, 13, 12, 0x40000002, 4],
    [Op.Return],
    [Op.FunctionEnd],
  ],
  // Raw instructions after lines that could take one more operand (which spirv-as would extend).
  'unknown opcodes after open-ended instructions': [
    [Op.Capability, 1],
    [Op.MemoryModel, 0, 1],
    [Op.TypeVoid, 3],
    [Op.TypeFunction, 4, 3],
    [0x0abc, 1, 2],
    [0x0abd, 7],
    [Op.TypeInt, 5, 32, 0],
    [Op.Constant, 5, 6, 5],
    [0x0abe, 8],
    [Op.TypeFunction, 9, 3, 5, 5],
    [Op.TypeInt, 10, 32],
    [Op.Function, 3, 11, 0, 4],
    [Op.Label, 12],
    [Op.Load, 5, 13, 6, 2],
    [0x0abf, 14],
    [Op.Return],
    [Op.FunctionEnd],
  ],
};

function rawModule(instructions: (number | string)[][]): Uint32Array {
  const words = [0x07230203, 0x00010300, 0, 16, 0];
  for (const [opcode, ...operands] of instructions) {
    const body = operands.flatMap((o) => (typeof o === 'string' ? encodeLiteralString(o) : [o >>> 0]));
    words.push((((body.length + 1) << 16) | (opcode as number)) >>> 0, ...body);
  }
  return Uint32Array.from(words);
}

describeWithOracle('raw words read back by spirv-as', oracle, () => {
  const dir = oracle.ok ? mkdtempSync(path.join(tmpdir(), 'spvkit-dis-raw-')) : '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.entries(RAW_WORD_MODULES))('%s', (name, instructions) => {
    const words = rawModule(instructions);
    const text = disassemble(decodeModule(words), { rawId: true });
    expect(text).toMatch(/!0x[0-9a-f]{8}/); // there is something spirv-dis could not print
    const src = path.join(dir, `${name.replaceAll(' ', '_')}.spvasm`);
    const out = `${src}.spv`;
    writeFileSync(src, text);
    const r = spawnSync('spirv-as', ['--target-env', 'spv1.3', '--preserve-numeric-ids', src, '-o', out], { encoding: 'utf8' });
    expect(r.status, `spirv-as rejected:\n${r.stdout}${r.stderr}\n${text}`).toBe(0);
    const back = new Uint32Array(new Uint8Array(readFileSync(out)).buffer);
    // The header's generator and bound are spirv-as's own; every instruction word must come back.
    expect(Array.from(back.subarray(5)), text).toEqual(Array.from(words.subarray(5)));
  });
});
