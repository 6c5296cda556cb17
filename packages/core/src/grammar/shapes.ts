/**
 * The grammar as decoding needs it: which opcodes exist, which have a result type and a result
 * id, the kinds and quantifiers of their operands, which enumerant values exist and what
 * parameters they bring, and the same for the extended instruction sets. No names, no
 * availability: a page that only decodes and encodes bundles this and not the rest (see
 * `./names.ts` for the names and `./specs.ts` for the full specs).
 *
 * The tables (`./generated/shapes.ts`) are compact strings and numbers, decoded on first use.
 */
import {
  CODE_CHARS,
  CORE_CATEGORIES,
  ENUMS,
  EXT_SETS,
  INSTRUCTIONS,
  KIND_NAMES,
  TYPE_DECLARATIONS,
  CONSTANT_CREATIONS,
  ANNOTATIONS,
} from './generated/shapes.js';
import type { ExtInstSetInfo, OperandCategory, OperandSpec, Quantifier } from './types.js';

/** `instructionShape[opcode]` bit: the opcode is in the grammar. */
export const SHAPE_KNOWN = 1;
/** `instructionShape[opcode]` bit: the instruction has an IdResultType operand. */
export const SHAPE_TYPE = 2;
/** `instructionShape[opcode]` bit: the instruction has an IdResult operand. */
export const SHAPE_RESULT = 4;

const CATEGORY_OF_LETTER: Readonly<Record<string, OperandCategory>> = { B: 'BitEnum', V: 'ValueEnum', I: 'Id', L: 'Literal', C: 'Composite' };

// ---------------------------------------------------------------- operand lists

const operandCache = new Map<string, OperandSpec>();

/** @internal The operand list a code string stands for (see generators/shapes.mjs): one spec object per kind and quantifier, shared. */
export function decodeOperands(codes: string): readonly OperandSpec[] {
  const out: OperandSpec[] = [];
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    const next = codes[i + 1];
    const quantifier: Quantifier = next === '?' || next === '*' ? next : '';
    if (quantifier !== '') i++;
    const key = c + quantifier;
    let spec = operandCache.get(key);
    if (spec === undefined) {
      spec = Object.freeze({ kind: KIND_NAMES[CODE_CHARS.indexOf(c)], quantifier });
      operandCache.set(key, spec);
    }
    out.push(spec);
  }
  return Object.freeze(out);
}

// ---------------------------------------------------------------- instructions

interface CoreShapes {
  /** Operand code strings by opcode (the first instruction with an opcode wins, as in the grammar). */
  readonly codes: (string | undefined)[];
  readonly operands: (readonly OperandSpec[] | undefined)[];
  /** Known opcodes in grammar order, each once. */
  readonly opcodes: number[];
}

let coreShapes: CoreShapes | undefined;

function core(): CoreShapes {
  if (coreShapes !== undefined) return coreShapes;
  const codes: (string | undefined)[] = [];
  const opcodes: number[] = [];
  let opcode = 0;
  for (let i = 0; i < INSTRUCTIONS.length; i += 2) {
    opcode += INSTRUCTIONS[i] as number;
    if (codes[opcode] !== undefined) continue;
    codes[opcode] = INSTRUCTIONS[i + 1] as string;
    opcodes.push(opcode);
  }
  return (coreShapes = { codes, operands: [], opcodes });
}

function buildInstructionShape(): Uint8Array {
  const shape = new Uint8Array(65536);
  const typeCode = CODE_CHARS[KIND_NAMES.indexOf('IdResultType')];
  const resultCode = CODE_CHARS[KIND_NAMES.indexOf('IdResult')];
  const { codes, opcodes } = core();
  for (const op of opcodes) {
    const c = codes[op]!;
    shape[op] = SHAPE_KNOWN | (c.includes(typeCode) ? SHAPE_TYPE : 0) | (c.includes(resultCode) ? SHAPE_RESULT : 0);
  }
  return shape;
}

/**
 * Per-opcode shape bits for all 65536 opcodes: SHAPE_KNOWN | SHAPE_TYPE | SHAPE_RESULT.
 * @example (instructionShape[Op.Load] & SHAPE_RESULT) !== 0 // true
 */
export const instructionShape: Uint8Array = /* @__PURE__ */ buildInstructionShape();

/**
 * The operands of the core instruction with this opcode, in grammar order (result type and
 * result id included), with kind and quantifier only; undefined for an opcode the grammar does
 * not know. For operand names, see `instructionByOpcode`.
 * @example instructionOperands(Op.Load)?.map((o) => o.kind) // ['IdResultType', 'IdResult', 'IdRef', 'MemoryAccess']
 */
export function instructionOperands(opcode: number): readonly OperandSpec[] | undefined {
  const c = core();
  const codes = c.codes[opcode];
  if (codes === undefined) return undefined;
  return (c.operands[opcode] ??= decodeOperands(codes));
}

/**
 * Every opcode the grammar knows, in grammar order, each once.
 * @example knownOpcodes().includes(Op.Load) // true
 */
export function knownOpcodes(): readonly number[] {
  return core().opcodes;
}

let typeDeclarations: Set<number> | undefined;

/**
 * Whether the core instruction is of the grammar's class `Type-Declaration` (OpTypeInt, ..., and
 * OpTypeForwardPointer, which has no result).
 * @example isTypeDeclaration(Op.TypeVector) // true
 */
export function isTypeDeclaration(opcode: number): boolean {
  return (typeDeclarations ??= new Set(TYPE_DECLARATIONS)).has(opcode);
}

let constantCreations: Set<number> | undefined;

/**
 * Whether the core instruction is of the grammar's class `Constant-Creation`: OpConstant*,
 * OpSpecConstant* and OpSpecConstantOp.
 * @example isConstantCreation(Op.SpecConstantOp) // true
 */
export function isConstantCreation(opcode: number): boolean {
  return (constantCreations ??= new Set(CONSTANT_CREATIONS)).has(opcode);
}

let annotations: Set<number> | undefined;

/**
 * Whether the core instruction is of the grammar's class `Annotation`: OpDecorate*,
 * OpMemberDecorate*, OpDecorationGroup, OpGroupDecorate, OpGroupMemberDecorate.
 * @example isAnnotation(Op.DecorateString) // true
 */
export function isAnnotation(opcode: number): boolean {
  return (annotations ??= new Set(ANNOTATIONS)).has(opcode);
}

/**
 * Whether the annotation's first operand is the id (or struct) it decorates: every opcode of the
 * grammar's Annotation class (so new ones, such as OpMemberDecorateIdEXT, come with the grammar)
 * but those of decoration groups (OpDecorationGroup, OpGroupDecorate, OpGroupMemberDecorate),
 * whose first operand is the group.
 * @example decoratesTarget(Op.MemberDecorate) // true; decoratesTarget(Op.GroupDecorate) // false
 */
export function decoratesTarget(opcode: number): boolean {
  // OpDecorationGroup, OpGroupDecorate, OpGroupMemberDecorate (numbers, not Op: a page that only
  // decodes would otherwise bundle every opcode's name; grammar.test.ts checks them).
  return isAnnotation(opcode) && opcode !== 73 && opcode !== 74 && opcode !== 75;
}

/**
 * Whether the instruction is an extended instruction (its first operand after the result id is
 * the set, its second the instruction number): OpExtInst, and OpExtInstWithForwardRefsKHR, the
 * form non-semantic debug info takes when it names ids defined later.
 * @example isExtInst(Op.ExtInst) // true
 */
export function isExtInst(opcode: number): boolean {
  return opcode === 12 /* OpExtInst */ || opcode === 4433; /* OpExtInstWithForwardRefsKHR */
}

// ---------------------------------------------------------------- operand kinds and enumerants

/** The enumerants of one ValueEnum or BitEnum kind: parameters by value (undefined: none). */
interface EnumShape {
  readonly category: 'ValueEnum' | 'BitEnum';
  readonly params: Map<number, readonly OperandSpec[] | undefined>;
}

const NO_OPERANDS: readonly OperandSpec[] = Object.freeze([]);

function decodeEnum(category: 'ValueEnum' | 'BitEnum', data: readonly (number | string)[], from: number): EnumShape {
  const params = new Map<number, readonly OperandSpec[] | undefined>();
  let value = 0;
  for (let i = from; i < data.length; i++) {
    value += data[i] as number;
    const next = data[i + 1];
    const p = typeof next === 'string' ? decodeOperands(next) : undefined;
    if (p !== undefined) i++;
    if (!params.has(value)) params.set(value, p);
  }
  return { category, params };
}

const coreEnums = new Map<string, EnumShape>();
let coreCategories: Map<string, OperandCategory> | undefined;

function coreCategory(kind: string): OperandCategory | undefined {
  if (coreCategories === undefined) {
    coreCategories = new Map();
    for (let i = 0; i < CORE_CATEGORIES.length; i++) coreCategories.set(KIND_NAMES[i], CATEGORY_OF_LETTER[CORE_CATEGORIES[i]]);
  }
  return coreCategories.get(kind);
}

let enumIndices: Map<string, number> | undefined;

/**
 * The index of a core ValueEnum or BitEnum kind in the per-enum tables (`ENUMS` and those aligned
 * with it: names, aliases, versions); undefined for any other kind.
 * @internal
 */
export function coreEnumIndex(kind: string): number | undefined {
  if (enumIndices === undefined) {
    enumIndices = new Map();
    for (let i = 0; i < CORE_CATEGORIES.length; i++) {
      if (CORE_CATEGORIES[i] === 'B' || CORE_CATEGORIES[i] === 'V') enumIndices.set(KIND_NAMES[i], enumIndices.size);
    }
  }
  return enumIndices.get(kind);
}

function coreEnum(kind: string): EnumShape | undefined {
  let shape = coreEnums.get(kind);
  if (shape === undefined) {
    const index = coreEnumIndex(kind);
    const category = coreCategory(kind);
    if (index === undefined || (category !== 'ValueEnum' && category !== 'BitEnum')) return undefined;
    shape = decodeEnum(category, ENUMS[index], 0);
    coreEnums.set(kind, shape);
  }
  return shape;
}

/**
 * The category of an operand kind; with `set`, the set's own kinds (e.g. DebugInfoFlags) are
 * searched before the core grammar's. Undefined for a kind the grammar does not have.
 * @example operandCategory('MemoryAccess') // 'BitEnum'
 */
export function operandCategory(kind: string, set?: ExtInstSetInfo): OperandCategory | undefined {
  const own = set === undefined ? undefined : extShapes(set)?.kinds.get(kind);
  return own !== undefined ? own.category : coreCategory(kind);
}

function enumShape(kind: string, set: ExtInstSetInfo | undefined): EnumShape | undefined {
  const own = set === undefined ? undefined : extShapes(set)?.kinds.get(kind);
  if (own !== undefined) return own.enumerants;
  return coreEnum(kind);
}

/**
 * The operands an enumerant brings after it (empty for most), or undefined when the kind is not
 * an enumeration or has no enumerant with this value. For a BitEnum, `value` is a single bit (or 0).
 * @example enumerantParameters('MemoryAccess', MemoryAccess.Aligned)?.[0]?.kind // 'LiteralInteger'
 */
export function enumerantParameters(kind: string, value: number, set?: ExtInstSetInfo): readonly OperandSpec[] | undefined {
  const shape = enumShape(kind, set);
  if (shape === undefined || !shape.params.has(value)) return undefined;
  return shape.params.get(value) ?? NO_OPERANDS;
}

/**
 * Whether any enumerant of the kind brings parameters (MemoryAccess's Aligned does); false for a
 * kind that is not an enumeration.
 * @example enumHasParameters('MemoryAccess') // true
 */
export function enumHasParameters(kind: string, set?: ExtInstSetInfo): boolean {
  const shape = enumShape(kind, set);
  if (shape === undefined) return false;
  for (const p of shape.params.values()) if (p !== undefined && p.length > 0) return true;
  return false;
}

/**
 * Whether the operand kind is an `<id>` (IdRef, IdResult, IdResultType, IdScope, IdMemorySemantics).
 * @example isIdKind('IdScope') // true
 */
export function isIdKind(kind: string): boolean {
  return coreCategory(kind) === 'Id';
}

/**
 * Whether the operand kind is a literal (LiteralInteger, LiteralString, LiteralContextDependentNumber, ...).
 * @example isLiteralKind('LiteralString') // true
 */
export function isLiteralKind(kind: string): boolean {
  return coreCategory(kind) === 'Literal';
}

// ---------------------------------------------------------------- extended instruction sets

interface ExtShapes {
  readonly info: ExtInstSetInfo;
  readonly index: number;
  readonly codes: Map<number, string>;
  readonly operands: Map<number, readonly OperandSpec[]>;
  /**
   * The kinds the set defines; `enumIndex`: for a ValueEnum or BitEnum kind, its index among the
   * set's kinds of those two categories (the order of the set's entries in the per-kind name,
   * alias and version tables), else -1.
   */
  readonly kinds: Map<string, { readonly category: OperandCategory; readonly enumerants: EnumShape | undefined; readonly enumIndex: number }>;
}

let extByFile: Map<string, ExtShapes> | undefined;
let extInfos: ExtInstSetInfo[] | undefined;

function extSets(): Map<string, ExtShapes> {
  if (extByFile !== undefined) return extByFile;
  extByFile = new Map();
  extInfos = [];
  EXT_SETS.forEach((s, index) => {
    const info: ExtInstSetInfo = Object.freeze({
      name: s.name,
      grammarFile: s.grammarFile,
      ...(s.version !== undefined ? { version: s.version } : {}),
      ...(s.revision !== undefined ? { revision: s.revision } : {}),
      exactName: s.exactName,
    });
    const codes = new Map<number, string>();
    let opcode = 0;
    for (let i = 0; i < s.instructions.length; i += 2) {
      opcode += s.instructions[i] as number;
      if (!codes.has(opcode)) codes.set(opcode, s.instructions[i + 1] as string);
    }
    const kinds = new Map<string, { category: OperandCategory; enumerants: EnumShape | undefined; enumIndex: number }>();
    let enums = 0;
    for (const [kind, data] of Object.entries(s.kinds)) {
      const category = CATEGORY_OF_LETTER[data[0] as string];
      const isEnum = category === 'ValueEnum' || category === 'BitEnum';
      kinds.set(kind, { category, enumerants: isEnum ? decodeEnum(category, data, 1) : undefined, enumIndex: isEnum ? enums++ : -1 });
    }
    extByFile!.set(s.grammarFile, { info, index, codes, operands: new Map(), kinds });
    extInfos!.push(info);
  });
  return extByFile;
}

/** @internal The decoded shapes of a set, by its grammar file; shared with names.ts, which aligns with `index`. */
export function extShapes(set: ExtInstSetInfo | string): ExtShapes | undefined {
  const info = typeof set === 'string' ? extInstSetByName(set) : set;
  return info === undefined ? undefined : extSets().get(info.grammarFile);
}

/**
 * Every extended instruction set the grammar has, sorted by grammar file name.
 * @example extInstSetInfos().some((s) => s.name === 'GLSL.std.450') // true
 */
export function extInstSetInfos(): readonly ExtInstSetInfo[] {
  extSets();
  return extInfos!;
}

const VERSION_SUFFIX = /^\d+(?:\.\d+)*$/;

/**
 * The extended instruction set an OpExtInstImport name refers to: an exact name, or for sets
 * with `exactName: false` the set's prefix followed by a numeric version suffix.
 * @example extInstSetByName('NonSemantic.ClspvReflection.5')?.grammarFile // 'nonsemantic.clspvreflection'
 */
export function extInstSetByName(importName: string): ExtInstSetInfo | undefined {
  const sets = extInstSetInfos();
  for (const set of sets) if (set.exactName && set.name === importName) return set;
  for (const set of sets) {
    if (!set.exactName && importName.startsWith(set.name) && VERSION_SUFFIX.test(importName.slice(set.name.length))) return set;
  }
  return undefined;
}

/**
 * The operands (after OpExtInst's `Set` and `Instruction`) of an extended instruction, with kind
 * and quantifier only; undefined when the set or the number is unknown.
 * @example extInstOperands('GLSL.std.450', 46)?.length // 3 (FMix: x, y, a)
 */
export function extInstOperands(set: ExtInstSetInfo | string, opcode: number): readonly OperandSpec[] | undefined {
  const s = extShapes(set);
  const codes = s?.codes.get(opcode);
  if (s === undefined || codes === undefined) return undefined;
  let ops = s.operands.get(opcode);
  if (ops === undefined) {
    ops = decodeOperands(codes);
    s.operands.set(opcode, ops);
  }
  return ops;
}
