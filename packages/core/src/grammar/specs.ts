/**
 * The full specs of the grammar: every instruction, operand kind, enumerant and extended
 * instruction with its names, aliases, operand names and availability (`./generated/core.ts` and
 * `./generated/extinst.ts`). The assembler, the builder and anyone who wants the whole grammar use
 * these; decoding uses `./shapes.ts` and disassembling `./names.ts`, so a page that only does
 * those does not bundle this. Every index here is built on first use: importing the module does
 * nothing.
 */
import { instructions, operandKinds } from './generated/core.js';
import { extInstSets } from './generated/extinst.js';
import { extInstSetByName } from './shapes.js';
import type { EnumerantSpec, ExtInstSetInfo, ExtInstSetSpec, ExtInstSpec, InstructionSpec, OperandKindSpec } from './types.js';

export { GRAMMAR_VERSION, MAGIC_NUMBER, instructions, operandKinds } from './generated/core.js';
export { extInstSets } from './generated/extinst.js';

// ---------------------------------------------------------------- instructions

let byOpcode: (InstructionSpec | undefined)[] | undefined;

/**
 * The core instruction with the given opcode.
 * @example instructionByOpcode(61)?.opname // 'OpLoad'
 */
export function instructionByOpcode(opcode: number): InstructionSpec | undefined {
  if (byOpcode === undefined) {
    byOpcode = [];
    for (const inst of instructions) byOpcode[inst.opcode] ??= inst;
  }
  return byOpcode[opcode];
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

// ---------------------------------------------------------------- extended instruction sets

let setsByFile: Map<string, ExtInstSetSpec> | undefined;

/**
 * The full spec of an extended instruction set, given as its info (from `extInstSetByName`) or
 * its import name.
 * @example extInstSetSpec('GLSL.std.450')?.instructions.length // 81
 */
export function extInstSetSpec(set: ExtInstSetInfo | string): ExtInstSetSpec | undefined {
  const info = typeof set === 'string' ? extInstSetByName(set) : set;
  if (info === undefined) return undefined;
  if (setsByFile === undefined) {
    setsByFile = new Map();
    for (const s of extInstSets) setsByFile.set(s.grammarFile, s);
  }
  return setsByFile.get(info.grammarFile);
}

interface ExtIndex {
  readonly byOpcode: Map<number, ExtInstSpec>;
  byName?: Map<string, ExtInstSpec>;
}
const extIndexes = new Map<ExtInstSetSpec, ExtIndex>();

function extIndex(set: ExtInstSetInfo | string): ExtIndex | undefined {
  const spec = extInstSetSpec(set);
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
 * The instruction of an extended instruction set (given as info, spec or import name) with the given number.
 * @example extInstByOpcode('GLSL.std.450', 1)?.opname // 'Round'
 */
export function extInstByOpcode(set: ExtInstSetInfo | string, opcode: number): ExtInstSpec | undefined {
  return extIndex(set)?.byOpcode.get(opcode);
}

/**
 * The instruction of an extended instruction set (given as info, spec or import name) with the given name.
 * @example extInstByName('GLSL.std.450', 'FMix')?.opcode // 46
 */
export function extInstByName(set: ExtInstSetInfo | string, name: string): ExtInstSpec | undefined {
  const index = extIndex(set);
  if (index === undefined) return undefined;
  if (index.byName === undefined) {
    index.byName = new Map();
    for (const inst of index.byOpcode.values()) if (!index.byName.has(inst.opname)) index.byName.set(inst.opname, inst);
  }
  return index.byName.get(name);
}

// ---------------------------------------------------------------- operand kinds and enumerants

let coreKinds: Map<string, OperandKindSpec> | undefined;

/**
 * The operand kind with the given name. With `set`, the set's own kinds (e.g. DebugInfoFlags)
 * are searched before the core grammar's.
 * @example operandKind('MemoryAccess')?.category // 'BitEnum'
 */
export function operandKind(kind: string, set?: ExtInstSetInfo): OperandKindSpec | undefined {
  if (set !== undefined) {
    const spec = extInstSetSpec(set);
    if (spec !== undefined) for (const k of spec.operandKinds) if (k.kind === kind) return k;
  }
  if (coreKinds === undefined) {
    coreKinds = new Map();
    for (const k of operandKinds) coreKinds.set(k.kind, k);
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

function enumIndex(kind: string, set: ExtInstSetInfo | undefined): EnumIndex | undefined {
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
export function enumerantByValue(kind: string, value: number, set?: ExtInstSetInfo): EnumerantSpec | undefined {
  return enumIndex(kind, set)?.byValue.get(value);
}

/**
 * The enumerant of a ValueEnum or BitEnum kind with the given name or alias name.
 * @example enumerantByName('StorageClass', 'Input')?.value // 1
 */
export function enumerantByName(kind: string, name: string, set?: ExtInstSetInfo): EnumerantSpec | undefined {
  return enumIndex(kind, set)?.byName.get(name);
}

/**
 * The enumerant names of a ValueEnum or BitEnum kind in grammar order (for hints and
 * completions); aliases follow the primary names when `includeAliases` is set. Empty for other kinds.
 * @example enumerantNames('Dim').slice(0, 2) // ['1D', '2D']
 */
export function enumerantNames(kind: string, includeAliases = false, set?: ExtInstSetInfo): readonly string[] {
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
