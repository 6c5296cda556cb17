// The assembler's specs (names, aliases, versions; no operand names), not the full ones: see grammar/textSpecs.ts.
import { Op, extInstSetInfos, type ExtInstSetInfo } from '../../grammar/index.js';
import {
  extInstTextSpecsUnnamed,
  instructionNames,
  instructionTextSpecUnnamed,
  type ExtInstTextSpec,
  type InstructionTextSpec,
} from '../../grammar/textSpecs.js';
import { ByteStringMap } from './ByteStringMap.js';
import { versionRange, type VersionRange } from './availability.js';
import { operandTypesOf } from './operandPatterns.js';
import type { OperandType } from './OperandType.js';

/** An opcode as the assembler needs it. */
export class OpcodeEntry {
  readonly opcode: number;
  readonly range: VersionRange;
  private operands: readonly OperandType[] | undefined;

  constructor(readonly spec: InstructionTextSpec) {
    this.opcode = spec.opcode;
    this.range = versionRange(spec);
  }

  /** Its operands in push order, result type and result id included (built on first use). */
  get pattern(): readonly OperandType[] {
    return (this.operands ??= operandTypesOf(this.spec.operands, undefined));
  }
}

/** An instruction of an extended instruction set. */
export class ExtInstEntry {
  private operands: readonly OperandType[] | undefined;

  constructor(
    readonly spec: ExtInstTextSpec,
    private readonly set: ExtInstSetInfo,
  ) {}

  /** Its operands in push order (built on first use). */
  get pattern(): readonly OperandType[] {
    return (this.operands ??= operandTypesOf(this.spec.operands, this.set));
  }
}

/** An imported extended instruction set, as OpExtInstImport named it. */
export interface ExtInstSetEntry {
  /** The grammar of the set, when spvkit knows it. */
  readonly spec: ExtInstSetInfo | undefined;
  /** A `NonSemantic.*` set: unknown instructions are still accepted by number, with id operands. */
  readonly nonSemantic: boolean;
  /** Instruction names → index in {@link instructions}. */
  readonly names: ByteStringMap;
  readonly instructions: readonly ExtInstEntry[];
  readonly byNumber: ReadonlyMap<number, ExtInstEntry>;
}

/**
 * The opcodes spirv-as v2023.1 accepts as OpSpecConstantOp's operation (its
 * `kOpSpecConstantOpcodes`, found by trying every opcode), plus CooperativeMatrixLengthKHR, which
 * newer SPIRV-Tools accepts. By number: their names (without `Op`) come from the opcode table.
 */
const SPEC_CONSTANT_OPCODES = [
  Op.AccessChain,
  Op.InBoundsAccessChain,
  Op.PtrAccessChain,
  Op.InBoundsPtrAccessChain,
  Op.VectorShuffle,
  Op.CompositeExtract,
  Op.CompositeInsert,
  Op.ConvertFToU,
  Op.ConvertFToS,
  Op.ConvertSToF,
  Op.ConvertUToF,
  Op.UConvert,
  Op.SConvert,
  Op.FConvert,
  Op.QuantizeToF16,
  Op.ConvertPtrToU,
  Op.ConvertUToPtr,
  Op.PtrCastToGeneric,
  Op.GenericCastToPtr,
  Op.Bitcast,
  Op.SNegate,
  Op.FNegate,
  Op.IAdd,
  Op.FAdd,
  Op.ISub,
  Op.FSub,
  Op.IMul,
  Op.FMul,
  Op.UDiv,
  Op.SDiv,
  Op.FDiv,
  Op.UMod,
  Op.SRem,
  Op.SMod,
  Op.FRem,
  Op.FMod,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalNot,
  Op.Select,
  Op.IEqual,
  Op.INotEqual,
  Op.UGreaterThan,
  Op.SGreaterThan,
  Op.UGreaterThanEqual,
  Op.SGreaterThanEqual,
  Op.ULessThan,
  Op.SLessThan,
  Op.ULessThanEqual,
  Op.SLessThanEqual,
  Op.ShiftRightLogical,
  Op.ShiftRightArithmetic,
  Op.ShiftLeftLogical,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.BitwiseAnd,
  Op.Not,
  Op.CooperativeMatrixLengthNV,
  Op.CooperativeMatrixLengthKHR,
];

/**
 * The grammar lookups of the assembler, by bytes: opcode names, OpSpecConstantOp operations,
 * extended instruction sets. Built once per process, on first use.
 */
export class AssemblerGrammar {
  /** Opcode names and aliases → index in the grammar's instruction list. */
  private readonly opcodeNames = new ByteStringMap(1024);
  /** Entries by grammar index, built when a text first names the opcode. */
  private readonly entries: (OpcodeEntry | undefined)[];
  /** Grammar index of each opcode's first instruction (the one that counts, as in spirv-as). */
  private readonly indexOf = new Map<number, number>();
  private readonly specConstantNames = new ByteStringMap(128);
  private readonly specConstantList: string[] = [];
  private readonly sets = new Map<string, ExtInstSetEntry>();
  private static instance: AssemblerGrammar | undefined;

  /** The shared instance. */
  static get(): AssemblerGrammar {
    return (AssemblerGrammar.instance ??= new AssemblerGrammar());
  }

  // Only names here: a process that assembles builds this table every time, and a spec per
  // instruction (operands, availability) for ~750 opcodes costs more than a small text's assembly.
  private constructor() {
    const { opnames, opcodes, aliases } = instructionNames();
    // Filled, not holey: the lookups read it once per instruction.
    this.entries = new Array<OpcodeEntry | undefined>(opcodes.length).fill(undefined);
    const first: number[] = [];
    for (let i = 0; i < opcodes.length; i++) {
      if (this.indexOf.has(opcodes[i])) continue;
      this.indexOf.set(opcodes[i], i);
      first.push(i);
    }
    for (const i of first) this.opcodeNames.set(opnames[i], i);
    for (const i of first) for (const alias of aliases.get(i) ?? []) if (!this.has(this.opcodeNames, alias)) this.opcodeNames.set(alias, i);
    for (const opcode of SPEC_CONSTANT_OPCODES) {
      const name = opnames[this.indexOf.get(opcode)!].slice(2);
      this.specConstantNames.set(name, opcode);
      this.specConstantList.push(name);
    }
  }

  /** The opcode named `bytes[start, end)` (with its `Op`), or undefined. */
  opcode(bytes: Uint8Array, start: number, end: number): OpcodeEntry | undefined {
    const i = this.opcodeNames.get(bytes, start, end);
    return i < 0 ? undefined : (this.entries[i] ?? this.entry(i));
  }

  /** {@link opcode} with the name's hash already computed (Lexer.identEnd). */
  opcodeHashed(bytes: Uint8Array, start: number, end: number, hash: number): OpcodeEntry | undefined {
    const i = this.opcodeNames.getHashed(bytes, start, end, hash);
    return i < 0 ? undefined : (this.entries[i] ?? this.entry(i));
  }

  private entry(i: number): OpcodeEntry {
    return (this.entries[i] = new OpcodeEntry(instructionTextSpecUnnamed(i)));
  }

  /** Every opcode name, for did-you-mean hints. */
  opcodeNamesList(): string[] {
    const { opnames } = instructionNames();
    return [...this.indexOf.values()].map((i) => opnames[i]);
  }

  /** OpSpecConstantOp's operation named `bytes[start, end)` (without `Op`). */
  specConstantOpcode(bytes: Uint8Array, start: number, end: number): OpcodeEntry | undefined {
    const op = this.specConstantNames.get(bytes, start, end);
    if (op < 0) return undefined;
    const i = this.indexOf.get(op)!;
    return this.entries[i] ?? this.entry(i);
  }

  /** The operations OpSpecConstantOp accepts, for hints. */
  specConstantOpcodeNames(): readonly string[] {
    return this.specConstantList;
  }

  /**
   * The set OpExtInstImport imports by this name: a set in the grammar, or any other
   * `NonSemantic.*` set (its instructions are accepted by number); undefined for other names,
   * which spirv-as rejects.
   */
  extInstSet(importName: string): ExtInstSetEntry | undefined {
    let entry = this.sets.get(importName);
    if (entry !== undefined) return entry;
    const spec = findSet(importName);
    if (spec === undefined && !importName.startsWith('NonSemantic.')) return undefined;
    const names = new ByteStringMap(64);
    const list: ExtInstEntry[] = [];
    const byNumber = new Map<number, ExtInstEntry>();
    for (const inst of spec === undefined ? [] : extInstTextSpecsUnnamed(spec)) {
      const e = new ExtInstEntry(inst, spec!);
      if (!byNumber.has(inst.opcode)) byNumber.set(inst.opcode, e);
      names.set(inst.opname, list.length);
      list.push(e);
    }
    entry = { spec, nonSemantic: importName.startsWith('NonSemantic.'), names, instructions: list, byNumber };
    this.sets.set(importName, entry);
    return entry;
  }

  /** Names of the sets in the grammar, for hints. */
  extInstSetNames(): string[] {
    return extInstSetInfos().map((s) => (s.exactName ? s.name : `${s.name}<version>`));
  }

  private has(map: ByteStringMap, name: string): boolean {
    const b = new Uint8Array(name.length);
    for (let i = 0; i < name.length; i++) b[i] = name.charCodeAt(i);
    return map.get(b, 0, b.length) >= 0;
  }
}

/** The grammar's set for an import name: exact, or a prefix set (`NonSemantic.ClspvReflection.`) with any suffix. */
function findSet(importName: string): ExtInstSetInfo | undefined {
  for (const s of extInstSetInfos()) if (s.exactName && s.name === importName) return s;
  // spirv-as accepts any suffix after the prefix of a versioned set (NonSemantic.ClspvReflection.5).
  for (const s of extInstSetInfos()) if (!s.exactName && importName.startsWith(s.name)) return s;
  return undefined;
}
