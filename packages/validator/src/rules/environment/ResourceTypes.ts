import { Op, definitionOf, type ModuleIndex } from '@spvkit/core';

/** The pointee of pointer type `type`, or 0 where `type` is no OpTypePointer. */
export function pointeeOf(scan: ModuleIndex, type: number): number {
  const d = definitionOf(scan, type);
  return d >= 0 && scan.opcode[d] === Op.TypePointer && scan.end[d] - scan.operandStart[d] >= 2 ? scan.words[scan.operandStart[d] + 1] : 0;
}

/** The opcode declaring `type`, or 0. */
export function typeOpcode(scan: ModuleIndex, type: number): number {
  const d = definitionOf(scan, type);
  return d < 0 ? 0 : scan.opcode[d];
}

/**
 * The opcode of `type` with one level of OpTypeArray or OpTypeRuntimeArray taken off: what Vulkan
 * asks a resource variable's type to be (an image, a struct, ... or an array of them).
 */
export function elementOpcode(scan: ModuleIndex, type: number): number {
  const d = definitionOf(scan, type);
  if (d < 0) return 0;
  const op = scan.opcode[d];
  if ((op === Op.TypeArray || op === Op.TypeRuntimeArray) && scan.end[d] > scan.operandStart[d]) return typeOpcode(scan, scan.words[scan.operandStart[d]]);
  return op;
}

/** The element type of an array or runtime array type, else `type` itself. */
export function elementType(scan: ModuleIndex, type: number): number {
  const d = definitionOf(scan, type);
  if (d < 0) return type;
  const op = scan.opcode[d];
  return (op === Op.TypeArray || op === Op.TypeRuntimeArray) && scan.end[d] > scan.operandStart[d] ? scan.words[scan.operandStart[d]] : type;
}
