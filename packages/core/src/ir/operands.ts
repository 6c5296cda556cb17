// Only the shapes of the grammar: walking operands needs kinds, quantifiers and enumerant
// parameters, never names, so a bundle that decodes keeps no name tables.
import { Op } from '../grammar/generated/enums.js';
import { enumerantParameters, extInstOperands, instructionOperands, operandCategory } from '../grammar/shapes.js';
import type { ExtInstSetInfo, OperandSpec } from '../grammar/types.js';
import type { Instruction } from './Instruction.js';
import { terminatorWord } from '../words/literalString.js';
import type { OperandContext } from '../words/operandContext.js';

export type { OperandContext } from '../words/operandContext.js';

/**
 * Called once per operand, in order. `start` and `count` index the instruction's operand words
 * (after result type and result id). `kind` is the grammar's operand kind; the pseudo-kinds
 * `LiteralOpcode` (OpSpecConstantOp's opcode) and `Unparsed` (words that do not fit the grammar:
 * an unknown enumerant's parameters, extra words) also occur. `set` is given for operands of an
 * extended instruction.
 */
export type OperandVisitor = (kind: string, start: number, count: number, set: ExtInstSetInfo | undefined) => void;

/** Why parsing stopped early; the remaining words were reported as `Unparsed`. */
export type OperandProblem =
  | {
      readonly kind: 'missing-operand';
      readonly operandKind: string;
      readonly name?: string;
      /**
       * Which operand list lacks it (the instruction's own, an extended instruction's, or an
       * enumerant's parameters) and its index there. The walker reads the grammar's shapes, which
       * carry no operand names: look the name up with these (as the Builder does).
       */
      readonly list?: OperandList;
      readonly index?: number;
    }
  | { readonly kind: 'unterminated-string'; readonly start: number }
  | { readonly kind: 'unknown-enumerant'; readonly operandKind: string; readonly value: number }
  | { readonly kind: 'extra-words'; readonly start: number };

/** The operand list a missing operand belongs to (see {@link OperandProblem}). */
export type OperandList = 'instruction' | 'extInst' | 'parameters';

/** A parsed operand, as returned by {@link parseOperands}. */
export interface ParsedOperand {
  readonly kind: string;
  readonly start: number;
  readonly count: number;
  readonly set?: ExtInstSetInfo;
}

const UNKNOWN_SET_OPERANDS: readonly OperandSpec[] = [{ kind: 'IdRef', quantifier: '*' }];

/**
 * Walks the operands of `inst` through the grammar, calling `visit` for each. Never throws:
 * words that do not fit are reported as `Unparsed` and the problem is returned, so a caller can
 * decide whether that is an error (the decoder and the disassembler decide differently).
 *
 * @example
 * ```ts
 * walkOperands(inst, ctx, (kind, start, count) => { if (kind === 'IdRef') uses.push(inst.word(start)); });
 * ```
 */
export function walkOperands(inst: Instruction, ctx: OperandContext, visit: OperandVisitor): OperandProblem | undefined {
  const operands = instructionOperands(inst.opcode);
  const n = inst.operandCount;
  if (operands === undefined) {
    if (n > 0) visit('Unparsed', 0, n, undefined);
    return undefined;
  }
  const w = new OperandWalker(inst, ctx, visit);
  const problem = w.walkList(operands, true, undefined, 'instruction');
  if (problem !== undefined) return problem;
  if (w.pos < n) {
    visit('Unparsed', w.pos, n - w.pos, undefined);
    return { kind: 'extra-words', start: w.pos };
  }
  return undefined;
}

/**
 * Operands of `inst` as a list (allocates; prefer {@link walkOperands} in hot code).
 *
 * @example
 * ```ts
 * const [pointer, access] = parseOperands(load, ctx).operands;
 * ```
 */
export function parseOperands(inst: Instruction, ctx: OperandContext): { operands: ParsedOperand[]; problem?: OperandProblem } {
  const operands: ParsedOperand[] = [];
  const problem = walkOperands(inst, ctx, (kind, start, count, set) => {
    operands.push(set === undefined ? { kind, start, count } : { kind, start, count, set });
  });
  return problem === undefined ? { operands } : { operands, problem };
}

class OperandWalker {
  pos = 0;
  private readonly n: number;
  constructor(
    private readonly inst: Instruction,
    private readonly ctx: OperandContext,
    private readonly visit: OperandVisitor,
  ) {
    this.n = inst.operandCount;
  }

  /** Walks operand specs; `skipResult` drops IdResultType/IdResult, which the Instruction holds apart. */
  walkList(specs: readonly OperandSpec[], skipResult: boolean, set: ExtInstSetInfo | undefined, list: OperandList): OperandProblem | undefined {
    for (let index = 0; index < specs.length; index++) {
      const s = specs[index];
      if (skipResult && (s.kind === 'IdResultType' || s.kind === 'IdResult')) continue;
      if (s.quantifier === '') {
        if (this.pos >= this.n) return this.fail({ kind: 'missing-operand', operandKind: s.kind, ...(s.name ? { name: s.name } : {}), list, index });
        const p = this.one(s.kind, set);
        if (p !== undefined) return p;
      } else if (s.quantifier === '?') {
        if (this.pos >= this.n) continue;
        const p = this.one(s.kind, set);
        if (p !== undefined) return p;
      } else {
        while (this.pos < this.n) {
          const p = this.one(s.kind, set);
          if (p !== undefined) return p;
        }
      }
    }
    return undefined;
  }

  private fail(problem: OperandProblem): OperandProblem {
    if (this.pos < this.n) this.visit('Unparsed', this.pos, this.n - this.pos, undefined);
    this.pos = this.n;
    return problem;
  }

  private emit(kind: string, count: number, set: ExtInstSetInfo | undefined): void {
    this.visit(kind, this.pos, count, set);
    this.pos += count;
  }

  private one(kind: string, set: ExtInstSetInfo | undefined): OperandProblem | undefined {
    const inst = this.inst;
    switch (kind) {
      case 'IdRef':
      case 'IdScope':
      case 'IdMemorySemantics':
      case 'IdResultType':
      case 'IdResult':
      case 'LiteralInteger':
      case 'LiteralFloat':
        this.emit(kind, 1, set);
        return undefined;
      case 'LiteralString': {
        const start = this.pos;
        // The operands' own words (read only), searched in one call: OpSource can hold megabytes.
        const i = terminatorWord(inst.operands as Uint32Array, start, this.n);
        if (i === this.n) return this.fail({ kind: 'unterminated-string', start });
        this.emit(kind, i - start + 1, set);
        return undefined;
      }
      case 'LiteralContextDependentNumber': {
        // OpConstant / OpSpecConstant: the result type says how wide the literal is.
        const width = this.ctx.typeWidth(inst.typeId);
        const count = width > 32 ? Math.ceil(width / 32) : width > 0 ? 1 : this.n - this.pos;
        if (this.pos + count > this.n) return this.fail({ kind: 'missing-operand', operandKind: kind });
        this.emit(kind, count, set);
        return undefined;
      }
      case 'LiteralExtInstInteger': {
        this.emit(kind, 1, set);
        if (inst.opcode === Op.ExtInst || inst.opcode === Op.ExtInstWithForwardRefsKHR) return this.extInstOperands();
        return undefined;
      }
      case 'LiteralSpecConstantOpInteger': {
        const opcode = inst.word(this.pos);
        this.emit('LiteralOpcode', 1, set);
        const operands = instructionOperands(opcode);
        if (operands === undefined) return this.fail({ kind: 'unknown-enumerant', operandKind: 'Op', value: opcode });
        return this.walkList(operands, true, set, 'instruction');
      }
      case 'PairLiteralIntegerIdRef': {
        // OpSwitch: case literals are as wide as the selector's type.
        const selectorType = this.ctx.typeOf(inst.word(0));
        const width = this.ctx.typeWidth(selectorType);
        const litWords = width > 32 ? 2 : 1;
        if (this.pos + litWords + 1 > this.n) return this.fail({ kind: 'missing-operand', operandKind: kind });
        this.emit('LiteralContextDependentNumber', litWords, set);
        this.emit('IdRef', 1, set);
        return undefined;
      }
      case 'PairIdRefLiteralInteger':
        if (this.pos + 2 > this.n) return this.fail({ kind: 'missing-operand', operandKind: kind });
        this.emit('IdRef', 1, set);
        this.emit('LiteralInteger', 1, set);
        return undefined;
      case 'PairIdRefIdRef':
        if (this.pos + 2 > this.n) return this.fail({ kind: 'missing-operand', operandKind: kind });
        this.emit('IdRef', 1, set);
        this.emit('IdRef', 1, set);
        return undefined;
      default:
        return this.enumOperand(kind, set);
    }
  }

  private enumOperand(kind: string, set: ExtInstSetInfo | undefined): OperandProblem | undefined {
    const category = operandCategory(kind, set);
    if (category !== 'ValueEnum' && category !== 'BitEnum') {
      // A kind this walker has no rule for: treat it as a single word so nothing is lost.
      this.emit(kind, 1, set);
      return undefined;
    }
    const value = this.inst.word(this.pos);
    this.emit(kind, 1, set);
    if (category === 'ValueEnum') {
      const parameters = enumerantParameters(kind, value, set);
      if (parameters === undefined) return this.fail({ kind: 'unknown-enumerant', operandKind: kind, value });
      return parameters.length === 0 ? undefined : this.walkList(parameters, false, set, 'parameters');
    }
    // BitEnum: parameters follow in order of increasing bit.
    for (let bit = 0; bit < 32; bit++) {
      const mask = (1 << bit) >>> 0;
      if ((value & mask) === 0) continue;
      const parameters = enumerantParameters(kind, mask, set);
      if (parameters === undefined) return this.fail({ kind: 'unknown-enumerant', operandKind: kind, value: mask });
      if (parameters.length > 0) {
        const p = this.walkList(parameters, false, set, 'parameters');
        if (p !== undefined) return p;
      }
    }
    return undefined;
  }

  private extInstOperands(): OperandProblem | undefined {
    const inst = this.inst;
    const set = this.ctx.extInstSet(inst.word(0));
    const operands = set === undefined ? undefined : extInstOperands(set, inst.word(1));
    return this.walkList(operands ?? UNKNOWN_SET_OPERANDS, false, set, 'extInst');
  }
}
