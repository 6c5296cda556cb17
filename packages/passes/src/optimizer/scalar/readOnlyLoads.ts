import { Decoration, DecorationsAnalysis, Op, StorageClass, type DefUse, type Instruction, type Module } from '@spvkit/core';

/** MemoryAccess Volatile: such a load is its own value. */
const VOLATILE = 0x1;

/**
 * Loads that read memory nothing writes while the shader runs (spirv-opt's read-only loads,
 * which its value numbering treats as values): two such loads of the same pointer give the same
 * value, so the later one may be removed like any recomputed value. Read-only is memory of the
 * Input, PushConstant and UniformConstant classes (but storage images and storage texel
 * buffers), uniform blocks (Uniform but BufferBlock structs, which are storage buffers), and
 * variables decorated NonWritable; in a kernel, UniformConstant only. Volatile loads, variables
 * decorated Volatile (an input such as HelperInvocation may change), and loads of images,
 * samplers and sampled images (which must stay in the block that uses them) are never numbered.
 *
 * @example
 * ```ts
 * const loads = new ReadOnlyLoads(module, module.analysis(DefUseAnalysis), true);
 * loads.keyOf(a) === loads.keyOf(b); // two OpLoad %int %gl_VertexIndex
 * ```
 */
export class ReadOnlyLoads {
  private readonly readOnly = new Map<number, boolean>();
  /** The ids decorated Volatile, NonWritable and BufferBlock: all this reads of the decorations. */
  private readonly volatile = new Set<number>();
  private readonly nonWritable = new Set<number>();
  private readonly bufferBlocks = new Set<number>();

  constructor(
    module: Module,
    private readonly defUse: DefUse,
    /** Whether the module is a shader (not a kernel): which memory is read-only differs. */
    private readonly shader: boolean,
  ) {
    // Three decorations are wanted: read from the annotations, unless decoration groups spread
    // some (then from the decorations analysis, which expands them).
    if (module.annotations.some((inst) => inst.opcode === Op.GroupDecorate)) {
      const decorations = module.analysis(DecorationsAnalysis);
      for (const id of decorations.decoratedIds()) {
        if (decorations.find(id, Decoration.Volatile) !== undefined) this.volatile.add(id);
        if (decorations.find(id, Decoration.NonWritable) !== undefined) this.nonWritable.add(id);
        if (decorations.find(id, Decoration.BufferBlock) !== undefined) this.bufferBlocks.add(id);
      }
      return;
    }
    for (const inst of module.annotations) {
      if (inst.opcode !== Op.Decorate) continue;
      const decoration = inst.word(1);
      if (decoration === Decoration.Volatile) this.volatile.add(inst.word(0));
      else if (decoration === Decoration.NonWritable) this.nonWritable.add(inst.word(0));
      else if (decoration === Decoration.BufferBlock) this.bufferBlocks.add(inst.word(0));
    }
  }

  /** The value key of a load of read-only memory, or undefined for any other instruction. */
  keyOf(inst: Instruction): string | undefined {
    if (inst.opcode !== Op.Load || inst.resultId === 0) return undefined;
    if (inst.operandCount >= 2 && (inst.word(1) & VOLATILE) !== 0) return undefined;
    const loaded = this.defUse.def(inst.typeId)?.opcode;
    if (loaded === Op.TypeImage || loaded === Op.TypeSampler || loaded === Op.TypeSampledImage) return undefined;
    const variable = this.baseVariable(inst.word(0));
    if (variable === undefined || !this.isReadOnly(variable)) return undefined;
    let key = `load:${inst.typeId}:`;
    for (let i = 0; i < inst.operandCount; i++) key += `${inst.word(i)},`;
    return key;
  }

  /** The variable a pointer points into, through access chains and copies. */
  private baseVariable(pointer: number): Instruction | undefined {
    // Bounded: a chain that names itself (invalid, but possible in input) ends the walk.
    for (let def = this.defUse.def(pointer), steps = 0; def !== undefined && steps < 64; def = this.defUse.def(def.word(0)), steps++) {
      switch (def.opcode) {
        case Op.Variable:
          return def;
        case Op.AccessChain:
        case Op.InBoundsAccessChain:
        case Op.PtrAccessChain:
        case Op.InBoundsPtrAccessChain:
        case Op.CopyObject:
          continue;
        default:
          return undefined;
      }
    }
    return undefined;
  }

  private isReadOnly(variable: Instruction): boolean {
    let known = this.readOnly.get(variable.resultId);
    if (known === undefined) this.readOnly.set(variable.resultId, (known = this.judge(variable)));
    return known;
  }

  private judge(variable: Instruction): boolean {
    const id = variable.resultId;
    if (this.volatile.has(id)) return false;
    const storage = variable.word(0);
    if (!this.shader) return storage === StorageClass.UniformConstant;
    switch (storage) {
      case StorageClass.Input:
      case StorageClass.PushConstant:
        return true;
      case StorageClass.UniformConstant:
        if (!this.isStorageImage(variable)) return true;
        break;
      case StorageClass.Uniform:
        if (!this.isBufferBlock(variable)) return true;
        break;
    }
    return this.nonWritable.has(id);
  }

  /** The pointee of a variable's pointer type, arrays of it unwrapped. */
  private pointee(variable: Instruction): Instruction | undefined {
    const pointer = this.defUse.def(variable.typeId);
    let type = pointer?.opcode === Op.TypePointer ? this.defUse.def(pointer.word(1)) : undefined;
    if (type?.opcode === Op.TypeArray || type?.opcode === Op.TypeRuntimeArray) type = this.defUse.def(type.word(0));
    return type;
  }

  /** A storage image or storage texel buffer (an image of Sampled 2): shaders write those. */
  private isStorageImage(variable: Instruction): boolean {
    const type = this.pointee(variable);
    return type?.opcode === Op.TypeImage && type.word(5) === 2;
  }

  /** A struct decorated BufferBlock: a storage buffer in the Uniform class. */
  private isBufferBlock(variable: Instruction): boolean {
    const type = this.pointee(variable);
    return type?.opcode === Op.TypeStruct && this.bufferBlocks.has(type.resultId);
  }
}
