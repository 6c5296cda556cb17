import {
  COMPUTE_LIKE_MODELS,
  EntryPointsAnalysis,
  ExecutionMode,
  Instruction,
  Op,
  WorkgroupSizeProblem,
  resolveWorkgroupSize,
  type Module,
  type ResolvedWorkgroupSize,
} from '@spvkit/core';

/** One edit of an entry point's execution modes: replace `mode` (or add, when undefined) by `LocalSize x y z`. */
interface SizeEdit {
  readonly functionId: number;
  readonly mode: Instruction | undefined;
  readonly size: readonly [number, number, number];
}

/**
 * Where an entry point's workgroup size is now fixed (its `BuiltIn WorkgroupSize` composite or its
 * `LocalSizeId` operands are all constants), states it as `LocalSize x y z`: a LocalSizeId
 * becomes a LocalSize (which needs neither SPIR-V 1.2 nor maintenance4), and a LocalSize that a
 * constant WorkgroupSize overrides is set to that size, so tools that read LocalSize see the size
 * the shader runs with. The WorkgroupSize composite itself stays: code may read it. Returns
 * whether anything changed.
 */
export function fixWorkgroupSizes(module: Module): boolean {
  const edits: SizeEdit[] = [];
  for (const ep of module.analysis(EntryPointsAnalysis).list) {
    if (!COMPUTE_LIKE_MODELS.has(ep.executionModel)) continue;
    let resolved: ResolvedWorkgroupSize | undefined;
    try {
      resolved = resolveWorkgroupSize(module, ep);
    } catch (e) {
      if (e instanceof WorkgroupSizeProblem) continue; // an invalid size declaration: not ours to judge
      throw e;
    }
    const size = fixedSize(resolved);
    if (resolved === undefined || size === undefined || resolved.source === 'LocalSize') continue;
    const localSize = ep.executionModes.find((m) => m.opcode === Op.ExecutionMode && m.word(1) === ExecutionMode.LocalSize);
    const localSizeId = ep.executionModes.find((m) => m.opcode === Op.ExecutionModeId && m.word(1) === ExecutionMode.LocalSizeId);
    if (resolved.source === 'LocalSizeId') {
      edits.push({ functionId: ep.functionId, mode: localSizeId, size });
    } else if (localSize !== undefined) {
      if (size.some((n, i) => localSize.word(2 + i) !== n)) edits.push({ functionId: ep.functionId, mode: localSize, size });
    } else {
      // The size came from WorkgroupSize alone, or with a LocalSizeId it overrides.
      edits.push({ functionId: ep.functionId, mode: localSizeId, size });
    }
  }
  for (const { functionId, mode, size } of edits) {
    const localSize = new Instruction(Op.ExecutionMode, 0, 0, [functionId, ExecutionMode.LocalSize, ...size]);
    if (mode !== undefined) module.replace(mode, [localSize]);
    else module.insert('executionModes', [localSize]);
  }
  return edits.length > 0;
}

/** The three sizes when all are constants that fit a LocalSize literal. */
function fixedSize(resolved: ResolvedWorkgroupSize | undefined): [number, number, number] | undefined {
  if (resolved === undefined) return undefined;
  const out: number[] = [];
  for (const d of resolved.dims) {
    if (d.kind !== 'const' || d.value > 0xffffffffn) return undefined;
    out.push(Number(d.value));
  }
  return [out[0], out[1], out[2]];
}
