import { InstructionWalker } from '../../ir/InstructionWalker.js';
import { BuiltIn, Decoration, Op, SHAPE_RESULT, enumerantName } from '../../grammar/index.js';
import type { Instruction } from '../../ir/Instruction.js';
import type { InstructionSink } from '../../ir/forEachInstruction.js';
import { sanitize, sanitizedName } from './formatString.js';
import { NumericTypes } from './NumericTypes.js';

/** Variables decorated with these builtins get these names (unless an OpName came first). */
const BUILTIN_NAMES = new Map<number, string>([
  [BuiltIn.Position, 'gl_Position'],
  [BuiltIn.PointSize, 'gl_PointSize'],
  [BuiltIn.ClipDistance, 'gl_ClipDistance'],
  [BuiltIn.CullDistance, 'gl_CullDistance'],
  [BuiltIn.VertexId, 'gl_VertexID'],
  [BuiltIn.InstanceId, 'gl_InstanceID'],
  [BuiltIn.PrimitiveId, 'gl_PrimitiveID'],
  [BuiltIn.InvocationId, 'gl_InvocationID'],
  [BuiltIn.Layer, 'gl_Layer'],
  [BuiltIn.ViewportIndex, 'gl_ViewportIndex'],
  [BuiltIn.TessLevelOuter, 'gl_TessLevelOuter'],
  [BuiltIn.TessLevelInner, 'gl_TessLevelInner'],
  [BuiltIn.TessCoord, 'gl_TessCoord'],
  [BuiltIn.PatchVertices, 'gl_PatchVertices'],
  [BuiltIn.FragCoord, 'gl_FragCoord'],
  [BuiltIn.PointCoord, 'gl_PointCoord'],
  [BuiltIn.FrontFacing, 'gl_FrontFacing'],
  [BuiltIn.SampleId, 'gl_SampleID'],
  [BuiltIn.SamplePosition, 'gl_SamplePosition'],
  [BuiltIn.SampleMask, 'gl_SampleMask'],
  [BuiltIn.FragDepth, 'gl_FragDepth'],
  [BuiltIn.HelperInvocation, 'gl_HelperInvocation'],
  [BuiltIn.NumWorkgroups, 'gl_NumWorkGroups'],
  [BuiltIn.WorkgroupSize, 'gl_WorkGroupSize'],
  [BuiltIn.WorkgroupId, 'gl_WorkGroupID'],
  [BuiltIn.LocalInvocationId, 'gl_LocalInvocationID'],
  [BuiltIn.GlobalInvocationId, 'gl_GlobalInvocationID'],
  [BuiltIn.LocalInvocationIndex, 'gl_LocalInvocationIndex'],
  [BuiltIn.WorkDim, 'WorkDim'],
  [BuiltIn.GlobalSize, 'GlobalSize'],
  [BuiltIn.EnqueuedWorkgroupSize, 'EnqueuedWorkgroupSize'],
  [BuiltIn.GlobalOffset, 'GlobalOffset'],
  [BuiltIn.GlobalLinearId, 'GlobalLinearId'],
  [BuiltIn.SubgroupSize, 'SubgroupSize'],
  [BuiltIn.SubgroupMaxSize, 'SubgroupMaxSize'],
  [BuiltIn.NumSubgroups, 'NumSubgroups'],
  [BuiltIn.NumEnqueuedSubgroups, 'NumEnqueuedSubgroups'],
  [BuiltIn.SubgroupId, 'SubgroupId'],
  [BuiltIn.SubgroupLocalInvocationId, 'SubgroupLocalInvocationId'],
  [BuiltIn.VertexIndex, 'gl_VertexIndex'],
  [BuiltIn.InstanceIndex, 'gl_InstanceIndex'],
  [BuiltIn.SubgroupEqMask, 'SubgroupEqMaskKHR'],
  [BuiltIn.SubgroupGeMask, 'SubgroupGeMaskKHR'],
  [BuiltIn.SubgroupGtMask, 'SubgroupGtMaskKHR'],
  [BuiltIn.SubgroupLeMask, 'SubgroupLeMaskKHR'],
  [BuiltIn.SubgroupLtMask, 'SubgroupLtMaskKHR'],
]);

/** Types whose name is fixed. */
const FIXED_TYPE_NAMES = new Map<number, string>([
  [Op.TypeVoid, 'void'],
  [Op.TypeBool, 'bool'],
  [Op.TypeEvent, 'Event'],
  [Op.TypeDeviceEvent, 'DeviceEvent'],
  [Op.TypeReserveId, 'ReserveId'],
  [Op.TypeQueue, 'Queue'],
  [Op.TypePipeStorage, 'PipeStorage'],
  [Op.TypeNamedBarrier, 'NamedBarrier'],
  [Op.ConstantTrue, 'true'],
  [Op.ConstantFalse, 'false'],
]);

/** Opcodes whose instructions can give a name other than the result id's number. */
const NAMING_OPCODES = new Uint8Array(65536);
for (const op of [
  Op.Name,
  Op.Decorate,
  Op.TypeInt,
  Op.TypeFloat,
  Op.TypeVector,
  Op.TypeMatrix,
  Op.TypeArray,
  Op.TypeRuntimeArray,
  Op.TypePointer,
  Op.TypeUntypedPointerKHR,
  Op.TypePipe,
  Op.TypeOpaque,
  Op.TypeStruct,
  Op.Constant,
  ...FIXED_TYPE_NAMES.keys(),
])
  NAMING_OPCODES[op] = 1;

/** Longer names are not used (see FriendlyNameMapper). */
export const MAX_NAME_LENGTH = 1000;

/** Operands (after result type and id) the naming instructions read, by opcode. */
const MIN_OPERANDS = new Uint8Array(65536);
for (const [op, count] of [
  [Op.Name, 2],
  [Op.Decorate, 2],
  [Op.TypeInt, 2],
  [Op.TypeFloat, 1],
  [Op.TypeVector, 2],
  [Op.TypeMatrix, 2],
  [Op.TypeArray, 2],
  [Op.TypeRuntimeArray, 1],
  [Op.TypePointer, 2],
  [Op.TypeUntypedPointerKHR, 1],
  [Op.TypePipe, 1],
  [Op.TypeOpaque, 1],
] as const)
  MIN_OPERANDS[op] = count;

const INT_ROOTS = new Map<number, string>([
  [8, 'char'],
  [16, 'short'],
  [32, 'int'],
  [64, 'long'],
]);

const FLOAT_NAMES = new Map<number, string>([
  [16, 'half'],
  [32, 'float'],
  [64, 'double'],
]);

/**
 * The names spirv-dis gives ids (SPIRV-Tools' FriendlyNameMapper), computed in one pass over the
 * module in binary order (pass it to `forEachInstruction`). The first name an id is given
 * sticks:
 *
 * - OpName: its string, every byte outside `[A-Za-z0-9_]` replaced by `_` (`""` gives `_`);
 * - OpDecorate BuiltIn on a variable: `gl_Position`, `gl_GlobalInvocationID`, ... for the
 *   builtins GLSL has; a few OpenCL/subgroup ones by their plain name; others get no name here;
 * - types: `void`, `bool`, `int`/`uint`, `char`, `short`, `long`, `i24`/`u24` for other widths,
 *   `half`, `float`, `double`, `fp8`, `v3uint`, `mat4v4float`, `_arr_float_uint_4` (element and
 *   length id names), `_runtimearr_float`, `_ptr_Input_uint`, `_ptr_StorageBuffer` (an untyped
 *   pointer, SPV_KHR_untyped_pointers: its storage class alone), `_struct_12` (its own id),
 *   `Opaque_Foo`, `PipeReadOnly`, `Event`, ...;
 * - constants: `true`, `false`, `uint_42`, `int_n1`, `float_0_5`, `float_0x1p_128` (the literal
 *   as printed, `-` as `n`, other invalid characters as `_`);
 * - every other result id: its number.
 *
 * A name already taken gets the first free suffix `_0`, `_1`, ... An id referred to before it is
 * named (a forward reference while naming a type) is written as its number.
 *
 * SPIRV-Tools searches the suffixes from `_0` every time, which is quadratic in the number of
 * equal names (glslang's `-g` output repeats names like `i` thousands of times); here the next
 * candidate is remembered per base name, which finds the same suffix because names are never freed.
 *
 * One deliberate difference: a name longer than {@link MAX_NAME_LENGTH} characters is not used,
 * the id is written as its number. Type names include the names of the types they are made of,
 * so a chain of thousands of nested array types (a fuzzer's, not a compiler's) would make
 * SPIRV-Tools' names, and its output, grow with the square of the depth, to hundreds of
 * megabytes; no real module has a name this long.
 */
export class FriendlyNameMapper implements InstructionSink {
  /**
   * Id -> index in `names` of its friendly name, 0 for none, for ids below the capacity (a typed
   * array: cheap to create and to read); `farNames` holds the others.
   */
  private readonly nameIndex: Uint32Array;
  private readonly farNames = new Map<number, number>();
  private readonly names: string[] = [''];
  /** Ids that took their own number as their name (kept out of `used` to save work). */
  private readonly numbered: Uint8Array;
  private readonly farNumbered = new Set<number>();
  /** Ids whose name was too long; types made from them are not named either. */
  private readonly dropped = new Set<number>();
  private readonly used = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  /** Whether any name in `used` is a plain number, which a numbered id could collide with. */
  private numericNameUsed = false;
  private readonly numericTypes = new NumericTypes();

  /**
   * @param capacity ids below this are kept in arrays, others in maps: the module's id bound,
   *   or less when the bound is far above what the module can define (a corrupt header must not
   *   make this allocate memory for ids that do not exist).
   */
  constructor(capacity: number) {
    this.nameIndex = new Uint32Array(capacity);
    this.numbered = new Uint8Array(capacity);
  }

  /** The name of `id`: its friendly name, or its number. */
  nameOf(id: number): string {
    return this.explicitName(id) ?? String(id);
  }

  /**
   * The names as tables, for a printer's inner loop: for `id < index.length`, `names[index[id]]`
   * is the friendly name of `id` when `index[id]` is not 0, otherwise `id` prints as its number;
   * larger ids are looked up with {@link explicitName}.
   */
  table(): { readonly index: Uint32Array; readonly names: readonly string[] } {
    return { index: this.nameIndex, names: this.names };
  }

  /** The friendly name of `id`, or undefined when it is printed as its number. */
  explicitName(id: number): string | undefined {
    const index = id < this.nameIndex.length ? this.nameIndex[id] : (this.farNames.get(id) ?? 0);
    return index === 0 ? undefined : this.names[index];
  }

  /** The instructions held as words: most only get their number, so no object is made for them. */
  region(words: Uint32Array): void {
    const walk = new InstructionWalker(words);
    while (walk.next()) {
      if (NAMING_OPCODES[walk.opcode] === 1) this.instruction(walk.instruction());
      else if ((walk.shape & SHAPE_RESULT) !== 0 && !this.isNamed(walk.resultId)) this.saveNumber(walk.resultId);
    }
  }

  /** Takes the names `inst` gives; call for every instruction in binary order. */
  instruction(inst: Instruction): void {
    const opcode = inst.opcode;
    const result = inst.resultId;
    // A malformed instruction is printed as raw words and names nothing (spirv-dis rejects it).
    if (inst.operandCount < MIN_OPERANDS[opcode]) {
      if (result !== 0 && !this.isNamed(result)) this.saveNumber(result);
      return;
    }
    switch (opcode) {
      case Op.Name:
        this.save(inst.word(0), sanitizedName(inst, 1, inst.operandCount - 1));
        return;
      case Op.Decorate:
        if (inst.operandCount > 2 && inst.word(1) === Decoration.BuiltIn) {
          const name = BUILTIN_NAMES.get(inst.word(2));
          if (name !== undefined) this.save(inst.word(0), name);
        }
        return;
      case Op.TypeInt: {
        this.numericTypes.note(inst);
        const width = inst.word(0);
        const root = INT_ROOTS.get(width);
        const prefix = inst.word(1) === 0 ? 'u' : root === undefined ? 'i' : '';
        this.save(result, prefix + (root ?? String(width)));
        return;
      }
      case Op.TypeFloat: {
        this.numericTypes.note(inst);
        const width = inst.word(0);
        this.save(result, FLOAT_NAMES.get(width) ?? 'fp' + String(width));
        return;
      }
      case Op.TypeVector:
        if (this.from(result, inst.word(0))) this.save(result, 'v' + String(inst.word(1)) + this.nameOf(inst.word(0)));
        return;
      case Op.TypeMatrix:
        if (this.from(result, inst.word(0))) this.save(result, 'mat' + String(inst.word(1)) + this.nameOf(inst.word(0)));
        return;
      case Op.TypeArray:
        if (this.from(result, inst.word(0), inst.word(1))) this.save(result, '_arr_' + this.nameOf(inst.word(0)) + '_' + this.nameOf(inst.word(1)));
        return;
      case Op.TypeRuntimeArray:
        if (this.from(result, inst.word(0))) this.save(result, '_runtimearr_' + this.nameOf(inst.word(0)));
        return;
      case Op.TypePointer:
        if (this.from(result, inst.word(1))) this.save(result, '_ptr_' + enumName('StorageClass', inst.word(0)) + '_' + this.nameOf(inst.word(1)));
        return;
      case Op.TypeUntypedPointerKHR:
        // No pointee to name it after: the storage class alone, as current spirv-dis does.
        this.save(result, '_ptr_' + enumName('StorageClass', inst.word(0)));
        return;
      case Op.TypePipe:
        this.save(result, 'Pipe' + enumName('AccessQualifier', inst.word(0)));
        return;
      case Op.TypeOpaque:
        this.save(result, 'Opaque_' + sanitizedName(inst, 0, inst.operandCount));
        return;
      case Op.TypeStruct:
        this.save(result, '_struct_' + String(result));
        return;
      case Op.Constant: {
        const literal = this.numericTypes.format(inst.typeId, inst, 0, inst.operandCount);
        if (literal !== undefined) {
          if (this.from(result, inst.typeId)) this.save(result, sanitize(this.nameOf(inst.typeId) + '_' + literal.replaceAll('-', 'n')));
          return;
        }
        break;
      }
      default: {
        const fixed = FIXED_TYPE_NAMES.get(opcode);
        if (fixed !== undefined) {
          this.save(result, fixed);
          return;
        }
      }
    }
    if (result !== 0 && !this.isNamed(result)) this.saveNumber(result);
  }

  private isNamed(id: number): boolean {
    return id < this.nameIndex.length ? this.nameIndex[id] !== 0 || this.numbered[id] === 1 : this.farNames.has(id) || this.farNumbered.has(id);
  }

  private isNumbered(id: number): boolean {
    return id < this.numbered.length ? this.numbered[id] === 1 : this.farNumbered.has(id);
  }

  /** Gives `id` its own number as its name, the common case, without touching `used`. */
  private saveNumber(id: number): void {
    if (this.numericNameUsed && this.used.has(String(id))) this.save(id, String(id));
    else if (id < this.numbered.length) this.numbered[id] = 1;
    else this.farNumbered.add(id);
  }

  /**
   * Whether `id`, a type or constant, may be named after the ids it is made of: not when one of
   * them lost its name for being too long (its own name would be longer still).
   */
  private from(id: number, a: number, b = 0): boolean {
    if (this.dropped.size === 0 || (!this.dropped.has(a) && !this.dropped.has(b))) return true;
    if (!this.isNamed(id)) {
      this.dropped.add(id);
      this.saveNumber(id);
    }
    return false;
  }

  private save(id: number, suggested: string): void {
    if (this.isNamed(id)) return;
    if (suggested.length > MAX_NAME_LENGTH) {
      this.dropped.add(id);
      this.saveNumber(id);
      return;
    }
    let name = suggested;
    if (this.isUsed(name)) {
      const base = suggested + '_';
      let k = this.nextSuffix.get(suggested) ?? 0;
      while (this.isUsed(base + String(k))) k++;
      this.nextSuffix.set(suggested, k + 1);
      name = base + String(k);
    }
    this.used.add(name);
    if (isDecimal(name)) this.numericNameUsed = true;
    if (id < this.nameIndex.length) this.nameIndex[id] = this.names.length;
    else this.farNames.set(id, this.names.length);
    this.names.push(name);
  }

  private isUsed(name: string): boolean {
    if (this.used.has(name)) return true;
    // Up to 2^32, a number name is taken if that id took its number.
    return isDecimal(name) && name.length <= 10 && this.isNumbered(Number(name));
  }
}

/** A name an id's number could also print as: decimal digits without a leading zero. */
function isDecimal(name: string): boolean {
  const first = name.charCodeAt(0);
  if (first < 49 || first > 57) return false;
  for (let i = 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function enumName(kind: string, value: number): string {
  // SPIRV-Tools falls back to this spelling for any unknown value, whatever the kind.
  return enumerantName(kind, value) ?? 'StorageClass' + String(value);
}
