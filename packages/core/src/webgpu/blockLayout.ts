import { SpirvError } from '../errors/SpirvError.js';
import { DecorationsAnalysis } from '../analysis/Decorations.js';
import { NamesAnalysis } from '../analysis/Names.js';
import { TypesAnalysis } from '../analysis/TypeManager.js';
import { Decoration, Op, StorageClass } from '../grammar/index.js';
import type { Module } from '../ir/Module.js';

/** A number type of a buffer member: WGSL's `f32`, `i32`, `u32`, and the widths WGSL has no name for. */
export type BufferScalar = 'f32' | 'i32' | 'u32' | 'bool' | 'f16' | 'f64' | 'i8' | 'u8' | 'i16' | 'u16' | 'i64' | 'u64';

/** The type of a buffer member, with the strides that place its parts. */
export type BufferType =
  | { readonly kind: 'scalar'; readonly scalar: BufferScalar }
  | { readonly kind: 'vector'; readonly scalar: BufferScalar; readonly count: number }
  | {
      readonly kind: 'matrix';
      readonly scalar: BufferScalar;
      readonly columns: number;
      readonly rows: number;
      /** Bytes from one column to the next (from one row to the next when `rowMajor`). */
      readonly matrixStride: number;
      readonly rowMajor: boolean;
    }
  | {
      readonly kind: 'array';
      readonly element: BufferType;
      /** Null for a runtime-sized array. A spec-constant length is its default. */
      readonly length: number | null;
      readonly arrayStride: number;
    }
  | { readonly kind: 'struct'; readonly name: string; readonly members: readonly MemberLayout[]; readonly size: number; readonly align: number };

/** Where a member lies in its struct. */
export interface MemberLayout {
  readonly name: string;
  /** Byte offset from the start of the enclosing struct. */
  readonly offset: number;
  /** Bytes the member's value occupies (a runtime-sized array: one element's stride). */
  readonly size: number;
  /** WGSL's alignment of the member, with the uniform address space's `@align(16)` where it applies. */
  readonly align: number;
  /** For arrays: bytes from one element to the next. */
  readonly arrayStride?: number;
  /** For matrices and arrays of matrices: bytes from one column to the next. */
  readonly matrixStride?: number;
  readonly type: BufferType;
}

/** The byte layout of a uniform or storage block, as spvkit's WGSL translation declares it. */
export interface BlockLayout {
  /** The block type's OpName (`S<id>` when it has none). */
  readonly name: string;
  /** WGSL's size of the block: the end of its last member rounded up to `align`; a runtime-sized array counts one element. */
  readonly size: number;
  readonly align: number;
  readonly members: readonly MemberLayout[];
  /** True when the last member is a runtime-sized array. */
  readonly runtimeSized: boolean;
  /**
   * Why WGSL cannot declare this layout (e.g. a scalar-layout `vec3` at offset 12, a std140
   * `mat2`); empty when it can. The offsets are the module's either way: they are what the bytes
   * of a Vulkan buffer must be.
   */
  readonly wgslProblems: readonly string[];
}

interface Laid {
  readonly type: BufferType;
  readonly align: number;
  readonly size: number;
}

/**
 * The layout of a struct type with explicit Offset decorations (a uniform, storage or push-constant
 * block): every member's offset, size, alignment and strides. Offsets and strides are the module's
 * decorations, which spvkit's WGSL translation keeps (with `@size` / `@align`); alignment and size
 * follow WGSL's rules, which decide `minBindingSize`.
 *
 * @example
 * ```ts
 * const layout = blockLayoutOf(module, blockTypeId);
 * // { name: 'Camera', size: 80, align: 16, members: [{ name: 'mvp', offset: 0, size: 64, align: 16, matrixStride: 16, ... }, ...] }
 * ```
 */
export function blockLayoutOf(module: Module, structTypeId: number): BlockLayout {
  const problems: string[] = [];
  const laid = new BlockLayouts(module).layOut(structTypeId, undefined, problems, '');
  if (laid.type.kind !== 'struct') throw new SpirvError('BAD_INPUT', `%${structTypeId} is not a struct type`);
  const { name, members, size, align } = laid.type;
  const last = members.at(-1);
  const runtimeSized = last?.type.kind === 'array' && last.type.length === null;
  return { name, size, align, members, runtimeSized, wgslProblems: [...new Set(problems)] };
}

/** Lays out the structs of one module, with the facts that are module-wide in the WGSL translation. */
class BlockLayouts {
  private readonly types;
  private readonly decorations;
  private readonly names;
  /** Structs reachable from a uniform or push-constant block: the uniform address space aligns their struct and array members to 16. */
  private readonly uniform = new Set<number>();
  /** The largest ArrayStride of an array of each struct: the translation pads the struct to it. */
  private readonly padded = new Map<number, number>();
  private readonly structs = new Map<number, { laid: Laid; problems: readonly string[] }>();

  constructor(private readonly module: Module) {
    this.types = module.analysis(TypesAnalysis);
    this.decorations = module.analysis(DecorationsAnalysis);
    this.names = module.analysis(NamesAnalysis);
    for (const inst of module.globals) {
      if (inst.opcode === Op.Variable && (inst.word(0) === StorageClass.Uniform || inst.word(0) === StorageClass.PushConstant)) {
        const pointee = this.types.def(inst.typeId)?.word(1);
        if (pointee !== undefined && this.decorations.find(pointee, Decoration.BufferBlock) === undefined) this.markUniform(pointee);
      }
      if (inst.opcode === Op.TypeArray || inst.opcode === Op.TypeRuntimeArray) {
        const stride = this.decorations.find(inst.resultId, Decoration.ArrayStride)?.[0];
        if (stride !== undefined && this.types.def(inst.word(0))?.opcode === Op.TypeStruct)
          this.padded.set(inst.word(0), Math.max(stride, this.padded.get(inst.word(0)) ?? 0));
      }
    }
  }

  private markUniform(id: number): void {
    let t = this.types.def(id);
    while (t !== undefined && (t.opcode === Op.TypeArray || t.opcode === Op.TypeRuntimeArray)) t = this.types.def(t.word(0));
    if (t === undefined || t.opcode !== Op.TypeStruct || this.uniform.has(t.resultId)) return;
    this.uniform.add(t.resultId);
    for (let i = 0; i < t.operandCount; i++) this.markUniform(t.word(i));
  }

  /** `matrix`: the MatrixStride and RowMajor of the member the type belongs to. */
  layOut(id: number, matrix: { stride: number | undefined; rowMajor: boolean } | undefined, problems: string[], where: string): Laid {
    const t = this.types.def(id);
    if (t === undefined) throw new SpirvError('BAD_INPUT', `%${id} is not a type`);
    switch (t.opcode) {
      case Op.TypeBool:
        return { type: { kind: 'scalar', scalar: 'bool' }, align: 4, size: 4 };
      case Op.TypeInt:
      case Op.TypeFloat: {
        const bytes = t.word(0) / 8;
        return { type: { kind: 'scalar', scalar: scalarName(t.opcode, t.word(0), t.opcode === Op.TypeInt && t.word(1) === 1) }, align: bytes, size: bytes };
      }
      case Op.TypeVector: {
        const c = this.layOut(t.word(0), undefined, problems, where);
        const count = t.word(1);
        const scalar = c.type.kind === 'scalar' ? c.type.scalar : 'u32';
        return { type: { kind: 'vector', scalar, count }, align: c.size * (count === 2 ? 2 : 4), size: c.size * count };
      }
      case Op.TypeMatrix: {
        const column = this.layOut(t.word(0), undefined, problems, where);
        const columns = t.word(1);
        const rows = column.type.kind === 'vector' ? column.type.count : 1;
        const scalar = column.type.kind === 'vector' ? column.type.scalar : 'f32';
        const natural = roundUp(column.align, column.size);
        const rowMajor = matrix?.rowMajor ?? false;
        const matrixStride = matrix?.stride ?? natural;
        if (rowMajor) problems.push(`${where}: a row-major matrix (WGSL matrices are column-major)`);
        else if (matrixStride !== natural) problems.push(`${where}: MatrixStride ${matrixStride}, WGSL's column stride is ${natural}`);
        const size = (rowMajor ? rows : columns) * matrixStride;
        return { type: { kind: 'matrix', scalar, columns, rows, matrixStride, rowMajor }, align: column.align, size };
      }
      case Op.TypeArray:
      case Op.TypeRuntimeArray: {
        const e = this.layOut(t.word(0), matrix, problems, `${where}[]`);
        const natural = roundUp(e.align, e.size);
        const arrayStride = this.decorations.find(id, Decoration.ArrayStride)?.[0] ?? natural;
        if (arrayStride !== natural) problems.push(`${where}: ArrayStride ${arrayStride}, WGSL's stride for this element type is ${natural}`);
        const length = t.opcode === Op.TypeArray ? this.arrayLength(t.word(1)) : null;
        return { type: { kind: 'array', element: e.type, length, arrayStride }, align: e.align, size: (length ?? 1) * arrayStride };
      }
      case Op.TypeStruct:
        return this.layOutStruct(id, problems);
      default:
        throw new SpirvError('BAD_INPUT', `${where || `%${id}`}: a type without a buffer layout (opcode ${t.opcode})`);
    }
  }

  private layOutStruct(id: number, problems: string[]): Laid {
    const known = this.structs.get(id);
    if (known !== undefined) {
      problems.push(...known.problems);
      return known.laid;
    }
    const t = this.types.def(id)!;
    const name = this.names.name(id) || `S${id}`;
    const own: string[] = [];
    const members: MemberLayout[] = [];
    let align = 1;
    let end = 0;
    for (let i = 0; i < t.operandCount; i++) {
      const memberName = this.names.memberName(id, i) || `m${i}`;
      const where = `${name}.${memberName}`;
      const decorations = this.decorations.ofMember(id, i);
      const offset = decorations.find((d) => d.decoration === Decoration.Offset)?.params[0];
      if (offset === undefined) throw new SpirvError('BAD_INPUT', `${where}: a member without an Offset decoration`);
      const stride = decorations.find((d) => d.decoration === Decoration.MatrixStride)?.params[0];
      const rowMajor = decorations.some((d) => d.decoration === Decoration.RowMajor);
      const laid = this.layOut(t.word(i), { stride, rowMajor }, own, where);
      let memberAlign = laid.align;
      if (this.uniform.has(id) && (laid.type.kind === 'struct' || laid.type.kind === 'array')) {
        memberAlign = Math.max(memberAlign, 16);
        if (laid.type.kind === 'array' && laid.type.arrayStride % 16 !== 0)
          own.push(`${where}: ArrayStride ${laid.type.arrayStride} in a uniform buffer, where WGSL requires a multiple of 16`);
      }
      if (offset % memberAlign !== 0) own.push(`${where}: Offset ${offset} is not a multiple of its WGSL alignment ${memberAlign}`);
      const previous = members.at(-1);
      if (previous !== undefined && offset < previous.offset + previous.size)
        own.push(`${where}: Offset ${offset} overlaps ${previous.name}, which ends at ${previous.offset + previous.size}`);
      align = Math.max(align, memberAlign);
      end = Math.max(end, offset + laid.size);
      members.push({
        name: memberName,
        offset,
        size: laid.size,
        align: memberAlign,
        ...(laid.type.kind === 'array' ? { arrayStride: laid.type.arrayStride } : {}),
        ...(matrixStrideOf(laid.type) !== undefined ? { matrixStride: matrixStrideOf(laid.type) } : {}),
        type: laid.type,
      });
    }
    end = Math.max(end, this.padded.get(id) ?? 0);
    const size = roundUp(align, end);
    const laid: Laid = { type: { kind: 'struct', name, members, size, align }, align, size };
    this.structs.set(id, { laid, problems: own });
    problems.push(...own);
    return laid;
  }

  /** A constant's value, or a spec constant's default. */
  private arrayLength(id: number): number {
    const c = this.types.def(id);
    if (c !== undefined && (c.opcode === Op.Constant || c.opcode === Op.SpecConstant)) return c.word(0);
    throw new SpirvError('BAD_INPUT', `%${id}: an array length that is not a constant`);
  }
}

function matrixStrideOf(type: BufferType): number | undefined {
  if (type.kind === 'matrix') return type.matrixStride;
  if (type.kind === 'array') return matrixStrideOf(type.element);
  return undefined;
}

function scalarName(opcode: number, width: number, signed: boolean): BufferScalar {
  if (opcode === Op.TypeFloat) return width === 16 ? 'f16' : width === 64 ? 'f64' : 'f32';
  return `${signed ? 'i' : 'u'}${width}` as BufferScalar;
}

function roundUp(align: number, n: number): number {
  return Math.ceil(n / align) * align;
}
