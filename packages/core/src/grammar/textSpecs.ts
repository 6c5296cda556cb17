/**
 * The grammar as assembling needs it: the shapes and names, plus the aliases the assembler
 * accepts, the operand names (for tools that show them) and the SPIR-V versions in which each
 * name is available. Built on first use from the split tables (`./generated/aliases.ts`,
 * `./generated/operandNames.ts`, `./generated/versions.ts`, aligned with `./generated/shapes.ts`),
 * so an assembler bundles neither capability and extension lists nor the full specs of `./specs.ts`.
 *
 * Each spec comes in two forms: the public one with the grammar's operand names
 * (`instructionTextSpecs`, ...), and one without (`*Unnamed`), which the assembler reads. Its
 * messages name an operand by its kind, and a page that assembles then carries no operand names
 * (6 KB gzip, an eighth of such a page; issue 13). The operand-name tables are referenced only by
 * the named functions, so a bundle that calls only the unnamed ones leaves them out.
 */
import { INSTRUCTION_ALIASES, ENUMERANT_ALIASES, EXT_ENUMERANT_ALIASES } from './generated/aliases.js';
import { CODE_CHARS, ENUMS, EXT_SETS, INSTRUCTIONS } from './generated/shapes.js';
import { ENUM_NAME_LIST } from './generated/enumNames.js';
import { EXT_NAMES } from './generated/extNames.js';
import { INSTRUCTION_NAMES } from './generated/opcodeNames.js';
import { EXT_OPERAND_NAMES, INSTRUCTION_OPERAND_NAMES, PARAMETER_NAMES } from './generated/operandNames.js';
import {
  ENUMERANT_LAST_VERSIONS,
  ENUMERANT_VERSIONS,
  EXT_ENUMERANT_LAST_VERSIONS,
  EXT_ENUMERANT_VERSIONS,
  INSTRUCTION_LAST_VERSIONS,
  INSTRUCTION_VERSIONS,
  VERSIONS,
} from './generated/versions.js';
import { coreEnumIndex, decodeOperands, extShapes, operandCategory } from './shapes.js';
import type { ExtInstSetInfo, OperandCategory, OperandSpec } from './types.js';

/** The SPIR-V versions in which a name can be used. */
export interface VersionAvailability {
  /** Minimum version as `major.minor`, `None` when only capabilities or extensions enable it; absent: 1.0. */
  readonly version?: string;
  /** Last version in which it is valid. */
  readonly lastVersion?: string;
  /** Whether a capability or an extension can enable it (in any version). */
  readonly enabledOtherwise: boolean;
}

/** A core instruction as the assembler reads it. */
export interface InstructionTextSpec extends VersionAvailability {
  readonly opname: string;
  readonly opcode: number;
  readonly aliases: readonly string[];
  /** Operands in order, result type and result id included, with the grammar's names. */
  readonly operands: readonly OperandSpec[];
  readonly hasResultType: boolean;
  readonly hasResult: boolean;
}

/** An enumerant as the assembler reads it. */
export interface EnumerantTextSpec extends VersionAvailability {
  readonly name: string;
  readonly value: number;
  readonly aliases: readonly string[];
  /** The operands it brings, with the grammar's names. */
  readonly parameters: readonly OperandSpec[];
}

/** A ValueEnum or BitEnum kind as the assembler reads it. */
export interface OperandKindTextSpec {
  readonly kind: string;
  readonly category: OperandCategory;
  readonly enumerants: readonly EnumerantTextSpec[];
}

/** An extended instruction as the assembler reads it. */
export interface ExtInstTextSpec {
  readonly opname: string;
  readonly opcode: number;
  /** Operands after OpExtInst's `Set` and `Instruction`, with the grammar's names. */
  readonly operands: readonly OperandSpec[];
}

const NONE: readonly never[] = Object.freeze([]);

/** Shape specs with names put in (`names` is one entry of an operandNames table). */
function named(shapes: readonly OperandSpec[], names: string | undefined): readonly OperandSpec[] {
  if (names === undefined || names === '') return shapes;
  const list = names.split('|');
  return Object.freeze(shapes.map((s, i) => (list[i] ? Object.freeze({ kind: s.kind, quantifier: s.quantifier, name: list[i] }) : s)));
}

function availability(code: string, last: number | undefined): VersionAvailability {
  const c = CODE_CHARS.indexOf(code);
  const version = VERSIONS[c >> 1] || undefined;
  const lastVersion = last === undefined ? undefined : VERSIONS[last];
  return {
    ...(version !== undefined ? { version } : {}),
    ...(lastVersion !== undefined ? { lastVersion } : {}),
    enabledOtherwise: (c & 1) === 1,
  };
}

/** The aliases of `name` from their edits (see generated/aliases.ts): drop the end, append the rest. */
function aliasesOf(name: string, edits: string | undefined): readonly string[] {
  if (edits === undefined) return NONE;
  return Object.freeze(edits.split(' ').map((e) => name.slice(0, name.length - (e.charCodeAt(0) - 48)) + e.slice(1)));
}

/** `[index, value, ...]` as a map. */
function sparse<T>(list: readonly (number | T)[]): Map<number, T> {
  const m = new Map<number, T>();
  for (let i = 0; i < list.length; i += 2) m.set(list[i] as number, list[i + 1] as T);
  return m;
}

let instructionSpecs: readonly InstructionTextSpec[] | undefined;

/**
 * Every core instruction in grammar order (an opcode may appear more than once, as in the grammar).
 * @example instructionTextSpecs().find((i) => i.opname === 'OpLoad')?.operands[2]?.name // 'Pointer'
 */
export function instructionTextSpecs(): readonly InstructionTextSpec[] {
  if (instructionSpecs !== undefined) return instructionSpecs;
  const { opnames } = instructionNames();
  const operandNames = INSTRUCTION_OPERAND_NAMES.split('\t');
  const list: InstructionTextSpec[] = [];
  for (let i = 0; i < opnames.length; i++) list.push(buildInstructionSpec(i, operandNames[i]));
  return (instructionSpecs = Object.freeze(list));
}

/** The core instructions' names and opcodes in grammar order, and their aliases by index. */
export interface InstructionNames {
  /** With `Op`. */
  readonly opnames: readonly string[];
  readonly opcodes: readonly number[];
  /** Aliases (with `Op`) of the instructions that have any, by index. */
  readonly aliases: ReadonlyMap<number, readonly string[]>;
}

let names: InstructionNames | undefined;

/**
 * The names, opcodes and aliases of {@link instructionTextSpecs} without building a spec per
 * instruction: the assembler's name table, built in every process that assembles, needs only
 * these, and builds the specs of the opcodes a text uses ({@link instructionTextSpecUnnamed}).
 * @internal
 */
export function instructionNames(): InstructionNames {
  if (names !== undefined) return names;
  const list = INSTRUCTION_NAMES.split(' ');
  const opnames: string[] = [];
  const opcodes: number[] = [];
  let opcode = 0;
  for (let i = 0; i < list.length; i++) {
    opcode += INSTRUCTIONS[2 * i] as number;
    opnames.push(`Op${list[i]}`);
    opcodes.push(opcode);
  }
  const aliases = new Map<number, readonly string[]>();
  for (const [i, edits] of sparse<string>(INSTRUCTION_ALIASES)) aliases.set(i, aliasesOf(opnames[i], edits));
  return (names = { opnames, opcodes, aliases });
}

const unnamedSpecs: (InstructionTextSpec | undefined)[] = [];

/** The spec of core instruction `index` (grammar order) without operand names (the assembler's). @internal */
export function instructionTextSpecUnnamed(index: number): InstructionTextSpec {
  return (unnamedSpecs[index] ??= buildInstructionSpec(index, undefined));
}

let lastVersions: Map<number, number> | undefined;

function buildInstructionSpec(i: number, operandNames: string | undefined): InstructionTextSpec {
  const { opnames, opcodes, aliases } = instructionNames();
  lastVersions ??= sparse<number>(INSTRUCTION_LAST_VERSIONS);
  const operands = named(decodeOperands(INSTRUCTIONS[2 * i + 1] as string), operandNames);
  return Object.freeze({
    opname: opnames[i],
    opcode: opcodes[i],
    aliases: aliases.get(i) ?? NONE,
    operands,
    hasResultType: operands.some((o) => o.kind === 'IdResultType'),
    hasResult: operands.some((o) => o.kind === 'IdResult'),
    ...availability(INSTRUCTION_VERSIONS[i], lastVersions.get(i)),
  });
}

/** Operand names of enumerant parameters: core kinds', and per extended set its own kinds'. */
interface ParameterNames {
  readonly core: Readonly<Record<string, string>>;
  readonly ext: readonly { readonly parameters: Readonly<Record<string, string>> }[];
}

const kindSpecs = new Map<string, OperandKindTextSpec | null>();
const kindSpecsUnnamed = new Map<string, OperandKindTextSpec | null>();

/**
 * A ValueEnum or BitEnum kind with its enumerants in grammar order; with `set`, the set's own
 * kinds are searched first. Undefined for other kinds.
 * @example operandKindTextSpec('MemoryAccess')?.enumerants[2]?.parameters[0]?.kind // 'LiteralInteger'
 */
export function operandKindTextSpec(kind: string, set?: ExtInstSetInfo): OperandKindTextSpec | undefined {
  return kindSpec(kind, set, kindSpecs, { core: PARAMETER_NAMES, ext: EXT_OPERAND_NAMES });
}

/** {@link operandKindTextSpec} without operand names (the assembler's). @internal */
export function operandKindTextSpecUnnamed(kind: string, set?: ExtInstSetInfo): OperandKindTextSpec | undefined {
  return kindSpec(kind, set, kindSpecsUnnamed, undefined);
}

function kindSpec(
  kind: string,
  set: ExtInstSetInfo | undefined,
  cache: Map<string, OperandKindTextSpec | null>,
  parameterNames: ParameterNames | undefined,
): OperandKindTextSpec | undefined {
  const s = set === undefined ? undefined : extShapes(set);
  const own = s !== undefined && s.kinds.has(kind);
  const key = own ? `${s.info.grammarFile}/${kind}` : kind;
  let spec = cache.get(key);
  if (spec === undefined) {
    const category = operandCategory(kind, own ? set : undefined);
    if (category !== 'ValueEnum' && category !== 'BitEnum') spec = null;
    else if (own) {
      const i = s.index;
      // An enum kind of the set (the category says so): its place in the per-kind tables.
      const k = s.kinds.get(kind)!.enumIndex;
      spec = buildKind(
        kind,
        category,
        EXT_SETS[i].kinds[kind],
        1,
        EXT_NAMES[i][1 + k],
        parameterNames?.ext[i].parameters[kind],
        EXT_ENUMERANT_ALIASES[i][k],
        EXT_ENUMERANT_VERSIONS[i][k],
        EXT_ENUMERANT_LAST_VERSIONS[i][k],
      );
    } else {
      // A core ValueEnum or BitEnum kind has an index: the category says so.
      const index = coreEnumIndex(kind)!;
      spec = buildKind(
        kind,
        category,
        ENUMS[index],
        0,
        ENUM_NAME_LIST[index],
        parameterNames?.core[kind],
        ENUMERANT_ALIASES[index],
        ENUMERANT_VERSIONS[index],
        ENUMERANT_LAST_VERSIONS[index],
      );
    }
    cache.set(key, spec);
  }
  return spec ?? undefined;
}

function buildKind(
  kind: string,
  category: OperandCategory,
  values: readonly (number | string)[],
  from: number,
  names: string,
  parameterNames: string | undefined,
  aliasList: readonly (number | string)[] | undefined,
  versions: string,
  lastList: readonly number[] | undefined,
): OperandKindTextSpec {
  const nameList = names.split(' ');
  const paramNames = parameterNames === undefined ? [] : parameterNames.split('\t');
  const aliases = sparse<string>(aliasList ?? []);
  const last = sparse<number>(lastList ?? []);
  const enumerants: EnumerantTextSpec[] = [];
  let value = 0;
  let withParams = 0;
  for (let i = from; i < values.length; i++) {
    value += values[i] as number;
    const n = enumerants.length;
    let parameters: readonly OperandSpec[] = NONE;
    const codes = values[i + 1];
    if (typeof codes === 'string') {
      i++;
      parameters = named(decodeOperands(codes), paramNames[withParams++]);
    }
    enumerants.push(
      Object.freeze({
        name: nameList[n],
        value,
        aliases: aliasesOf(nameList[n], aliases.get(n)),
        parameters,
        ...availability(versions[n], last.get(n)),
      }),
    );
  }
  return Object.freeze({ kind, category, enumerants: Object.freeze(enumerants) });
}

const extSpecs = new Map<string, readonly ExtInstTextSpec[]>();
const extSpecsUnnamed = new Map<string, readonly ExtInstTextSpec[]>();

/**
 * The instructions of an extended instruction set in grammar order, with operand names.
 * @example extInstTextSpecs(extInstSetByName('GLSL.std.450')!)[0]?.opname // 'Round'
 */
export function extInstTextSpecs(set: ExtInstSetInfo): readonly ExtInstTextSpec[] {
  return extSpecsOf(set, extSpecs, EXT_OPERAND_NAMES);
}

/** {@link extInstTextSpecs} without operand names (the assembler's). @internal */
export function extInstTextSpecsUnnamed(set: ExtInstSetInfo): readonly ExtInstTextSpec[] {
  return extSpecsOf(set, extSpecsUnnamed, undefined);
}

function extSpecsOf(
  set: ExtInstSetInfo,
  cache: Map<string, readonly ExtInstTextSpec[]>,
  operandNameTables: readonly { readonly instructions: string }[] | undefined,
): readonly ExtInstTextSpec[] {
  const s = extShapes(set);
  if (s === undefined) return [];
  let list = cache.get(s.info.grammarFile);
  if (list === undefined) {
    const names = EXT_NAMES[s.index][0].split(' ');
    const operandNames = operandNameTables?.[s.index].instructions.split('\t') ?? [];
    const data = EXT_SETS[s.index].instructions;
    const out: ExtInstTextSpec[] = [];
    let opcode = 0;
    for (let i = 0; i < data.length / 2; i++) {
      opcode += data[2 * i] as number;
      out.push(Object.freeze({ opname: names[i], opcode, operands: named(decodeOperands(data[2 * i + 1] as string), operandNames[i]) }));
    }
    list = Object.freeze(out);
    cache.set(s.info.grammarFile, list);
  }
  return list;
}
