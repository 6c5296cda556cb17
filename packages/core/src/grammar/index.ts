/**
 * Lookup API over the generated SPIR-V grammar tables. The tables live in `./generated/` and are
 * produced by `generate.mjs`; everything here is an index over them, built eagerly where the
 * decoder needs it on every instruction and lazily elsewhere.
 */
import { instructions, operandKinds } from './generated/core.js';
import { extInstSets } from './generated/extinst.js';
import { generators } from './generated/generators.js';
import type {
  EnumerantSpec,
  ExtInstSetSpec,
  ExtInstSpec,
  GeneratorSpec,
  InstructionSpec,
  OperandKindSpec,
} from './types.js';

export * from './types.js';
export * from './generated/enums.js';
export { GRAMMAR_VERSION, MAGIC_NUMBER, instructions, operandKinds } from './generated/core.js';
export { extInstSets } from './generated/extinst.js';
export { generators } from './generated/generators.js';

// ---------------------------------------------------------------- instructions

let maxOpcode = 0;
for (const inst of instructions) if (inst.opcode > maxOpcode) maxOpcode = inst.opcode;
/** Dense opcode → spec table (filled with undefined first so the array stays packed). */
const byOpcode: (InstructionSpec | undefined)[] = new Array<InstructionSpec | undefined>(maxOpcode + 1).fill(undefined);
for (const inst of instructions) byOpcode[inst.opcode] ??= inst;

/** `instructionShape[opcode]` bit: the opcode is in the grammar. */
export const SHAPE_KNOWN = 1;
/** `instructionShape[opcode]` bit: the instruction has an IdResultType operand. */
export const SHAPE_TYPE = 2;
/** `instructionShape[opcode]` bit: the instruction has an IdResult operand. */
export const SHAPE_RESULT = 4;

/**
 * Per-opcode shape bits for all 65536 opcodes: SHAPE_KNOWN | SHAPE_TYPE | SHAPE_RESULT.
 * @example (instructionShape[Op.Load] & SHAPE_RESULT) !== 0 // true
 */
export const instructionShape: Uint8Array = new Uint8Array(65536);
for (const inst of instructions) {
  instructionShape[inst.opcode] =
    SHAPE_KNOWN | (inst.hasResultType ? SHAPE_TYPE : 0) | (inst.hasResult ? SHAPE_RESULT : 0);
}

/**
 * The core instruction with the given opcode.
 * @example instructionByOpcode(61)?.opname // 'OpLoad'
 */
export function instructionByOpcode(opcode: number): InstructionSpec | undefined {
  return opcode < byOpcode.length ? byOpcode[opcode] : undefined;
}

let byInstName: Map<string, InstructionSpec> | undefined;

/**
 * The core instruction with the given name (`Op` prefix included) or alias name.
 * @example instructionByName('OpSDotKHR')?.opname // 'OpSDot'
 */
export function instructionByName(name: string): InstructionSpec | undefined {
  if (byInstName === undefined) {
    byInstName = new Map();
    for (const inst of instructions) {
      if (!byInstName.has(inst.opname)) byInstName.set(inst.opname, inst);
    }
    for (const inst of instructions) {
      for (const alias of inst.aliases) if (!byInstName.has(alias)) byInstName.set(alias, inst);
    }
  }
  return byInstName.get(name);
}

// ---------------------------------------------------------------- operand kinds and enumerants

const coreKinds = new Map<string, OperandKindSpec>();
for (const k of operandKinds) coreKinds.set(k.kind, k);

/**
 * The operand kind with the given name. With `set`, the set's own kinds (e.g. DebugInfoFlags)
 * are searched before the core grammar's.
 * @example operandKind('MemoryAccess')?.category // 'BitEnum'
 */
export function operandKind(kind: string, set?: ExtInstSetSpec): OperandKindSpec | undefined {
  if (set !== undefined && set.operandKinds.length !== 0) {
    for (const k of set.operandKinds) if (k.kind === kind) return k;
  }
  return coreKinds.get(kind);
}

interface EnumIndex {
  readonly byValue: Map<number, EnumerantSpec>;
  readonly byName: Map<string, EnumerantSpec>;
  names?: readonly string[];
  namesWithAliases?: readonly string[];
}
const enumIndexes = new Map<OperandKindSpec, EnumIndex>();

function enumIndex(kind: string, set: ExtInstSetSpec | undefined): EnumIndex | undefined {
  const spec = operandKind(kind, set);
  if (spec === undefined || spec.enumerants === undefined) return undefined;
  let index = enumIndexes.get(spec);
  if (index === undefined) {
    const byValue = new Map<number, EnumerantSpec>();
    const byName = new Map<string, EnumerantSpec>();
    for (const e of spec.enumerants) {
      if (!byValue.has(e.value)) byValue.set(e.value, e);
      if (!byName.has(e.name)) byName.set(e.name, e);
    }
    for (const e of spec.enumerants) {
      for (const alias of e.aliases) if (!byName.has(alias)) byName.set(alias, e);
    }
    index = { byValue, byName };
    enumIndexes.set(spec, index);
  }
  return index;
}

/**
 * The enumerant of a ValueEnum kind with the given value; for a BitEnum, the enumerant of a
 * single bit (or of 0, usually `None`). Combined masks give undefined.
 * @example enumerantByValue('BuiltIn', 29)?.name // 'LocalInvocationIndex'
 */
export function enumerantByValue(kind: string, value: number, set?: ExtInstSetSpec): EnumerantSpec | undefined {
  return enumIndex(kind, set)?.byValue.get(value);
}

/**
 * The enumerant of a ValueEnum or BitEnum kind with the given name or alias name.
 * @example enumerantByName('StorageClass', 'Input')?.value // 1
 */
export function enumerantByName(kind: string, name: string, set?: ExtInstSetSpec): EnumerantSpec | undefined {
  return enumIndex(kind, set)?.byName.get(name);
}

/**
 * The enumerant names of a ValueEnum or BitEnum kind in grammar order (for hints and
 * completions); aliases follow the primary names when `includeAliases` is set. Empty for other kinds.
 * @example enumerantNames('Dim').slice(0, 2) // ['1D', '2D']
 */
export function enumerantNames(kind: string, includeAliases = false, set?: ExtInstSetSpec): readonly string[] {
  const index = enumIndex(kind, set);
  if (index === undefined) return [];
  if (index.names === undefined) {
    const spec = operandKind(kind, set)!;
    const names = spec.enumerants!.map((e) => e.name);
    index.names = Object.freeze(names);
    index.namesWithAliases = Object.freeze([...names, ...spec.enumerants!.flatMap((e) => e.aliases)]);
  }
  return includeAliases ? index.namesWithAliases! : index.names;
}

const idKinds = new Set<string>();
const literalKinds = new Set<string>();
for (const k of operandKinds) {
  if (k.category === 'Id') idKinds.add(k.kind);
  else if (k.category === 'Literal') literalKinds.add(k.kind);
}

/**
 * Whether the operand kind is an `<id>` (IdRef, IdResult, IdResultType, IdScope, IdMemorySemantics).
 * @example isIdKind('IdScope') // true
 */
export function isIdKind(kind: string): boolean {
  return idKinds.has(kind);
}

/**
 * Whether the operand kind is a literal (LiteralInteger, LiteralString, LiteralContextDependentNumber, ...).
 * @example isLiteralKind('LiteralString') // true
 */
export function isLiteralKind(kind: string): boolean {
  return literalKinds.has(kind);
}

// ---------------------------------------------------------------- extended instruction sets

const exactSets = new Map<string, ExtInstSetSpec>();
const prefixSets: ExtInstSetSpec[] = [];
for (const set of extInstSets) {
  if (set.exactName) exactSets.set(set.name, set);
  else prefixSets.push(set);
}
const VERSION_SUFFIX = /^\d+(?:\.\d+)*$/;

/**
 * The extended instruction set an OpExtInstImport name refers to: an exact name, or for sets
 * with `exactName: false` the set's prefix followed by a numeric version suffix.
 * @example extInstSetByName('NonSemantic.ClspvReflection.5')?.grammarFile // 'nonsemantic.clspvreflection'
 */
export function extInstSetByName(importName: string): ExtInstSetSpec | undefined {
  const exact = exactSets.get(importName);
  if (exact !== undefined) return exact;
  for (const set of prefixSets) {
    if (importName.startsWith(set.name) && VERSION_SUFFIX.test(importName.slice(set.name.length))) return set;
  }
  return undefined;
}

interface ExtIndex {
  readonly byOpcode: Map<number, ExtInstSpec>;
  byName?: Map<string, ExtInstSpec>;
}
const extIndexes = new Map<ExtInstSetSpec, ExtIndex>();

function extIndex(set: ExtInstSetSpec | string): ExtIndex | undefined {
  const spec = typeof set === 'string' ? extInstSetByName(set) : set;
  if (spec === undefined) return undefined;
  let index = extIndexes.get(spec);
  if (index === undefined) {
    const byOpcode = new Map<number, ExtInstSpec>();
    for (const inst of spec.instructions) if (!byOpcode.has(inst.opcode)) byOpcode.set(inst.opcode, inst);
    index = { byOpcode };
    extIndexes.set(spec, index);
  }
  return index;
}

/**
 * The instruction of an extended instruction set (given as spec or import name) with the given number.
 * @example extInstByOpcode('GLSL.std.450', 1)?.opname // 'Round'
 */
export function extInstByOpcode(set: ExtInstSetSpec | string, opcode: number): ExtInstSpec | undefined {
  return extIndex(set)?.byOpcode.get(opcode);
}

/**
 * The instruction of an extended instruction set (given as spec or import name) with the given name.
 * @example extInstByName('GLSL.std.450', 'FMix')?.opcode // 46
 */
export function extInstByName(set: ExtInstSetSpec | string, name: string): ExtInstSpec | undefined {
  const index = extIndex(set);
  if (index === undefined) return undefined;
  if (index.byName === undefined) {
    index.byName = new Map();
    for (const inst of index.byOpcode.values()) if (!index.byName.has(inst.opname)) index.byName.set(inst.opname, inst);
  }
  return index.byName.get(name);
}

// ---------------------------------------------------------------- generators

const generatorsById = new Map<number, GeneratorSpec>();
for (const g of generators) generatorsById.set(g.id, g);

/**
 * The registered tool for a generator id (upper 16 bits of the header's generator word).
 * @example generatorById(8)?.tool // 'Glslang Reference Front End'
 */
export function generatorById(id: number): GeneratorSpec | undefined {
  return generatorsById.get(id);
}
