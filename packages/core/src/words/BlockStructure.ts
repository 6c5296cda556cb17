import { Op } from '../grammar/index.js';
import type { ModuleIndex } from './ModuleIndex.js';
import { OpcodePlace, isBlockTerminator, opcodePlace } from './opcodePlaces.js';

/**
 * The functions and blocks of an indexed module: what the control-flow graph is built on. Blocks
 * are numbered in binary order across the module. Found by {@link findBlocks}, also where the
 * layout is broken (as far as functions and blocks can be told apart).
 */
export interface BlockStructure {
  /** Per instruction: the block it is in, or -1 (outside blocks). */
  readonly blockOf: Int32Array;
  /** Per instruction: the function it is in (OpFunction to OpFunctionEnd), or -1. */
  readonly functionOf: Int32Array;
  /** Per block: the instruction number of its OpLabel. */
  readonly blockLabel: Int32Array;
  /** Per block: the instruction number of its terminator, or -1 when it has none. */
  readonly blockEnd: Int32Array;
  /** Per function: the instruction number of its OpFunction, its first block number and one past its last. */
  readonly functionBlocks: readonly { readonly definition: number; readonly first: number; readonly end: number }[];
}

/** A way the functions and blocks depart from the layout, as {@link findBlocks} met it. */
export type BlockFault =
  /** OpFunctionEnd while the last block has no terminator. */
  | 'unterminated-block'
  /** OpFunction inside a function (the previous one has no OpFunctionEnd): it starts the next function. */
  | 'function-in-function'
  /** An instruction of the module-level sections or the globals inside a function. */
  | 'global-in-function'
  /** OpFunctionParameter after the first block started. */
  | 'late-parameter'
  /** OpLabel while the previous block has no terminator. */
  | 'label-in-block'
  /** An instruction between a terminator (or the parameters) and the next OpLabel. */
  | 'outside-block'
  /** The module ends inside a function (the instruction is the last one). */
  | 'unterminated-function';

/**
 * What {@link findBlocks} tells a caller that checks the layout as the walk goes (the validator):
 * every method is optional.
 */
export interface BlockWalkListener {
  /** An instruction outside every function (before, between or after them), OpFunction excepted. */
  outside?(instruction: number): void;
  /** OpFunction `instruction` starts a function. */
  functionStart?(instruction: number): void;
  /** OpLabel `instruction` starts block `block`; `entry`: the first block of its function. */
  blockStart?(instruction: number, block: number, entry: boolean): void;
  /** An instruction of a block after its label (debug lines and non-semantic instructions are {@link debugInFunction}). */
  inBlock?(instruction: number, block: number, entry: boolean): void;
  /** OpLine, OpNoLine or a non-semantic OpExtInst inside a function. */
  debugInFunction?(instruction: number): void;
  /** Something out of the layout's shape. */
  fault?(fault: BlockFault, instruction: number): void;
}

/** In a function: before the first block, in a block, between a terminator and the next label. */
const OUTSIDE = 0;
const PARAMETERS = 1;
const IN_BLOCK = 2;
const AFTER_TERMINATOR = 3;

/**
 * Walks the instructions of `index` once and finds its functions and blocks, telling `listener`
 * what it meets. Instructions that cannot be in a block where they are (a type in a function, an
 * instruction after a terminator) belong to no block.
 *
 * @example
 * ```ts
 * const blocks = findBlocks(indexModule(words).index);
 * console.log(`${blocks.blockLabel.length} blocks in ${blocks.functionBlocks.length} functions`);
 * ```
 */
export function findBlocks(index: ModuleIndex, listener: BlockWalkListener = {}): BlockStructure {
  const { count, opcode } = index;
  const blockOf = new Int32Array(count).fill(-1);
  const functionOf = new Int32Array(count).fill(-1);
  const labels: number[] = [];
  const ends: number[] = [];
  const functionBlocks: { definition: number; first: number; end: number }[] = [];
  let state = OUTSIDE;
  let fn = -1;
  let block = -1;
  const closeFunction = (): void => {
    if (fn >= 0) functionBlocks[functionBlocks.length - 1].end = labels.length;
    fn = -1;
    state = OUTSIDE;
  };
  const isDebug = (i: number, op: number): boolean =>
    op === Op.Line || op === Op.NoLine || (op === Op.ExtInst && index.debugSets.has(index.words[index.operandStart[i]]));
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (state === OUTSIDE) {
      if (op !== Op.Function) {
        listener.outside?.(i);
        continue;
      }
      fn = functionBlocks.length;
      functionBlocks.push({ definition: i, first: labels.length, end: labels.length });
      functionOf[i] = fn;
      state = PARAMETERS;
      listener.functionStart?.(i);
      continue;
    }
    functionOf[i] = fn;
    if (op === Op.FunctionEnd) {
      if (state === IN_BLOCK) listener.fault?.('unterminated-block', i);
      closeFunction();
      continue;
    }
    if (op === Op.Function) {
      listener.fault?.('function-in-function', i);
      closeFunction();
      i--; // read it again as the start of a function
      continue;
    }
    if (isDebug(i, op)) {
      if (block >= 0 && state === IN_BLOCK) blockOf[i] = block;
      listener.debugInFunction?.(i);
      continue;
    }
    const place = opcodePlace[op];
    if (place === OpcodePlace.Header || place === OpcodePlace.Global) {
      listener.fault?.('global-in-function', i);
      continue;
    }
    if (op === Op.FunctionParameter) {
      if (state !== PARAMETERS) listener.fault?.('late-parameter', i);
      continue;
    }
    if (op === Op.Label) {
      if (state === IN_BLOCK) listener.fault?.('label-in-block', i);
      block = labels.length;
      labels.push(i);
      ends.push(-1);
      blockOf[i] = block;
      state = IN_BLOCK;
      listener.blockStart?.(i, block, block === functionBlocks[fn].first);
      continue;
    }
    if (state !== IN_BLOCK) {
      listener.fault?.('outside-block', i);
      continue;
    }
    blockOf[i] = block;
    listener.inBlock?.(i, block, block === functionBlocks[fn].first);
    if (isBlockTerminator[op] !== 0) {
      ends[block] = i;
      state = AFTER_TERMINATOR;
    }
  }
  if (fn >= 0) {
    listener.fault?.('unterminated-function', Math.max(0, count - 1));
    closeFunction();
  }
  return { blockOf, functionOf, blockLabel: Int32Array.from(labels), blockEnd: Int32Array.from(ends), functionBlocks };
}
