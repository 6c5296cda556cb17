import { Decoration, Dim, Op, StorageClass, storageTextureFormatOf } from '@spvkit/core';
import type { Decorations, Instruction, Names } from '@spvkit/core';
import { isReserved } from '../names/Namer.js';
import type { Namer } from '../names/Namer.js';
import type { Refuser } from '../errors/Refuser.js';

/** Natural WGSL alignment and size of a type (WGSL spec "Alignment and Size"). */
export interface Layout {
  readonly align: number;
  readonly size: number;
}

/** A struct declaration to print: member names and attribute text per member. */
export interface StructDecl {
  readonly name: string;
  readonly members: readonly { readonly name: string; readonly type: string; readonly attributes: string }[];
}

/**
 * The WGSL view of the module's types: their text, the structs to declare (with the `@align` /
 * `@size` that reproduce the SPIR-V Offset/ArrayStride/MatrixStride decorations) and their
 * natural layout. Types WGSL has no form for (64-bit and 8/16-bit numbers, f16, pointers to
 * physical memory, …) are refused here, where they are declared.
 */
export class TypeTable {
  private readonly text = new Map<number, string>();
  private readonly structNames = new Map<number, string>();
  private readonly memberNames = new Map<number, string[]>();
  private readonly layouts = new Map<number, Layout>();
  /** Struct members (`struct:member`) and variables whose integer is used by atomic instructions. */
  readonly atomicMembers = new Set<string>();
  /** Array types whose integer element is used by atomic instructions. */
  readonly atomicArrays = new Set<number>();
  /** Structs holding row-major matrices (at any depth): their value form, named `<name>_value`. */
  private readonly valueStructNames = new Map<number, string>();
  private readonly holdsRowMajorCache = new Map<number, boolean>();
  /** Structs to declare, in dependency order. */
  readonly structs: StructDecl[] = [];
  private readonly declared = new Set<number>();
  /** Struct size a surrounding array's ArrayStride asks for (padding added to the last member). */
  private readonly paddedSize = new Map<number, number>();
  /** Structs reachable from a uniform buffer: WGSL's uniform address space adds layout rules. */
  private readonly uniform = new Set<number>();
  /** Spec constants fixed at a value because they size an array in a buffer (see specConstantsSizingBuffers). */
  fixedLengths: ReadonlyMap<number, number> = new Map();
  /** Renders an array length id (a constant or an override). */
  arrayLength: (id: number) => string = (id) => String(id);

  constructor(
    private readonly defs: ReadonlyMap<number, Instruction>,
    private readonly decorations: Decorations,
    private readonly names: Names,
    private readonly namer: Namer,
    private readonly refuser: Refuser,
  ) {}

  def(id: number): Instruction {
    const d = this.defs.get(id);
    if (d === undefined) throw this.refuser.error('a reference to an undefined id', undefined, `%${id}`);
    return d;
  }

  /** The type instruction of value `id`'s type. */
  typeOfValue(id: number): Instruction {
    return this.def(this.def(id).typeId);
  }

  isInt(typeId: number): boolean {
    return this.scalarOf(typeId).opcode === Op.TypeInt;
  }
  isSigned(typeId: number): boolean {
    const s = this.scalarOf(typeId);
    return s.opcode === Op.TypeInt && s.word(1) === 1;
  }
  isFloat(typeId: number): boolean {
    return this.scalarOf(typeId).opcode === Op.TypeFloat;
  }
  isBool(typeId: number): boolean {
    return this.scalarOf(typeId).opcode === Op.TypeBool;
  }
  /** Component count of a vector type, 1 for scalars. */
  width(typeId: number): number {
    const t = this.def(typeId);
    return t.opcode === Op.TypeVector ? t.word(1) : 1;
  }
  /** The scalar type of a scalar or vector (or matrix) type. */
  scalarOf(typeId: number): Instruction {
    let t = this.def(typeId);
    while (t.opcode === Op.TypeVector || t.opcode === Op.TypeMatrix) t = this.def(t.word(0));
    return t;
  }

  /** The WGSL text of the type with the same shape as `typeId` but integer signedness `signed`. */
  withSignedness(typeId: number, signed: boolean): string {
    const n = this.width(typeId);
    const s = signed ? 'i32' : 'u32';
    return n === 1 ? s : `vec${n}<${s}>`;
  }

  /** The WGSL text of type `id`. */
  wgsl(id: number, atomic = false): string {
    if (atomic) {
      const t = this.def(id);
      if (t.opcode === Op.TypeInt) return `atomic<${this.wgsl(id)}>`;
    }
    const cached = this.text.get(id);
    if (cached !== undefined) return cached;
    const text = this.render(id);
    this.text.set(id, text);
    return text;
  }

  private render(id: number): string {
    const t = this.def(id);
    switch (t.opcode) {
      case Op.TypeVoid:
        return 'void';
      case Op.TypeBool:
        return 'bool';
      case Op.TypeInt:
        if (t.word(0) !== 32) throw this.refuser.error(`a ${t.word(0)}-bit integer type`, t, 'WGSL has 32-bit integers only');
        return t.word(1) === 1 ? 'i32' : 'u32';
      case Op.TypeFloat:
        if (t.word(0) !== 32)
          throw this.refuser.error(`a ${t.word(0)}-bit float type`, t, 'WGSL has f32 (and f16 only with an extension this translator does not enable)');
        if (t.operandCount > 1) throw this.refuser.error('a float type with an encoding', t);
        return 'f32';
      case Op.TypeVector:
        return `vec${t.word(1)}<${this.wgsl(t.word(0))}>`;
      case Op.TypeMatrix: {
        const col = this.def(t.word(0));
        return `mat${t.word(1)}x${col.word(1)}<${this.wgsl(col.word(0))}>`;
      }
      case Op.TypeArray: {
        const elem = this.wgsl(t.word(0), this.atomicArrays.has(id));
        return `array<${elem}, ${this.arrayLength(t.word(1))}>`;
      }
      case Op.TypeRuntimeArray:
        return `array<${this.wgsl(t.word(0), this.atomicArrays.has(id))}>`;
      case Op.TypeStruct:
        return this.holdsRowMajor(id) ? this.declareValueStruct(id) : this.declareStruct(id);
      case Op.TypeSampler:
        return 'sampler';
      case Op.TypeImage:
        return this.imageType(t);
      case Op.TypePointer: {
        const sc = t.word(0);
        const space = addressSpace(sc);
        if (space === undefined) throw this.refuser.error('a pointer in this storage class', t);
        const access = space === 'storage' ? ', read_write' : '';
        const pointee = space === 'storage' || space === 'uniform' ? this.storage(t.word(1)) : this.wgsl(t.word(1));
        return `ptr<${space}, ${pointee}${access}>`;
      }
      default:
        throw this.refuser.error('a type', t, 'WGSL has no such type');
    }
  }

  private imageType(t: Instruction): string {
    const sampled = this.def(t.word(0));
    const dim = t.word(1);
    const depth = t.word(2) === 1;
    const arrayed = t.word(3) === 1;
    const ms = t.word(4) === 1;
    const usage = t.word(5);
    const format = t.word(6);
    const st = this.wgsl(sampled.resultId);
    // Named as the shader knows them, before the storage-image checks they would otherwise fail:
    // an input attachment and an image buffer are both images with Sampled 2.
    if (dim === Dim.SubpassData)
      throw this.refuser.error(
        'an input attachment (subpassInput)',
        t,
        "WebGPU has no input attachments: bind the earlier pass's output as a texture and read it with textureLoad",
      );
    if (dim === Dim.Buffer)
      throw this.refuser.error(
        `a texel buffer (${usage === 2 ? 'imageBuffer' : 'samplerBuffer / textureBuffer'})`,
        t,
        'WebGPU has no texel buffers: use a storage buffer of the element type',
      );
    if (dim === Dim.Rect)
      throw this.refuser.error('a rectangle image (sampler2DRect)', t, 'WebGPU has no rectangle textures: use a 2D texture with textureLoad');
    if (usage === 2) {
      const f = storageTextureFormatOf(format);
      if (f === undefined)
        throw this.refuser.error(
          'a storage image of this format',
          t,
          `ImageFormat ${format}${format === 0 ? ' (Unknown)' : ''} is not a WGSL storage texel format`,
        );
      const d = dim === DIM_1D ? '1d' : dim === DIM_2D ? (arrayed ? '2d_array' : '2d') : dim === DIM_3D ? '3d' : undefined;
      if (d === undefined || (arrayed && dim !== DIM_2D)) throw this.refuser.error('a storage image of this dimensionality', t);
      return `texture_storage_${d}<${f}, read_write>`;
    }
    if (ms) {
      if (dim !== DIM_2D || arrayed) throw this.refuser.error('a multisampled image that is not 2D', t);
      return depth ? 'texture_depth_multisampled_2d' : `texture_multisampled_2d<${st}>`;
    }
    const base = dim === DIM_1D ? '1d' : dim === DIM_2D ? '2d' : dim === DIM_3D ? '3d' : dim === Dim.Cube ? 'cube' : undefined;
    if (base === undefined) throw this.refuser.error('an image of this dimensionality', t);
    if (arrayed && base !== '2d' && base !== 'cube') throw this.refuser.error('an arrayed image that is not 2D or cube', t);
    const name = `${base}${arrayed ? '_array' : ''}`;
    return depth ? `texture_depth_${name}` : `texture_${name}<${st}>`;
  }

  /** The WGSL name of member `index` of struct `structId`. */
  memberName(structId: number, index: number): string {
    return this.memberNamesOf(structId)[index];
  }

  /**
   * The WGSL text of type `id` as it lies in a uniform or storage buffer: the same as {@link wgsl}
   * except where row-major matrices are inside, which are stored transposed (WGSL matrices are
   * column-major: a row-major matCxR is WGSL's matRxC of its rows), in a laid-out struct of their
   * own where they are struct members.
   */
  storage(id: number, rowMajor = false): string {
    const t = this.def(id);
    switch (t.opcode) {
      case Op.TypeMatrix:
        return rowMajor ? this.transposedText(t) : this.wgsl(id);
      case Op.TypeArray:
        if (!this.differsInStorage(id, rowMajor)) return this.wgsl(id);
        return `array<${this.storage(t.word(0), rowMajor)}, ${this.arrayLength(t.word(1))}>`;
      case Op.TypeRuntimeArray:
        if (!this.differsInStorage(id, rowMajor)) return this.wgsl(id);
        return `array<${this.storage(t.word(0), rowMajor)}>`;
      case Op.TypeStruct:
        return this.declareStruct(id);
      default:
        return this.wgsl(id);
    }
  }

  /** Whether member `index` of struct `structId` is decorated RowMajor (its matrices are stored by rows). */
  isRowMajorMember(structId: number, index: number): boolean {
    return this.decorations.ofMember(structId, index).some((d) => d.decoration === Decoration.RowMajor);
  }

  /**
   * Whether type `id` has another WGSL form in a buffer than as a value: it holds a row-major
   * matrix (`rowMajor`: the matrices directly in it, not through a struct, are row-major).
   */
  differsInStorage(id: number, rowMajor: boolean): boolean {
    const t = this.def(id);
    if (t.opcode === Op.TypeMatrix) return rowMajor;
    if (t.opcode === Op.TypeArray || t.opcode === Op.TypeRuntimeArray) return this.differsInStorage(t.word(0), rowMajor);
    if (t.opcode === Op.TypeStruct) return this.holdsRowMajor(id);
    return false;
  }

  /** Whether struct `id` holds a row-major matrix in some member, at any depth. */
  holdsRowMajor(id: number): boolean {
    const cached = this.holdsRowMajorCache.get(id);
    if (cached !== undefined) return cached;
    this.holdsRowMajorCache.set(id, false);
    const t = this.def(id);
    let holds = false;
    for (let i = 0; i < t.operandCount && !holds; i++) holds = this.differsInStorage(t.word(i), this.isRowMajorMember(id, i));
    this.holdsRowMajorCache.set(id, holds);
    return holds;
  }

  /** The WGSL name of the value form of a struct that holds row-major matrices (see {@link storage}). */
  valueStructName(id: number): string {
    return this.wgsl(id);
  }

  /** A row-major matCxR as stored: WGSL's matRxC, whose columns are the matrix's rows. */
  private transposedText(t: Instruction): string {
    const col = this.def(t.word(0));
    return `mat${col.word(1)}x${t.word(1)}<${this.wgsl(col.word(0))}>`;
  }

  /** Member names: unique within the struct, from OpMemberName. */
  private memberNamesOf(id: number): string[] {
    const existing = this.memberNames.get(id);
    if (existing !== undefined) return existing;
    const t = this.def(id);
    const used = new Set<string>();
    const memberNames: string[] = [];
    for (let i = 0; i < t.operandCount; i++) {
      const raw = this.names.memberName(id, i);
      let base =
        raw !== undefined
          ? raw
              .split('(')[0]
              .replace(/[^A-Za-z0-9_]/g, '_')
              .replace(/^_+/, '')
          : '';
      if (base === '' || /^[0-9]/.test(base) || isReserved(base)) base = `m${i}${base === '' ? '' : '_' + base}`;
      let candidate = base;
      for (let n = 1; used.has(candidate); n++) candidate = `${base}_${n}`;
      used.add(candidate);
      memberNames.push(candidate);
    }
    this.memberNames.set(id, memberNames);
    return memberNames;
  }

  /**
   * The value form of a struct holding row-major matrices: the same members with the SPIR-V
   * types (untransposed), no layout; loads from a buffer convert to it, stores from it.
   */
  private declareValueStruct(id: number): string {
    const existing = this.valueStructNames.get(id);
    if (existing !== undefined) return existing;
    const t = this.def(id);
    const storageName = this.declareStruct(id);
    const name = this.namer.name(`${storageName}_value`, `S${id}_value`);
    this.valueStructNames.set(id, name);
    const memberNames = this.memberNamesOf(id);
    const members = Array.from({ length: t.operandCount }, (_, i) => ({ name: memberNames[i], type: this.wgsl(t.word(i)), attributes: '' }));
    this.structs.push({ name, members });
    return name;
  }

  /** Marks struct `id` (and the structs in it) as used in the uniform address space. */
  markUniform(id: number): void {
    const t = this.def(id);
    if (t.opcode !== Op.TypeStruct || this.uniform.has(id)) return;
    this.uniform.add(id);
    for (let i = 0; i < t.operandCount; i++) {
      let m = this.def(t.word(i));
      while (m.opcode === Op.TypeArray || m.opcode === Op.TypeRuntimeArray) m = this.def(m.word(0));
      this.markUniform(m.resultId);
    }
  }

  /** Asks that struct `id` be padded to `size` bytes (an array's stride around it). */
  padStruct(id: number, size: number): void {
    this.paddedSize.set(id, Math.max(size, this.paddedSize.get(id) ?? 0));
  }

  private declareStruct(id: number): string {
    const existing = this.structNames.get(id);
    if (existing !== undefined) return existing;
    const t = this.def(id);
    const name = this.namer.name(this.names.name(id), `S${id}`);
    this.structNames.set(id, name);
    if (t.operandCount === 0) throw this.refuser.error('an empty struct', t);
    const memberNames = this.memberNamesOf(id);
    const members: { name: string; type: string; attributes: string }[] = [];
    const offsets: (number | undefined)[] = [];
    for (let i = 0; i < t.operandCount; i++) {
      const off = this.decorations.ofMember(id, i).find((d) => d.decoration === Decoration.Offset);
      offsets.push(off?.params[0]);
      const type = this.atomicMembers.has(`${id}:${i}`) ? this.wgsl(t.word(i), true) : this.storage(t.word(i), this.isRowMajorMember(id, i));
      members.push({ name: memberNames[i], type, attributes: '' });
    }
    // Explicit layout: place every member at its Offset with @size on the one before it.
    if (offsets.every((o) => o !== undefined)) {
      let align = 1;
      for (let i = 0; i < t.operandCount; i++) {
        const l = this.layoutOf(t.word(i), `${name}.${memberNames[i]}`, t, this.isRowMajorMember(id, i));
        const o = offsets[i];
        if (o % l.align !== 0) {
          throw this.refuser.error(
            `the layout of member ${name}.${memberNames[i]}`,
            t,
            `Offset ${o} is not a multiple of the WGSL alignment ${l.align} of its type`,
          );
        }
        if (i > 0 && o < offsets[i - 1]) throw this.refuser.error(`the layout of member ${name}.${memberNames[i]}`, t, 'members out of offset order');
        align = Math.max(align, l.align);
        const next = i + 1 < t.operandCount ? offsets[i + 1] : undefined;
        let size = l.size;
        if (next !== undefined) {
          if (next - o < l.size)
            throw this.refuser.error(
              `the layout of member ${name}.${memberNames[i]}`,
              t,
              `the next member starts ${next - o} bytes after it, its WGSL type takes ${l.size}`,
            );
          size = next - o;
        } else {
          const padded = this.paddedSize.get(id);
          if (padded !== undefined && padded - o > l.size) size = padded - o;
        }
        const attrs: string[] = [];
        const memberType = this.def(t.word(i));
        if (this.uniform.has(id) && (memberType.opcode === Op.TypeStruct || memberType.opcode === Op.TypeArray)) {
          // Uniform buffers: structs and arrays start at multiples of 16, arrays step by them.
          const where = `${name}.${memberNames[i]}`;
          if (o % 16 !== 0) throw this.refuser.error(`the uniform-buffer layout of member ${where}`, t, `Offset ${o} is not a multiple of 16`);
          if (memberType.opcode === Op.TypeArray) {
            const stride = this.decorations.find(memberType.resultId, Decoration.ArrayStride)?.[0] ?? l.size;
            if (stride % 16 !== 0)
              throw this.refuser.error(
                `the uniform-buffer layout of member ${where}`,
                t,
                `ArrayStride ${stride} is not a multiple of 16, which WGSL requires of arrays in uniform buffers`,
              );
          }
          if (l.align < 16) {
            attrs.push('@align(16)');
            align = Math.max(align, 16);
          }
        }
        if (size !== l.size && !this.isRuntimeArray(t.word(i))) attrs.push(`@size(${size})`);
        if (attrs.length > 0) members[i] = { ...members[i], attributes: attrs.join(' ') + ' ' };
      }
      const last = t.operandCount - 1;
      const endOfLast =
        offsets[last] +
        (members[last].attributes.startsWith('@size(')
          ? Number(/@size\((\d+)\)/.exec(members[last].attributes)![1])
          : this.layoutOf(t.word(last), name, t, this.isRowMajorMember(id, last)).size);
      this.layouts.set(id, { align, size: roundUp(align, endOfLast) });
    }
    this.structs.push({ name, members });
    this.declared.add(id);
    return name;
  }

  private isRuntimeArray(id: number): boolean {
    return this.def(id).opcode === Op.TypeRuntimeArray;
  }

  /**
   * The natural WGSL layout of type `id`, checking that the ArrayStride and MatrixStride
   * decorations of what it contains are the ones WGSL gives (`where` names the member for errors).
   */
  layoutOf(id: number, where: string, at: Instruction, rowMajor = false): Layout {
    const t = this.def(id);
    switch (t.opcode) {
      case Op.TypeInt:
      case Op.TypeFloat:
      case Op.TypeBool:
        return { align: 4, size: 4 };
      case Op.TypeVector: {
        const n = t.word(1);
        return { align: n === 2 ? 8 : 16, size: 4 * n };
      }
      case Op.TypeMatrix: {
        const col = this.layoutOf(t.word(0), where, at);
        if (rowMajor) {
          // Stored by rows: as many rows as a column has components, each a vector of one per column.
          const n = t.word(1);
          const row = { align: n === 2 ? 8 : 16, size: 4 * n };
          return { align: row.align, size: this.width(t.word(0)) * roundUp(row.align, row.size) };
        }
        return { align: col.align, size: t.word(1) * roundUp(col.align, col.size) };
      }
      case Op.TypeArray:
      case Op.TypeRuntimeArray: {
        const e = this.layoutOf(t.word(0), where, at, rowMajor);
        let stride = roundUp(e.align, e.size);
        const declared = this.decorations.find(id, Decoration.ArrayStride)?.[0];
        if (declared !== undefined && declared !== stride) {
          const elem = this.def(t.word(0));
          if (elem.opcode === Op.TypeStruct && declared > stride && declared % e.align === 0 && !this.declared.has(elem.resultId)) {
            this.padStruct(elem.resultId, declared);
            stride = declared;
          } else {
            throw this.refuser.error(`the array stride of ${where}`, at, `ArrayStride ${declared}, WGSL's stride for this element type is ${stride}`);
          }
        }
        const n = t.opcode === Op.TypeArray ? (this.constLength(t.word(1)) ?? 1) : 1;
        return { align: e.align, size: n * stride };
      }
      case Op.TypeStruct: {
        this.storage(id);
        const l = this.layouts.get(id);
        if (l === undefined) throw this.refuser.error(`the layout of ${where}`, at, 'a struct without Offset decorations in an explicitly laid out block');
        return l;
      }
      default:
        throw this.refuser.error(`the layout of ${where}`, at, 'a type without a host-shareable layout');
    }
  }

  /** Checks the MatrixStride decorations of a struct's matrix members (WGSL's is fixed). */
  checkMatrixStrides(structId: number): void {
    const t = this.def(structId);
    for (let i = 0; i < t.operandCount; i++) {
      let m = this.def(t.word(i));
      while (m.opcode === Op.TypeArray || m.opcode === Op.TypeRuntimeArray) m = this.def(m.word(0));
      if (m.opcode === Op.TypeStruct) this.checkMatrixStrides(m.resultId);
      if (m.opcode !== Op.TypeMatrix) continue;
      const stride = this.decorations.ofMember(structId, i).find((d) => d.decoration === Decoration.MatrixStride);
      // A row-major matrix is stored as WGSL columns that are its rows.
      const rowMajor = this.isRowMajorMember(structId, i);
      const n = m.word(1);
      const vector = rowMajor ? { align: n === 2 ? 8 : 16, size: 4 * n } : this.layoutOf(m.word(0), '', t);
      const wgslStride = roundUp(vector.align, vector.size);
      if (stride !== undefined && stride.params[0] !== wgslStride) {
        throw this.refuser.error(
          `the matrix stride of the ${rowMajor ? 'row-major' : 'column-major'} matrix member ${this.storage(structId)}.${this.memberName(structId, i)}`,
          stride.instruction,
          `MatrixStride ${stride.params[0]}, WGSL's ${rowMajor ? 'stride between the rows it stores as columns' : 'column stride'} is ${wgslStride}`,
        );
      }
    }
  }

  /** A literal array length (a constant, or a spec constant fixed at its value), or undefined for an override. */
  constLength(id: number): number | undefined {
    const c = this.def(id);
    return c.opcode === Op.Constant ? c.word(0) : this.fixedLengths.get(id);
  }

  /** Struct types whose declaration must precede `id` (used for ordering, see toWgsl). */
  isStruct(id: number): boolean {
    return this.def(id).opcode === Op.TypeStruct;
  }
}

// Dim's 1D/2D/3D are not identifiers in the generated enum.
const DIM_1D = 0;
const DIM_2D = 1;
const DIM_3D = 2;

export function roundUp(align: number, n: number): number {
  return Math.ceil(n / align) * align;
}

/** The WGSL address space of a SPIR-V storage class (undefined: none). */
export function addressSpace(sc: number): string | undefined {
  switch (sc) {
    case StorageClass.Function:
      return 'function';
    case StorageClass.Private:
    case StorageClass.Input:
    case StorageClass.Output:
      return 'private';
    case StorageClass.Workgroup:
      return 'workgroup';
    case StorageClass.StorageBuffer:
      return 'storage';
    case StorageClass.Uniform:
    case StorageClass.PushConstant:
      return 'uniform';
    default:
      return undefined;
  }
}
