/**
 * What the grammar requires of a module that uses an opcode, an enumerant or an extended
 * instruction: capabilities, extensions and SPIR-V versions. Read from `./generated/requirements.ts`
 * on first use; only code that calls these functions (a validator) bundles that table.
 */
import { EXTENSIONS, ENUMERANT_REQUIREMENTS, EXT_INST_REQUIREMENTS, INSTRUCTION_REQUIREMENTS } from './generated/requirements.js';
import type { ExtInstSetInfo } from './types.js';

/** A version word that no module reaches: the grammar's 'None' as a first version, or no last version. */
export const NO_VERSION = 0xffffffff;

/** What using an opcode, enumerant or extended instruction requires of the module. */
export interface Requirements {
  /** Capability values, one of which enables it (empty: no capability needed). */
  readonly capabilities: readonly number[];
  /** Extensions, one of which enables it where its version does not. */
  readonly extensions: readonly string[];
  /** The first SPIR-V version (a version word, `0x00MMmm00`) with it in core, or {@link NO_VERSION} where none has. */
  readonly minVersion: number;
  /** The last SPIR-V version (a version word) with it, or {@link NO_VERSION} where it was never removed. */
  readonly lastVersion: number;
}

const toWord = (code: number): number => (code === 0xffff ? NO_VERSION : code << 8);

/** Entries of a generated list by key; the first entry with a key wins, as in the grammar. */
function decode(list: readonly number[]): Map<number, Requirements> {
  const out = new Map<number, Requirements>();
  let i = 0;
  while (i < list.length) {
    const key = list[i++];
    const capabilities = Object.freeze(list.slice(i + 1, i + 1 + list[i]));
    i += 1 + list[i];
    const extensions = Object.freeze(list.slice(i + 1, i + 1 + list[i]).map((e) => EXTENSIONS[e]));
    i += 1 + list[i];
    const minVersion = toWord(list[i++]);
    const lastVersion = toWord(list[i++]);
    if (!out.has(key)) out.set(key, Object.freeze({ capabilities, extensions, minVersion, lastVersion }));
  }
  return out;
}

let instructions: Map<number, Requirements> | undefined;
const enumerants = /* @__PURE__ */ new Map<string, Map<number, Requirements> | undefined>();
const extInstructions = /* @__PURE__ */ new Map<string, Map<number, Requirements> | undefined>();

/**
 * What using the core instruction requires, or undefined where nothing is (any module may use it,
 * from SPIR-V 1.0 on).
 * @example instructionRequirements(Op.CopyLogical)?.minVersion === 0x00010400 // true
 */
export function instructionRequirements(opcode: number): Requirements | undefined {
  return (instructions ??= decode(INSTRUCTION_REQUIREMENTS)).get(opcode);
}

/**
 * What using the enumerant requires, or undefined where nothing is. For a BitEnum, `value` is a
 * single bit. `set` looks the kind up among those an extended instruction set defines.
 * @example enumerantRequirements('Capability', Capability.Geometry)?.capabilities // [Capability.Shader]
 */
export function enumerantRequirements(kind: string, value: number, set?: ExtInstSetInfo): Requirements | undefined {
  const cacheKey = set === undefined ? kind : `${set.grammarFile} ${kind}`;
  let table = enumerants.get(cacheKey);
  if (table === undefined && !enumerants.has(cacheKey)) {
    const list = set === undefined ? ENUMERANT_REQUIREMENTS[kind] : EXT_INST_REQUIREMENTS[set.grammarFile]?.kinds[kind];
    table = list === undefined ? undefined : decode(list);
    enumerants.set(cacheKey, table);
  }
  return table?.get(value);
}

/**
 * Whether some enumerant of the kind has a requirement: a walk over operands can skip a kind where
 * none has.
 * @example kindHasRequirements('Capability') // true
 */
export function kindHasRequirements(kind: string, set?: ExtInstSetInfo): boolean {
  return (set === undefined ? ENUMERANT_REQUIREMENTS[kind] : EXT_INST_REQUIREMENTS[set.grammarFile]?.kinds[kind]) !== undefined;
}

/**
 * What using the extended instruction requires, or undefined where nothing is.
 * @example extInstRequirements(extInstSetByName('GLSL.std.450')!, GLSLstd450.InterpolateAtCentroid)?.capabilities // [Capability.InterpolationFunction]
 */
export function extInstRequirements(set: ExtInstSetInfo, instruction: number): Requirements | undefined {
  let table = extInstructions.get(set.grammarFile);
  if (table === undefined && !extInstructions.has(set.grammarFile)) {
    const list = EXT_INST_REQUIREMENTS[set.grammarFile]?.instructions;
    table = list === undefined ? undefined : decode(list);
    extInstructions.set(set.grammarFile, table);
  }
  return table?.get(instruction);
}
