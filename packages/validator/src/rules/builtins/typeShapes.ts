import { Op, type Instruction } from '@spvkit/core';

/**
 * The type a built-in must have, as the Vulkan specification words it. `arrayedIn` on a rule adds
 * one optional outer array level (per-vertex or per-primitive) in some execution models.
 */
export type TypeRule =
  /** A boolean scalar. */
  | { readonly kind: 'bool' }
  /** An integer scalar; 32-bit unless `anyWidth`. */
  | { readonly kind: 'int'; readonly anyWidth?: boolean }
  /** A 32-bit float scalar. */
  | { readonly kind: 'float' }
  /** A vector of `n` 32-bit integers. */
  | { readonly kind: 'ivec'; readonly n: number }
  /** A vector of `n` 32-bit floats. */
  | { readonly kind: 'fvec'; readonly n: number }
  /** An array of 32-bit floats, of `n` elements when given. */
  | { readonly kind: 'farray'; readonly n?: number }
  /** An array of 32-bit integer scalars. */
  | { readonly kind: 'iarray' }
  /** An array of `n`-component vectors of 32-bit integers. */
  | { readonly kind: 'ivecarray'; readonly n: number }
  /** A matrix of `cols` columns of `rows`-component 32-bit float vectors. */
  | { readonly kind: 'fmat'; readonly cols: number; readonly rows: number }
  /** CullPrimitiveEXT: a boolean when it decorates a Block member, else an array of booleans. */
  | { readonly kind: 'boolOrBoolArray' };

/** Words for a rule, as in "must be declared as ...". */
export function describeRule(rule: TypeRule): string {
  switch (rule.kind) {
    case 'bool':
      return 'a boolean scalar';
    case 'int':
      return rule.anyWidth ? 'an integer scalar' : 'a scalar 32-bit integer';
    case 'float':
      return 'a scalar 32-bit float';
    case 'ivec':
      return `a ${rule.n}-component vector of 32-bit integers`;
    case 'fvec':
      return `a ${rule.n}-component vector of 32-bit floats`;
    case 'farray':
      return rule.n === undefined ? 'an array of 32-bit floats' : `an array of ${rule.n} 32-bit floats`;
    case 'iarray':
      return 'an array of scalar 32-bit integers';
    case 'ivecarray':
      return `an array of ${rule.n}-component vectors of 32-bit integers`;
    case 'fmat':
      return `a matrix of ${rule.cols} columns of ${rule.rows}-component vectors of 32-bit floats`;
    case 'boolOrBoolArray':
      return 'a boolean (as a Block member) or an array of booleans (as a variable)';
  }
}

/** Read-only view of the module's type and constant declarations. */
export class TypeTable {
  private readonly defs: Map<number, Instruction>;

  constructor(defs: Map<number, Instruction>) {
    this.defs = defs;
  }

  def(id: number): Instruction | undefined {
    return this.defs.get(id);
  }

  opcode(id: number): number {
    return this.defs.get(id)?.opcode ?? 0;
  }

  /** The value of a 32-bit (or wider, low word) integer OpConstant, else undefined. */
  constantValue(id: number): number | undefined {
    const d = this.defs.get(id);
    if (d === undefined || d.opcode !== Op.Constant) return undefined;
    const t = this.defs.get(d.typeId);
    if (t === undefined || t.opcode !== Op.TypeInt) return undefined;
    return d.word(0);
  }

  /** `{ storageClass, pointee }` of a pointer type id. */
  pointer(typeId: number): { storageClass: number; pointee: number } | undefined {
    const t = this.defs.get(typeId);
    if (t === undefined || t.opcode !== Op.TypePointer) return undefined;
    return { storageClass: t.word(0), pointee: t.word(1) };
  }

  /** The element type of an OpTypeArray / OpTypeRuntimeArray, else undefined. */
  arrayElement(typeId: number): number | undefined {
    const t = this.defs.get(typeId);
    if (t === undefined || (t.opcode !== Op.TypeArray && t.opcode !== Op.TypeRuntimeArray)) return undefined;
    return t.word(0);
  }

  /** Human words for a type: `32-bit float`, `3-component vector of 32-bit unsigned int`, ... */
  describe(typeId: number, depth = 0): string {
    const t = this.defs.get(typeId);
    if (t === undefined) return `type %${typeId}`;
    if (depth > 4) return '...';
    switch (t.opcode) {
      case Op.TypeBool:
        return 'boolean';
      case Op.TypeInt:
        return `${t.word(0)}-bit ${t.word(1) === 1 ? 'signed' : 'unsigned'} int`;
      case Op.TypeFloat:
        return `${t.word(0)}-bit float`;
      case Op.TypeVector:
        return `${t.word(1)}-component vector of ${this.describe(t.word(0), depth + 1)}`;
      case Op.TypeMatrix:
        return `matrix of ${t.word(1)} columns of ${this.describe(t.word(0), depth + 1)}`;
      case Op.TypeArray: {
        const n = this.constantValue(t.word(1));
        return `array of ${n === undefined ? '' : `${n} x `}${this.describe(t.word(0), depth + 1)}`;
      }
      case Op.TypeRuntimeArray:
        return `runtime array of ${this.describe(t.word(0), depth + 1)}`;
      case Op.TypeStruct:
        return 'struct';
      case Op.TypePointer:
        return `pointer to ${this.describe(t.word(1), depth + 1)}`;
      default:
        return `type %${typeId}`;
    }
  }

  /**
   * Whether `typeId` has the shape `rule` asks for. With `optionalArray`, one outer array level
   * around that shape is also accepted (per-vertex or per-primitive arrays). `isMember` selects the
   * Block-member form of rules that have one.
   */
  matches(rule: TypeRule, typeId: number, optionalArray: boolean, isMember: boolean): boolean {
    if (this.matchesExactly(rule, typeId, isMember)) return true;
    if (!optionalArray) return false;
    const t = this.defs.get(typeId);
    if (t === undefined || t.opcode !== Op.TypeArray) return false;
    return this.matchesExactly(rule, t.word(0), isMember);
  }

  private matchesExactly(rule: TypeRule, typeId: number, isMember: boolean): boolean {
    switch (rule.kind) {
      case 'bool':
        return this.opcode(typeId) === Op.TypeBool;
      case 'int':
        return this.isInt(typeId, rule.anyWidth ? 0 : 32);
      case 'float':
        return this.isFloat(typeId, 32);
      case 'ivec':
        return this.isVector(typeId, rule.n, (c) => this.isInt(c, 32));
      case 'fvec':
        return this.isVector(typeId, rule.n, (c) => this.isFloat(c, 32));
      case 'farray':
        return this.isArrayOf(typeId, rule.n, (e) => this.isFloat(e, 32));
      case 'iarray':
        return this.isArrayOf(typeId, undefined, (e) => this.isInt(e, 32));
      case 'ivecarray':
        return this.isArrayOf(typeId, undefined, (e) => this.isVector(e, rule.n, (c) => this.isInt(c, 32)));
      case 'fmat': {
        const t = this.defs.get(typeId);
        return t !== undefined && t.opcode === Op.TypeMatrix && t.word(1) === rule.cols && this.isVector(t.word(0), rule.rows, (c) => this.isFloat(c, 32));
      }
      case 'boolOrBoolArray':
        return isMember ? this.opcode(typeId) === Op.TypeBool : this.isArrayOf(typeId, undefined, (e) => this.opcode(e) === Op.TypeBool);
    }
  }

  private isInt(typeId: number, width: number): boolean {
    const t = this.defs.get(typeId);
    return t !== undefined && t.opcode === Op.TypeInt && (width === 0 || t.word(0) === width);
  }

  private isFloat(typeId: number, width: number): boolean {
    const t = this.defs.get(typeId);
    return t !== undefined && t.opcode === Op.TypeFloat && t.word(0) === width;
  }

  private isVector(typeId: number, n: number, component: (id: number) => boolean): boolean {
    const t = this.defs.get(typeId);
    return t !== undefined && t.opcode === Op.TypeVector && t.word(1) === n && component(t.word(0));
  }

  private isArrayOf(typeId: number, n: number | undefined, element: (id: number) => boolean): boolean {
    const t = this.defs.get(typeId);
    if (t === undefined || t.opcode !== Op.TypeArray || !element(t.word(0))) return false;
    if (n === undefined) return true;
    // A length given by a specialization constant is not known here: not held against the module.
    const length = this.constantValue(t.word(1));
    return length === undefined || length === n;
  }
}
