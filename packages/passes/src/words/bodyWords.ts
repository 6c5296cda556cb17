// The function bodies as words, whether the module still holds them undecoded or not: the passes
// of this package that edit bodies read and rewrite words only, so a freshly decoded module's
// bodies never become objects, and a decoded one goes through the same code.
import { HEADER_WORDS, HOST_ENDIANNESS, Op, encodeModule, forEachGlobalInstruction, instructionEnd, type Module } from '@spvkit/core';
import { bodyWordFact, type BodyWordFact } from './BodyWordFacts.js';

/**
 * The words from the first OpFunction to the end of the module (host byte order). For bodies still
 * undecoded, the module's own buffer (read it, never write it); otherwise an encoding of them.
 */
export function bodyWords(module: Module): Uint32Array {
  const lazy = module.lazyFunctionWords();
  if (lazy !== null) return lazy;
  if (module.functions.length === 0 && module.trailing.length === 0) return new Uint32Array(0);
  let head = HEADER_WORDS;
  forEachGlobalInstruction(module, (inst) => {
    head += inst.wordCount;
  });
  return encodeModule(module, { endianness: HOST_ENDIANNESS }).subarray(head);
}

/** One function in body words: [start, end) covers what precedes its OpFunction (debug lines) through its OpFunctionEnd. */
export interface FunctionSpan {
  readonly id: number;
  /** Where the words belonging to it start: just after the previous OpFunctionEnd (or 0). */
  readonly start: number;
  /** Index of its OpFunction. */
  readonly definition: number;
  /** Just past its OpFunctionEnd. */
  readonly end: number;
  /** The functions it calls (OpFunctionCall), in order, repeats included. */
  readonly calls: readonly number[];
  /** Indexes of its instructions other than OpFunctionCall that name a function (OpenCL's OpEnqueueKernel, OpGetKernel*). */
  readonly kernelQueries: readonly number[];
}

/** Opcodes other than OpFunctionCall that name a function (OpenCL kernels enqueued or queried). */
const NAMES_FUNCTION_LIST = [
  Op.EnqueueKernel,
  Op.GetKernelNDrangeSubGroupCount,
  Op.GetKernelNDrangeMaxSubGroupSize,
  Op.GetKernelWorkGroupSize,
  Op.GetKernelPreferredWorkGroupSizeMultiple,
  Op.GetKernelLocalSizeForSubgroupCount,
  Op.GetKernelMaxNumSubgroups,
];
/** {@link NAMES_FUNCTION_LIST} as a table by opcode: looked up for every body instruction. */
export const NAMES_FUNCTION = new Uint8Array(65536);
for (const op of NAMES_FUNCTION_LIST) NAMES_FUNCTION[op] = 1;

/**
 * Builds {@link FunctionSpan}s from instructions shown in order: by {@link functionSpans}, and by a
 * pass that writes new bodies, which can tell the next pass their functions without a new walk.
 */
export class SpanBuilder {
  readonly spans: FunctionSpan[] = [];
  private start = 0;
  private definition = -1;
  private id = 0;
  private calls: number[] = [];
  private kernelQueries: number[] = [];

  /** The instruction at `words[pos]` (opcode `opcode`) is at `at` in the words the spans describe. */
  note(words: Uint32Array, pos: number, wordCount: number, opcode: number, at: number): void {
    if (opcode === Op.FunctionCall) this.calls.push(words[pos + 3]);
    else if (opcode === Op.Function) {
      this.definition = at;
      this.id = words[pos + 2];
    } else if (opcode === Op.FunctionEnd && this.definition >= 0) {
      const end = at + wordCount;
      this.spans.push({ id: this.id, start: this.start, definition: this.definition, end, calls: this.calls, kernelQueries: this.kernelQueries });
      this.start = end;
      this.definition = -1;
      this.calls = [];
      this.kernelQueries = [];
    } else if (NAMES_FUNCTION[opcode] === 1) this.kernelQueries.push(at);
  }
}

/** The functions of body words, in order, with their calls (a fact kept between passes). */
export const FUNCTION_SPANS: BodyWordFact<readonly FunctionSpan[]> = {
  name: 'function spans',
  find(_module, words) {
    const builder = new SpanBuilder();
    for (let pos = 0, end: number; pos < words.length; pos = end) {
      end = instructionEnd(words, pos);
      builder.note(words, pos, end - pos, words[pos] & 0xffff, pos);
    }
    return builder.spans;
  },
  same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
};

/**
 * The functions of `module`'s body words `words`, in order, with their calls, in one walk, kept
 * in the module's cache. Words after the last OpFunctionEnd belong to none.
 */
export function functionSpans(module: Module, words: Uint32Array): readonly FunctionSpan[] {
  return bodyWordFact(FUNCTION_SPANS, module, words);
}

/** Collects words into a growing buffer: the rewritten bodies of a pass. */
export class WordSink {
  private buffer: Uint32Array;
  length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint32Array(Math.max(16, capacity));
  }

  /** Appends `words[from, to)`. */
  copy(words: Uint32Array, from: number, to: number): void {
    const n = to - from;
    if (n <= 0) return;
    this.reserve(n);
    this.buffer.set(words.subarray(from, to), this.length);
    this.length += n;
  }

  /** The words written so far. */
  words(): Uint32Array {
    return this.buffer.subarray(0, this.length);
  }

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint32Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
