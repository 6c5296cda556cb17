import { Op, SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../../grammar/index.js';
import type { Function } from '../../ir/Function.js';
import { Instruction, type SourceSpan } from '../../ir/Instruction.js';
import type { Module } from '../../ir/Module.js';
import { FunctionBuilder, GlobalsBuilder } from './ModuleBuilder.js';
import type { SourceText } from './SourceText.js';

/**
 * Every instruction of the text, kept as its binary words plus a compact table of where each came
 * from, until someone reads the module's sections or functions. Encoding an assembled module then
 * copies the words as they are, so an assemble-and-encode never builds an object per instruction
 * (the laziness `decodeModule` has for function bodies). Building no objects while reading also
 * keeps reading the same for declarations and for function bodies: one short path for every
 * instruction, the objects built afterwards by kind.
 *
 * The function layout is checked as instructions arrive, so the errors come from `assemble`
 * itself: an OpFunction inside a function, an OpFunctionEnd outside one, a function left open.
 */
export class InstructionRegion {
  private words: Uint32Array;
  private fill = 0;
  /** Per instruction: start and end byte offsets, line, and the byte offset where that line starts. */
  private table: Int32Array;
  private count = 0;
  /** Instruction index and word offset of the first OpFunction; -1 before it arrives. */
  private functionsFrom = -1;
  private functionsWordsFrom = -1;
  private open = false;
  private openStart = 0;
  private openEnd = 0;

  constructor(
    private readonly source: SourceText,
    private readonly problem: (start: number, end: number, message: string, hint?: string) => void,
  ) {
    // Sized so a spirv-dis text does not grow them (it has about 7 bytes of text per word and 50
    // per instruction): growing copies everything written so far. Pages never written cost nothing.
    this.words = new Uint32Array(Math.max(256, source.end >>> 2));
    this.table = new Int32Array(Math.max(64, (source.end >>> 3) & ~3));
  }

  /** Adds the instruction `words[from, to)`, which the text at bytes [start, end) gave. */
  add(words: Uint32Array, from: number, to: number, start: number, end: number, line: number, lineStart: number): void {
    const n = to - from;
    const opcode = words[from] & 0xffff;
    const index = this.count;
    const wordsAt = this.fill;
    if (this.fill + n > this.words.length) this.words = grow(this.words, this.fill + n);
    if (n < 16) for (let i = 0; i < n; i++) this.words[this.fill + i] = words[from + i]!;
    else this.words.set(words.subarray(from, to), this.fill);
    this.fill += n;
    const k = this.count++ * 4;
    if (k + 4 > this.table.length) this.table = grow(this.table, k + 4);
    const t = this.table;
    t[k] = start;
    t[k + 1] = end;
    t[k + 2] = line;
    t[k + 3] = lineStart;

    if (opcode === Op.Function) {
      if (this.functionsFrom < 0) {
        this.functionsFrom = index;
        this.functionsWordsFrom = wordsAt;
      }
      if (this.open)
        this.problem(start, end, 'OpFunction inside a function: the function before it has no OpFunctionEnd', 'end each function with OpFunctionEnd');
      this.open = true;
      this.openStart = start;
      this.openEnd = end;
    } else if (opcode === Op.FunctionEnd && this.functionsFrom >= 0) {
      // Before the first OpFunction it is an instruction of the module's last section, as
      // decodeModule reads it (the validator's business, not the assembler's).
      if (!this.open) this.problem(start, end, 'OpFunctionEnd outside a function', 'every OpFunctionEnd closes an OpFunction');
      this.open = false;
    }
  }

  /** Reports a function left open at the end of the text. */
  finish(): void {
    if (this.open)
      this.problem(this.openStart, this.openEnd, 'this function has no OpFunctionEnd before the end of the text', 'end each function with OpFunctionEnd');
  }

  /** Gives the instructions to the module: held as words until first read, or built now. */
  attach(module: Module, lazy: boolean): void {
    const globalsEnd = this.functionsFrom < 0 ? this.count : this.functionsFrom;
    const globalWords = this.functionsFrom < 0 ? this.fill : this.functionsWordsFrom;
    const buildGlobals = (m: Module): void => {
      const builder = new GlobalsBuilder(m);
      this.build(0, globalsEnd, 0, (inst) => builder.add(inst));
    };
    if (lazy) module.setLazyGlobals({ words: this.words, start: 0, end: globalWords, materialize: buildGlobals });
    else buildGlobals(module);
    if (this.functionsFrom < 0) return;
    const materialize = (): { functions: Function[]; trailing: Instruction[] } => {
      const builder = new FunctionBuilder();
      this.build(globalsEnd, this.count, globalWords, (inst) => builder.add(inst));
      return builder.finish();
    };
    if (lazy) module.setLazyFunctions({ words: this.words, start: globalWords, end: this.fill, materialize });
    else {
      const { functions, trailing } = materialize();
      module.functions = functions;
      module.trailing = trailing;
    }
  }

  /** Builds instructions [from, to) (the first at word `pos`), each a view of the words with its span. */
  private build(from: number, to: number, pos: number, add: (inst: Instruction) => void): void {
    const words = this.words;
    const t = this.table;
    const src = this.source;
    const file = src.file;
    for (let k = from; k < to; k++) {
      const first = words[pos];
      const opcode = first & 0xffff;
      const next = pos + (first >>> 16);
      const shape = instructionShape[opcode];
      let at = pos + 1;
      // A `!<integer>` instruction may be too short for its result type and id.
      const typeId = (shape & SHAPE_TYPE) !== 0 && at < next ? words[at++] : 0;
      const resultId = (shape & SHAPE_RESULT) !== 0 && at < next ? words[at++] : 0;
      const inst = Instruction.view(opcode, typeId, resultId, words, at, next - at);
      const start = t[k * 4];
      const span: SourceSpan = {
        start: src.utf16Offset(start),
        end: src.utf16Offset(t[k * 4 + 1]),
        line: t[k * 4 + 2],
        column: src.column(t[k * 4 + 3], start),
        file,
      };
      inst.span = span;
      add(inst);
      pos = next;
    }
  }
}

function grow<T extends Uint32Array | Int32Array>(a: T, need: number): T {
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
