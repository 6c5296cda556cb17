import { Op } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';
import { CHECKED_ATOMICS, checkAtomic } from './atomics.js';
import { checkBarrier } from './barriers.js';
import { checkCall, checkFunction, checkParameter } from './calls.js';
import { checkCompositeInsert } from './composites.js';
import { CHECKED_IMAGE_INSTRUCTIONS, checkImageInstruction, checkSampledImage } from './images.js';
import { checkMatrix } from './matrices.js';
import { checkCopyMemory, checkPtrAccessChain, checkVariable } from './memory.js';
import { OperandCheck } from './OperandCheck.js';
import { checkVectorDynamic, checkVectorShuffle } from './vectors.js';

const enum Dispatch {
  None = 0,
  /** Checked by the switch on its opcode. */
  Own = 1,
  Atomic = 2,
  Image = 3,
}

/** Per opcode: how it is checked, so the walk passes over every other instruction at one array read. */
const dispatch = new Uint8Array(65536);
for (const op of [
  Op.Variable,
  Op.PtrAccessChain,
  Op.InBoundsPtrAccessChain,
  Op.CopyMemory,
  Op.CopyMemorySized,
  Op.FunctionCall,
  Op.VectorShuffle,
  Op.VectorExtractDynamic,
  Op.VectorInsertDynamic,
  Op.CompositeInsert,
  Op.Transpose,
  Op.MatrixTimesScalar,
  Op.VectorTimesMatrix,
  Op.MatrixTimesVector,
  Op.MatrixTimesMatrix,
  Op.OuterProduct,
  Op.ControlBarrier,
  Op.MemoryBarrier,
  Op.SampledImage,
  Op.Image,
]) {
  dispatch[op] = Dispatch.Own;
}
for (const op of CHECKED_ATOMICS) dispatch[op] = Dispatch.Atomic;
for (const op of CHECKED_IMAGE_INSTRUCTIONS) dispatch[op] = Dispatch.Image;

/**
 * The types family, rest of it: result and operand types of variables, pointer access chains,
 * memory copies, functions, their parameters and calls, vector shuffles and dynamic
 * extracts/inserts, OpCompositeInsert, the matrix instructions, atomics, barriers and the image
 * instructions, as spirv-val checks them. One walk, a switch on the opcode; instructions flagged
 * by the ids family are skipped.
 */
export function checkOperands(context: FamilyContext): void {
  const { scan, reporter, structure } = context;
  const { count, opcode } = scan;
  const c = new OperandCheck(scan, structure, reporter, context.targetEnv);
  // The function being walked: its type (0 where it is none) and how many parameters were seen.
  let functionType = 0;
  let parameters = 0;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.FunctionParameter) {
      if (functionType !== 0 && !reporter.isFlagged(i)) {
        c.at(i);
        checkParameter(c, parameters, functionType);
      }
      parameters++;
      continue;
    }
    if (op === Op.Function) {
      functionType = 0;
      parameters = 0;
      if (!reporter.isFlagged(i)) {
        c.at(i);
        functionType = checkFunction(c);
      }
      continue;
    }
    if ((dispatch[op] as Dispatch) === Dispatch.None || reporter.isFlagged(i)) continue;
    c.at(i);
    switch (op) {
      case Op.Variable:
        checkVariable(c);
        break;
      case Op.PtrAccessChain:
      case Op.InBoundsPtrAccessChain:
        checkPtrAccessChain(c);
        break;
      case Op.CopyMemory:
      case Op.CopyMemorySized:
        checkCopyMemory(c);
        break;
      case Op.FunctionCall:
        checkCall(c);
        break;
      case Op.VectorShuffle:
        checkVectorShuffle(c);
        break;
      case Op.VectorExtractDynamic:
      case Op.VectorInsertDynamic:
        checkVectorDynamic(c);
        break;
      case Op.CompositeInsert:
        checkCompositeInsert(c);
        break;
      case Op.Transpose:
      case Op.MatrixTimesScalar:
      case Op.VectorTimesMatrix:
      case Op.MatrixTimesVector:
      case Op.MatrixTimesMatrix:
      case Op.OuterProduct:
        checkMatrix(c);
        break;
      case Op.ControlBarrier:
      case Op.MemoryBarrier:
        checkBarrier(c);
        break;
      case Op.SampledImage:
      case Op.Image:
        checkSampledImage(c);
        break;
      default:
        if ((dispatch[op] as Dispatch) === Dispatch.Atomic) checkAtomic(c);
        else checkImageInstruction(c);
    }
  }
}
