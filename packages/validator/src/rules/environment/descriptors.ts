import { Decoration, Dim, Op, StorageClass as S, enumerantName, definitionOf, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import { elementOpcode, pointeeOf, typeOpcode } from './ResourceTypes.js';

const HAS_SET = 1;
const HAS_BINDING = 2;

/**
 * Vulkan's descriptor rules: a UniformConstant variable is an image, a sampler, a sampled image or
 * an acceleration structure (or an array of one of them), and every UniformConstant, Uniform and
 * StorageBuffer variable has a DescriptorSet and a Binding decoration: the VUID says any variable,
 * used or not, as the current spirv-val checks (2023.1 checked only those an entry point uses).
 */
export function checkDescriptors(scan: ModuleIndex, reporter: Reporter): void {
  const { words, opcode } = scan;
  const decorated = new Uint8Array(scan.idLimit);
  for (let i = 0; i < scan.count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break;
    if (op !== Op.Decorate) continue;
    const s = scan.operandStart[i];
    if (scan.end[i] - s < 2 || words[s] >= scan.idLimit) continue;
    if (words[s + 1] === Decoration.DescriptorSet) decorated[words[s]] |= HAS_SET;
    else if (words[s + 1] === Decoration.Binding) decorated[words[s]] |= HAS_BINDING;
  }
  for (let i = 0; i < scan.count; i++) {
    if (opcode[i] === Op.Function) break;
    if (opcode[i] !== Op.Variable || reporter.isFlagged(i) || scan.end[i] <= scan.operandStart[i]) continue;
    const storage = words[scan.operandStart[i]];
    if (storage !== S.UniformConstant && storage !== S.Uniform && storage !== S.StorageBuffer) continue;
    const id = scan.resultId[i];
    if (storage === S.UniformConstant) {
      const pointee = pointeeOf(scan, scan.typeId[i]);
      const op = elementOpcode(scan, pointee);
      if (pointee !== 0 && op !== Op.TypeImage && op !== Op.TypeSampler && op !== Op.TypeSampledImage && op !== Op.TypeAccelerationStructureKHR) {
        reporter.report(
          'VUID-StandaloneSpirv-UniformConstant-04655',
          i,
          (name) =>
            `OpVariable ${name(id)}: a UniformConstant variable is an image, sampler, sampled image or acceleration structure, or an array of one of them`,
          [id],
        );
        continue;
      }
    }
    if (id >= scan.idLimit) continue;
    const missing = (decorated[id] & HAS_SET) === 0 ? 'DescriptorSet' : (decorated[id] & HAS_BINDING) === 0 ? 'Binding' : undefined;
    if (missing !== undefined) {
      reporter.report(
        'VUID-StandaloneSpirv-UniformConstant-06677',
        i,
        (name) => `${enumerantName('StorageClass', storage)} variable ${name(id)} has no ${missing} decoration`,
        [id],
      );
    }
  }
}

/**
 * OpTypeImage and OpTypeSampledImage: the image operands in range (Depth 0-2, Arrayed and MS 0-1,
 * Sampled 0-2), a void or numeric scalar sampled type, SubpassData images read/write (Sampled 2)
 * with format Unknown; a sampled image of an image of Sampled 0 or 1 (and, from SPIR-V 1.6, not a
 * Buffer). In Vulkan: the sampled type a 32-bit int or float or a 64-bit int, Sampled 1 or 2,
 * SubpassData not arrayed.
 */
export function checkImageTypes(scan: ModuleIndex, reporter: Reporter, vulkan: boolean): void {
  const { words, opcode } = scan;
  for (let i = 0; i < scan.count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break;
    if ((op !== Op.TypeImage && op !== Op.TypeSampledImage) || reporter.isFlagged(i)) continue;
    const s = scan.operandStart[i];
    const id = scan.resultId[i];
    if (op === Op.TypeSampledImage) {
      if (scan.end[i] <= s) continue;
      const image = words[s];
      const d = definitionOf(scan, image);
      if (d < 0) continue;
      if (opcode[d] !== Op.TypeImage) {
        reporter.report('spvkit-environment-sampled-image', i, (name) => `OpTypeSampledImage ${name(id)}: ${name(image)} is not an OpTypeImage`, [id, image]);
      } else if (scan.end[d] - scan.operandStart[d] >= 7) {
        const sampled = words[scan.operandStart[d] + 5];
        if (sampled > 1) {
          reporter.report(
            'spvkit-environment-sampled-image',
            i,
            (name) => `OpTypeSampledImage ${name(id)}: the image type ${name(image)} has Sampled ${sampled}, not 0 or 1`,
            [id, image],
          );
        } else if (words[1] >= 0x10600 && words[scan.operandStart[d] + 1] === Dim.Buffer) {
          reporter.report(
            'spvkit-environment-sampled-image',
            i,
            (name) => `OpTypeSampledImage ${name(id)}: from SPIR-V 1.6 a sampled image's Dim cannot be Buffer`,
            [id, image],
          );
        }
      }
      continue;
    }
    if (scan.end[i] - s < 7) continue;
    const type = words[s];
    const dim = words[s + 1];
    const depth = words[s + 2];
    const arrayed = words[s + 3];
    const ms = words[s + 4];
    const sampled = words[s + 5];
    const format = words[s + 6];
    const fail = (
      code:
        | 'spvkit-environment-image-type'
        | 'VUID-StandaloneSpirv-OpTypeImage-04656'
        | 'VUID-StandaloneSpirv-OpTypeImage-04657'
        | 'VUID-StandaloneSpirv-OpTypeImage-06214',
      message: string,
    ): void => reporter.report(code, i, (name) => `OpTypeImage ${name(id)}: ${message}`, [id]);
    const t = definitionOf(scan, type);
    const typeOp = typeOpcode(scan, type);
    if (vulkan) {
      const width = t >= 0 && (typeOp === Op.TypeInt || typeOp === Op.TypeFloat) ? words[scan.operandStart[t]] : 0;
      if (!(width === 32 || (width === 64 && typeOp === Op.TypeInt))) {
        fail('VUID-StandaloneSpirv-OpTypeImage-04656', 'in the Vulkan environment the sampled type is a 32-bit int, 64-bit int or 32-bit float scalar');
        continue;
      }
    } else if (t >= 0 && typeOp !== Op.TypeVoid && typeOp !== Op.TypeInt && typeOp !== Op.TypeFloat) {
      fail('spvkit-environment-image-type', 'the sampled type is void or a numerical scalar type');
      continue;
    }
    if (depth > 2) fail('spvkit-environment-image-type', `Depth is ${depth}, not 0, 1 or 2`);
    else if (arrayed > 1) fail('spvkit-environment-image-type', `Arrayed is ${arrayed}, not 0 or 1`);
    else if (ms > 1) fail('spvkit-environment-image-type', `MS is ${ms}, not 0 or 1`);
    else if (sampled > 2) fail('spvkit-environment-image-type', `Sampled is ${sampled}, not 0, 1 or 2`);
    else if (dim === Dim.SubpassData && sampled !== 2) fail('spvkit-environment-image-type', 'a SubpassData image has Sampled 2');
    else if (dim === Dim.SubpassData && format !== 0) fail('spvkit-environment-image-type', 'a SubpassData image has format Unknown');
    else if (vulkan && sampled === 0) fail('VUID-StandaloneSpirv-OpTypeImage-04657', 'in the Vulkan environment Sampled is 1 or 2');
    else if (vulkan && dim === Dim.SubpassData && arrayed !== 0)
      fail('VUID-StandaloneSpirv-OpTypeImage-06214', 'in the Vulkan environment a SubpassData image is not arrayed');
  }
}
