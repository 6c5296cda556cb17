import { GLSLstd450, MemorySemantics, Op, Scope, SourceLocationsAnalysis } from '@spvkit/core';
import type { Block, Function, Instruction } from '@spvkit/core';
import { StructuredEmitter } from '../controlFlow/StructuredEmitter.js';
import type { BodyHost } from '../controlFlow/StructuredEmitter.js';
import { asSigned } from '../expressions/ExprContext.js';
import type { ExprContext } from '../expressions/ExprContext.js';
import { glslStd450Expression } from '../expressions/glslStd450.js';
import { imageExpression } from '../expressions/images.js';
import { matrixInverseExpression } from '../expressions/matrixInverse.js';
import { mulExtendedExpression } from '../expressions/mulExtended.js';
import { scalarGeometryExpression } from '../expressions/scalarGeometry.js';
import { operatorExpression } from '../expressions/operators.js';
import { fromStorage, toStorage } from '../memory/rowMajorMatrices.js';
import { ModuleContext } from '../ModuleContext.js';
import type { MemoryReference } from '../ModuleContext.js';
import { CodeWriter } from '../writer/CodeWriter.js';

/** Instructions that write nothing of their own (debug info, merges handled by the emitter). */
const SILENT: ReadonlySet<number> = new Set([Op.Line, Op.NoLine, Op.Nop, Op.SelectionMerge, Op.LoopMerge, Op.Name, Op.Source, Op.ModuleProcessed]);

/** Results that are never stored in a `let` or `var`: WGSL has no values of these, so their text is repeated where used. */
const REFERENCE_OPS: ReadonlySet<number> = new Set([Op.AccessChain, Op.InBoundsAccessChain, Op.SampledImage, Op.Image]);

/**
 * Translates one SPIR-V function: parameters, function-scope variables, a `let` per value used
 * only in its own block, a function-scope `var` per value used elsewhere (WGSL's scopes follow
 * the structured statements, SPIR-V's follow dominance) and per OpPhi (assigned at the end of each
 * predecessor), and the body through {@link StructuredEmitter}.
 */
export class FunctionTranslator implements BodyHost, ExprContext {
  readonly out = new CodeWriter();
  private readonly names = new Map<number, string>();
  private readonly hoisted = new Set<number>();
  private readonly references = new Map<number, string>();
  /** What an access chain into memory knows beyond its text: row-major matrices (see MemoryReference). */
  private readonly memory = new Map<number, MemoryReference>();
  private readonly phis = new Map<number, Instruction[]>();
  private readonly local = new Map<number, Instruction>();
  private readonly blockOf = new Map<number, number>();
  private readonly locations;

  constructor(
    private readonly m: ModuleContext,
    private readonly fn: Function,
    private readonly wgslName: string,
  ) {
    this.locations = m.module.analysis(SourceLocationsAnalysis);
  }

  get types(): ModuleContext['types'] {
    return this.m.types;
  }
  get refuser(): ModuleContext['refuser'] {
    return this.m.refuser;
  }

  translate(): CodeWriter {
    const fn = this.fn;
    for (const p of fn.parameters) this.local.set(p.resultId, p);
    for (const b of fn.blocks) {
      for (const inst of b.instructions) {
        if (inst.resultId === 0) continue;
        this.local.set(inst.resultId, inst);
        this.blockOf.set(inst.resultId, b.id);
        if (inst.opcode === Op.Phi) {
          const list = this.phis.get(b.id) ?? [];
          list.push(inst);
          this.phis.set(b.id, list);
        }
      }
    }
    this.planStorage();
    const out = this.out;
    out.location = this.locations.of(fn.definition);
    const params = fn.parameters.map((p) => {
      const name = this.declare(p.resultId, 'p');
      const t = this.types.def(p.typeId);
      if (t.opcode === Op.TypePointer) this.references.set(p.resultId, `(*${name})`);
      return `${name}: ${this.types.wgsl(p.typeId)}`;
    });
    const retType = this.types.wgsl(fn.definition.typeId);
    out.block(`fn ${this.wgslName}(${params.join(', ')})${retType === 'void' ? '' : ` -> ${retType}`}`, () => {
      this.declareLocals();
      new StructuredEmitter(fn.blocks, this).emit(fn.blocks[0].id);
    });
    return out;
  }

  /** Decides which values are hoisted to function-scope `var`s (see the class comment). */
  private planStorage(): void {
    const usedIn = new Map<number, Set<number>>();
    const use = (id: number, block: number): void => {
      if (!this.local.has(id)) return;
      let s = usedIn.get(id);
      if (s === undefined) usedIn.set(id, (s = new Set()));
      s.add(block);
    };
    for (const b of this.fn.blocks) {
      for (const inst of b.instructions) {
        if (inst.opcode === Op.Phi) {
          for (let i = 0; i + 1 < inst.operandCount; i += 2) use(inst.word(i), inst.word(i + 1));
          continue;
        }
        // Every operand word that names a local value counts as a use (a literal that happens to
        // equal an id only costs a needless hoist).
        for (const w of inst.operands) use(w, b.id);
      }
    }
    // References are repeated where used: their operands are used there too.
    const referencesOf = new Map<number, number[]>();
    for (const [user, inst] of this.local) {
      if (!this.isReference(inst)) continue;
      for (const w of new Set(inst.operands)) {
        const list = referencesOf.get(w);
        if (list === undefined) referencesOf.set(w, [user]);
        else list.push(user);
      }
    }
    const effective = (id: number, seen: Set<number>): Set<number> => {
      const direct = new Set(usedIn.get(id) ?? []);
      for (const user of referencesOf.get(id) ?? []) {
        if (seen.has(user)) continue;
        seen.add(user);
        for (const b of effective(user, seen)) direct.add(b);
      }
      return direct;
    };
    for (const [id, inst] of this.local) {
      if (inst.opcode === Op.FunctionParameter || inst.opcode === Op.Variable || this.isReference(inst)) continue;
      if (inst.opcode === Op.Phi) {
        this.hoisted.add(id);
        continue;
      }
      if (this.types.def(inst.typeId).opcode === Op.TypeVoid) continue;
      const home = this.blockOf.get(id);
      const blocks = effective(id, new Set([id]));
      if ([...blocks].some((b) => b !== home)) this.hoisted.add(id);
    }
  }

  private isReference(inst: Instruction): boolean {
    if (REFERENCE_OPS.has(inst.opcode)) return true;
    if (inst.typeId === 0 || inst.opcode === Op.Variable || inst.opcode === Op.FunctionParameter) return false;
    const t = this.types.def(inst.typeId);
    // Loads and copies of images, samplers and pointers stand for the object itself.
    return t.opcode === Op.TypeImage || t.opcode === Op.TypeSampler || t.opcode === Op.TypeSampledImage || t.opcode === Op.TypePointer;
  }

  private declare(id: number, fallback: string): string {
    const name = this.m.namer.name(this.m.names.name(id), `${fallback}${id}`);
    this.names.set(id, name);
    return name;
  }

  private declareLocals(): void {
    for (const b of this.fn.blocks) {
      for (const inst of b.instructions) {
        if (inst.opcode === Op.Variable) {
          const name = this.declare(inst.resultId, 'v');
          this.references.set(inst.resultId, name);
          const pointee = this.types.def(inst.typeId).word(1);
          const init = inst.operandCount > 1 ? ` = ${this.value(inst.word(1))}` : '';
          this.out.location = this.locations.of(inst);
          this.out.line(`var ${name}: ${this.types.wgsl(pointee)}${init};`);
        }
      }
    }
    for (const b of this.fn.blocks) {
      for (const inst of b.instructions) {
        if (!this.hoisted.has(inst.resultId)) continue;
        const name = this.declare(inst.resultId, inst.opcode === Op.Phi ? 'phi' : 'x');
        this.out.location = this.locations.of(inst);
        this.out.line(`var ${name}: ${this.types.wgsl(inst.typeId)};`);
      }
    }
  }

  // ---- BodyHost

  hasPhis(to: number): boolean {
    return (this.phis.get(to)?.length ?? 0) > 0;
  }

  emitPhiCopies(from: number, to: number): void {
    const list = this.phis.get(to);
    if (list === undefined) return;
    const incoming = list.map((phi) => {
      for (let i = 0; i + 1 < phi.operandCount; i += 2) if (phi.word(i + 1) === from) return [phi, phi.word(i)] as const;
      throw this.refuser.error('an OpPhi without a value for a predecessor', phi);
    });
    if (incoming.length === 1) {
      const [phi, v] = incoming[0];
      this.out.line(`${this.names.get(phi.resultId)!} = ${this.value(v)};`);
      return;
    }
    // All phis of a block take their values at once: read every value before writing any.
    const temps = incoming.map(([phi, v]) => {
      const t = `${this.names.get(phi.resultId)!}_in`;
      this.out.line(`let ${t}_${from} = ${this.value(v)};`);
      return [phi, `${t}_${from}`] as const;
    });
    for (const [phi, t] of temps) this.out.line(`${this.names.get(phi.resultId)!} = ${t};`);
  }

  caseLiteral(selector: number, literal: number): string {
    const typeId = this.types.def(selector).typeId;
    return this.types.isSigned(typeId) ? `${literal | 0}i` : `${literal >>> 0}u`;
  }

  exitStatement(term: Instruction): string | undefined {
    this.out.location = this.locations.of(term);
    switch (term.opcode) {
      case Op.Return:
        return 'return;';
      case Op.ReturnValue:
        return `return ${this.value(term.word(0))};`;
      case Op.Kill:
      case Op.TerminateInvocation:
        return 'discard;';
      default: {
        // OpUnreachable: nothing runs here; a function with a result still needs a return.
        const ret = this.types.def(this.fn.definition.typeId);
        return ret.opcode === Op.TypeVoid ? undefined : `return ${this.types.wgsl(ret.resultId)}();`;
      }
    }
  }

  // ---- values

  /** Function bodies run on the GPU: see ExprContext.runtime. */
  readonly runtime = true;

  value(id: number): string {
    const local = this.names.get(id);
    if (local !== undefined && !this.references.has(id)) return local;
    const ref = this.reference(id);
    if (ref !== undefined) return ref;
    return this.m.globalValue(id, this);
  }

  /** The WGSL reference expression (memory, image, sampler) a pointer or handle value stands for. */
  private reference(id: number): string | undefined {
    const cached = this.references.get(id);
    if (cached !== undefined) return cached;
    const inst = this.local.get(id);
    if (inst === undefined || !this.isReference(inst)) return this.m.globalReference(id);
    let text: string;
    switch (inst.opcode) {
      case Op.AccessChain:
      case Op.InBoundsAccessChain: {
        const chain = this.m.accessChain(
          inst,
          (x) => this.value(x),
          (x) => this.memoryReference(x),
        );
        this.memory.set(id, chain);
        text = chain.text;
        break;
      }
      case Op.Load:
      case Op.CopyObject: {
        text = this.reference(inst.word(0)) ?? this.refusePointerSource(inst);
        const through = this.memory.get(inst.word(0));
        if (through !== undefined) this.memory.set(id, through);
        break;
      }
      case Op.SampledImage:
        text = `${this.value(inst.word(0))}|${this.value(inst.word(1))}`;
        break;
      case Op.Image: {
        const pair = this.value(inst.word(0));
        text = pair.split('|')[0]!;
        break;
      }
      case Op.ImageTexelPointer:
        throw this.refuser.error('an atomic operation on an image texel', inst, 'WGSL has no atomics on textures');
      default:
        throw this.refuser.error('a pointer or handle produced this way', inst, 'WGSL cannot store pointers or handles in variables');
    }
    this.references.set(id, text);
    return text;
  }

  /** The memory a pointer value refers to (undefined: it refers to none WGSL can name). */
  private memoryReference(id: number): MemoryReference | undefined {
    const text = this.reference(id);
    if (text === undefined) return undefined;
    return this.memory.get(id) ?? { text, rowMajor: false };
  }

  /** What is known of the memory pointer `id` refers to beyond its text (see MemoryReference). */
  private memoryOf(id: number): MemoryReference | undefined {
    this.reference(id);
    return this.memory.get(id);
  }

  /** Whether `pointer` points into a uniform or storage buffer (where row-major matrices are stored transposed). */
  private inBuffer(pointer: number): boolean {
    return ModuleContext.BUFFER_CLASSES.has(this.types.def(this.types.def(pointer).typeId).word(0));
  }

  /** The pointee type of pointer value `id`. */
  private pointee(id: number): number {
    return this.types.def(this.types.def(id).typeId).word(1);
  }

  private refusePointerSource(inst: Instruction): never {
    throw this.refuser.error('a pointer loaded from memory', inst);
  }

  // ---- instructions

  emitInstructions(block: Block): void {
    const n = block.instructions.length;
    for (let i = 0; i < n; i++) {
      const inst = block.instructions[i];
      if (i === n - 1 || (i === n - 2 && (inst.opcode === Op.SelectionMerge || inst.opcode === Op.LoopMerge))) break;
      this.out.location = this.locations.of(inst);
      this.instruction(inst);
    }
    const term = block.instructions[n - 1];
    if (term !== undefined) this.out.location = this.locations.of(term);
  }

  /**
   * GLSL.std.450 Modf and Frexp, and their Struct forms: WGSL's modf and frexp return both parts in
   * a struct of their own (`fract` and `whole`, `fract` and `exp`), which no SPIR-V type names; the
   * result is taken apart into the SPIR-V shape: the fraction with the other part stored through
   * the pointer operand, or the SPIR-V struct built from both. Frexp's exponent is i32 in WGSL and
   * may be unsigned in SPIR-V: then it is bitcast.
   */
  private splitResult(inst: Instruction, number: number, args: readonly number[]): void {
    const modf = number === GLSLstd450.Modf || number === GLSLstd450.ModfStruct;
    const parts = this.m.namer.name(undefined, `${modf ? 'modf' : 'frexp'}${inst.resultId}`);
    this.out.line(`let ${parts} = ${modf ? 'modf' : 'frexp'}(${this.value(args[0])});`);
    /** The second part as SPIR-V's type `typeId` has it. */
    const second = (typeId: number): string =>
      modf || this.types.isSigned(typeId) ? `${parts}.${modf ? 'whole' : 'exp'}` : `bitcast<${this.types.wgsl(typeId)}>(${parts}.exp)`;
    if (number === GLSLstd450.Modf || number === GLSLstd450.Frexp) {
      const pointer = args[1];
      const pointee = this.types.def(this.types.def(pointer).typeId).word(1);
      this.out.line(`${this.pointer(pointer, inst)} = ${second(pointee)};`);
      this.define(inst, `${parts}.fract`);
      return;
    }
    const struct = this.types.def(inst.typeId);
    this.define(inst, `${this.types.wgsl(inst.typeId)}(${parts}.fract, ${second(struct.word(1))})`);
  }

  /** Writes `let`/assignment of a value, or nothing for references. */
  private define(inst: Instruction, expr: string): void {
    if (this.hoisted.has(inst.resultId)) {
      this.out.line(`${this.names.get(inst.resultId)!} = ${expr};`);
      return;
    }
    const name = this.declare(inst.resultId, 'x');
    this.out.line(`let ${name} = ${expr};`);
  }

  private instruction(inst: Instruction): void {
    const op = inst.opcode;
    if (SILENT.has(op) || op === Op.Phi || op === Op.Variable) return;
    if (inst.resultId !== 0 && this.isReference(inst)) return;
    const ops = Array.from(inst.operands);
    switch (op) {
      case Op.Store: {
        const column = this.memoryOf(ops[0])?.column;
        if (column !== undefined) {
          // A column of a row-major matrix is a row of the stored one: written component by component.
          const v = this.value(ops[1]);
          for (let i = 0; i < this.types.width(column.vectorType); i++) this.out.line(`${column.matrix}[${i}][${column.index}] = ${v}[${i}];`);
          return;
        }
        const target = this.pointer(ops[0], inst);
        if (this.m.isAtomicPointer(ops[0])) this.out.line(`atomicStore(&${target}, ${this.value(ops[1])});`);
        else this.out.line(`${target} = ${this.stored(ops[0], this.value(ops[1]), inst)};`);
        return;
      }
      case Op.Load: {
        const column = this.memoryOf(ops[0])?.column;
        if (column !== undefined) {
          // A column of a row-major matrix is a row of the stored one: gathered from its columns.
          const parts = Array.from({ length: this.types.width(column.vectorType) }, (_, i) => `${column.matrix}[${i}][${column.index}]`);
          this.define(inst, `${this.types.wgsl(column.vectorType)}(${parts.join(', ')})`);
          return;
        }
        const src = this.pointer(ops[0], inst);
        this.define(inst, this.m.isAtomicPointer(ops[0]) ? `atomicLoad(&${src})` : this.loaded(ops[0], src, inst));
        return;
      }
      case Op.CopyMemory: {
        const source = this.loaded(ops[1], this.pointer(ops[1], inst), inst);
        const target = this.pointer(ops[0], inst);
        if (!this.differsInBuffer(ops[0]) && !this.differsInBuffer(ops[1])) {
          this.out.line(`${target} = ${source};`);
          return;
        }
        // Through the SPIR-V value: either side may store row-major matrices transposed.
        const copied = this.m.namer.name(undefined, 'copied');
        this.out.line(`let ${copied} = ${source};`);
        this.out.line(`${target} = ${this.stored(ops[0], copied, inst)};`);
        return;
      }
      case Op.ArrayLength: {
        const base = this.pointer(ops[0], inst);
        const structId = this.types.def(this.types.def(this.types.def(ops[0]).typeId).word(1)).resultId;
        this.define(inst, `arrayLength(&${base}.${this.types.memberName(structId, ops[1])})`);
        return;
      }
      case Op.FunctionCall: {
        const callee = this.m.functionName(ops[0]);
        const args = ops.slice(1).map((a) => {
          const t = this.types.def(this.types.def(a).typeId);
          if (t.opcode !== Op.TypePointer) return this.value(a);
          const at = this.memoryOf(a);
          if (at?.rowMajor === true && this.types.differsInStorage(this.pointee(a), true)) {
            throw this.refuser.error(
              'a pointer to a row-major matrix passed to a function',
              inst,
              'WGSL stores row-major matrices transposed, and the function would read them as they are',
            );
          }
          return `&${this.pointer(a, inst)}`;
        });
        const call = `${callee}(${args.join(', ')})`;
        if (this.types.def(inst.typeId).opcode === Op.TypeVoid) this.out.line(`${call};`);
        else this.define(inst, call);
        return;
      }
      case Op.CompositeInsert: {
        const target = this.hoisted.has(inst.resultId) ? this.names.get(inst.resultId)! : this.declare(inst.resultId, 'x');
        this.out.line(`${this.hoisted.has(inst.resultId) ? '' : 'var '}${target} = ${this.value(ops[1])};`);
        let path = target;
        let type = this.types.def(inst.typeId);
        for (const i of ops.slice(2)) {
          if (type.opcode === Op.TypeStruct) {
            path += `.${this.types.memberName(type.resultId, i)}`;
            type = this.types.def(type.word(i));
          } else {
            path += `[${i}]`;
            type = this.types.def(type.word(0));
          }
        }
        this.out.line(`${path} = ${this.value(ops[0])};`);
        return;
      }
      case Op.VectorInsertDynamic: {
        const target = this.hoisted.has(inst.resultId) ? this.names.get(inst.resultId)! : this.declare(inst.resultId, 'x');
        this.out.line(`${this.hoisted.has(inst.resultId) ? '' : 'var '}${target} = ${this.value(ops[0])};`);
        this.out.line(`${target}[${this.value(ops[2])}] = ${this.value(ops[1])};`);
        return;
      }
      case Op.Select: {
        const objType = this.types.def(inst.typeId);
        if (objType.opcode !== Op.TypeStruct && objType.opcode !== Op.TypeArray && objType.opcode !== Op.TypeMatrix) break;
        // WGSL's select takes scalars and vectors: choose a composite with an if.
        const target = this.hoisted.has(inst.resultId) ? this.names.get(inst.resultId)! : this.declare(inst.resultId, 'x');
        if (!this.hoisted.has(inst.resultId)) this.out.line(`var ${target}: ${this.types.wgsl(inst.typeId)};`);
        this.out.ifElse(
          `if (${this.value(ops[0])})`,
          () => this.out.line(`${target} = ${this.value(ops[1])};`),
          () => this.out.line(`${target} = ${this.value(ops[2])};`),
        );
        return;
      }
      case Op.UMulExtended:
      case Op.SMulExtended:
        this.define(inst, mulExtendedExpression(this, this.m.helpers, inst, ops));
        return;
      case Op.CopyLogical:
        this.define(inst, this.copyLogical(this.value(ops[0]), this.types.def(ops[0]).typeId, inst.typeId, inst));
        return;
      case Op.Undef:
        this.define(inst, `${this.types.wgsl(inst.typeId)}()`);
        return;
      case Op.ControlBarrier:
      case Op.MemoryBarrier: {
        const exec = op === Op.ControlBarrier ? this.m.constantWord(ops[0]) : Scope.Workgroup;
        const sem = this.m.constantWord(ops[op === Op.ControlBarrier ? 2 : 1]);
        if (exec !== Scope.Workgroup && !(op === Op.MemoryBarrier && (exec === Scope.Device || exec === Scope.QueueFamily))) {
          throw this.refuser.error('a barrier of this execution scope', inst, 'WGSL has workgroup barriers only');
        }
        const storage = (sem & (MemorySemantics.UniformMemory | MemorySemantics.ImageMemory)) !== 0;
        const workgroup = (sem & MemorySemantics.WorkgroupMemory) !== 0 || !storage;
        if (storage) this.out.line('storageBarrier();');
        if (workgroup) this.out.line('workgroupBarrier();');
        return;
      }
      case Op.ExtInst: {
        const set = this.m.extInstSet(ops[0]);
        if (set === 'nonsemantic') return;
        if (set !== 'GLSL.std.450') throw this.refuser.error('an extended instruction set', inst);
        const number = ops[1];
        if (number === GLSLstd450.Modf || number === GLSLstd450.Frexp || number === GLSLstd450.ModfStruct || number === GLSLstd450.FrexpStruct) {
          this.splitResult(inst, number, ops.slice(2));
          return;
        }
        if (number === GLSLstd450.MatrixInverse) {
          this.define(inst, matrixInverseExpression(this, this.m.helpers, inst, inst.typeId, ops[2]));
          return;
        }
        const args = ops.slice(2);
        this.define(
          inst,
          scalarGeometryExpression(this, this.m.helpers, number, inst.typeId, args) ?? glslStd450Expression(this, inst, number, inst.typeId, args),
        );
        return;
      }
      case Op.DPdx:
      case Op.DPdy:
      case Op.Fwidth:
      case Op.DPdxFine:
      case Op.DPdyFine:
      case Op.FwidthFine:
      case Op.DPdxCoarse:
      case Op.DPdyCoarse:
      case Op.FwidthCoarse: {
        const fn = {
          [Op.DPdx]: 'dpdx',
          [Op.DPdy]: 'dpdy',
          [Op.Fwidth]: 'fwidth',
          [Op.DPdxFine]: 'dpdxFine',
          [Op.DPdyFine]: 'dpdyFine',
          [Op.FwidthFine]: 'fwidthFine',
          [Op.DPdxCoarse]: 'dpdxCoarse',
          [Op.DPdyCoarse]: 'dpdyCoarse',
          [Op.FwidthCoarse]: 'fwidthCoarse',
        }[op];
        this.define(inst, `${fn}(${this.value(ops[0])})`);
        return;
      }
      default:
        break;
    }
    if (op >= Op.AtomicLoad && op <= Op.AtomicXor) {
      this.atomic(inst, ops);
      return;
    }
    const image = imageExpression(this, inst, op, ops);
    if (image !== undefined) {
      if (image.statement) this.out.line(`${image.text};`);
      else this.define(inst, image.text);
      return;
    }
    const expr = inst.typeId !== 0 ? operatorExpression(this, inst, op, inst.typeId, ops) : undefined;
    if (expr === undefined) throw this.refuser.error('this instruction', inst, 'the translator has no WGSL form for it');
    this.define(inst, expr);
  }

  /**
   * OpCopyLogical: the same shape in another type (a laid-out struct and a plain one are distinct
   * WGSL types), rebuilt member by member.
   */
  private copyLogical(text: string, from: number, to: number, inst: Instruction): string {
    if (from === to) return text;
    const f = this.types.def(from);
    const t = this.types.def(to);
    if (t.opcode === Op.TypeStruct) {
      const members = Array.from({ length: t.operandCount }, (_, i) =>
        this.copyLogical(`${text}.${this.types.memberName(from, i)}`, f.word(i), t.word(i), inst),
      );
      return `${this.types.wgsl(to)}(${members.join(', ')})`;
    }
    if (t.opcode === Op.TypeArray) {
      const n = this.types.constLength(t.word(1));
      if (n === undefined || n > 64) throw this.refuser.error('an OpCopyLogical of a long or spec-sized array', inst);
      const elems = Array.from({ length: n }, (_, i) => this.copyLogical(`${text}[${i}]`, f.word(0), t.word(0), inst));
      return `${this.types.wgsl(to)}(${elems.join(', ')})`;
    }
    return text;
  }

  /** What loading `pointer` (reference `text`) gives as the SPIR-V value (see fromStorage). */
  private loaded(pointer: number, text: string, inst: Instruction): string {
    if (!this.inBuffer(pointer)) return text;
    return fromStorage(this.types, this.refuser, text, this.pointee(pointer), this.memoryOf(pointer)?.rowMajor ?? false, inst);
  }

  /** The SPIR-V value `text` as stored through `pointer` (see toStorage). */
  private stored(pointer: number, text: string, inst: Instruction): string {
    if (!this.inBuffer(pointer)) return text;
    return toStorage(this.types, this.refuser, text, this.pointee(pointer), this.memoryOf(pointer)?.rowMajor ?? false, inst);
  }

  /** Whether what `pointer` points at is stored otherwise than its SPIR-V value (row-major matrices in a buffer). */
  private differsInBuffer(pointer: number): boolean {
    return this.inBuffer(pointer) && this.types.differsInStorage(this.pointee(pointer), this.memoryOf(pointer)?.rowMajor ?? false);
  }

  private pointer(id: number, inst: Instruction): string {
    if (this.memoryOf(id)?.column !== undefined) {
      throw this.refuser.error(
        'a pointer to a column of a row-major matrix used other than by a load or store',
        inst,
        'WGSL stores the matrix transposed, so the column is no memory WGSL can point at',
      );
    }
    const ref = this.reference(id);
    if (ref === undefined) throw this.refuser.error('a pointer WGSL cannot follow', inst);
    return ref;
  }

  private atomic(inst: Instruction, ops: number[]): void {
    const p = `&${this.pointer(ops[0], inst)}`;
    const pointee = this.types.def(this.types.def(this.types.def(ops[0]).typeId).word(1));
    const signed = pointee.opcode === Op.TypeInt && pointee.word(1) === 1;
    const v = (i: number): string => asSigned(this, ops[i], signed);
    const fns: Record<number, string> = {
      [Op.AtomicExchange]: 'atomicExchange',
      [Op.AtomicIAdd]: 'atomicAdd',
      [Op.AtomicISub]: 'atomicSub',
      [Op.AtomicAnd]: 'atomicAnd',
      [Op.AtomicOr]: 'atomicOr',
      [Op.AtomicXor]: 'atomicXor',
    };
    switch (inst.opcode) {
      case Op.AtomicLoad:
        this.define(inst, `atomicLoad(${p})`);
        return;
      case Op.AtomicStore:
        this.out.line(`atomicStore(${p}, ${v(3)});`);
        return;
      case Op.AtomicIIncrement:
        this.define(inst, `atomicAdd(${p}, 1${signed ? 'i' : 'u'})`);
        return;
      case Op.AtomicIDecrement:
        this.define(inst, `atomicSub(${p}, 1${signed ? 'i' : 'u'})`);
        return;
      case Op.AtomicSMin:
      case Op.AtomicSMax:
      case Op.AtomicUMin:
      case Op.AtomicUMax: {
        const wantSigned = inst.opcode === Op.AtomicSMin || inst.opcode === Op.AtomicSMax;
        if (wantSigned !== signed) throw this.refuser.error('an atomic min/max whose signedness differs from its memory', inst);
        this.define(inst, `${inst.opcode === Op.AtomicSMin || inst.opcode === Op.AtomicUMin ? 'atomicMin' : 'atomicMax'}(${p}, ${v(3)})`);
        return;
      }
      case Op.AtomicCompareExchange: {
        // SPIR-V's exchange is strong; WGSL's may fail spuriously, so retry until it either
        // exchanges or sees a different value.
        const name = this.hoisted.has(inst.resultId) ? this.names.get(inst.resultId)! : this.declare(inst.resultId, 'x');
        if (!this.hoisted.has(inst.resultId)) this.out.line(`var ${name}: ${this.types.wgsl(inst.typeId)};`);
        this.out.block('loop', () => {
          this.out.line(`let r = atomicCompareExchangeWeak(${p}, ${v(5)}, ${v(4)});`);
          this.out.block(`if (r.exchanged || r.old_value != ${v(5)})`, () => {
            this.out.line(`${name} = r.old_value;`);
            this.out.line('break;');
          });
        });
        return;
      }
      default: {
        const fn = fns[inst.opcode];
        if (fn === undefined) throw this.refuser.error('an atomic instruction', inst);
        this.define(inst, `${fn}(${p}, ${v(3)})`);
      }
    }
  }
}
