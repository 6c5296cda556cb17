/**
 * The operand layouts of the grammar, generated from it (grammar/generators/operandLayouts.mjs):
 * for each instruction, extended instruction and enumerant that brings operands, what the words
 * of each of its operands hold and how many of it there may be, in a few classes that say how a
 * walk over words steps (an id, one literal word, a string, a number as wide as a type, an
 * enumerant that brings operands of its own, ...). The one table that the code reading
 * instructions from their words reads: the id walker ({@link IdOperandWalker}), the decoder's
 * operand checks, the disassembler's plain lines and the validator's enumerant walk.
 *
 * A layout is a run of operand slots in {@link layoutCodes}, ended by a 0 code. A slot's code is
 * its {@link OperandClass} shifted left by 2, or'ed with its {@link OperandQuantity}; for the
 * enumerant classes {@link layoutKinds} gives the operand kind, and for the parameterized ones
 * {@link layoutParameterTables} the table of the operands their enumerants bring. The result type
 * and result id are not slots: `instructionShape` says whether an instruction has them.
 */
import { CODE_CHARS, EXT_SETS, INSTRUCTIONS, KIND_NAMES } from '../grammar/generated/shapes.js';
import {
  EXT_INSTRUCTION_LAYOUTS,
  INSTRUCTION_LAYOUTS,
  LAYOUT_SLOTS,
  PARAMETER_LAYOUTS,
  UNKNOWN_EXT_INSTRUCTION_LAYOUT,
} from '../grammar/generated/operandLayouts.js';
import { extShapes } from '../grammar/shapes.js';
import type { ExtInstSetInfo } from '../grammar/types.js';

/** What an operand's words hold, and so how a walk over words steps over it: the class of a layout slot. */
export const OperandClass = Object.freeze({
  /** IdRef: one word, an id. */
  Id: 1,
  /** IdScope: one word, an id. */
  Scope: 2,
  /** IdMemorySemantics: one word, an id. */
  Semantics: 3,
  /** LiteralInteger: one word. */
  Integer: 4,
  /** LiteralFloat: one word. */
  Float: 5,
  /** A kind the operand walker has no rule for: one word. */
  Word: 6,
  /** LiteralString: the words up to the one holding its terminating nul. */
  String: 7,
  /** LiteralContextDependentNumber: as many words as the result type is wide (all the rest for an unknown type). */
  Number: 8,
  /** LiteralExtInstInteger: one word; in OpExtInst, the operands of the imported set's instruction follow. */
  ExtNumber: 9,
  /** LiteralSpecConstantOpInteger: one word, an opcode; the operands of that opcode follow. */
  SpecOpcode: 10,
  /** PairLiteralIntegerIdRef (OpSwitch): a literal as wide as the selector's type, then an id. */
  PairLiteralId: 11,
  /** PairIdRefLiteralInteger: an id, then a word. */
  PairIdLiteral: 12,
  /** PairIdRefIdRef: two ids. */
  PairIdId: 13,
  /** A ValueEnum none of whose enumerants brings operands: one word. */
  Value: 14,
  /** A BitEnum none of whose bits brings operands: one word. */
  Bits: 15,
  /** A ValueEnum some of whose enumerants bring operands: one word, then those operands. */
  ValueParameters: 16,
  /** A BitEnum some of whose bits bring operands: one word, then each set bit's operands, lowest bit first. */
  BitsParameters: 17,
} as const);
export type OperandClass = (typeof OperandClass)[keyof typeof OperandClass];

/** How many of an operand there may be: the low 2 bits of a layout slot's code. */
export const OperandQuantity = Object.freeze({
  /** Exactly one (a walk stops where it is missing). */
  One: 0,
  /** Zero or one (`?`). */
  Optional: 1,
  /** Any number, up to the end of the instruction (`*`). */
  Many: 2,
} as const);
export type OperandQuantity = (typeof OperandQuantity)[keyof typeof OperandQuantity];

/** The classes after which the generator writes a kind, and those after which it also writes a parameter table. */
const FIRST_ENUM_CLASS = OperandClass.Value;
const FIRST_PARAMETERS_CLASS = OperandClass.ValueParameters;
/** The number a CODE_CHARS character stands for, by character code. */
const CODE_VALUE = /* @__PURE__ */ codeValues();
const SPACE = 0x20;

function codeValues(): Uint8Array {
  const values = new Uint8Array(128);
  for (let i = 0; i < CODE_CHARS.length; i++) values[CODE_CHARS.charCodeAt(i)] = i;
  return values;
}

// The slots of every layout, allocated once: the core instructions' are read at once, an extended
// set's and an enumeration's parameters when first asked for (a page that decodes carries only the
// core layouts). Slot 0 is an empty layout, the one of opcodes the grammar does not know.

/**
 * Per layout slot: its {@link OperandClass} `<< 2 |` its {@link OperandQuantity}; 0 ends a layout.
 *
 * @example
 * ```ts
 * const slot = opcodeLayout[Op.Load];
 * layoutCodes[slot] >>> 2; // OperandClass.Id (Pointer)
 * layoutCodes[slot + 1] & 3; // OperandQuantity.Optional (Memory Operands)
 * ```
 */
export const layoutCodes: Uint8Array = new Uint8Array(1 + LAYOUT_SLOTS);
/** Per slot of an enumerant class (Value, Bits, ValueParameters, BitsParameters): the operand kind, for {@link layoutKindName}. */
export const layoutKinds: Uint8Array = new Uint8Array(1 + LAYOUT_SLOTS);
/** Per slot of a ValueParameters or BitsParameters class: the table that {@link enumerantLayout} takes. */
export const layoutParameterTables: Uint8Array = new Uint8Array(1 + LAYOUT_SLOTS);
/** The next free slot. */
let nextSlot = 1;

/** Reads the layout at `text[at]`, up to a space or the end, into the next free slots: its first slot. */
function readLayout(text: string, at: number): number {
  const first = nextSlot;
  let slot = first;
  for (let c: number; at < text.length && (c = text.charCodeAt(at)) !== SPACE; slot++) {
    const n = CODE_VALUE[c];
    at++;
    const cls = ((n / 3) | 0) + 1;
    layoutCodes[slot] = (cls << 2) | (n % 3);
    if (cls >= FIRST_ENUM_CLASS) layoutKinds[slot] = CODE_VALUE[text.charCodeAt(at++)];
    if (cls >= FIRST_PARAMETERS_CLASS) layoutParameterTables[slot] = CODE_VALUE[text.charCodeAt(at++)];
  }
  nextSlot = slot + 1; // past the layout's end, a 0 code
  return first;
}

/** Where the layout after the one at `text[at]` starts, in a list of space-separated layouts. */
function nextLayout(text: string, at: number): number {
  const space = text.indexOf(' ', at);
  return space < 0 ? text.length : space + 1;
}

/**
 * The grammar's name of a slot's operand kind, for the enumerant classes.
 * @example layoutKindName(layoutKinds[opcodeLayout[Op.Variable]]) // 'StorageClass'
 */
export function layoutKindName(kind: number): string {
  return KIND_NAMES[kind];
}

function buildOpcodeLayout(): Uint16Array {
  const starts = new Uint16Array(65536);
  let opcode = 0;
  for (let i = 0, at = 0; i < INSTRUCTIONS.length; i += 2) {
    opcode += INSTRUCTIONS[i] as number;
    const slot = readLayout(INSTRUCTION_LAYOUTS, at);
    at = nextLayout(INSTRUCTION_LAYOUTS, at);
    // The first instruction with an opcode wins, as in shapes.ts.
    if (starts[opcode] === 0) starts[opcode] = slot;
  }
  return starts;
}

/**
 * Per opcode (low 16 bits): the first slot of the layout of its operands after the result type
 * and result id. An opcode the grammar does not know has slot 0, an empty layout (check
 * `instructionShape[opcode] & SHAPE_KNOWN` to tell it from an instruction without operands).
 *
 * @example
 * ```ts
 * // The id operands of an OpIAdd at words[pos]: its two operands after the result type and id.
 * for (let slot = opcodeLayout[Op.IAdd]; layoutCodes[slot] !== 0; slot++) console.log(layoutCodes[slot] >>> 2); // 1, 1
 * ```
 */
export const opcodeLayout: Uint16Array = /* @__PURE__ */ buildOpcodeLayout();

/** The first slot of the layout of extended instructions of an unknown set or number: any number of ids. */
export const UNKNOWN_EXT_INST_LAYOUT: number = /* @__PURE__ */ readLayout(UNKNOWN_EXT_INSTRUCTION_LAYOUT, 0);

/** Per extended set (EXT_SETS order): its instructions' first slots by instruction number (the unknown numbers' is UNKNOWN_EXT_INST_LAYOUT). */
const extLayouts: (Uint16Array | undefined)[] = [];

function buildExtLayouts(index: number): Uint16Array {
  const instructions = EXT_SETS[index].instructions;
  const layouts = EXT_INSTRUCTION_LAYOUTS[index];
  let last = 0;
  for (let i = 0, number = 0; i < instructions.length; i += 2) last = Math.max(last, (number += instructions[i] as number));
  const starts = new Uint16Array(last + 1);
  let number = 0;
  for (let i = 0, at = 0; i < instructions.length; i += 2) {
    number += instructions[i] as number;
    const slot = readLayout(layouts, at);
    at = nextLayout(layouts, at);
    if (starts[number] === 0) starts[number] = slot;
  }
  for (let i = 0; i < starts.length; i++) if (starts[i] === 0) starts[i] = UNKNOWN_EXT_INST_LAYOUT;
  return starts;
}

/**
 * The first slot of the layout of an extended instruction's operands after its set and number;
 * {@link UNKNOWN_EXT_INST_LAYOUT} (any number of ids, as the operand walker takes them) for a set
 * the grammar does not have or a number the set does not have.
 *
 * @example extInstLayout(extInstSetByName('GLSL.std.450'), 46) // FMix: three ids
 */
export function extInstLayout(set: ExtInstSetInfo | undefined, number: number): number {
  const index = set === undefined ? undefined : extShapes(set)?.index;
  if (index === undefined) return UNKNOWN_EXT_INST_LAYOUT;
  const starts = (extLayouts[index] ??= buildExtLayouts(index));
  return number < starts.length ? starts[number] : UNKNOWN_EXT_INST_LAYOUT;
}

/** Per parameter table: each enumerant's first slot, by value. */
const parameterLayouts: (Map<number, number> | undefined)[] = [];

/**
 * The first slot of the layout of the operands an enumerant brings (an empty layout for those that
 * bring none), or -1 for a value the enumeration does not have. `table` is the
 * {@link layoutParameterTables} entry of the enumeration's slot; for a BitEnum, `value` is one bit
 * (or 0).
 *
 * @example
 * ```ts
 * const slot = opcodeLayout[Op.Load] + 1; // Memory Operands
 * enumerantLayout(layoutParameterTables[slot], MemoryAccess.Aligned); // a layout of one Integer slot
 * ```
 */
export function enumerantLayout(table: number, value: number): number {
  let layouts = parameterLayouts[table];
  if (layouts === undefined) {
    layouts = parameterLayouts[table] = new Map();
    const list = PARAMETER_LAYOUTS[table];
    let v = 0;
    for (let i = 0; i < list.length; i += 2) layouts.set((v += list[i] as number), readLayout(list[i + 1] as string, 0));
  }
  return layouts.get(value) ?? -1;
}
