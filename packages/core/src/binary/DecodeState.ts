import { SpirvError } from '../errors/SpirvError.js';
import { Op } from '../grammar/generated/enums.js';
import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/shapes.js';
import type { Instruction } from '../ir/Instruction.js';
import { OperandTables } from '../ir/OperandTables.js';
import { createIdFlags, type IdFlags } from '../ir/idTables.js';
import { instructionAt } from '../ir/InstructionWalker.js';
import { placeOf } from '../words/instructionSteps.js';
import { OperandChecks, idOutOfBound } from './operandChecks.js';

/** Per-decode bookkeeping: which ids are defined, their types, int/float widths, ext-inst sets. */
export class DecodeState {
  readonly defined: IdFlags;
  /** Widths, result types and ext-inst sets, learned as the words are decoded. */
  readonly tables: OperandTables;
  readonly checks: OperandChecks;
  private readonly typeDepths = new Map<number, number>();

  constructor(
    readonly words: Uint32Array,
    readonly bound: number,
    private readonly maxTypeNesting: number,
  ) {
    this.defined = createIdFlags(bound, words.length);
    this.tables = new OperandTables(bound, words.length);
    this.checks = new OperandChecks(words, bound, this.tables);
  }

  /**
   * Builds the instruction at words [pos, end). Checks its result type id (non-zero, below the bound)
   * and its result id (the same, and defined once) unless `resultChecked`, when scanStructure has
   * already done so for the function region.
   */
  instructionAt(pos: number, end: number, resultChecked: boolean): Instruction {
    const inst = instructionAt(this.words, pos, end - pos);
    const shape = instructionShape[inst.opcode];
    if ((shape & SHAPE_TYPE) !== 0) this.checkId(pos, inst.opcode, inst.typeId, 'result type');
    if (!resultChecked && (shape & SHAPE_RESULT) !== 0) this.define(pos, inst.opcode, inst.resultId);
    return inst;
  }

  /**
   * What {@link instructionAt} and {@link OperandChecks.checkOperands} (with strings) check, for
   * the instruction at words [pos, end), without building it (unless the grammar walker must see it).
   */
  checkWords(pos: number, end: number, opcode: number): void {
    const words = this.words;
    const shape = instructionShape[opcode];
    let at = pos + 1;
    const typeId = (shape & SHAPE_TYPE) !== 0 ? words[at++] : 0;
    if ((shape & SHAPE_TYPE) !== 0) this.checkId(pos, opcode, typeId, 'result type');
    if ((shape & SHAPE_RESULT) !== 0) this.define(pos, opcode, words[at++]);
    this.checks.checkWords(pos, end, opcode, typeId, at);
  }

  /** Fails unless `id` (the `what` id of the instruction at `pos`) is non-zero and below the bound. */
  private checkId(pos: number, opcode: number, id: number, what: string): void {
    if (id === 0) throw new SpirvError('ID_ZERO', `${placeOf(opcode, pos)} has ${what} id 0, which is never a valid id`, { offset: pos * 4 });
    if (id >= this.bound) throw idOutOfBound(pos, opcode, id, what, this.bound);
  }

  /** Records that the instruction at `pos` defines `id`, failing unless it is a valid id defined nowhere else. */
  define(pos: number, opcode: number, id: number): void {
    this.checkId(pos, opcode, id, 'result');
    if (this.defined.has(id)) {
      throw new SpirvError('DUPLICATE_RESULT_ID', `${placeOf(opcode, pos)} defines result id %${id}, which is already defined`, {
        offset: pos * 4,
        hint: 'every result id must be defined exactly once in a module',
      });
    }
    this.defined.add(id);
  }

  noteGlobal(inst: Instruction, pos: number): void {
    switch (inst.opcode) {
      case Op.TypeVector:
      case Op.TypeMatrix:
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
        this.noteTypeDepth(inst, pos, 1);
        break;
      case Op.TypeStruct:
        this.noteTypeDepth(inst, pos, inst.operandCount);
        break;
      default:
        this.tables.note(inst);
    }
  }

  /** Records how deeply a composite type nests its first `members` operands, failing past the limit. */
  private noteTypeDepth(inst: Instruction, pos: number, members: number): void {
    let depth = 0;
    for (let i = 0; i < members; i++) depth = Math.max(depth, this.typeDepths.get(inst.word(i)) ?? 0);
    depth++;
    if (depth > this.maxTypeNesting) {
      throw new SpirvError(
        'TYPE_NESTING_TOO_DEEP',
        `${placeOf(inst.opcode, pos)} (%${inst.resultId}) nests composite types ${depth} deep, more than the limit of ${this.maxTypeNesting}`,
        { offset: pos * 4, hint: 'raise the maxTypeNesting option if this module is meant to nest that deeply' },
      );
    }
    this.typeDepths.set(inst.resultId, depth);
  }
}
