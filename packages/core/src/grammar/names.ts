/**
 * The names of the grammar, as a disassembler prints them: opcode names, enumerant names and
 * extended instruction names, by number. Aligned entry for entry with the shapes
 * (`./generated/*Names.ts` follow the order of `./generated/shapes.ts`); decoded on first use.
 * Aliases, availability and operand names are in the full specs (`./specs.ts`).
 */
import { ENUM_NAME_LIST } from './generated/enumNames.js';
import { EXT_NAMES } from './generated/extNames.js';
import { INSTRUCTION_NAMES } from './generated/opcodeNames.js';
import { ENUMS, EXT_SETS, INSTRUCTIONS } from './generated/shapes.js';
import { coreEnumIndex, extShapes } from './shapes.js';
import type { ExtInstSetInfo } from './types.js';

let opnames: (string | undefined)[] | undefined;

/**
 * The name of a core opcode, `Op` included (the grammar's first name for it, not an alias);
 * undefined for an opcode the grammar does not know.
 * @example opcodeName(61) // 'OpLoad'
 */
export function opcodeName(opcode: number): string | undefined {
  if (opnames === undefined) {
    opnames = [];
    const names = INSTRUCTION_NAMES.split(' ');
    let op = 0;
    for (let i = 0; i < names.length; i++) {
      op += INSTRUCTIONS[2 * i] as number;
      opnames[op] ??= `Op${names[i]}`;
    }
  }
  return opnames[opcode];
}

/** Enumerant names by value, per kind of the core grammar or per set and kind. */
const enumNames = new Map<string, Map<number, string>>();

function namesByValue(values: readonly (number | string)[], from: number, names: string): Map<number, string> {
  const byValue = new Map<number, string>();
  const list = names.split(' ');
  let value = 0;
  let n = 0;
  for (let i = from; i < values.length; i++) {
    if (typeof values[i] === 'string') continue; // an enumerant's parameters
    value += values[i] as number;
    const name = list[n++];
    if (!byValue.has(value)) byValue.set(value, name);
  }
  return byValue;
}

/**
 * The name of an enumerant of a ValueEnum or BitEnum kind (for a BitEnum, of a single bit or 0);
 * with `set`, the set's own kinds are searched first. Undefined when the kind has no such value.
 * Any kind can be named, so a bundle using this keeps every enumerant name; to name the values of
 * one kind only, see {@link enumerantNameIn}.
 * @example enumerantName('BuiltIn', 29) // 'LocalInvocationIndex'
 */
export function enumerantName(kind: string, value: number, set?: ExtInstSetInfo): string | undefined {
  const s = set === undefined ? undefined : extShapes(set);
  const own = s?.kinds.get(kind);
  if (s !== undefined && own !== undefined) {
    const key = `${s.info.grammarFile}/${kind}`;
    let byValue = enumNames.get(key);
    if (byValue === undefined) {
      if (own.enumIndex < 0) return undefined;
      const names = EXT_NAMES[s.index][1 + own.enumIndex];
      byValue = namesByValue(EXT_SETS[s.index].kinds[kind], 1, names);
      enumNames.set(key, byValue);
    }
    return byValue.get(value);
  }
  const index = coreEnumIndex(kind);
  return index === undefined ? undefined : enumerantNameIn(ENUM_NAME_LIST[index], kind, value);
}

/**
 * The name of an enumerant of a core kind, given that kind's names from {@link EnumerantNames}:
 * `enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', 5)` bundles the names of
 * ExecutionModel and of no other kind (what a pass's messages need).
 * @example enumerantNameIn(EnumerantNames.StorageClass, 'StorageClass', 1) // 'Input'
 */
export function enumerantNameIn(names: string, kind: string, value: number): string | undefined {
  let byValue = enumNames.get(kind);
  if (byValue === undefined) {
    const index = coreEnumIndex(kind);
    if (index === undefined) return undefined;
    byValue = namesByValue(ENUMS[index], 0, names);
    enumNames.set(kind, byValue);
  }
  return byValue.get(value);
}

const extNames = new Map<string, Map<number, string>>();

/**
 * The name of an instruction of an extended instruction set (given as its info or import name).
 * @example extInstName('GLSL.std.450', 46) // 'FMix'
 */
export function extInstName(set: ExtInstSetInfo | string, opcode: number): string | undefined {
  const s = extShapes(set);
  if (s === undefined) return undefined;
  let byNumber = extNames.get(s.info.grammarFile);
  if (byNumber === undefined) {
    byNumber = new Map();
    const names = EXT_NAMES[s.index][0].split(' ');
    const data = EXT_SETS[s.index].instructions;
    let op = 0;
    for (let i = 0; i < names.length; i++) {
      op += data[2 * i] as number;
      if (!byNumber.has(op)) byNumber.set(op, names[i]);
    }
    extNames.set(s.info.grammarFile, byNumber);
  }
  return byNumber.get(opcode);
}
