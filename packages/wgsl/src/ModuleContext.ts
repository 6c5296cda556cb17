import { Decoration, DecorationsAnalysis, GLSLstd450, NamesAnalysis, Op, StorageClass, decodeLiteralString } from '@spvkit/core';
import type { Decorations, Instruction, Module, Names } from '@spvkit/core';
import { ConstantTable } from './constants/ConstantTable.js';
import { Refuser } from './errors/Refuser.js';
import { HelperFunctions } from './functions/HelperFunctions.js';
import type { ExprContext } from './expressions/ExprContext.js';
import { Namer } from './names/Namer.js';
import { TypeTable } from './types/TypeTable.js';

/**
 * A WGSL reference to memory: its text, and whether the matrices directly in what it points at
 * are row-major (stored transposed in WGSL). A column of a row-major matrix is no WGSL reference:
 * `column` then names the stored matrix and the column's index.
 */
export interface MemoryReference {
  readonly text: string;
  readonly rowMajor: boolean;
  readonly column?: { readonly matrix: string; readonly index: string; readonly vectorType: number };
}

/** Where an access chain ends: the last step's struct member or array (for atomics). */
type ChainEnd =
  | { readonly kind: 'member'; readonly struct: number; readonly index: number }
  | { readonly kind: 'array'; readonly array: number }
  | { readonly kind: 'other' };

/**
 * What every part of the translation shares: the module's definitions, names, decorations, the
 * type and constant tables, the names of global variables and functions, and the facts found by
 * looking at the whole module first (which memory is atomic, which buffers are written).
 */
export class ModuleContext implements ExprContext {
  readonly defs = new Map<number, Instruction>();
  readonly names: Names;
  readonly decorations: Decorations;
  readonly namer = new Namer();
  /** Functions the translation writes where WGSL has no builtin (see HelperFunctions). */
  readonly helpers = new HelperFunctions(this.namer);
  /** WGSL extensions the translation uses (`enable clip_distances;`). */
  readonly enables = new Set<string>();
  readonly refuser: Refuser;
  readonly types: TypeTable;
  readonly constants: ConstantTable;
  /** WGSL names of global variables (their reference text). */
  readonly globals = new Map<number, string>();
  readonly functionNames = new Map<number, string>();
  /** Variables whose own type is an atomic integer. */
  readonly atomicVars = new Set<number>();
  /** Root variables some instruction writes (stores, atomics, image writes, calls). */
  readonly written = new Set<number>();
  /** Root variables some instruction reads (loads, atomics, image reads). */
  readonly read = new Set<number>();
  /** Root variables some atomic instruction uses: WGSL allows atomics in read_write storage only. */
  readonly atomicRoots = new Set<number>();
  /** Samplers used for depth comparisons (sampler_comparison). */
  readonly comparisonSamplers = new Set<number>();
  private readonly extSets = new Map<number, string>();

  constructor(readonly module: Module) {
    this.names = module.analysis(NamesAnalysis);
    this.decorations = module.analysis(DecorationsAnalysis);
    this.refuser = new Refuser(module);
    for (const inst of module.globalInstructions()) if (inst.resultId !== 0) this.defs.set(inst.resultId, inst);
    for (const fn of module.functions) for (const inst of fn.allInstructions()) if (inst.resultId !== 0) this.defs.set(inst.resultId, inst);
    for (const inst of module.extInstImports) this.extSets.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
    this.types = new TypeTable(this.defs, this.decorations, this.names, this.namer, this.refuser);
    this.constants = new ConstantTable(this.types, this.decorations, this.names, this.namer, this.refuser);
    this.types.arrayLength = (id) => {
      const c = this.types.constLength(id);
      return c !== undefined ? String(c) : this.value(id);
    };
  }

  /** The value text of a module-level id (constants; global variables as references). */
  value(id: number): string {
    return this.globalValue(id, this);
  }

  globalValue(id: number, ctx: ExprContext): string {
    const c = this.constants.expr(id, ctx);
    if (c !== undefined) return c;
    const g = this.globals.get(id);
    if (g !== undefined) return g;
    const def = this.defs.get(id);
    throw this.refuser.error('a value WGSL cannot name here', def, def === undefined ? `%${id}` : undefined);
  }

  globalReference(id: number): string | undefined {
    return this.globals.get(id);
  }

  functionName(id: number): string {
    const n = this.functionNames.get(id);
    if (n === undefined) throw this.refuser.error('a call to a function that is not translated', this.defs.get(id));
    return n;
  }

  /** The literal value of an integer constant (scopes, semantics). */
  constantWord(id: number): number {
    const c = this.defs.get(id);
    if (c === undefined || c.opcode !== Op.Constant) throw this.refuser.error('a scope or memory semantics that is not a constant', c);
    return c.word(0);
  }

  /** 'GLSL.std.450', 'nonsemantic' for NonSemantic.* sets, else the set's name. */
  extInstSet(id: number): string {
    const name = this.extSets.get(id) ?? '';
    return name.startsWith('NonSemantic.') ? 'nonsemantic' : name;
  }

  /**
   * The WGSL reference of an access chain. Inside a row-major matrix of a buffer, which WGSL
   * stores transposed (see TypeTable.storage), a component `[c][r]` is `[r][c]` of the stored
   * matrix, and a column is no reference at all: it comes back as `column`, the stored matrix and
   * the column's index, for loads to gather and stores to scatter.
   */
  accessChain(inst: Instruction, value: (id: number) => string, reference: (id: number) => MemoryReference | undefined): MemoryReference {
    const base = inst.word(0);
    const from = reference(base);
    if (from === undefined) throw this.refuser.error('an access chain into memory WGSL cannot name', inst);
    let type = this.types.def(this.types.def(this.types.def(base).typeId).word(1));
    let { text, rowMajor } = from;
    if (from.column !== undefined) {
      // A component of a column of a row-major matrix: the stored matrix's [row][column].
      if (inst.operandCount > 2) throw this.refuser.error('an access chain past a vector component', inst);
      return { text: `${from.column.matrix}[${value(inst.word(1))}][${from.column.index}]`, rowMajor: false };
    }
    for (let i = 1; i < inst.operandCount; i++) {
      const idx = inst.word(i);
      if (type.opcode === Op.TypeStruct) {
        const member = this.constantWord(idx);
        rowMajor = this.types.isRowMajorMember(type.resultId, member);
        text = `${text}.${this.types.memberName(type.resultId, member)}`;
        type = this.types.def(type.word(member));
      } else if (type.opcode === Op.TypeMatrix && rowMajor) {
        const column = value(idx);
        type = this.types.def(type.word(0));
        if (i + 1 === inst.operandCount) return { text, rowMajor: false, column: { matrix: text, index: column, vectorType: type.resultId } };
        text = `${text}[${value(inst.word(++i))}][${column}]`;
        type = this.types.def(type.word(0));
        rowMajor = false;
      } else if (type.opcode === Op.TypeVector || type.opcode === Op.TypeMatrix || type.opcode === Op.TypeArray || type.opcode === Op.TypeRuntimeArray) {
        text = `${text}[${value(idx)}]`;
        type = this.types.def(type.word(0));
      } else throw this.refuser.error('an access chain into a scalar', inst);
    }
    return { text, rowMajor };
  }

  /** The variable (or parameter) a pointer comes from, and the last step of the chain to it. */
  trace(id: number): { root: number; end: ChainEnd | undefined } {
    const inst = this.defs.get(id);
    if (inst === undefined) return { root: id, end: undefined };
    if ((inst.opcode === Op.AccessChain || inst.opcode === Op.InBoundsAccessChain) && inst.operandCount > 1) {
      let type = this.types.def(this.types.def(this.types.def(inst.word(0)).typeId).word(1));
      let end: ChainEnd = { kind: 'other' };
      for (let i = 1; i < inst.operandCount; i++) {
        if (type.opcode === Op.TypeStruct) {
          const member = this.constantWord(inst.word(i));
          end = { kind: 'member', struct: type.resultId, index: member };
          type = this.types.def(type.word(member));
        } else if (type.opcode === Op.TypeArray || type.opcode === Op.TypeRuntimeArray) {
          end = { kind: 'array', array: type.resultId };
          type = this.types.def(type.word(0));
        } else {
          end = { kind: 'other' };
          type = this.types.def(type.word(0));
        }
      }
      return { root: this.trace(inst.word(0)).root, end };
    }
    if (inst.opcode === Op.AccessChain || inst.opcode === Op.InBoundsAccessChain || inst.opcode === Op.CopyObject) return this.trace(inst.word(0));
    return { root: id, end: undefined };
  }

  /** Whether the integer `pointer` points at is atomic in the WGSL. */
  isAtomicPointer(pointer: number): boolean {
    const { root, end } = this.trace(pointer);
    if (end === undefined) return this.atomicVars.has(root);
    if (end.kind === 'member') return this.types.atomicMembers.has(`${end.struct}:${end.index}`);
    if (end.kind === 'array') return this.types.atomicArrays.has(end.array);
    return false;
  }

  /**
   * Looks at every instruction once before anything is written: atomic memory (WGSL types it
   * `atomic<T>`, SPIR-V marks the instructions), buffers and images that are read or written,
   * and samplers used for depth comparisons.
   */
  survey(): void {
    for (const fn of this.module.functions) {
      for (const inst of fn.allInstructions()) {
        const op = inst.opcode;
        if (op >= Op.AtomicLoad && op <= Op.AtomicXor) {
          const { root, end } = this.trace(inst.word(0));
          if (end === undefined) this.atomicVars.add(root);
          else if (end.kind === 'member') this.types.atomicMembers.add(`${end.struct}:${end.index}`);
          else if (end.kind === 'array') this.types.atomicArrays.add(end.array);
          else throw this.refuser.error('an atomic on a vector component', inst);
          this.atomicRoots.add(root);
          if (op !== Op.AtomicLoad) this.written.add(root);
          if (op !== Op.AtomicStore) this.read.add(root);
        } else if (op === Op.Store || op === Op.CopyMemory) {
          this.written.add(this.trace(inst.word(0)).root);
          if (op === Op.CopyMemory) this.read.add(this.trace(inst.word(1)).root);
        } else if (op === Op.Load) {
          // Loading an image or sampler handle reads no texel: only OpImageRead makes a storage
          // image read (a write-only one must be `write`: most formats allow no read_write).
          const root = this.trace(inst.word(0)).root;
          if (this.defs.get(root)?.word(0) !== StorageClass.UniformConstant || this.defs.get(root)?.opcode !== Op.Variable) this.read.add(root);
        } else if (op === Op.ImageWrite || op === Op.ImageRead) {
          const root = this.imageRoot(inst.word(0));
          if (root !== undefined) (op === Op.ImageWrite ? this.written : this.read).add(root);
        } else if (op === Op.ExtInst && inst.operandCount === 4 && (inst.word(1) === GLSLstd450.Modf || inst.word(1) === GLSLstd450.Frexp)) {
          // Modf and Frexp store their second part through their pointer operand.
          this.written.add(this.trace(inst.word(3)).root);
        } else if (op === Op.FunctionCall) {
          // A pointer passed to a function may be written there.
          for (let i = 1; i < inst.operandCount; i++) {
            const t = this.defs.get(this.defs.get(inst.word(i))?.typeId ?? 0);
            if (t?.opcode === Op.TypePointer) {
              this.written.add(this.trace(inst.word(i)).root);
              this.read.add(this.trace(inst.word(i)).root);
            }
          }
        } else if (op === Op.ImageSampleDrefImplicitLod || op === Op.ImageSampleDrefExplicitLod) {
          const si = this.defs.get(inst.word(0));
          const combined = this.imageRoot(inst.word(0));
          if (combined !== undefined) this.comparisonSamplers.add(combined);
          if (si?.opcode === Op.SampledImage) {
            const s = this.imageRoot(si.word(1));
            if (s !== undefined) this.comparisonSamplers.add(s);
          }
        }
      }
    }
  }

  /** The variable an image or sampler value was loaded from. */
  imageRoot(id: number): number | undefined {
    const inst = this.defs.get(id);
    if (inst === undefined) return undefined;
    if (inst.opcode === Op.Load) return this.trace(inst.word(0)).root;
    if (inst.opcode === Op.Variable) return id;
    if (inst.opcode === Op.Image || inst.opcode === Op.SampledImage || inst.opcode === Op.CopyObject) return this.imageRoot(inst.word(0));
    return undefined;
  }

  /** The DescriptorSet and Binding of a variable. */
  binding(id: number): { group: number; binding: number } | undefined {
    const set = this.decorations.find(id, Decoration.DescriptorSet)?.[0];
    const binding = this.decorations.find(id, Decoration.Binding)?.[0];
    if (binding === undefined) return undefined;
    return { group: set ?? 0, binding };
  }

  isNonWritable(varId: number, structId: number): boolean {
    if (this.decorations.find(varId, Decoration.NonWritable) !== undefined) return true;
    const t = this.types.def(structId);
    if (t.opcode !== Op.TypeStruct) return false;
    for (let i = 0; i < t.operandCount; i++) {
      if (!this.decorations.ofMember(structId, i).some((d) => d.decoration === Decoration.NonWritable)) return false;
    }
    return true;
  }

  static storageClassOf(v: Instruction): number {
    return v.word(0);
  }

  static readonly BUFFER_CLASSES: ReadonlySet<number> = new Set([StorageClass.Uniform, StorageClass.StorageBuffer, StorageClass.PushConstant]);
}
