import {
  Op,
  decodeLiteralString,
  enumerantByValue,
  extInstByOpcode,
  extInstSetByName,
  friendlyIdNames,
  instructionByOpcode,
  type Instruction,
  type Module,
} from '@spvkit/core';

const DECIMAL = /^[0-9]+$/;
const COMPONENTS = ['x', 'y', 'z', 'w'];

/**
 * Names for the ids of a module whose text is being edited: the ids the text named keep the
 * author's names; new ids get a name that says what they are, unique against every name in the
 * text:
 * - when the author names ids: the name spirv-dis would give (`gl_LocalInvocationID`, `uint_8`,
 *   `v3uint`, `_ptr_Input_v3uint`, an OpName's string), else one made from what defines it
 *   (`gl_LocalInvocationID_value` for a load of it, `gl_LocalInvocationID_x` for a component of
 *   that, `DebugInfoNone` for an ext-inst, `imul`, `spec_imul`, `private_var`), with `_0`, `_1`,
 *   ... on a clash;
 * - when the author numbers ids (`%12`, as `spirv-dis --raw-id` prints): the id's own number
 *   when the text does not use it, else the next free number.
 */
export class IdNamer {
  private readonly names = new Map<number, string>();
  private readonly used: Set<string>;
  private readonly numeric: boolean;
  private nextNumber: number;
  private friendly: ((id: number) => string | undefined) | undefined;

  constructor(
    private readonly module: Module,
    private readonly authorNames: ReadonlyMap<number, string>,
  ) {
    this.used = new Set(authorNames.values());
    let numbers = 0;
    let max = 0;
    for (const name of this.used) {
      if (!DECIMAL.test(name)) continue;
      numbers++;
      const v = Number(name);
      if (v > max) max = v;
    }
    this.numeric = this.used.size > 0 && numbers * 2 > this.used.size;
    this.nextNumber = Math.max(max, module.header.bound) + 1;
  }

  /** Whether the text names `id`. */
  isAuthored(id: number): boolean {
    return this.authorNames.has(id);
  }

  /** Gives the new ids defined by `defs` (in module order) their names. */
  nameNew(defs: Iterable<Instruction>): void {
    for (const inst of defs) {
      const id = inst.resultId;
      if (id === 0 || this.authorNames.has(id) || this.names.has(id)) continue;
      this.names.set(id, this.numeric && !this.used.has(String(id)) ? this.take(String(id)) : this.unique(this.numeric ? undefined : this.suggest(inst)));
    }
  }

  /** The name of `id`, without `%`. */
  nameOf(id: number): string {
    const authored = this.authorNames.get(id);
    if (authored !== undefined) return authored;
    let name = this.names.get(id);
    if (name === undefined) {
      // Used but defined nowhere (a pass left a dangling id): still a unique name.
      name = this.unique(this.numeric ? undefined : `id_${id}`);
      this.names.set(id, name);
    }
    return name;
  }

  private suggest(inst: Instruction): string {
    const names = (this.friendly ??= friendlyIdNames(this.module));
    const friendly = names(inst.resultId);
    if (friendly !== undefined && friendly !== '' && !DECIMAL.test(friendly)) return friendly;
    const known = (id: number): string | undefined => this.authorNames.get(id) ?? this.names.get(id);
    switch (inst.opcode) {
      case Op.Load: {
        const from = known(inst.word(0));
        if (from !== undefined) return `${from}_value`;
        break;
      }
      case Op.CompositeExtract: {
        const from = known(inst.word(0));
        if (from !== undefined && inst.operandCount === 2)
          return `${from.replace(/_value(_[0-9]+)?$/, '')}_${COMPONENTS[inst.word(1)] ?? String(inst.word(1))}`;
        break;
      }
      case Op.ExtInst: {
        const name = this.extInstName(inst.word(0), inst.word(1));
        if (name !== undefined) return name;
        break;
      }
      case Op.SpecConstantOp:
        return `spec_${opWord(inst.word(0))}`;
      case Op.Variable:
        return `${(enumerantByValue('StorageClass', inst.word(0))?.name ?? 'var').toLowerCase()}_var`;
      case Op.FunctionParameter:
        return 'param';
      case Op.Label:
        return 'label';
    }
    return opWord(inst.opcode);
  }

  /** `DebugInfoNone`, `Sqrt`, ...: the name of ext-inst `number` of the set imported as `setId`. */
  private extInstName(setId: number, number: number): string | undefined {
    const imported = this.module.extInstImports.find((i) => i.resultId === setId);
    if (imported === undefined) return undefined;
    const set = extInstSetByName(decodeLiteralString(imported.operands, 0, imported.operandCount).value);
    return set === undefined ? undefined : extInstByOpcode(set, number)?.opname;
  }

  private take(name: string): string {
    this.used.add(name);
    return name;
  }

  private unique(base: string | undefined): string {
    if (base === undefined) {
      while (this.used.has(String(this.nextNumber))) this.nextNumber++;
      const name = String(this.nextNumber++);
      this.used.add(name);
      return name;
    }
    let name = /^[0-9]/.test(base) ? `_${base}` : base;
    if (this.used.has(name)) {
      let k = 0;
      while (this.used.has(`${name}_${k}`)) k++;
      name = `${name}_${k}`;
    }
    this.used.add(name);
    return name;
  }
}

/** `OpIMul` -> `imul`. */
function opWord(opcode: number): string {
  const name = instructionByOpcode(opcode)?.opname;
  return name === undefined ? `op${opcode}` : name.slice(2).toLowerCase();
}
