// The function bodies as words with the edits recorded against them (core's WordEdits): the
// passes of this package that edit bodies read words and record removals and renamings, never
// writing a body, so however many of them run, the bodies are written once, by encodeModule.
import {
  forEachKept,
  HEADER_WORDS,
  HOST_ENDIANNESS,
  Op,
  WordEdits,
  encodeModule,
  forEachGlobalInstruction,
  replaceFunctionWords,
  type Module,
} from '@spvkit/core';
import { bodyWordFact, type BodyWordFact } from './BodyWordFacts.js';

/**
 * The words from the first OpFunction to the end of the module (host byte order) with the edits
 * recorded against them, removals only: for bodies still undecoded, the module's own edits (those
 * that insert or rename are applied first, as the passes read ids and walk instructions in the
 * original words); for decoded ones, an encoding of them without edits, which become the module's
 * bodies when a pass edits them ({@link editBodies}).
 */
export function bodyEdits(module: Module): WordEdits {
  let own = module.functionWordEdits();
  if (own !== null && (own.hasInsertions || own.hasRenamings)) {
    module.lazyFunctionWords();
    own = module.functionWordEdits();
  }
  if (own !== null) return own;
  if (module.functions.length === 0 && module.trailing.length === 0) return new WordEdits(new Uint32Array(0));
  let head = HEADER_WORDS;
  forEachGlobalInstruction(module, (inst) => {
    head += inst.wordCount;
  });
  return new WordEdits(encodeModule(module, { endianness: HOST_ENDIANNESS }).subarray(head));
}

/**
 * Records edits of the bodies that `edits` (from {@link bodyEdits}) describes, and returns the
 * module's edits after them: for decoded bodies, their words become the module's bodies first.
 */
export function editBodies(module: Module, edits: WordEdits, record: (edits: WordEdits) => void): WordEdits {
  if (module.functionWordEdits() !== edits) replaceFunctionWords(module, edits.words);
  const own = module.functionWordEdits()!;
  module.editFunctionWords(record);
  return own;
}

/**
 * One function in body words (original indexes of WordEdits.words, whatever was removed since):
 * [start, end) covers what precedes its OpFunction (debug lines) through its OpFunctionEnd.
 */
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

/**
 * Opcodes other than OpFunctionCall that name a function: OpenCL kernels enqueued or queried, and
 * the cooperative-matrix instructions that take one (a reduction's CombineFunc, a per-element
 * Func, a tensor load's or store's DecodeFunc addressing operand).
 */
const NAMES_FUNCTION_LIST = [
  Op.EnqueueKernel,
  Op.GetKernelNDrangeSubGroupCount,
  Op.GetKernelNDrangeMaxSubGroupSize,
  Op.GetKernelWorkGroupSize,
  Op.GetKernelPreferredWorkGroupSizeMultiple,
  Op.GetKernelLocalSizeForSubgroupCount,
  Op.GetKernelMaxNumSubgroups,
  Op.CooperativeMatrixReduceEXT,
  Op.CooperativeMatrixPerElementOpEXT,
  Op.CooperativeMatrixLoadTensorNV,
  Op.CooperativeMatrixStoreTensorNV,
];
/** {@link NAMES_FUNCTION_LIST} as a table by opcode: looked up for every body instruction. */
export const NAMES_FUNCTION = new Uint8Array(65536);
for (const op of NAMES_FUNCTION_LIST) NAMES_FUNCTION[op] = 1;

/** Builds {@link FunctionSpan}s from the instructions shown in order: see {@link functionSpans}. */
export class SpanBuilder {
  readonly spans: FunctionSpan[] = [];
  private start = 0;
  private definition = -1;
  private id = 0;
  private calls: number[] = [];
  private kernelQueries: number[] = [];

  /** The instruction at `words[pos]`, of opcode `opcode`. */
  note(words: Uint32Array, pos: number, wordCount: number, opcode: number): void {
    if (opcode === Op.FunctionCall) this.calls.push(words[pos + 3]);
    else if (opcode === Op.Function) {
      this.definition = pos;
      this.id = words[pos + 2];
    } else if (opcode === Op.FunctionEnd && this.definition >= 0) {
      const end = pos + wordCount;
      this.spans.push({ id: this.id, start: this.start, definition: this.definition, end, calls: this.calls, kernelQueries: this.kernelQueries });
      this.start = end;
      this.definition = -1;
      this.calls = [];
      this.kernelQueries = [];
    } else if (NAMES_FUNCTION[opcode] === 1) this.kernelQueries.push(pos);
  }
}

/** The functions of the edited bodies, in order, with their calls (a fact kept between passes). */
export const FUNCTION_SPANS: BodyWordFact<readonly FunctionSpan[]> = {
  name: 'function spans',
  find(_module, edits) {
    const builder = new SpanBuilder();
    const words = edits.words;
    forEachKept(edits, 0, words.length, (pos, end) => builder.note(words, pos, end - pos, words[pos] & 0xffff));
    return builder.spans;
  },
  same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
};

/**
 * The functions of `module`'s edited bodies `edits`, in order, with their calls, in one walk, kept
 * in the module's cache. Words after the last OpFunctionEnd belong to none.
 */
export function functionSpans(module: Module, edits: WordEdits): readonly FunctionSpan[] {
  return bodyWordFact(FUNCTION_SPANS, module, edits);
}
