import { BuiltIn as B, Capability, Decoration, ExecutionMode, ExecutionModel as M, StorageClass as S } from '@spvkit/core';
import type { BuiltinRule } from './BuiltinRule.js';
import { builtinVuid } from './codes.js';
import type { TypeRule } from './typeShapes.js';

// The Vulkan rules of every BuiltIn spvkit checks, one BuiltinRule each with its VUIDs, grouped as
// the built-ins are used; the helpers below make the shapes most of them share.

const IN = [S.Input];
const OUT = [S.Output];
const IN_OUT = [S.Input, S.Output];

const COMPUTE_LIKE = [M.GLCompute, M.MeshEXT, M.TaskEXT, M.MeshNV, M.TaskNV];
const RT_ALL = [M.RayGenerationKHR, M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR, M.MissKHR, M.CallableKHR];
const RT_HIT = [M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR];
const RT_HIT_MISS = [M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR, M.MissKHR];
const PER_VERTEX_STAGES = [M.TessellationControl, M.TessellationEvaluation, M.Geometry, M.MeshNV, M.MeshEXT];
const MESH = [M.MeshNV, M.MeshEXT];

/**
 * The common shape "only within MODELS / Input (or Output) / TYPE", with three consecutive
 * VUID numbers `base`, `base+1`, `base+2` (model, storage, type) unless given one by one.
 */
function simple(
  builtIn: number,
  name: string,
  models: readonly number[] | undefined,
  classes: readonly number[],
  type: TypeRule,
  numbers: readonly [number | undefined, number, number],
  more: Partial<BuiltinRule> = {},
): BuiltinRule {
  const [m, s, t] = numbers;
  return {
    builtIn,
    name,
    ...(models !== undefined && m !== undefined ? { models: { allowed: models, vuid: builtinVuid(name, m) } } : {}),
    storage: [{ classes, vuid: builtinVuid(name, s) }],
    type: { rule: type, vuid: builtinVuid(name, t) },
    ...more,
  };
}

/** Seq: three VUID numbers from `base`. */
const seq = (base: number): [number, number, number] => [base, base + 1, base + 2];

const I32: TypeRule = { kind: 'int' };
const F32: TypeRule = { kind: 'float' };
const BOOL: TypeRule = { kind: 'bool' };

function clipOrCull(builtIn: number, name: string, base: number): BuiltinRule {
  // base+0 models, +1 Input forbidden (Vertex/Mesh), +2 Output forbidden (Fragment), +3 In/Out, +4 type.
  return {
    builtIn,
    name,
    models: {
      allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.Fragment, M.TessellationControl, M.TessellationEvaluation, M.Geometry],
      vuid: builtinVuid(name, base),
    },
    storage: [
      { classes: IN_OUT, vuid: builtinVuid(name, base + 3) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: builtinVuid(name, base + 1) },
      { models: [M.Fragment], classes: IN, vuid: builtinVuid(name, base + 2) },
    ],
    type: { rule: { kind: 'farray' }, vuid: builtinVuid(name, base + 4) },
    arrayedIn: PER_VERTEX_STAGES,
  };
}

function layerOrViewport(builtIn: number, name: string, base: number, capability: number, capabilityName: string): BuiltinRule {
  // base models, +1 capability in Vertex/TessEval, +2 Input forbidden in pre-rasterization stages, +3 Output forbidden in Fragment, +4 type.
  return {
    builtIn,
    name,
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationEvaluation, M.Geometry, M.Fragment], vuid: builtinVuid(name, base) },
    storage: [
      { models: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationEvaluation, M.Geometry], classes: OUT, vuid: builtinVuid(name, base + 2) },
      { models: [M.Fragment], classes: IN, vuid: builtinVuid(name, base + 3) },
    ],
    type: { rule: I32, vuid: builtinVuid(name, base + 4) },
    arrayedIn: MESH,
    extra: [
      {
        kind: 'capabilityInModels',
        models: [M.Vertex, M.TessellationEvaluation],
        capabilities: [Capability.ShaderViewportIndexLayerEXT, capability],
        capabilityNames: `ShaderViewportIndexLayerEXT or ${capabilityName}`,
        vuid: builtinVuid(name, base + 1),
      },
    ],
  };
}

function tessLevel(builtIn: number, name: string, base: number, n: number): BuiltinRule {
  // base models, +1 Input forbidden in TessellationControl, +2 Output forbidden in TessellationEvaluation, +3 type.
  return {
    builtIn,
    name,
    models: { allowed: [M.TessellationControl, M.TessellationEvaluation], vuid: builtinVuid(name, base) },
    storage: [
      { models: [M.TessellationControl], classes: OUT, vuid: builtinVuid(name, base + 1) },
      { models: [M.TessellationEvaluation], classes: IN, vuid: builtinVuid(name, base + 2) },
    ],
    type: { rule: { kind: 'farray', n }, vuid: builtinVuid(name, base + 3) },
  };
}

/** Input, 32-bit int scalar, no model rule, not a Block member (subgroup built-ins). */
function subgroupInput(builtIn: number, name: string, s: number, type: TypeRule): BuiltinRule {
  return {
    builtIn,
    name,
    storage: [{ classes: IN, vuid: builtinVuid(name, s) }],
    type: { rule: type, vuid: builtinVuid(name, s + 1) },
    memberAllowed: false,
  };
}

/** Input, 32-bit int scalar, no model rule (vendor core/warp built-ins). */
function inputI32(builtIn: number, name: string, s: number): BuiltinRule {
  return { builtIn, name, storage: [{ classes: IN, vuid: builtinVuid(name, s) }], type: { rule: I32, vuid: builtinVuid(name, s + 1) } };
}

const FRAGMENT = [M.Fragment];

/**
 * Every BuiltIn with Vulkan rules that spvkit checks. WorkgroupSize and VertexId are handled in
 * workgroupSize.ts and findBuiltinProblems.ts (they decorate constants / are forbidden outright).
 */
export const VULKAN_BUILTIN_RULES: readonly BuiltinRule[] = [
  // --- the four seeds (SEEDS.md)
  simple(B.LocalInvocationIndex, 'LocalInvocationIndex', COMPUTE_LIKE, IN, I32, seq(4284)),
  simple(B.WorkgroupId, 'WorkgroupId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4422)),
  simple(B.SampleId, 'SampleId', FRAGMENT, IN, I32, seq(4354)),
  {
    builtIn: B.DeviceIndex,
    name: 'DeviceIndex',
    storage: [{ classes: IN, vuid: builtinVuid('DeviceIndex', 4205) }],
    type: { rule: I32, vuid: builtinVuid('DeviceIndex', 4206) },
  },

  // --- compute-like
  simple(B.GlobalInvocationId, 'GlobalInvocationId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4236)),
  simple(B.LocalInvocationId, 'LocalInvocationId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4281)),
  simple(B.NumWorkgroups, 'NumWorkgroups', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4296)),
  simple(B.SubgroupId, 'SubgroupId', COMPUTE_LIKE, IN, I32, seq(4367), { memberAllowed: false }),
  simple(B.NumSubgroups, 'NumSubgroups', COMPUTE_LIKE, IN, I32, seq(4293), { memberAllowed: false }),

  // --- subgroup (any model)
  subgroupInput(B.SubgroupEqMask, 'SubgroupEqMask', 4370, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupGeMask, 'SubgroupGeMask', 4372, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupGtMask, 'SubgroupGtMask', 4374, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLeMask, 'SubgroupLeMask', 4376, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLtMask, 'SubgroupLtMask', 4378, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLocalInvocationId, 'SubgroupLocalInvocationId', 4380, I32),
  subgroupInput(B.SubgroupSize, 'SubgroupSize', 4382, I32),

  // --- vertex
  simple(B.VertexIndex, 'VertexIndex', [M.Vertex], IN, I32, seq(4398)),
  simple(B.InstanceIndex, 'InstanceIndex', [M.Vertex], IN, I32, seq(4263)),
  simple(B.BaseVertex, 'BaseVertex', [M.Vertex], IN, I32, seq(4184)),
  simple(B.BaseInstance, 'BaseInstance', [M.Vertex], IN, I32, seq(4181)),
  simple(B.DrawIndex, 'DrawIndex', [M.Vertex, M.MeshNV, M.TaskNV, M.MeshEXT, M.TaskEXT], IN, I32, seq(4207)),

  // --- pre-rasterization outputs (per-vertex)
  {
    builtIn: B.Position,
    name: 'Position',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationControl, M.TessellationEvaluation, M.Geometry], vuid: builtinVuid('Position', 4318) },
    storage: [
      { classes: IN_OUT, vuid: builtinVuid('Position', 4320) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: builtinVuid('Position', 4319) },
    ],
    type: { rule: { kind: 'fvec', n: 4 }, vuid: builtinVuid('Position', 4321) },
    arrayedIn: PER_VERTEX_STAGES,
  },
  {
    builtIn: B.PointSize,
    name: 'PointSize',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationControl, M.TessellationEvaluation, M.Geometry], vuid: builtinVuid('PointSize', 4314) },
    storage: [
      { classes: IN_OUT, vuid: builtinVuid('PointSize', 4316) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: builtinVuid('PointSize', 4315) },
    ],
    type: { rule: F32, vuid: builtinVuid('PointSize', 4317) },
    arrayedIn: PER_VERTEX_STAGES,
  },
  clipOrCull(B.ClipDistance, 'ClipDistance', 4187),
  clipOrCull(B.CullDistance, 'CullDistance', 4196),
  layerOrViewport(B.Layer, 'Layer', 4272, Capability.ShaderLayer, 'ShaderLayer'),
  layerOrViewport(B.ViewportIndex, 'ViewportIndex', 4404, Capability.ShaderViewportIndex, 'ShaderViewportIndex'),
  {
    builtIn: B.PrimitiveId,
    name: 'PrimitiveId',
    models: {
      allowed: [M.MeshEXT, M.MeshNV, M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR, M.TessellationControl, M.TessellationEvaluation, M.Geometry, M.Fragment],
      vuid: builtinVuid('PrimitiveId', 4330),
    },
    storage: [
      {
        models: [M.TessellationControl, M.TessellationEvaluation, M.Fragment, M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR],
        classes: IN,
        vuid: builtinVuid('PrimitiveId', 4334),
      },
      { models: [M.Geometry], classes: IN_OUT, vuid: builtinVuid('PrimitiveId', 4335) },
      { models: MESH, classes: OUT, vuid: builtinVuid('PrimitiveId', 4336) },
    ],
    type: { rule: I32, vuid: builtinVuid('PrimitiveId', 4337) },
    arrayedIn: MESH,
  },
  {
    builtIn: B.PrimitiveShadingRateKHR,
    name: 'PrimitiveShadingRateKHR',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.Geometry], vuid: builtinVuid('PrimitiveShadingRateKHR', 4484) },
    storage: [{ classes: OUT, vuid: builtinVuid('PrimitiveShadingRateKHR', 4485) }],
    type: { rule: I32, vuid: builtinVuid('PrimitiveShadingRateKHR', 4486) },
    // 04486: "a scalar 32-bit integer value for all supported execution models except MeshEXT".
    arrayedIn: [M.MeshEXT],
  },

  // --- tessellation and geometry
  simple(B.InvocationId, 'InvocationId', [M.TessellationControl, M.Geometry], IN, I32, seq(4257)),
  simple(B.PatchVertices, 'PatchVertices', [M.TessellationControl, M.TessellationEvaluation], IN, I32, seq(4308)),
  simple(B.TessCoord, 'TessCoord', [M.TessellationEvaluation], IN, { kind: 'fvec', n: 3 }, seq(4387)),
  tessLevel(B.TessLevelOuter, 'TessLevelOuter', 4390, 4),
  tessLevel(B.TessLevelInner, 'TessLevelInner', 4394, 2),

  // --- fragment inputs
  simple(B.FragCoord, 'FragCoord', FRAGMENT, IN, { kind: 'fvec', n: 4 }, seq(4210)),
  simple(B.FrontFacing, 'FrontFacing', FRAGMENT, IN, BOOL, seq(4229)),
  simple(B.HelperInvocation, 'HelperInvocation', FRAGMENT, IN, BOOL, seq(4239)),
  simple(B.PointCoord, 'PointCoord', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4311)),
  simple(B.SamplePosition, 'SamplePosition', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4360)),
  simple(B.FragInvocationCountEXT, 'FragInvocationCountEXT', FRAGMENT, IN, I32, seq(4217)),
  simple(B.FragSizeEXT, 'FragSizeEXT', FRAGMENT, IN, { kind: 'ivec', n: 2 }, seq(4220)),
  simple(B.FullyCoveredEXT, 'FullyCoveredEXT', FRAGMENT, IN, BOOL, seq(4232)),
  simple(B.ShadingRateKHR, 'ShadingRateKHR', FRAGMENT, IN, I32, seq(4490)),
  simple(B.BaryCoordKHR, 'BaryCoordKHR', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4154)),
  simple(B.BaryCoordNoPerspKHR, 'BaryCoordNoPerspKHR', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4160)),
  simple(B.BaryCoordNoPerspAMD, 'BaryCoordNoPerspAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4157)),
  simple(B.BaryCoordNoPerspCentroidAMD, 'BaryCoordNoPerspCentroidAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4163)),
  simple(B.BaryCoordNoPerspSampleAMD, 'BaryCoordNoPerspSampleAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4166)),
  simple(B.BaryCoordPullModelAMD, 'BaryCoordPullModelAMD', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4169)),
  simple(B.BaryCoordSmoothAMD, 'BaryCoordSmoothAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4172)),
  simple(B.BaryCoordSmoothCentroidAMD, 'BaryCoordSmoothCentroidAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4175)),
  simple(B.BaryCoordSmoothSampleAMD, 'BaryCoordSmoothSampleAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4178)),

  // --- fragment outputs and in/out
  {
    ...simple(B.FragDepth, 'FragDepth', FRAGMENT, OUT, F32, seq(4213)),
    // 04216: "If the shader dynamically writes to the variable decorated with FragDepth, the
    // DepthReplacing Execution Mode must be declared".
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.DepthReplacing,
        modeName: 'DepthReplacing',
        models: FRAGMENT,
        vuid: builtinVuid('FragDepth', 4216),
        writesOnly: true,
      },
    ],
  },
  simple(B.FragStencilRefEXT, 'FragStencilRefEXT', FRAGMENT, OUT, { kind: 'int', anyWidth: true }, seq(4223)),
  simple(B.SampleMask, 'SampleMask', FRAGMENT, IN_OUT, { kind: 'iarray' }, seq(4357)),

  // --- multiview, device group
  simple(B.ViewIndex, 'ViewIndex', [M.MeshEXT, M.Vertex, M.Geometry, M.TessellationControl, M.TessellationEvaluation, M.Fragment], IN, I32, seq(4401)),

  // --- ray tracing
  simple(B.LaunchIdKHR, 'LaunchIdKHR', RT_ALL, IN, { kind: 'ivec', n: 3 }, seq(4266)),
  simple(B.LaunchSizeKHR, 'LaunchSizeKHR', RT_ALL, IN, { kind: 'ivec', n: 3 }, seq(4269)),
  simple(B.WorldRayOriginKHR, 'WorldRayOriginKHR', RT_HIT_MISS, IN, { kind: 'fvec', n: 3 }, seq(4431)),
  simple(B.WorldRayDirectionKHR, 'WorldRayDirectionKHR', RT_HIT_MISS, IN, { kind: 'fvec', n: 3 }, seq(4428)),
  simple(B.ObjectRayOriginKHR, 'ObjectRayOriginKHR', RT_HIT, IN, { kind: 'fvec', n: 3 }, seq(4302)),
  simple(B.ObjectRayDirectionKHR, 'ObjectRayDirectionKHR', RT_HIT, IN, { kind: 'fvec', n: 3 }, seq(4299)),
  simple(B.RayTminKHR, 'RayTminKHR', RT_HIT_MISS, IN, F32, seq(4351)),
  simple(B.RayTmaxKHR, 'RayTmaxKHR', RT_HIT_MISS, IN, F32, seq(4348)),
  simple(B.InstanceCustomIndexKHR, 'InstanceCustomIndexKHR', RT_HIT, IN, I32, seq(4251)),
  simple(B.InstanceId, 'InstanceId', RT_HIT, IN, I32, seq(4254)),
  simple(B.RayGeometryIndexKHR, 'RayGeometryIndexKHR', RT_HIT, IN, I32, seq(4345)),
  simple(B.ObjectToWorldKHR, 'ObjectToWorldKHR', RT_HIT, IN, { kind: 'fmat', cols: 4, rows: 3 }, seq(4305)),
  simple(B.WorldToObjectKHR, 'WorldToObjectKHR', RT_HIT, IN, { kind: 'fmat', cols: 4, rows: 3 }, seq(4434)),
  simple(B.HitKindKHR, 'HitKindKHR', [M.AnyHitKHR, M.ClosestHitKHR], IN, I32, seq(4242)),
  simple(B.HitTNV, 'HitTNV', [M.AnyHitKHR, M.ClosestHitKHR], IN, F32, seq(4245)),
  simple(B.IncomingRayFlagsKHR, 'IncomingRayFlagsKHR', RT_HIT_MISS, IN, I32, seq(4248)),
  simple(B.CullMaskKHR, 'CullMaskKHR', RT_HIT_MISS, IN, I32, seq(6735)),

  // --- mesh and task shaders
  simple(B.PrimitivePointIndicesEXT, 'PrimitivePointIndicesEXT', [M.MeshEXT], OUT, { kind: 'iarray' }, [7041, 7043, 7044], {
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.OutputPoints,
        modeName: 'OutputPoints',
        models: [M.MeshEXT],
        vuid: builtinVuid('PrimitivePointIndicesEXT', 7042),
      },
    ],
  }),
  simple(B.PrimitiveLineIndicesEXT, 'PrimitiveLineIndicesEXT', [M.MeshEXT], OUT, { kind: 'ivecarray', n: 2 }, [7047, 7049, 7050], {
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.OutputLinesEXT,
        modeName: 'OutputLinesEXT',
        models: [M.MeshEXT],
        vuid: builtinVuid('PrimitiveLineIndicesEXT', 7048),
      },
    ],
  }),
  simple(B.PrimitiveTriangleIndicesEXT, 'PrimitiveTriangleIndicesEXT', [M.MeshEXT], OUT, { kind: 'ivecarray', n: 3 }, [7053, 7055, 7056], {
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.OutputTrianglesEXT,
        modeName: 'OutputTrianglesEXT',
        models: [M.MeshEXT],
        vuid: builtinVuid('PrimitiveTriangleIndicesEXT', 7054),
      },
    ],
  }),
  simple(B.CullPrimitiveEXT, 'CullPrimitiveEXT', [M.MeshEXT], OUT, { kind: 'boolOrBoolArray' }, [7034, 7035, 7036], {
    extra: [{ kind: 'alsoDecorated', decoration: Decoration.PerPrimitiveEXT, decorationName: 'PerPrimitiveEXT', vuid: builtinVuid('CullPrimitiveEXT', 7038) }],
  }),
  simple(B.TaskCountNV, 'TaskCountNV', [M.TaskNV], OUT, I32, seq(4384)),
  simple(B.PrimitiveCountNV, 'PrimitiveCountNV', [M.MeshNV], OUT, I32, seq(4327)),
  simple(B.PrimitiveIndicesNV, 'PrimitiveIndicesNV', [M.MeshNV], OUT, { kind: 'iarray' }, seq(4338)),
  simple(B.MeshViewCountNV, 'MeshViewCountNV', [M.MeshNV, M.TaskNV], IN, I32, seq(4287)),
  simple(B.MeshViewIndicesNV, 'MeshViewIndicesNV', [M.MeshNV, M.TaskNV], IN, { kind: 'iarray' }, seq(4290)),

  // --- vendor core/warp identification
  inputI32(B.SMCountNV, 'SMCountNV', 4363),
  inputI32(B.SMIDNV, 'SMIDNV', 4365),
  inputI32(B.WarpsPerSMNV, 'WarpsPerSMNV', 4418),
  inputI32(B.WarpIDNV, 'WarpIDNV', 4420),
  inputI32(B.CoreCountARM, 'CoreCountARM', 7595),
  inputI32(B.CoreMaxIDARM, 'CoreMaxIDARM', 7597),
  inputI32(B.CoreIDARM, 'CoreIDARM', 7599),
  inputI32(B.WarpMaxIDARM, 'WarpMaxIDARM', 7601),
  inputI32(B.WarpIDARM, 'WarpIDARM', 7603),
];

/** WorkgroupSize VUIDs (applied in workgroupSize.ts: it decorates a constant). */
export const WORKGROUP_SIZE_RULES = {
  models: COMPUTE_LIKE,
  modelVuid: builtinVuid('WorkgroupSize', 4425),
  constantVuid: builtinVuid('WorkgroupSize', 4426),
  typeVuid: builtinVuid('WorkgroupSize', 4427),
} as const;

const byBuiltIn = new Map<number, BuiltinRule>();
for (const r of VULKAN_BUILTIN_RULES) byBuiltIn.set(r.builtIn, r);

/** The rule of a BuiltIn value, if spvkit has Vulkan rules for it. */
export function builtinRuleFor(builtIn: number): BuiltinRule | undefined {
  return byBuiltIn.get(builtIn);
}
