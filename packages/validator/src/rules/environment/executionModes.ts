import {
  BuiltIn,
  Decoration,
  ExecutionMode as M,
  ExecutionModel,
  Op,
  enumerantName,
  enumerantParameters,
  opcodeName,
  definitionOf,
  type ModuleIndex,
} from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import { functionDefinition, modelBit, type EntryPointTable } from './EntryPointTable.js';

const TESC = modelBit(ExecutionModel.TessellationControl);
const TESE = modelBit(ExecutionModel.TessellationEvaluation);
const GEOMETRY = modelBit(ExecutionModel.Geometry);
const FRAGMENT = modelBit(ExecutionModel.Fragment);
const COMPUTE = modelBit(ExecutionModel.GLCompute);
const KERNEL = modelBit(ExecutionModel.Kernel);
const TASK_NV = modelBit(ExecutionModel.TaskNV);
const MESH_NV = modelBit(ExecutionModel.MeshNV);
const TASK_EXT = modelBit(ExecutionModel.TaskEXT);
const MESH_EXT = modelBit(ExecutionModel.MeshEXT);

/** A mode's models: a fixed set, or one that grows by the mesh models the module's capabilities enable. */
interface ModeModels {
  readonly models: number;
  /** Models allowed where MeshShadingNV is declared. */
  readonly nv?: number;
  /** Models allowed where MeshShadingEXT is declared. */
  readonly ext?: number;
  readonly what: string;
}

const FRAGMENT_ONLY: ModeModels = { models: FRAGMENT, what: 'the Fragment execution model' };
const MODE_MODELS = new Map<number, ModeModels>();
for (const m of [M.Invocations, M.InputPoints, M.InputLines, M.InputLinesAdjacency, M.InputTrianglesAdjacency, M.OutputLineStrip, M.OutputTriangleStrip]) {
  MODE_MODELS.set(m, { models: GEOMETRY, what: 'the Geometry execution model' });
}
MODE_MODELS.set(M.OutputPoints, { models: GEOMETRY, nv: MESH_NV, ext: MESH_EXT, what: 'the Geometry or a mesh execution model' });
for (const m of [M.SpacingEqual, M.SpacingFractionalEven, M.SpacingFractionalOdd, M.VertexOrderCw, M.VertexOrderCcw, M.PointMode, M.Quads, M.Isolines]) {
  MODE_MODELS.set(m, { models: TESC | TESE, what: 'a tessellation execution model' });
}
MODE_MODELS.set(M.Triangles, { models: GEOMETRY | TESC | TESE, what: 'the Geometry or a tessellation execution model' });
MODE_MODELS.set(M.OutputVertices, {
  models: GEOMETRY | TESC | TESE,
  nv: MESH_NV,
  ext: MESH_EXT,
  what: 'the Geometry, a tessellation or a mesh execution model',
});
for (const m of [M.OutputLinesEXT, M.OutputTrianglesEXT, M.OutputPrimitivesEXT]) {
  MODE_MODELS.set(m, { models: MESH_EXT | MESH_NV, what: 'the MeshEXT or MeshNV execution model' });
}
for (const m of [
  M.PixelCenterInteger,
  M.OriginUpperLeft,
  M.OriginLowerLeft,
  M.EarlyFragmentTests,
  M.DepthReplacing,
  M.DepthGreater,
  M.DepthLess,
  M.DepthUnchanged,
  M.PixelInterlockOrderedEXT,
  M.PixelInterlockUnorderedEXT,
  M.SampleInterlockOrderedEXT,
  M.SampleInterlockUnorderedEXT,
  M.ShadingRateInterlockOrderedEXT,
  M.ShadingRateInterlockUnorderedEXT,
  M.EarlyAndLateFragmentTestsAMD,
  M.StencilRefUnchangedFrontAMD,
  M.StencilRefGreaterFrontAMD,
  M.StencilRefLessFrontAMD,
  M.StencilRefUnchangedBackAMD,
  M.StencilRefGreaterBackAMD,
  M.StencilRefLessBackAMD,
]) {
  MODE_MODELS.set(m, FRAGMENT_ONLY);
}
for (const m of [M.LocalSizeHint, M.VecTypeHint, M.ContractionOff, M.LocalSizeHintId])
  MODE_MODELS.set(m, { models: KERNEL, what: 'the Kernel execution model' });
for (const m of [M.LocalSize, M.LocalSizeId]) {
  MODE_MODELS.set(m, {
    models: KERNEL | COMPUTE,
    nv: TASK_NV | MESH_NV,
    ext: TASK_EXT | MESH_EXT,
    what: 'the GLCompute, Kernel or a task or mesh execution model',
  });
}

/**
 * Whether the grammar gives the mode id operands: those are declared with OpExecutionModeId, and
 * only those (a hand-written list had missed FPFastMathDefault and the vendors' id modes).
 */
const takesIds = (mode: number): boolean => enumerantParameters('ExecutionMode', mode)?.some((p) => p.kind === 'IdRef') === true;

/** Groups of modes of which an entry point may declare at most one (or, `exactly`, exactly one). */
interface ModeGroup {
  readonly models: number;
  readonly modes: readonly number[];
  readonly exactly: boolean;
}
const GROUPS: readonly ModeGroup[] = [
  { models: FRAGMENT, modes: [M.OriginUpperLeft, M.OriginLowerLeft], exactly: true },
  { models: FRAGMENT, modes: [M.DepthGreater, M.DepthLess, M.DepthUnchanged], exactly: false },
  {
    models: FRAGMENT,
    modes: [
      M.PixelInterlockOrderedEXT,
      M.PixelInterlockUnorderedEXT,
      M.SampleInterlockOrderedEXT,
      M.SampleInterlockUnorderedEXT,
      M.ShadingRateInterlockOrderedEXT,
      M.ShadingRateInterlockUnorderedEXT,
    ],
    exactly: false,
  },
  { models: FRAGMENT, modes: [M.StencilRefUnchangedFrontAMD, M.StencilRefLessFrontAMD, M.StencilRefGreaterFrontAMD], exactly: false },
  { models: FRAGMENT, modes: [M.StencilRefUnchangedBackAMD, M.StencilRefLessBackAMD, M.StencilRefGreaterBackAMD], exactly: false },
  { models: TESC | TESE, modes: [M.SpacingEqual, M.SpacingFractionalEven, M.SpacingFractionalOdd], exactly: false },
  { models: TESC | TESE, modes: [M.Triangles, M.Quads, M.Isolines], exactly: false },
  { models: TESC | TESE, modes: [M.VertexOrderCw, M.VertexOrderCcw], exactly: false },
  { models: GEOMETRY, modes: [M.InputPoints, M.InputLines, M.InputLinesAdjacency, M.Triangles, M.InputTrianglesAdjacency], exactly: true },
  { models: GEOMETRY, modes: [M.OutputPoints, M.OutputLineStrip, M.OutputTriangleStrip], exactly: true },
  { models: MESH_EXT, modes: [M.OutputPoints, M.OutputLinesEXT, M.OutputTrianglesEXT], exactly: true },
];

const modeName = (m: number): string => enumerantName('ExecutionMode', m) ?? `${m}`;
const modelName = (m: number): string => enumerantName('ExecutionModel', m) ?? `${m}`;

/**
 * Entry points and their execution modes: an entry point names a function returning void (with no
 * parameters, but for Kernel); OpExecutionMode targets an entry point's function, with a mode its
 * execution models accept, through OpExecutionModeId exactly where the mode takes ids (LocalSizeId
 * from Vulkan 1.3 only, as spirv-val 2023.1 has it without its allow-localsizeid option); the modes
 * each shader model requires or allows once (Fragment: one of OriginUpperLeft or OriginLowerLeft;
 * Geometry: one input and one output primitive; ...). In Vulkan: no OriginLowerLeft or
 * PixelCenterInteger, and a GLCompute entry point states its workgroup size.
 */
export function checkExecutionModes(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable, vulkan: boolean, localSizeIdAllowed: boolean): void {
  const { words, opcode } = scan;
  /** Per entry point function id: the modes declared for it. */
  const modes = new Map<number, number[]>();
  let workgroupSizeBuiltIn = false;
  let localSizeId = false;
  for (let i = 0; i < scan.count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break;
    const s = scan.operandStart[i];
    if (op === Op.Decorate && scan.end[i] - s >= 3 && words[s + 1] === Decoration.BuiltIn && words[s + 2] === BuiltIn.WorkgroupSize)
      workgroupSizeBuiltIn = true;
    if ((op !== Op.ExecutionMode && op !== Op.ExecutionModeId) || scan.end[i] - s < 2 || reporter.isFlagged(i)) continue;
    const target = words[s];
    const mode = words[s + 1];
    if (op === Op.ExecutionModeId && mode === M.LocalSizeId) localSizeId = true;
    const models = entryPoints.modelsOf(target);
    if (models === 0) {
      reporter.report('spvkit-environment-mode-target', i, (name) => `${opcodeName(op)}: ${name(target)} is not the function of an OpEntryPoint`, [target]);
      continue;
    }
    let list = modes.get(target);
    if (list === undefined) modes.set(target, (list = []));
    // A mode declared twice counts once (spirv-val keeps each entry point's modes as a set).
    if (!list.includes(mode)) list.push(mode);
    if (takesIds(mode) !== (op === Op.ExecutionModeId)) {
      reporter.report('spvkit-environment-mode-id', i, () =>
        op === Op.ExecutionModeId
          ? `OpExecutionModeId: mode ${modeName(mode)} takes no id operands; it is declared with OpExecutionMode`
          : `OpExecutionMode: mode ${modeName(mode)} takes id operands; it is declared with OpExecutionModeId`,
      );
      continue;
    }
    const allowed = MODE_MODELS.get(mode);
    if (allowed !== undefined) {
      const ok = allowed.models | (entryPoints.meshNV ? (allowed.nv ?? 0) : 0) | (entryPoints.meshEXT ? (allowed.ext ?? 0) : 0);
      if ((models & ~ok) !== 0) {
        reporter.report(
          'spvkit-environment-mode-model',
          i,
          (name) => `${opcodeName(op)}: mode ${modeName(mode)} of ${name(target)} can only be used with ${allowed.what}`,
          [target],
        );
        continue;
      }
    }
    if (mode === M.LocalSizeId && !localSizeIdAllowed) {
      reporter.report('spvkit-environment-local-size-id', i, () => 'OpExecutionModeId: LocalSizeId is not allowed before Vulkan 1.3');
    } else if (vulkan && mode === M.OriginLowerLeft) {
      reporter.report('VUID-StandaloneSpirv-OriginLowerLeft-04653', i, () => 'in the Vulkan environment, the OriginLowerLeft execution mode must not be used');
    } else if (vulkan && mode === M.PixelCenterInteger) {
      reporter.report(
        'VUID-StandaloneSpirv-PixelCenterInteger-04654',
        i,
        () => 'in the Vulkan environment, the PixelCenterInteger execution mode must not be used',
      );
    }
  }
  for (let e = 0; e < entryPoints.count; e++) {
    const i = entryPoints.at[e];
    if (reporter.isFlagged(i)) continue;
    const fn = entryPoints.fn[e];
    const model = entryPoints.model[e];
    const d = functionDefinition(scan, fn);
    if (d < 0) {
      if (definitionOf(scan, fn) >= 0)
        reporter.report('spvkit-environment-entry-point-function', i, (name) => `OpEntryPoint: ${name(fn)} is not a function`, [fn]);
      continue;
    }
    checkSignature(scan, reporter, i, d, fn, model);
    const declared = modes.get(fn);
    const bit = modelBit(model);
    if (entryPoints.shader) {
      for (const group of GROUPS) {
        if ((group.models & bit) === 0) continue;
        let n = 0;
        if (declared !== undefined) for (const m of declared) if (group.modes.includes(m)) n++;
        if (group.exactly ? n !== 1 : n > 1) {
          const list = group.modes.map(modeName).join(', ');
          reporter.report(
            n === 0 ? 'spvkit-environment-mode-required' : 'spvkit-environment-mode-conflict',
            i,
            (name) =>
              n === 0
                ? `OpEntryPoint ${name(fn)}: a ${modelName(model)} entry point needs one of the execution modes ${list}`
                : `OpEntryPoint ${name(fn)}: a ${modelName(model)} entry point may declare only one of the execution modes ${list}`,
            [fn],
          );
        }
      }
      if (bit === MESH_EXT) {
        let n = 0;
        if (declared !== undefined) for (const m of declared) if (m === M.OutputPrimitivesEXT || m === M.OutputVertices) n++;
        if (n !== 2 && declared?.some((m) => m === M.OutputPoints || m === M.OutputLinesEXT || m === M.OutputTrianglesEXT)) {
          reporter.report(
            'spvkit-environment-mode-required',
            i,
            (name) => `OpEntryPoint ${name(fn)}: a MeshEXT entry point needs both OutputPrimitivesEXT and OutputVertices`,
            [fn],
          );
        }
      }
    }
    if (vulkan && model === ExecutionModel.GLCompute && !declared?.includes(M.LocalSize) && !localSizeId && !workgroupSizeBuiltIn) {
      reporter.report(
        'VUID-StandaloneSpirv-LocalSize-06426',
        i,
        (name) =>
          `OpEntryPoint ${name(fn)}: in the Vulkan environment, a GLCompute entry point needs the LocalSize or LocalSizeId execution mode or a WorkgroupSize built-in`,
        [fn],
      );
    }
  }
}

/** A shader entry point's function takes no parameters; every entry point's returns void. */
function checkSignature(scan: ModuleIndex, reporter: Reporter, i: number, d: number, fn: number, model: number): void {
  if (scan.end[d] - scan.operandStart[d] < 2) return;
  const type = scan.words[scan.operandStart[d] + 1];
  const t = definitionOf(scan, type);
  if (model !== ExecutionModel.Kernel && t >= 0 && scan.opcode[t] === Op.TypeFunction && scan.end[t] - scan.operandStart[t] > 1) {
    reporter.report(
      'spvkit-environment-entry-point-signature',
      i,
      (name) => `OpEntryPoint: the function ${name(fn)} of a shader entry point takes parameters`,
      [fn],
    );
    return;
  }
  const returns = scan.typeId[d];
  const r = definitionOf(scan, returns);
  if (r >= 0 && scan.opcode[r] !== Op.TypeVoid) {
    reporter.report('spvkit-environment-entry-point-signature', i, (name) => `OpEntryPoint: the function ${name(fn)} returns ${name(returns)}, not void`, [
      fn,
      returns,
    ]);
  }
}
