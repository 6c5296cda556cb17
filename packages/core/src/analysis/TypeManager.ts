import { Op, isTypeDeclaration } from '../grammar/index.js';
import { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import type { ModuleChange } from '../ir/ModuleChange.js';
import { DecorationsAnalysis } from './Decorations.js';

/**
 * Constants that are the same value whenever their type and words are the same: of the grammar's
 * Constant-Creation class, those that are not specialization constants (whose identity matters).
 */
const DEDUPLICATED_CONSTANTS = new Set<number>([Op.Constant, Op.ConstantTrue, Op.ConstantFalse, Op.ConstantComposite, Op.ConstantNull]);

/**
 * Types and constants of a module with structural lookup and creation: asking twice for `uint`
 * or for the constant 7 gives one id. Types that carry decorations (e.g. an ArrayStride) and
 * structs are never merged with look-alikes, since their identity matters to consumers.
 * New declarations are appended to the globals section, after everything they can refer to.
 *
 * @example
 * ```ts
 * const types = module.analysis(TypesAnalysis);
 * const uint = types.intType(32, false);
 * const seven = types.constantUint(7);
 * const v3uint = types.vectorType(uint, 3);
 * ```
 */
export class TypeManager {
  private readonly module: Module;
  private readonly defs = new Map<number, Instruction>();
  private readonly typeKeys = new Map<string, number>();
  private readonly constantKeys = new Map<string, number>();
  /**
   * Keys whose shared id an edit may have changed: the one shared went (or was decorated) while an
   * equal one may remain, or an equal one came in at a place that may precede it. A fresh build
   * shares the first in module order, so these are looked up again, in order, before the next
   * read ({@link settle}); one walk of the globals however many edits came before.
   */
  private readonly unsettled = new Set<string>();

  constructor(module: Module) {
    this.module = module;
    const decorations = module.analysis(DecorationsAnalysis);
    for (const inst of module.globals) this.learn(inst, (id) => decorations.of(id).length > 0);
  }

  /**
   * Keeps this manager right after an edit (see {@link Analysis.update}); false when it cannot.
   * A decoration added to a type or constant takes it out of sharing; one removed may bring it
   * back, which the next read settles.
   */
  update(change: ModuleChange): boolean {
    if (change.kind === 'replaced') return change.place !== 'globals' && change.place !== 'annotations';
    if (change.place === 'annotations') {
      const inst = change.instruction;
      if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate || inst.operandCount === 0) return false;
      if (change.kind === 'added') {
        this.unshare(inst.word(0));
        return true;
      }
      // A decoration gone (or moved to another target) may make its old target equal to a shared
      // one again: that key is looked up afresh before the next read, as a build would share it.
      const before = change.kind === 'operands' ? change.before : inst;
      if (before.opcode === Op.GroupDecorate || before.opcode === Op.GroupMemberDecorate || before.operandCount === 0) return false;
      this.resettle(before.word(0));
      if (change.kind === 'operands') this.unshare(inst.word(0));
      return true;
    }
    if (change.place !== 'globals') return true;
    const inst = change.instruction;
    if (change.kind === 'removed' || change.kind === 'operands') {
      const old = change.kind === 'operands' ? change.before : inst;
      if (old.resultId !== 0 && this.defs.get(old.resultId) === inst) this.forget(old.resultId);
    }
    if (change.kind !== 'removed') this.learn(inst, (id) => this.module.analysis(DecorationsAnalysis).of(id).length > 0, true);
    return true;
  }

  /** What this manager knows, line by line, for the consistency check. */
  snapshot(): string[] {
    this.settle();
    const lines: string[] = [];
    for (const [id, inst] of this.defs) lines.push(`def %${id} op${inst.opcode}`);
    for (const [key, id] of this.typeKeys) lines.push(`type ${key} = %${id}`);
    for (const [key, id] of this.constantKeys) lines.push(`constant ${key} = %${id}`);
    return lines.sort();
  }

  /** `edited`: `inst` came by an edit, maybe before an equal one already shared. */
  private learn(inst: Instruction, decorated: (id: number) => boolean, edited = false): void {
    if (inst.resultId === 0 || this.defs.has(inst.resultId)) return;
    this.defs.set(inst.resultId, inst);
    const keys = this.keysFor(inst, decorated);
    if (keys === undefined) return;
    const key = keyOf(inst.opcode, keys === this.typeKeys ? 0 : inst.typeId, inst.operands);
    if (!keys.has(key)) keys.set(key, inst.resultId);
    else if (edited) this.unsettled.add(key);
  }

  /** The map sharing instructions like `inst`, or undefined when it is not shared. */
  private keysFor(inst: Instruction, decorated: (id: number) => boolean): Map<string, number> | undefined {
    if (isTypeDeclaration(inst.opcode)) return inst.opcode === Op.TypeStruct || decorated(inst.resultId) ? undefined : this.typeKeys;
    return DEDUPLICATED_CONSTANTS.has(inst.opcode) && !decorated(inst.resultId) ? this.constantKeys : undefined;
  }

  /** Shares, for each unsettled key, the first instruction of the module with it, as a fresh build. */
  private settle(): void {
    if (this.unsettled.size === 0) return;
    for (const key of this.unsettled) {
      this.typeKeys.delete(key);
      this.constantKeys.delete(key);
    }
    const decorations = this.module.analysis(DecorationsAnalysis);
    const decorated = (id: number): boolean => decorations.of(id).length > 0;
    for (const inst of this.module.globals) {
      if (inst.resultId === 0) continue;
      const keys = this.keysFor(inst, decorated);
      if (keys === undefined) continue;
      const key = keyOf(inst.opcode, keys === this.typeKeys ? 0 : inst.typeId, inst.operands);
      if (this.unsettled.has(key) && !keys.has(key)) keys.set(key, inst.resultId);
    }
    this.unsettled.clear();
  }

  /** Has the key of `id` (a shareable type or constant) looked up again: whether it is shared, and which one is, may have changed. */
  private resettle(id: number): void {
    const inst = this.defs.get(id);
    if (inst === undefined) return;
    if (isTypeDeclaration(inst.opcode) ? inst.opcode !== Op.TypeStruct : DEDUPLICATED_CONSTANTS.has(inst.opcode)) {
      this.unsettled.add(keyOf(inst.opcode, isTypeDeclaration(inst.opcode) ? 0 : inst.typeId, inst.operands));
    }
  }

  private forget(id: number): void {
    this.defs.delete(id);
    this.unshare(id);
  }

  /** Stops handing `id` out for look-alikes (it is gone, or now decorated). */
  private unshare(id: number): void {
    for (const keys of [this.typeKeys, this.constantKeys]) {
      for (const [key, value] of keys) {
        if (value !== id) continue;
        keys.delete(key);
        this.unsettled.add(key);
      }
    }
  }

  /** The global instruction defining `id` (type, constant, variable...). */
  def(id: number): Instruction | undefined {
    return this.defs.get(id);
  }

  /** True when `id` is a type. */
  isType(id: number): boolean {
    const d = this.defs.get(id);
    return d !== undefined && isTypeDeclaration(d.opcode);
  }

  /** An existing type structurally equal to (opcode, operands). */
  findType(opcode: number, operands: ArrayLike<number>): number | undefined {
    this.settle();
    return this.typeKeys.get(keyOf(opcode, 0, operands));
  }

  /** The id of the type (opcode, operands), declaring it when the module has none. */
  type(opcode: number, operands: ArrayLike<number> = []): number {
    const key = keyOf(opcode, 0, operands);
    this.settle();
    const found = this.typeKeys.get(key);
    if (found !== undefined) return found;
    const inst = new Instruction(opcode, 0, this.module.ids.allocate(), operands);
    this.append(inst);
    this.typeKeys.set(key, inst.resultId);
    return inst.resultId;
  }

  voidType(): number {
    return this.type(Op.TypeVoid);
  }
  boolType(): number {
    return this.type(Op.TypeBool);
  }
  intType(width: number, signed: boolean): number {
    return this.type(Op.TypeInt, [width, signed ? 1 : 0]);
  }
  floatType(width: number): number {
    return this.type(Op.TypeFloat, [width]);
  }
  vectorType(component: number, count: number): number {
    return this.type(Op.TypeVector, [component, count]);
  }
  pointerType(storageClass: number, pointee: number): number {
    return this.type(Op.TypePointer, [storageClass, pointee]);
  }
  functionType(returnType: number, params: readonly number[] = []): number {
    return this.type(Op.TypeFunction, [returnType, ...params]);
  }

  /** The id of the constant (opcode, type, words), declaring it when absent. Never merges spec constants. */
  constant(opcode: number, typeId: number, operands: ArrayLike<number>): number {
    const key = keyOf(opcode, typeId, operands);
    if (DEDUPLICATED_CONSTANTS.has(opcode)) {
      this.settle();
      const found = this.constantKeys.get(key);
      if (found !== undefined) return found;
    }
    const inst = new Instruction(opcode, typeId, this.module.ids.allocate(), operands);
    this.append(inst);
    if (DEDUPLICATED_CONSTANTS.has(opcode)) this.constantKeys.set(key, inst.resultId);
    return inst.resultId;
  }

  /** A 32-bit unsigned integer constant. */
  constantUint(value: number): number {
    return this.constant(Op.Constant, this.intType(32, false), [value >>> 0]);
  }

  /** A 32-bit signed integer constant. */
  constantInt(value: number): number {
    return this.constant(Op.Constant, this.intType(32, true), [value >>> 0]);
  }

  /** The value of a 32-bit integer OpConstant (unsigned view), or undefined for anything else. */
  constantValue(id: number): number | undefined {
    const d = this.defs.get(id);
    if (d === undefined || d.opcode !== Op.Constant || d.operandCount !== 1) return undefined;
    const t = this.defs.get(d.typeId);
    if (t === undefined || t.opcode !== Op.TypeInt || t.word(0) !== 32) return undefined;
    return d.word(0);
  }

  /** For OpTypeInt: `{ width, signed }`. */
  intInfo(typeId: number): { width: number; signed: boolean } | undefined {
    const t = this.defs.get(typeId);
    return t !== undefined && t.opcode === Op.TypeInt ? { width: t.word(0), signed: t.word(1) === 1 } : undefined;
  }

  /** Declares through the module, so every cached analysis (this one too) hears of it. */
  private append(inst: Instruction): void {
    this.module.insert('globals', [inst]);
    this.defs.set(inst.resultId, inst);
  }
}

function keyOf(opcode: number, typeId: number, operands: ArrayLike<number>): string {
  let key = `${opcode}:${typeId}`;
  for (let i = 0; i < operands.length; i++) key += `,${operands[i]}`;
  return key;
}

/**
 * The module's {@link TypeManager}, cached with the other analyses.
 *
 * @example
 * ```ts
 * const uint = module.analysis(TypesAnalysis).intType(32, false);
 * ```
 */
export const TypesAnalysis: Analysis<TypeManager> = {
  name: 'types',
  build: (module) => new TypeManager(module),
  update: (types, change) => types.update(change),
};
