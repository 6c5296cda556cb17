import { Op, SHAPE_RESULT, SHAPE_TYPE, instructionShape, definitionOf, type IdOperandWalker, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';

/**
 * Whether operand `k` (counted after the result type and result id) of an instruction with opcode
 * `op` may name an id defined later in the module: the spec's exceptions to "defined before used",
 * as spirv-val applies them (debug names, annotations, entry points and execution modes name
 * anything; branches, merges and OpPhi name blocks and values later in the function; a call names
 * a function defined later; debug-info instructions refer forward freely). The cooperative matrix
 * instructions of SPV_NV_cooperative_matrix2 name a function too (the per-element function, the
 * reduction's combine function, the tensor load's decode function), which glslc places after the
 * entry point, so those operands may refer forward as OpFunctionCall's does.
 */
function forwardAllowed(scan: ModuleIndex, i: number, op: number, k: number): boolean {
  switch (op) {
    case Op.Name:
    case Op.MemberName:
    case Op.Decorate:
    case Op.MemberDecorate:
    case Op.DecorateId:
    case Op.DecorateString:
    case Op.MemberDecorateString:
    case Op.GroupDecorate:
    case Op.GroupMemberDecorate:
    case Op.EntryPoint:
    case Op.ExecutionMode:
    case Op.ExecutionModeId:
    case Op.SelectionMerge:
    case Op.LoopMerge:
    case Op.Branch:
    case Op.Phi:
    case Op.TypeForwardPointer:
      return true;
    case Op.BranchConditional:
    case Op.Switch:
      return k >= 1;
    case Op.FunctionCall:
      return k === 0;
    case Op.CooperativeMatrixPerElementOpEXT:
      return k === 1; // Func
    case Op.CooperativeMatrixReduceEXT:
      return k === 2; // CombineFunc
    case Op.CooperativeMatrixLoadTensorNV:
      // The operands after the memory operand's mask: spirv-val allows all of them (its operand
      // index above 6), approximately, since the optional operands before DecodeFunc vary.
      return k > 4;
    case Op.ExtInst:
      return k >= 2 && scan.debugSets.has(scan.words[scan.operandStart[i]]);
    default:
      return false;
  }
}

/**
 * The ids family: result ids below the bound and defined once, every id used defined, and
 * defined before its use where the spec has no exception. Instructions with a broken id get
 * flagged, so the type rules do not report them a second time.
 */
export function checkIds(scan: ModuleIndex, ids: IdOperandWalker, reporter: Reporter): void {
  const { count, opcode, resultId, typeId, words, bound } = scan;
  for (let i = 0; i < count; i++) {
    const id = resultId[i];
    if (id === 0) {
      if (hasResult(scan, i)) {
        reporter.report('spvkit-ids-zero', i, () => `result id 0 is not a valid id`);
        reporter.flag(i);
      }
    } else if (id >= bound) {
      reporter.report('spvkit-ids-bound', i, () => `result id ${id} is not below the id bound ${bound} of the header`, [id]);
      reporter.flag(i);
    } else if (scan.defOf[id] !== i + 1) {
      const first = scan.defOf[id] - 1;
      reporter.report('spvkit-ids-duplicate', i, (n) => `${n(id)} is defined a second time (first by instruction ${first + 1})`, [id]);
      reporter.flag(i);
    }
  }
  // Pointer types declared by OpTypeForwardPointer may be named before their OpTypePointer.
  const forwardPointers = new Set<number>();
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.TypeForwardPointer) forwardPointers.add(words[scan.operandStart[i]]);
    const type = typeId[i];
    if (type === 0) {
      if ((instructionShape[op] & SHAPE_TYPE) !== 0 && scan.end[i] > scan.pos[i] + 1) {
        reporter.report('spvkit-ids-zero', i, () => `result type id 0 is not a valid id`);
        reporter.flag(i);
      }
    } else {
      const d = definitionOf(scan, type);
      if (d < 0) {
        reporter.report('spvkit-ids-undefined', i, (n) => `result type ${n(type)} is not defined`, [type]);
        reporter.flag(i);
      } else if (d >= i && !forwardPointers.has(type)) {
        reporter.report('spvkit-ids-forward', i, (n) => `result type ${n(type)} is used before its definition`, [type]);
        reporter.flag(i);
      }
    }
    const found = ids.collectOperands(words, scan.pos[i], scan.end[i] - scan.pos[i]);
    const start = scan.operandStart[i];
    for (let j = 0; j < found; j++) {
      const w = ids.found[j];
      const used = words[w];
      const d = definitionOf(scan, used);
      if (d < 0) {
        reporter.report('spvkit-ids-undefined', i, (n) => `${n(used)} is used but not defined`, [used]);
        reporter.flag(i);
      } else if (d >= i && !forwardPointers.has(used) && !forwardAllowed(scan, i, op, w - start)) {
        // An instruction using its own result is a use before the definition too.
        reporter.report('spvkit-ids-forward', i, (n) => `${n(used)} is used before its definition`, [used]);
        reporter.flag(i);
      }
    }
  }
}

function hasResult(scan: ModuleIndex, i: number): boolean {
  return (instructionShape[scan.opcode[i]] & SHAPE_RESULT) !== 0;
}
