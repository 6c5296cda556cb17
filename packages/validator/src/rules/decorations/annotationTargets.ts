import { BuiltIn, Decoration, Op, StorageClass } from '@spvkit/core';
import type { RuleCode } from '../../report/rules.js';
import type { DecorationsContext } from './DecorationsContext.js';

/** Per Decoration value below 64K: what kind of target it needs (the Kind bits). */
const enum Kind {
  MemberOnly = 1,
  NotMember = 2,
  TakesIds = 4,
  Struct = 8,
  MemoryObject = 16,
  VariableOnly = 32,
}

const kinds = new Map<number, number>();
function mark(kind: Kind, decorations: readonly number[]): void {
  for (const d of decorations) kinds.set(d, (kinds.get(d) ?? 0) | kind);
}
mark(Kind.MemberOnly, [Decoration.RowMajor, Decoration.ColMajor, Decoration.MatrixStride]);
mark(Kind.NotMember, [
  Decoration.SpecId,
  Decoration.Block,
  Decoration.BufferBlock,
  Decoration.ArrayStride,
  Decoration.GLSLShared,
  Decoration.GLSLPacked,
  Decoration.CPacked,
  Decoration.Aliased,
  Decoration.Constant,
  Decoration.Uniform,
  Decoration.UniformId,
  Decoration.SaturatedConversion,
  Decoration.Index,
  Decoration.Binding,
  Decoration.DescriptorSet,
  Decoration.FuncParamAttr,
  Decoration.FPRoundingMode,
  Decoration.FPFastMathMode,
  Decoration.LinkageAttributes,
  Decoration.NoContraction,
  Decoration.InputAttachmentIndex,
  Decoration.Alignment,
  Decoration.MaxByteOffset,
  Decoration.AlignmentId,
  Decoration.MaxByteOffsetId,
  Decoration.NoSignedWrap,
  Decoration.NoUnsignedWrap,
  Decoration.NonUniform,
  Decoration.RestrictPointer,
  Decoration.AliasedPointer,
  Decoration.CounterBuffer,
]);
mark(Kind.TakesIds, [Decoration.UniformId, Decoration.AlignmentId, Decoration.MaxByteOffsetId, Decoration.CounterBuffer]);
mark(Kind.Struct, [Decoration.Block, Decoration.BufferBlock, Decoration.GLSLShared, Decoration.GLSLPacked, Decoration.CPacked]);
mark(Kind.MemoryObject, [
  Decoration.NoPerspective,
  Decoration.Flat,
  Decoration.Patch,
  Decoration.Centroid,
  Decoration.Sample,
  Decoration.Restrict,
  Decoration.Aliased,
  Decoration.Volatile,
  Decoration.Coherent,
  Decoration.NonWritable,
  Decoration.NonReadable,
  Decoration.XfbBuffer,
  Decoration.XfbStride,
  Decoration.Component,
  Decoration.Stream,
  Decoration.RestrictPointer,
  Decoration.AliasedPointer,
]);
mark(Kind.VariableOnly, [
  Decoration.Invariant,
  Decoration.Constant,
  Decoration.Location,
  Decoration.Index,
  Decoration.Binding,
  Decoration.DescriptorSet,
  Decoration.InputAttachmentIndex,
]);

/** Where Location and Component may be in Vulkan: the interface and the ray-tracing storage classes. */
const LOCATION_CLASSES = new Set<number>([
  StorageClass.Input,
  StorageClass.Output,
  StorageClass.RayPayloadKHR,
  StorageClass.IncomingRayPayloadKHR,
  StorageClass.HitAttributeKHR,
  StorageClass.CallableDataKHR,
  StorageClass.IncomingCallableDataKHR,
  StorageClass.ShaderRecordBufferKHR,
  StorageClass.HitObjectAttributeNV,
]);

/**
 * Where each decoration may be applied, checked at the annotation instruction as spirv-val does:
 * OpDecorate of member-only decorations, OpMemberDecorate of decorations of ids only or of a
 * non-structure or a member it lacks, OpDecorate and OpDecorateId with the other's decorations,
 * and the target each decoration needs (SpecId a scalar specialization constant, Block a structure,
 * ArrayStride an array or pointer type, BuiltIn a variable, interpolation and memory decorations a
 * memory object declaration, Location, Binding and the like a variable), and in Vulkan the storage
 * classes Location, Component, Index, Binding, DescriptorSet, InputAttachmentIndex and the
 * interpolation decorations are allowed in.
 */
export function checkAnnotationTargets(c: DecorationsContext): void {
  const { scan, reporter } = c;
  const { count, opcode, operandStart, end, words } = scan;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op !== Op.Decorate && op !== Op.DecorateId && op !== Op.MemberDecorate) continue;
    if (reporter.isFlagged(i)) continue;
    const s = operandStart[i];
    if (op === Op.MemberDecorate) {
      if (end[i] - s >= 3) checkMemberDecorate(c, i, words[s], words[s + 1], words[s + 2]);
      continue;
    }
    if (end[i] - s < 2) continue;
    const target = words[s];
    const dec = words[s + 1];
    const k = kinds.get(dec) ?? 0;
    if (op === Op.DecorateId) {
      if ((k & Kind.TakesIds) === 0) {
        c.report(
          'spvkit-decorations-id-parameters',
          i,
          () => `${c.decorationName(dec)} takes no id parameters, so it is applied with OpDecorate, not OpDecorateId`,
          [target],
        );
      }
      continue;
    }
    if (c.env.vulkan && (dec === Decoration.GLSLShared || dec === Decoration.GLSLPacked)) {
      c.report('VUID-StandaloneSpirv-GLSLShared-04669', i, () => `${c.decorationName(dec)} is not allowed in Vulkan`, [target]);
      continue;
    }
    if ((k & Kind.TakesIds) !== 0) {
      c.report(
        'spvkit-decorations-id-parameters',
        i,
        () => `${c.decorationName(dec)} takes id parameters, so it is applied with OpDecorateId, not OpDecorate`,
        [target],
      );
      continue;
    }
    if (c.opcodeOf(target) === Op.DecorationGroup || c.def(target) < 0) continue;
    if ((k & Kind.MemberOnly) !== 0) {
      c.report('spvkit-decorations-member-only', i, (n) => `${c.decorationName(dec)} decorates structure members only (OpMemberDecorate), not ${n(target)}`, [
        target,
      ]);
      continue;
    }
    checkTarget(c, i, target, dec, k);
  }
}

function checkMemberDecorate(c: DecorationsContext, i: number, struct: number, member: number, dec: number): void {
  if (c.def(struct) < 0) return;
  if (c.opcodeOf(struct) !== Op.TypeStruct) {
    c.report('spvkit-decorations-member-target', i, (n) => `OpMemberDecorate decorates a member of ${n(struct)}, which is not a structure type`, [struct]);
    return;
  }
  const members = c.operandCount(struct);
  if (member >= members) {
    c.report(
      'spvkit-decorations-member-target',
      i,
      (n) => `OpMemberDecorate decorates member ${member} of ${n(struct)}, which has ${members} member${members === 1 ? '' : 's'}`,
      [struct],
    );
    return;
  }
  if (((kinds.get(dec) ?? 0) & Kind.NotMember) !== 0) {
    c.report(
      'spvkit-decorations-not-member',
      i,
      (n) => `${c.decorationName(dec)} cannot decorate a structure member (${c.memberLabel(struct, member)} of ${n(struct)})`,
      [struct],
    );
  }
}

function checkTarget(c: DecorationsContext, i: number, target: number, dec: number, k: number): void {
  const op = c.opcodeOf(target);
  if (dec === Decoration.SpecId) {
    if (op !== Op.SpecConstant && op !== Op.SpecConstantTrue && op !== Op.SpecConstantFalse) {
      return targetFailure(c, i, target, dec, 'spvkit-decorations-spec-id', 'is not a scalar specialization constant');
    }
  } else if ((k & Kind.Struct) !== 0) {
    if (op !== Op.TypeStruct) return targetFailure(c, i, target, dec, 'spvkit-decorations-struct-only', 'is not a structure type');
  } else if (dec === Decoration.ArrayStride) {
    if (op !== Op.TypeArray && op !== Op.TypeRuntimeArray && op !== Op.TypePointer)
      return targetFailure(c, i, target, dec, 'spvkit-decorations-array-stride-target', 'is not an array or pointer type');
  } else if (dec === Decoration.BuiltIn) {
    const constant = isConstant(op);
    if (op !== Op.Variable && !constant) return targetFailure(c, i, target, dec, 'spvkit-decorations-builtin-target', 'is neither a variable nor a constant');
    const s = c.scan.operandStart[i];
    const workgroupSize = c.scan.end[i] - s >= 3 && c.scan.words[s + 2] === BuiltIn.WorkgroupSize;
    if (c.shader && workgroupSize) {
      if (!constant) return targetFailure(c, i, target, dec, 'spvkit-decorations-builtin-target', 'is not a constant, as WorkgroupSize needs');
    } else if (op !== Op.Variable) return targetFailure(c, i, target, dec, 'spvkit-decorations-builtin-target', 'is not a variable');
  } else if ((k & Kind.MemoryObject) !== 0) {
    if (op !== Op.Variable && op !== Op.FunctionParameter)
      return targetFailure(c, i, target, dec, 'spvkit-decorations-memory-object', 'is not a memory object declaration (a variable or function parameter)');
    if (c.opcodeOf(c.typeOf(target)) !== Op.TypePointer)
      return targetFailure(c, i, target, dec, 'spvkit-decorations-memory-object', 'is not of a pointer type');
  } else if ((k & Kind.VariableOnly) !== 0) {
    if (op !== Op.Variable) return targetFailure(c, i, target, dec, 'spvkit-decorations-variable-only', 'is not a variable');
  }
  if (!c.env.vulkan) return;
  // spirv-val takes the storage class from the target's pointer type (Uniform where it has none).
  const type = c.typeOf(target);
  const sc = c.operandCount(type) > 1 ? c.operand(type, 0) : StorageClass.Uniform;
  switch (dec) {
    case Decoration.Location:
    case Decoration.Component:
      if (!LOCATION_CLASSES.has(sc))
        targetFailure(c, i, target, dec, 'VUID-StandaloneSpirv-Location-06672', `${where(c, sc)}, where ${c.decorationName(dec)} is not allowed`);
      break;
    case Decoration.Index:
      if (sc !== StorageClass.Output) targetFailure(c, i, target, dec, 'spvkit-decorations-index-output', `${where(c, sc)}, not Output`);
      break;
    case Decoration.Binding:
    case Decoration.DescriptorSet:
      if (sc !== StorageClass.StorageBuffer && sc !== StorageClass.Uniform && sc !== StorageClass.UniformConstant) {
        targetFailure(c, i, target, dec, 'VUID-StandaloneSpirv-DescriptorSet-06491', `${where(c, sc)}, not StorageBuffer, Uniform or UniformConstant`);
      }
      break;
    case Decoration.InputAttachmentIndex:
      if (sc !== StorageClass.UniformConstant)
        targetFailure(c, i, target, dec, 'VUID-StandaloneSpirv-InputAttachmentIndex-06678', `${where(c, sc)}, not UniformConstant`);
      break;
    case Decoration.Flat:
    case Decoration.NoPerspective:
    case Decoration.Centroid:
    case Decoration.Sample:
      if (sc !== StorageClass.Input && sc !== StorageClass.Output)
        targetFailure(c, i, target, dec, 'VUID-StandaloneSpirv-Flat-04670', `${where(c, sc)}, not Input or Output`);
      break;
    default:
      break;
  }
}

/** Reports that `dec` (at annotation `i`) does not fit `target`: made only on a finding. */
function targetFailure(c: DecorationsContext, i: number, target: number, dec: number, code: RuleCode, what: string): void {
  c.report(code, i, (n) => `${c.decorationName(dec)} decorates ${n(target)}, which ${what}`, [target]);
}

function where(c: DecorationsContext, sc: number): string {
  return `is in the ${c.storageClassName(sc)} storage class`;
}

/** spirv-val's constant opcodes: the OpConstant* and OpSpecConstant* instructions. */
export function isConstant(op: number): boolean {
  switch (op) {
    case Op.ConstantTrue:
    case Op.ConstantFalse:
    case Op.Constant:
    case Op.ConstantComposite:
    case Op.ConstantSampler:
    case Op.ConstantNull:
    case Op.SpecConstantTrue:
    case Op.SpecConstantFalse:
    case Op.SpecConstant:
    case Op.SpecConstantComposite:
    case Op.SpecConstantOp:
      return true;
    default:
      return false;
  }
}
