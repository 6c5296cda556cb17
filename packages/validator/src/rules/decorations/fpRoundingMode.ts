import { Decoration, FPRoundingMode, Op, StorageClass } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';

/** The storage classes an FPRoundingMode conversion may be stored into. */
const STORE_CLASSES = new Set<number>([
  StorageClass.StorageBuffer,
  StorageClass.Uniform,
  StorageClass.PushConstant,
  StorageClass.Input,
  StorageClass.Output,
  StorageClass.PhysicalStorageBuffer,
]);

/** Uses of a value that spirv-val does not count against FPRoundingMode: debug and annotation instructions. */
function ignoredUse(op: number): boolean {
  switch (op) {
    case Op.FConvert:
    case Op.SourceContinued:
    case Op.Source:
    case Op.SourceExtension:
    case Op.Name:
    case Op.MemberName:
    case Op.String:
    case Op.Line:
    case Op.NoLine:
    case Op.ModuleProcessed:
    case Op.Decorate:
    case Op.MemberDecorate:
    case Op.DecorateId:
    case Op.DecorateString:
    case Op.MemberDecorateString:
    case Op.GroupDecorate:
    case Op.GroupMemberDecorate:
    case Op.DecorationGroup:
      return true;
    default:
      return false;
  }
}

/**
 * FPRoundingMode in shaders, as spirv-val checks it: it decorates an OpFConvert (in Vulkan with
 * mode RTE or RTZ) whose result is used only as the Object of OpStores through pointers to 16-bit
 * floats in the StorageBuffer, PhysicalStorageBuffer, Uniform, PushConstant, Input or Output
 * storage class. The uses are looked for only where the decoration is there at all.
 */
export function checkFpRoundingMode(c: DecorationsContext): void {
  if (!c.shader) return;
  const { table, scan, ids } = c;
  let targets: Map<number, number> | undefined;
  for (let r = 0; r < table.count; r++) {
    if (table.kind[r] !== Decoration.FPRoundingMode) continue;
    const target = table.target[r];
    const at = table.source[r];
    if (c.opcodeOf(target) === Op.DecorationGroup || c.def(target) < 0) continue;
    if (c.opcodeOf(target) !== Op.FConvert) {
      c.report('spvkit-decorations-fp-rounding', at, (n) => `FPRoundingMode decorates ${n(target)}, which is not an OpFConvert`, [target]);
      continue;
    }
    const mode = table.param(r);
    if (c.env.vulkan && mode !== FPRoundingMode.RTE && mode !== FPRoundingMode.RTZ) {
      c.report('VUID-StandaloneSpirv-FPRoundingMode-04675', at, (n) => `FPRoundingMode of ${n(target)} is not RTE or RTZ, the modes Vulkan allows`, [target]);
      continue;
    }
    (targets ??= new Map()).set(target, at);
  }
  if (targets === undefined) return;
  const { count, opcode, words, operandStart } = scan;
  const reported = new Set<number>();
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (ignoredUse(op) || (op === Op.ExtInst && scan.debugSets.has(words[operandStart[i]]))) continue;
    const found = ids.collectOperands(words, scan.pos[i], scan.end[i] - scan.pos[i]);
    for (let j = 0; j < found; j++) {
      const w = ids.found[j];
      const value = words[w];
      const at = targets.get(value);
      if (at === undefined || reported.has(value)) continue;
      const problem = storeProblem(c, i, w);
      if (problem !== undefined) {
        reported.add(value);
        c.report('spvkit-decorations-fp-rounding', at, (n) => `${n(value)} is decorated FPRoundingMode, but ${problem}`, [value]);
      }
    }
  }
}

/** What is wrong with the use at word `w` of instruction `i`, or undefined for a fitting OpStore. */
function storeProblem(c: DecorationsContext, i: number, w: number): string | undefined {
  const { scan } = c;
  if (scan.opcode[i] !== Op.Store || w !== scan.operandStart[i] + 1) return 'it is used other than as the Object of an OpStore';
  const pointerType = c.typeOf(scan.words[scan.operandStart[i]]);
  const pointee = c.operand(pointerType, 1);
  const scalar = c.opcodeOf(pointee) === Op.TypeVector ? c.operand(pointee, 0) : pointee;
  if (c.opcodeOf(scalar) !== Op.TypeFloat || c.operand(scalar, 0) !== 16) return 'it is stored through a pointer to no 16-bit float scalar or vector';
  if (!STORE_CLASSES.has(c.operand(pointerType, 0)))
    return 'it is stored into a storage class other than StorageBuffer, PhysicalStorageBuffer, Uniform, PushConstant, Input or Output';
  return undefined;
}
