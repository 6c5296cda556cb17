import { Decoration, Op, StorageClass } from '@spvkit/core';
import type { IdNamer } from '../../report/Reporter.js';
import type { RuleCode } from '../../report/rules.js';
import { checkBlockLayout, type LayoutFailure, type LayoutRules } from './blockLayout.js';
import { GLSL_SCALAR_LAYOUT_EXTENSION } from './glslScalarLayout.js';
import { BufferLayout } from './bufferLayout.js';
import type { DecorationsContext } from './DecorationsContext.js';

/** Deeper than any valid module nests structures: a guard against cycles in damaged ones. */
const MAX_DEPTH = 256;

/**
 * The buffers' decorations, as spirv-val checks them per variable. In Vulkan: a PushConstant or
 * StorageBuffer variable is of a Block structure (never BufferBlock in StorageBuffer), a Uniform
 * one of a Block or BufferBlock structure (one level of array looked through); DescriptorSet,
 * Binding and the one push constant per entry point are the environment family's. In every environment a Block or
 * BufferBlock structure of a Uniform, StorageBuffer, PushConstant or PhysicalStorageBuffer
 * variable is explicitly laid out (Offset on every member, ArrayStride on arrays, MatrixStride and
 * RowMajor or ColMajor on matrices, nested structures included), and in Vulkan its offsets and
 * strides follow the layout of its storage class (see {@link checkBlockLayout}). Each structure is
 * judged once per layout; the first failure of each is reported, at the structure.
 */
export function checkBufferBlocks(c: DecorationsContext): void {
  const { scan, table, env, options } = c;
  const layout = new BufferLayout(scan, table);
  const judged = new Set<number>();
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] !== Op.Variable || c.reporter.isFlagged(i)) continue;
    const variable = scan.resultId[i];
    const sc = c.storageClassOfVariable(variable);
    const uniform = sc === StorageClass.Uniform;
    const pushConstant = sc === StorageClass.PushConstant;
    const storageBuffer = sc === StorageClass.StorageBuffer;
    const workgroup = sc === StorageClass.Workgroup && c.workgroupLayout;
    if (!uniform && !pushConstant && !storageBuffer && sc !== StorageClass.PhysicalStorageBuffer && !workgroup) continue;
    let struct = c.operand(scan.typeId[i], 1);
    const pointee = c.opcodeOf(struct);
    if (!workgroup && (pointee === Op.TypeArray || pointee === Op.TypeRuntimeArray)) struct = c.operand(struct, 0);
    if (c.opcodeOf(struct) !== Op.TypeStruct) continue;
    const scName = c.storageClassName(sc);
    if (env.vulkan) {
      const block = hasDecoration(c, struct, Decoration.Block);
      const bufferBlock = hasDecoration(c, struct, Decoration.BufferBlock);
      if (storageBuffer && bufferBlock) {
        c.report(
          'VUID-StandaloneSpirv-PushConstant-06675',
          i,
          (n) => `${n(variable)} is in StorageBuffer, where its structure ${n(struct)} may not be BufferBlock`,
          [variable, struct],
        );
        continue;
      }
      if ((pushConstant || storageBuffer) && !block) {
        c.report(
          'VUID-StandaloneSpirv-PushConstant-06675',
          c.def(struct),
          (n) => `${n(variable)} is in ${scName}, but its structure ${n(struct)} is not decorated Block`,
          [struct, variable],
        );
        continue;
      }
      if (uniform && !block && !bufferBlock) {
        c.report(
          'VUID-StandaloneSpirv-Uniform-06676',
          c.def(struct),
          (n) => `${n(variable)} is in Uniform, but its structure ${n(struct)} is decorated neither Block nor BufferBlock`,
          [struct, variable],
        );
        continue;
      }
    }
    for (let k = table.start(struct); k < table.end(struct); k++) {
      const kind = table.kind[table.at(k)];
      const blockDeco = kind === Decoration.Block;
      if (!blockDeco && kind !== Decoration.BufferBlock) continue;
      const uniformRules = uniform && blockDeco;
      const bufferRules = (uniform && !blockDeco) || ((pushConstant || storageBuffer || sc === StorageClass.PhysicalStorageBuffer || workgroup) && blockDeco);
      if (!uniformRules && !bufferRules) continue;
      const scalar = workgroup ? options.workgroupScalarBlockLayout === true : (options.scalarBlockLayout ?? c.glslScalarLayout);
      const rules: LayoutRules = {
        extended: uniformRules && options.uniformBufferStandardLayout !== true,
        relaxed: env.relaxedBlockLayout || options.relaxBlockLayout === true,
        scalar,
      };
      const key = struct * 8 + (rules.extended ? 1 : 0) + (sc === StorageClass.PushConstant ? 2 : 0) + (workgroup ? 4 : 0);
      if (judged.has(key)) continue;
      judged.add(key);
      judgeBlock(c, layout, struct, blockDeco ? 'Block' : 'BufferBlock', scName, rules);
    }
  }
}

/** The explicit-layout decorations, then (in Vulkan, unless skipped) the layout itself. */
function judgeBlock(c: DecorationsContext, layout: BufferLayout, struct: number, decoration: string, scName: string, rules: LayoutRules): void {
  const at = c.def(struct);
  const missing = (code: RuleCode, what: (name: IdNamer) => string, ids: readonly number[] = [struct]): void =>
    c.report(code, at, (n) => `${n(struct)} is decorated ${decoration} for a variable in ${scName}, but ${what(n)}`, ids);
  const offsetless = missingOffset(c, struct, 0);
  if (offsetless !== undefined) {
    const [s, m] = offsetless;
    return missing(
      'spvkit-decorations-block-offset',
      (n) => `${c.memberLabel(s, m)} of ${s === struct ? 'it' : `the nested ${n(s)}`} has no Offset`,
      s === struct ? [struct] : [struct, s],
    );
  }
  if (!requires(c, struct, Decoration.ArrayStride, -1, Op.TypeArray, 0))
    return missing('spvkit-decorations-block-array-stride', () => 'an array in it has no ArrayStride');
  if (!requires(c, struct, Decoration.MatrixStride, -1, Op.TypeMatrix, 0))
    return missing('spvkit-decorations-block-matrix-stride', () => 'a matrix in it has no MatrixStride (or MatrixStride 0)');
  if (!requires(c, struct, Decoration.RowMajor, Decoration.ColMajor, Op.TypeMatrix, 0)) {
    return missing('spvkit-decorations-block-matrix-layout', () => 'a matrix in it is decorated neither RowMajor nor ColMajor');
  }
  if (!c.env.vulkan || c.options.skipBlockLayout === true) return;
  const failure = checkBlockLayout(layout, struct, 0, rules);
  if (failure !== undefined) reportLayout(c, failure, struct, decoration, scName, rules);
}

function reportLayout(c: DecorationsContext, f: LayoutFailure, block: number, decoration: string, scName: string, rules: LayoutRules): void {
  const which = rules.scalar ? 'scalar' : rules.relaxed ? 'relaxed' : 'standard';
  const kind = rules.extended ? 'uniform buffer (std140)' : 'storage buffer (std430)';
  c.report(
    f.code,
    c.def(block),
    (n) =>
      `${n(block)}, decorated ${decoration} for a variable in ${scName}, breaks the ${which} ${kind} layout: ` +
      `${c.memberLabel(f.struct, f.member)}${f.struct === block ? '' : ` of the nested ${n(f.struct)}`} ${f.what}${layoutNote(c, scName, rules)}`,
    f.struct === block ? [block] : [block, f.struct],
  );
}

/** Why the block was judged by scalar rules, or how to judge it by them where the shader is written for them. */
function layoutNote(c: DecorationsContext, scName: string, rules: LayoutRules): string {
  const workgroup = scName === 'Workgroup';
  if (rules.scalar)
    return !workgroup && c.options.scalarBlockLayout === undefined
      ? ` (judged by scalar layout: the module's GLSL enabled ${GLSL_SCALAR_LAYOUT_EXTENSION})`
      : '';
  return workgroup
    ? '; where the device has workgroupMemoryExplicitLayoutScalarBlockLayout, allow it with --workgroup-scalar-block-layout (the option workgroupScalarBlockLayout)'
    : "; where the shader is written for VK_EXT_scalar_block_layout (GLSL's layout(scalar)), allow it with --scalar-block-layout (the option scalarBlockLayout; the plugins' blockLayout option)";
}

/**
 * The first member without an Offset (or with the impossible Offset 0xffffffff), in `struct` or a
 * structure nested in it (through arrays too), as [structure, member]; undefined where all have one.
 */
function missingOffset(c: DecorationsContext, type: number, depth: number): [number, number] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const op = c.opcodeOf(type);
  if (op === Op.TypeArray || op === Op.TypeRuntimeArray) return missingOffset(c, c.operand(type, 0), depth + 1);
  if (op !== Op.TypeStruct) return undefined;
  const n = c.operandCount(type);
  for (let m = 0; m < n; m++) {
    const v = c.table.memberParam(type, m, Decoration.Offset);
    if (v < 0 || v === 0xffffffff) return [type, m];
  }
  for (let m = 0; m < n; m++) {
    const nested = missingOffset(c, c.operand(type, m), depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * Whether every member of type `memberOp` of `struct` (and of structures that are members of it,
 * arrays not looked through) has `kind` or `other` (-1: none), on the member or on its type. A
 * matrix counts through arrays: the spec asks MatrixStride and RowMajor/ColMajor of a member that
 * is a matrix or an array of matrices, as the current spirv-val checks (2023.1 missed arrays).
 */
function requires(c: DecorationsContext, struct: number, kind: number, other: number, memberOp: number, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  const { table } = c;
  const n = c.operandCount(struct);
  for (let m = 0; m < n; m++) {
    const type = c.operand(struct, m);
    let element = type;
    if (memberOp === Op.TypeMatrix) {
      for (let d = 0; d < MAX_DEPTH && (c.opcodeOf(element) === Op.TypeArray || c.opcodeOf(element) === Op.TypeRuntimeArray); d++)
        element = c.operand(element, 0);
    }
    if (c.opcodeOf(element) !== memberOp) continue;
    if (table.any(type, kind) || (other >= 0 && table.any(type, other))) continue;
    // A MatrixStride of 0 lays no columns out (the current spirv-val's reading; 2023.1 took it).
    if (kind === Decoration.MatrixStride && table.memberParam(struct, m, kind) === 0) return false;
    if (table.find(struct, kind, m) >= 0 || (other >= 0 && table.find(struct, other, m) >= 0)) continue;
    return false;
  }
  for (let m = 0; m < n; m++) {
    const type = c.operand(struct, m);
    if (c.opcodeOf(type) === Op.TypeStruct && !requires(c, type, kind, other, memberOp, depth + 1)) return false;
  }
  return true;
}

/** spirv-val's test of a decoration on an id: any of its decorations (members' too), or on a structure nested in it. */
function hasDecoration(c: DecorationsContext, id: number, kind: number, depth = 0): boolean {
  if (c.table.any(id, kind)) return true;
  if (depth > MAX_DEPTH || c.opcodeOf(id) !== Op.TypeStruct) return false;
  const n = c.operandCount(id);
  for (let m = 0; m < n; m++) {
    const member = c.operand(id, m);
    if (c.opcodeOf(member) === Op.TypeStruct && hasDecoration(c, member, kind, depth + 1)) return true;
  }
  return false;
}
