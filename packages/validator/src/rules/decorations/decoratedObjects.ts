import { Decoration, MemoryModel, Op, StorageClass } from '@spvkit/core';
import { checkComponent } from './componentDecoration.js';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

/** SPIR-V 1.4, from which NonWritable may decorate Function and Private variables. */
const SPIRV_1_4 = 0x00010400;

/**
 * The rules spirv-val checks from each decoration to what it decorates, after groups are applied:
 * Component (see {@link checkComponent}), NonWritable on a memory object of a buffer or image (or
 * from SPIR-V 1.4 a Function or Private variable), Uniform on an object, NoSignedWrap and
 * NoUnsignedWrap on the integer instructions that can wrap, Block and BufferBlock on structures,
 * Location on variables and structure members, RelaxedPrecision not on types, and, with the Vulkan
 * memory model, no Coherent or Volatile.
 */
export function checkDecoratedObjects(c: DecorationsContext): void {
  const { table, scan } = c;
  const vulkanMemoryModel = usesVulkanMemoryModel(c);
  for (let r = 0; r < table.count; r++) {
    const target = table.target[r];
    const d = c.def(target);
    if (d < 0) continue;
    const op = scan.opcode[d];
    if (op === Op.DecorationGroup) continue;
    const kind = table.kind[r];
    const member = table.member[r];
    const at = table.source[r];
    switch (kind) {
      case Decoration.Component:
        checkComponent(c, r, target, member);
        break;
      case Decoration.NonWritable:
        if (member === NO_MEMBER) checkNonWritable(c, at, target, op);
        break;
      case Decoration.Uniform:
      case Decoration.UniformId: {
        const type = scan.typeId[d];
        if (type === 0 || c.opcodeOf(type) === Op.TypeVoid) {
          c.report('spvkit-decorations-uniform', at, (n) => `${c.decorationName(kind)} decorates ${n(target)}, which is not an object of a non-void type`, [
            target,
          ]);
        }
        break;
      }
      case Decoration.NoSignedWrap:
      case Decoration.NoUnsignedWrap:
        if (op !== Op.IAdd && op !== Op.ISub && op !== Op.IMul && op !== Op.ShiftLeftLogical && op !== Op.SNegate && op !== Op.ExtInst) {
          c.report('spvkit-decorations-integer-wrap', at, (n) => `${c.decorationName(kind)} decorates ${n(target)}, which is no instruction that can wrap`, [
            target,
          ]);
        }
        break;
      case Decoration.Block:
      case Decoration.BufferBlock:
        if (op !== Op.TypeStruct && table.source[r] >= 0 && scan.opcode[at] !== Op.Decorate) {
          // Applied through a group (OpDecorate is reported where it is).
          c.report('spvkit-decorations-struct-only', at, (n) => `${c.decorationName(kind)} decorates ${n(target)}, which is not a structure type`, [target]);
        }
        break;
      case Decoration.Location:
        if (op !== Op.Variable && !(member !== NO_MEMBER && op === Op.TypeStruct) && scan.opcode[at] !== Op.Decorate) {
          c.report('spvkit-decorations-variable-only', at, (n) => `Location decorates ${n(target)}, which is neither a variable nor a structure member`, [
            target,
          ]);
        }
        break;
      case Decoration.RelaxedPrecision:
        if (isTypeOpcode(op) && !(member !== NO_MEMBER && op === Op.TypeStruct)) {
          c.report('spvkit-decorations-relaxed-precision', at, (n) => `RelaxedPrecision decorates ${n(target)}, a type`, [target]);
        }
        break;
      case Decoration.Coherent:
      case Decoration.Volatile:
        if (vulkanMemoryModel) {
          c.report(
            'spvkit-decorations-vulkan-memory-model',
            at,
            (n) => `${c.decorationName(kind)} decorates ${n(target)}, but the module uses the Vulkan memory model, which has no ${c.decorationName(kind)}`,
            [target],
          );
        }
        break;
      default:
        break;
    }
  }
}

function checkNonWritable(c: DecorationsContext, at: number, target: number, op: number): void {
  if (op !== Op.Variable && op !== Op.FunctionParameter) {
    if (c.scan.opcode[at] !== Op.Decorate) {
      c.report('spvkit-decorations-non-writable', at, (n) => `NonWritable decorates ${n(target)}, which is not a variable or function parameter`, [target]);
    }
    return;
  }
  const sc = c.storageClassOfPointer(c.typeOf(target));
  const newer = c.version >= SPIRV_1_4;
  if (newer && (sc === StorageClass.Function || sc === StorageClass.Private)) return;
  // A uniform block, a storage buffer or a storage image (spirv-val's registered pointers; the
  // image's kind and the block's decoration are left to the rules that check those).
  if (sc === StorageClass.Uniform || sc === StorageClass.StorageBuffer || sc === StorageClass.UniformConstant || sc === StorageClass.PhysicalStorageBuffer)
    return;
  c.report(
    'spvkit-decorations-non-writable',
    at,
    (n) =>
      `NonWritable decorates ${n(target)}, which points into ${c.storageClassName(sc)}: not a uniform block, storage buffer or storage image${newer ? ', nor a Function or Private variable' : ''}`,
    [target],
  );
}

function isTypeOpcode(op: number): boolean {
  return (
    (op >= Op.TypeVoid && op <= Op.TypeForwardPointer) ||
    op === Op.TypePipeStorage ||
    op === Op.TypeNamedBarrier ||
    op === Op.TypeAccelerationStructureKHR ||
    op === Op.TypeRayQueryKHR ||
    op === Op.TypeCooperativeMatrixKHR
  );
}

function usesVulkanMemoryModel(c: DecorationsContext): boolean {
  const { scan } = c;
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] === Op.MemoryModel && scan.end[i] - scan.operandStart[i] >= 2) return scan.words[scan.operandStart[i] + 1] === MemoryModel.Vulkan;
  }
  return false;
}
