import { SpirvError } from '../errors/SpirvError.js';
import { Op, StorageClass, extInstByOpcode, instructionByOpcode, isIdKind, type InstructionSpec, type OperandSpec } from '../grammar/index.js';
import { Block } from '../ir/Block.js';
import { Function } from '../ir/Function.js';
import { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import type { ChangePlace } from '../ir/ModuleChange.js';
import { OperandTables } from '../ir/OperandTables.js';
import { moduleWordEstimate } from '../ir/idTables.js';
import { walkOperands, type OperandContext } from '../ir/operands.js';
import { GLOBALS_SECTION, SECTIONS, naturalSection } from '../ir/sections.js';
import { InstructionBuilders } from './generated/instructionBuilders.js';

/**
 * Builds new instructions into a module, checking every one against the grammar: operand count
 * and kinds, enumerants, literal strings, and that every `<id>` operand is below the id bound.
 * Result ids come from `module.ids`. A typed method per core instruction (`load`, `store`, `iMul`,
 * `typeInt`, `decorate`, ...) is generated from the grammar into {@link InstructionBuilders}.
 *
 * Where {@link emit} (and every generated method) puts an instruction:
 * - module-level instructions go to their section: capabilities, extensions, OpExtInstImport,
 *   OpMemoryModel, entry points, execution modes, debug strings and names, annotations;
 *   types, constants and non-Function OpVariables go to `module.globals`;
 * - OpFunction starts a new function (appended to `module.functions`), OpFunctionParameter goes to
 *   its preamble, OpLabel starts a new block in it and moves the insertion point to that block's
 *   end, OpFunctionEnd closes it;
 * - everything else goes to the insertion point ({@link atEndOf}, {@link before}, {@link after},
 *   {@link at}); each insertion moves the point past what it inserted, so instructions stay in the
 *   order they were emitted.
 *
 * Ids used before their definition (branch targets, an entry point's function) are allocated
 * first with {@link newId} and given to the defining instruction with {@link withId}.
 *
 * @example
 * ```ts
 * const b = new Builder(module);
 * const uint = b.typeInt(32, 0).resultId;
 * const ptr = b.typePointer(StorageClass.Function, uint).resultId;
 * b.function(voidType, FunctionControl.None, fnType);
 * b.label();
 * const v = b.variable(ptr, StorageClass.Function).resultId;
 * b.store(v, b.constant(uint, 7).resultId, MemoryAccess.Aligned, 4);
 * const x = b.load(uint, v).resultId;
 * b.return();
 * b.functionEnd();
 * ```
 */
export class Builder extends InstructionBuilders {
  readonly module: Module;
  private point: { list: Instruction[]; index: number | undefined } | undefined;
  private fn: Function | undefined;
  private pendingId = 0;
  /**
   * Operand context over the module, built on first need (reading the module, which decodes
   * undecoded bodies, only then) and kept up to date with what this builder makes.
   */
  private tables: OperandTables | undefined;
  /** Instructions made before the context was built, noted when it is. */
  private readonly untracked: Instruction[] = [];
  private readonly context: OperandContext = {
    typeWidth: (id) => this.operandTables().typeWidth(id),
    typeOf: (id) => this.operandTables().typeOf(id),
    extInstSet: (id) => this.operandTables().extInstSet(id),
  };

  constructor(module: Module) {
    super();
    this.module = module;
  }

  /** A fresh id from `module.ids` (for forward references; define it later with {@link withId}). */
  newId(): number {
    return this.module.ids.allocate();
  }

  /** The next instruction made that has a result takes `id` (from {@link newId}) instead of a fresh one. */
  withId(id: number): this {
    this.pendingId = id;
    return this;
  }

  /**
   * Forgets what the builder knows about the module's types and ext-inst imports. Call it after
   * changing the module other than through this builder (the builder tracks its own instructions).
   */
  refresh(): this {
    this.tables = undefined;
    this.untracked.length = 0;
    return this;
  }

  /**
   * A new instruction, checked against the grammar, with a result id allocated when the opcode
   * has one. Not placed anywhere. Throws SpirvError `BAD_OPERAND` (or `UNKNOWN_OPCODE`).
   */
  make(opcode: number, typeId: number, operands: ArrayLike<number>): Instruction {
    const pending = this.pendingId;
    this.pendingId = 0;
    const spec = instructionByOpcode(opcode);
    if (spec === undefined) throw new SpirvError('UNKNOWN_OPCODE', `opcode ${opcode} is not in the SPIR-V grammar`);
    const opname = spec.opname;
    const bound = this.module.ids.bound;
    const bad = (message: string): SpirvError =>
      new SpirvError('BAD_OPERAND', `${opname}: ${message}`, { opname, hint: `${opname} operands: ${signature(spec)}` });
    const checkId = (id: number, what: string): void => {
      if (id === 0) throw bad(`${what} is id 0, which is never a valid id`);
      if (id >= bound) throw bad(`${what} is id ${id}, not below the module's id bound ${bound} (allocate ids with module.ids)`);
    };

    if (spec.hasResultType) {
      if (typeId === 0) throw bad("missing the result type: operand 'Result Type' (IdResultType) must not be 0");
      checkId(typeId, "operand 'Result Type' (IdResultType)");
    } else if (typeId !== 0) {
      throw bad(`has no result type, but result type ${typeId} was given`);
    }
    if (pending !== 0) {
      if (!spec.hasResult) throw bad(`has no result id, but withId(${pending}) was given`);
      checkId(pending, 'the result id given with withId()');
    }

    const inst = new Instruction(opcode, typeId, 0, operands);
    // Which grammar operand each visited word belongs to, for messages: operands are matched in
    // order; words that match no top-level operand are parameters of the one before.
    const top = spec.operands.filter((o) => o.kind !== 'IdResultType' && o.kind !== 'IdResult');
    let next = 0;
    let current: OperandSpec | undefined;
    const locate = (kind: string): string => {
      for (let j = next; j < top.length; j++) {
        const s = top[j];
        if (visitedAs(s.kind, kind)) {
          next = s.quantifier === '*' ? j : j + 1;
          current = s;
          return describe(s);
        }
        if (s.quantifier === '') break;
      }
      return current === undefined ? `operand ${kind}` : `${describe(current)}, its ${kind} parameter,`;
    };
    let lastVisited = '';
    const problem = walkOperands(inst, this.context, (kind, start) => {
      if (kind === 'Unparsed') return;
      lastVisited = locate(kind);
      if (isIdKind(kind) && kind !== 'IdResult') checkId(inst.word(start), lastVisited);
    });
    if (problem !== undefined) {
      switch (problem.kind) {
        case 'missing-operand': {
          // The walker reads shapes without names: name the operand from the full spec of its list.
          const list =
            problem.list === 'instruction'
              ? spec.operands
              : problem.list === 'extInst' && inst.operandCount >= 2
                ? extInstByOpcode(this.context.extInstSet(inst.word(0)) ?? '', inst.word(1))?.operands
                : undefined;
          const named = problem.index === undefined ? undefined : list?.[problem.index];
          const name = problem.name ?? (named?.kind === problem.operandKind ? named.name : undefined);
          const j = top.findIndex((s, i) => i >= next && s.kind === problem.operandKind && (name === undefined || s.name === name));
          if (j >= 0) throw bad(`missing ${describe(top[j])}`);
          const what = describe({ kind: problem.operandKind, quantifier: '', name });
          throw bad(`missing ${what}${current === undefined ? '' : ` (a parameter of ${describe(current)})`}`);
        }
        case 'extra-words': {
          const n = inst.operandCount - problem.start;
          throw bad(
            `${n} extra operand word${n === 1 ? '' : 's'} (from operand word ${problem.start}) after ${current === undefined ? 'the last operand' : describe(current)}`,
          );
        }
        case 'unknown-enumerant':
          throw bad(`${lastVisited || `operand ${problem.operandKind}`} has value ${problem.value}, which is no ${problem.operandKind} enumerant`);
        case 'unterminated-string': {
          const j = top.findIndex((s, i) => i >= next && s.kind === 'LiteralString');
          throw bad(`${j >= 0 ? describe(top[j]) : 'a LiteralString operand'} is not terminated by a nul byte`);
        }
      }
    }

    if (spec.hasResult) inst.resultId = pending !== 0 ? pending : this.module.ids.allocate();
    this.track(inst);
    return inst;
  }

  /** {@link make}s an instruction and places it (see the class documentation for where). */
  emit(opcode: number, typeId: number, operands: ArrayLike<number>): Instruction {
    const inst = this.make(opcode, typeId, operands);
    const spec = instructionByOpcode(opcode)!;
    switch (opcode) {
      case Op.Function:
        this.fn = new Function(inst, [], [], new Instruction(Op.FunctionEnd));
        this.module.functions.push(this.fn);
        this.point = undefined;
        return this.placed(inst, 'functions');
      case Op.FunctionParameter:
        this.currentFunction(spec).preamble.push(inst);
        return this.placed(inst, 'functions');
      case Op.Label: {
        const block = new Block(inst);
        this.currentFunction(spec).blocks.push(block);
        this.point = { list: block.instructions, index: undefined };
        return this.placed(inst, 'functions');
      }
      case Op.FunctionEnd:
        this.currentFunction(spec).end = inst;
        this.fn = undefined;
        this.point = undefined;
        return this.placed(inst, 'functions');
    }
    const section = naturalSection(opcode, true);
    if (section >= 0 && section !== GLOBALS_SECTION) {
      this.module.insert(SECTIONS[section], [inst]);
    } else if (
      spec.class === 'Type-Declaration' ||
      spec.class === 'Constant-Creation' ||
      ((opcode === Op.Variable || opcode === Op.UntypedVariableKHR) && inst.word(0) !== StorageClass.Function)
    ) {
      this.module.insert('globals', [inst]);
    } else {
      this.insert(inst, spec);
    }
    return inst;
  }

  /** Tells the module's cached analyses about an instruction placed in a function. */
  private placed(inst: Instruction, place: ChangePlace): Instruction {
    this.module.changed({ kind: 'added', place, instruction: inst });
    return inst;
  }

  /** {@link make}s an instruction and appends it to `module.globals` (e.g. a global OpUndef). */
  global(opcode: number, typeId: number, operands: ArrayLike<number>): Instruction {
    const inst = this.make(opcode, typeId, operands);
    this.module.insert('globals', [inst]);
    return inst;
  }

  /**
   * Insert at the end of a block, of a function (its last block; later labels add blocks to it),
   * or of any instruction list.
   */
  atEndOf(target: Block | Function | Instruction[]): this {
    if (target instanceof Function) {
      this.fn = target;
      const last = target.blocks[target.blocks.length - 1];
      this.point = last === undefined ? undefined : { list: last.instructions, index: undefined };
    } else {
      this.point = { list: Array.isArray(target) ? target : target.instructions, index: undefined };
    }
    return this;
  }

  /** Insert before `inst`, which must be in `target`. */
  before(target: Block | Instruction[], inst: Instruction): this {
    return this.at(target, this.indexIn(target, inst));
  }

  /** Insert after `inst`, which must be in `target` (or be the block's label: then at its start). */
  after(target: Block | Instruction[], inst: Instruction): this {
    if (!Array.isArray(target) && inst === target.label) return this.at(target, 0);
    return this.at(target, this.indexIn(target, inst) + 1);
  }

  /** Insert at `index` of a block's instructions (0: right after the label) or of a list. */
  at(target: Block | Instruction[], index: number): this {
    const list = Array.isArray(target) ? target : target.instructions;
    if (!Number.isInteger(index) || index < 0 || index > list.length) {
      throw new SpirvError('BAD_FUNCTION_LAYOUT', `insertion index ${index} is outside 0..${list.length}`);
    }
    this.point = { list, index };
    return this;
  }

  protected override emitInstruction(opcode: number, typeId: number, operands: ArrayLike<number>): Instruction {
    return this.emit(opcode, typeId, operands);
  }

  private insert(inst: Instruction, spec: InstructionSpec): void {
    const p = this.point;
    if (p === undefined) {
      throw new SpirvError('BAD_FUNCTION_LAYOUT', `${spec.opname}: no insertion point; emit an OpLabel or call atEndOf/before/after/at first`, {
        opname: spec.opname,
      });
    }
    if (p.index === undefined) p.list.push(inst);
    else p.list.splice(p.index++, 0, inst);
    // The list is a block's, a preamble's or a section's: the analyses hear of it either way.
    this.placed(inst, SECTIONS.find((name) => this.module.section(name) === p.list) ?? 'functions');
  }

  private currentFunction(spec: InstructionSpec): Function {
    if (this.fn === undefined) {
      throw new SpirvError('BAD_FUNCTION_LAYOUT', `${spec.opname} outside a function: emit OpFunction (or call atEndOf(fn)) first`, {
        opname: spec.opname,
      });
    }
    return this.fn;
  }

  private indexIn(target: Block | Instruction[], inst: Instruction): number {
    const i = (Array.isArray(target) ? target : target.instructions).indexOf(inst);
    if (i < 0) throw new SpirvError('BAD_FUNCTION_LAYOUT', 'the instruction to insert next to is not in the given block or list');
    return i;
  }

  private operandTables(): OperandTables {
    if (this.tables === undefined) {
      const tables = new OperandTables(this.module.header.bound, moduleWordEstimate(this.module));
      for (const inst of this.module.instructions()) tables.note(inst);
      for (const inst of this.untracked) tables.note(inst);
      this.untracked.length = 0;
      this.tables = tables;
    }
    return this.tables;
  }

  /** Keeps the operand context current for the instructions this builder makes. */
  private track(inst: Instruction): void {
    if (this.tables !== undefined) this.tables.note(inst);
    else this.untracked.push(inst);
  }
}

/** How the operand walker reports a grammar operand of kind `specKind` (its first word). */
function visitedAs(specKind: string, visitKind: string): boolean {
  if (specKind === visitKind) return true;
  switch (specKind) {
    case 'LiteralSpecConstantOpInteger':
      return visitKind === 'LiteralOpcode';
    case 'PairLiteralIntegerIdRef':
      return visitKind === 'LiteralContextDependentNumber';
    case 'PairIdRefLiteralInteger':
    case 'PairIdRefIdRef':
      return visitKind === 'IdRef';
    default:
      return false;
  }
}

/** `operand 'Pointer' (IdRef)`, or `operand MemoryAccess` for an unnamed one. */
function describe(o: OperandSpec): string {
  return o.name === undefined ? `operand ${o.kind}` : `operand '${o.name}' (${o.kind})`;
}

function signature(spec: InstructionSpec): string {
  const parts = spec.operands
    .filter((o) => o.kind !== 'IdResultType' && o.kind !== 'IdResult')
    .map((o) => `${o.name === undefined ? o.kind : `'${o.name}' (${o.kind})`}${o.quantifier}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}
