// The assembler's specs (names, aliases, versions; no operand names), not the full ones: see grammar/textSpecs.ts.
import type { ExtInstSetInfo } from '../../grammar/index.js';
import { operandKindTextSpecUnnamed, type EnumerantTextSpec, type OperandKindTextSpec } from '../../grammar/textSpecs.js';
import { ByteStringMap } from './ByteStringMap.js';
import { versionRange, type VersionRange } from './availability.js';
import type { OperandType } from './OperandType.js';
import { operandTypesOf } from './operandPatterns.js';

/** One enumerant as the assembler needs it. */
export interface EnumEntry {
  readonly spec: EnumerantTextSpec;
  readonly range: VersionRange;
  /** The operands the enumerant brings, in push order (last read first); built on first use. */
  params: readonly OperandType[] | undefined;
}

/**
 * The names of one ValueEnum or BitEnum operand kind (of the core grammar, or of an extended
 * instruction set), aliases included, looked up by bytes.
 */
export class EnumTable {
  readonly kind: string;
  readonly isMask: boolean;
  private readonly names = new ByteStringMap(64);
  private readonly entries: EnumEntry[] = [];
  private readonly byValue = new Map<number, EnumEntry>();

  constructor(
    spec: OperandKindTextSpec,
    private readonly set: ExtInstSetInfo | undefined,
  ) {
    this.kind = spec.kind;
    this.isMask = spec.category === 'BitEnum';
    for (const e of spec.enumerants) {
      const entry: EnumEntry = { spec: e, range: versionRange(e), params: undefined };
      this.entries.push(entry);
      if (!this.byValue.has(e.value)) this.byValue.set(e.value, entry);
    }
    // Primary names first, so an alias never hides a primary name.
    const seen = new Set<string>();
    for (let i = 0; i < this.entries.length; i++) {
      const name = this.entries[i].spec.name;
      if (!seen.has(name)) {
        seen.add(name);
        this.names.set(name, i);
      }
    }
    for (let i = 0; i < this.entries.length; i++) {
      for (const alias of this.entries[i].spec.aliases) {
        if (!seen.has(alias)) {
          seen.add(alias);
          this.names.set(alias, i);
        }
      }
    }
  }

  /** The enumerant named `bytes[start, end)`, or undefined. */
  byName(bytes: Uint8Array, start: number, end: number): EnumEntry | undefined {
    const i = this.names.get(bytes, start, end);
    return i < 0 ? undefined : this.entries[i];
  }

  /** The enumerant with the value (for a mask: of one bit), or undefined. */
  value(value: number): EnumEntry | undefined {
    return this.byValue.get(value);
  }

  /** The operands an enumerant brings, in push order. */
  paramsOf(entry: EnumEntry): readonly OperandType[] {
    if (entry.params === undefined) entry.params = operandTypesOf(entry.spec.parameters, this.set, false);
    return entry.params;
  }

  /** Every name, primary names first, for hints. */
  allNames(): string[] {
    return this.names.keys();
  }

  /** Enumerants in grammar order (for hints that list what is accepted). */
  primaryNames(): string[] {
    return this.entries.map((e) => e.spec.name);
  }
}

const tables = new Map<OperandKindTextSpec, EnumTable>();

/** The shared table for an operand kind (searching the set's own kinds first), or undefined if it is not an enumeration. */
export function enumTable(kind: string, set: ExtInstSetInfo | undefined): EnumTable | undefined {
  const spec = operandKindTextSpecUnnamed(kind, set);
  if (spec === undefined) return undefined;
  let table = tables.get(spec);
  if (table === undefined) {
    table = new EnumTable(spec, set);
    tables.set(spec, table);
  }
  return table;
}
