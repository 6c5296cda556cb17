import { BuiltIn as B, Capability, Decoration, ExecutionMode, ExecutionModel as M, StorageClass as S } from '@spvkit/core';
import type { TypeRule } from './typeShapes.js';

/**
 * The Vulkan rules for one BuiltIn, as the "Built-In Variables" chapter of the Vulkan
 * specification states them, each with its VUID. Data only: `validateBuiltins.ts` applies them.
 */
export interface BuiltinRule {
  readonly builtIn: number;
  /** The name the VUIDs use (`HitKindKHR` for HitKindNV, ...). */
  readonly name: string;
  /** "must be used only within the ... Execution Model". */
  readonly models?: { readonly allowed: readonly number[]; readonly vuid: string };
  /**
   * Storage-class rules. A rule without `models` applies to every declaration; a rule with
   * `models` applies where an entry point of one of those models reaches a use.
   */
  readonly storage: readonly StorageRule[];
  /** "must be declared as ..." */
  readonly type?: { readonly rule: TypeRule; readonly vuid: string };
  /**
   * Models in which a variable (not a Block member) may carry one more outer array level:
   * per-vertex arrays (tessellation, geometry) and per-vertex/per-primitive mesh outputs.
   */
  readonly arrayedIn?: readonly number[];
  /** False for built-ins that must decorate a variable, never a Block member (as spirv-val requires). */
  readonly memberAllowed?: boolean;
  /** Further rules of this built-in, applied by name in validateBuiltins.ts. */
  readonly extra?: readonly ExtraRule[];
  /** True when Debian spirv-tools 2023.1's spirv-val checks this built-in at all. */
  readonly spirvVal2023: boolean;
}

export interface StorageRule {
  readonly models?: readonly number[];
  readonly classes: readonly number[];
  readonly vuid: string;
}

export type ExtraRule =
  /**
   * The entry point must declare an execution mode: FragDepth's DepthReplacing where the shader
   * writes it (04216, `writesOnly`), the mesh output topology of the primitive indices.
   */
  | {
      readonly kind: 'executionMode';
      readonly mode: number;
      readonly modeName: string;
      readonly models: readonly number[];
      readonly vuid: string;
      readonly writesOnly?: boolean;
    }
  /** Layer/ViewportIndex in Vertex or TessellationEvaluation need one of these capabilities. */
  | {
      readonly kind: 'capabilityInModels';
      readonly models: readonly number[];
      readonly capabilities: readonly number[];
      readonly capabilityNames: string;
      readonly vuid: string;
    }
  /** CullPrimitiveEXT: the variable or member must also be decorated with this decoration. */
  | { readonly kind: 'alsoDecorated'; readonly decoration: number; readonly decorationName: string; readonly vuid: string };

/** `VUID-Name-Name-0NNNN`. */
export function vuid(name: string, n: number): string {
  return `VUID-${name}-${name}-${String(n).padStart(5, '0')}`;
}

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
  spirvVal2023: boolean,
  more: Partial<BuiltinRule> = {},
): BuiltinRule {
  const [m, s, t] = numbers;
  return {
    builtIn,
    name,
    ...(models !== undefined && m !== undefined ? { models: { allowed: models, vuid: vuid(name, m) } } : {}),
    storage: [{ classes, vuid: vuid(name, s) }],
    type: { rule: type, vuid: vuid(name, t) },
    spirvVal2023,
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
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.Fragment, M.TessellationControl, M.TessellationEvaluation, M.Geometry], vuid: vuid(name, base) },
    storage: [
      { classes: IN_OUT, vuid: vuid(name, base + 3) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: vuid(name, base + 1) },
      { models: [M.Fragment], classes: IN, vuid: vuid(name, base + 2) },
    ],
    type: { rule: { kind: 'farray' }, vuid: vuid(name, base + 4) },
    arrayedIn: PER_VERTEX_STAGES,
    spirvVal2023: true,
  };
}

function layerOrViewport(builtIn: number, name: string, base: number, capability: number, capabilityName: string): BuiltinRule {
  // base models, +1 capability in Vertex/TessEval, +2 Input forbidden in pre-rasterization stages, +3 Output forbidden in Fragment, +4 type.
  return {
    builtIn,
    name,
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationEvaluation, M.Geometry, M.Fragment], vuid: vuid(name, base) },
    storage: [
      { models: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationEvaluation, M.Geometry], classes: OUT, vuid: vuid(name, base + 2) },
      { models: [M.Fragment], classes: IN, vuid: vuid(name, base + 3) },
    ],
    type: { rule: I32, vuid: vuid(name, base + 4) },
    arrayedIn: MESH,
    extra: [
      {
        kind: 'capabilityInModels',
        models: [M.Vertex, M.TessellationEvaluation],
        capabilities: [Capability.ShaderViewportIndexLayerEXT, capability],
        capabilityNames: `ShaderViewportIndexLayerEXT or ${capabilityName}`,
        vuid: vuid(name, base + 1),
      },
    ],
    spirvVal2023: true,
  };
}

function tessLevel(builtIn: number, name: string, base: number, n: number): BuiltinRule {
  // base models, +1 Input forbidden in TessellationControl, +2 Output forbidden in TessellationEvaluation, +3 type.
  return {
    builtIn,
    name,
    models: { allowed: [M.TessellationControl, M.TessellationEvaluation], vuid: vuid(name, base) },
    storage: [
      { models: [M.TessellationControl], classes: OUT, vuid: vuid(name, base + 1) },
      { models: [M.TessellationEvaluation], classes: IN, vuid: vuid(name, base + 2) },
    ],
    type: { rule: { kind: 'farray', n }, vuid: vuid(name, base + 3) },
    spirvVal2023: true,
  };
}

/** Input, 32-bit int scalar, no model rule, not a Block member (subgroup built-ins). */
function subgroupInput(builtIn: number, name: string, s: number, type: TypeRule): BuiltinRule {
  return {
    builtIn,
    name,
    storage: [{ classes: IN, vuid: vuid(name, s) }],
    type: { rule: type, vuid: vuid(name, s + 1) },
    memberAllowed: false,
    spirvVal2023: true,
  };
}

/** Input, 32-bit int scalar, no model rule (vendor core/warp built-ins). */
function inputI32(builtIn: number, name: string, s: number, spirvVal2023: boolean): BuiltinRule {
  return { builtIn, name, storage: [{ classes: IN, vuid: vuid(name, s) }], type: { rule: I32, vuid: vuid(name, s + 1) }, spirvVal2023 };
}

const FRAGMENT = [M.Fragment];

/**
 * Every BuiltIn with Vulkan rules that spvkit checks. WorkgroupSize and VertexId are handled in
 * validateBuiltins.ts (they decorate constants / are forbidden outright).
 */
export const BUILTIN_RULES: readonly BuiltinRule[] = [
  // --- the four seeds (SEEDS.md)
  simple(B.LocalInvocationIndex, 'LocalInvocationIndex', COMPUTE_LIKE, IN, I32, seq(4284), false),
  simple(B.WorkgroupId, 'WorkgroupId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4422), true),
  simple(B.SampleId, 'SampleId', FRAGMENT, IN, I32, seq(4354), true),
  {
    builtIn: B.DeviceIndex,
    name: 'DeviceIndex',
    storage: [{ classes: IN, vuid: vuid('DeviceIndex', 4205) }],
    type: { rule: I32, vuid: vuid('DeviceIndex', 4206) },
    spirvVal2023: true,
  },

  // --- compute-like
  simple(B.GlobalInvocationId, 'GlobalInvocationId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4236), true),
  simple(B.LocalInvocationId, 'LocalInvocationId', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4281), true),
  simple(B.NumWorkgroups, 'NumWorkgroups', COMPUTE_LIKE, IN, { kind: 'ivec', n: 3 }, seq(4296), true),
  simple(B.SubgroupId, 'SubgroupId', COMPUTE_LIKE, IN, I32, seq(4367), true, { memberAllowed: false }),
  simple(B.NumSubgroups, 'NumSubgroups', COMPUTE_LIKE, IN, I32, seq(4293), true, { memberAllowed: false }),

  // --- subgroup (any model)
  subgroupInput(B.SubgroupEqMask, 'SubgroupEqMask', 4370, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupGeMask, 'SubgroupGeMask', 4372, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupGtMask, 'SubgroupGtMask', 4374, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLeMask, 'SubgroupLeMask', 4376, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLtMask, 'SubgroupLtMask', 4378, { kind: 'ivec', n: 4 }),
  subgroupInput(B.SubgroupLocalInvocationId, 'SubgroupLocalInvocationId', 4380, I32),
  subgroupInput(B.SubgroupSize, 'SubgroupSize', 4382, I32),

  // --- vertex
  simple(B.VertexIndex, 'VertexIndex', [M.Vertex], IN, I32, seq(4398), true),
  simple(B.InstanceIndex, 'InstanceIndex', [M.Vertex], IN, I32, seq(4263), true),
  simple(B.BaseVertex, 'BaseVertex', [M.Vertex], IN, I32, seq(4184), true),
  simple(B.BaseInstance, 'BaseInstance', [M.Vertex], IN, I32, seq(4181), true),
  simple(B.DrawIndex, 'DrawIndex', [M.Vertex, M.MeshNV, M.TaskNV, M.MeshEXT, M.TaskEXT], IN, I32, seq(4207), true),

  // --- pre-rasterization outputs (per-vertex)
  {
    builtIn: B.Position,
    name: 'Position',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationControl, M.TessellationEvaluation, M.Geometry], vuid: vuid('Position', 4318) },
    storage: [
      { classes: IN_OUT, vuid: vuid('Position', 4320) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: vuid('Position', 4319) },
    ],
    type: { rule: { kind: 'fvec', n: 4 }, vuid: vuid('Position', 4321) },
    arrayedIn: PER_VERTEX_STAGES,
    spirvVal2023: true,
  },
  {
    builtIn: B.PointSize,
    name: 'PointSize',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.TessellationControl, M.TessellationEvaluation, M.Geometry], vuid: vuid('PointSize', 4314) },
    storage: [
      { classes: IN_OUT, vuid: vuid('PointSize', 4316) },
      { models: [M.MeshEXT, M.MeshNV, M.Vertex], classes: OUT, vuid: vuid('PointSize', 4315) },
    ],
    type: { rule: F32, vuid: vuid('PointSize', 4317) },
    arrayedIn: PER_VERTEX_STAGES,
    spirvVal2023: true,
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
      vuid: vuid('PrimitiveId', 4330),
    },
    storage: [
      {
        models: [M.TessellationControl, M.TessellationEvaluation, M.Fragment, M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR],
        classes: IN,
        vuid: vuid('PrimitiveId', 4334),
      },
      { models: [M.Geometry], classes: IN_OUT, vuid: vuid('PrimitiveId', 4335) },
      { models: MESH, classes: OUT, vuid: vuid('PrimitiveId', 4336) },
    ],
    type: { rule: I32, vuid: vuid('PrimitiveId', 4337) },
    arrayedIn: MESH,
    spirvVal2023: true,
  },
  {
    builtIn: B.PrimitiveShadingRateKHR,
    name: 'PrimitiveShadingRateKHR',
    models: { allowed: [M.MeshEXT, M.MeshNV, M.Vertex, M.Geometry], vuid: vuid('PrimitiveShadingRateKHR', 4484) },
    storage: [{ classes: OUT, vuid: vuid('PrimitiveShadingRateKHR', 4485) }],
    type: { rule: I32, vuid: vuid('PrimitiveShadingRateKHR', 4486) },
    // 04486: "a scalar 32-bit integer value for all supported execution models except MeshEXT".
    arrayedIn: [M.MeshEXT],
    spirvVal2023: true,
  },

  // --- tessellation and geometry
  simple(B.InvocationId, 'InvocationId', [M.TessellationControl, M.Geometry], IN, I32, seq(4257), true),
  simple(B.PatchVertices, 'PatchVertices', [M.TessellationControl, M.TessellationEvaluation], IN, I32, seq(4308), true),
  simple(B.TessCoord, 'TessCoord', [M.TessellationEvaluation], IN, { kind: 'fvec', n: 3 }, seq(4387), true),
  tessLevel(B.TessLevelOuter, 'TessLevelOuter', 4390, 4),
  tessLevel(B.TessLevelInner, 'TessLevelInner', 4394, 2),

  // --- fragment inputs
  simple(B.FragCoord, 'FragCoord', FRAGMENT, IN, { kind: 'fvec', n: 4 }, seq(4210), true),
  simple(B.FrontFacing, 'FrontFacing', FRAGMENT, IN, BOOL, seq(4229), true),
  simple(B.HelperInvocation, 'HelperInvocation', FRAGMENT, IN, BOOL, seq(4239), true),
  simple(B.PointCoord, 'PointCoord', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4311), true),
  simple(B.SamplePosition, 'SamplePosition', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4360), true),
  simple(B.FragInvocationCountEXT, 'FragInvocationCountEXT', FRAGMENT, IN, I32, seq(4217), true),
  simple(B.FragSizeEXT, 'FragSizeEXT', FRAGMENT, IN, { kind: 'ivec', n: 2 }, seq(4220), true),
  simple(B.FullyCoveredEXT, 'FullyCoveredEXT', FRAGMENT, IN, BOOL, seq(4232), true),
  simple(B.ShadingRateKHR, 'ShadingRateKHR', FRAGMENT, IN, I32, seq(4490), true),
  simple(B.BaryCoordKHR, 'BaryCoordKHR', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4154), true),
  simple(B.BaryCoordNoPerspKHR, 'BaryCoordNoPerspKHR', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4160), true),
  simple(B.BaryCoordNoPerspAMD, 'BaryCoordNoPerspAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4157), false),
  simple(B.BaryCoordNoPerspCentroidAMD, 'BaryCoordNoPerspCentroidAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4163), false),
  simple(B.BaryCoordNoPerspSampleAMD, 'BaryCoordNoPerspSampleAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4166), false),
  simple(B.BaryCoordPullModelAMD, 'BaryCoordPullModelAMD', FRAGMENT, IN, { kind: 'fvec', n: 3 }, seq(4169), false),
  simple(B.BaryCoordSmoothAMD, 'BaryCoordSmoothAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4172), false),
  simple(B.BaryCoordSmoothCentroidAMD, 'BaryCoordSmoothCentroidAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4175), false),
  simple(B.BaryCoordSmoothSampleAMD, 'BaryCoordSmoothSampleAMD', FRAGMENT, IN, { kind: 'fvec', n: 2 }, seq(4178), false),

  // --- fragment outputs and in/out
  {
    ...simple(B.FragDepth, 'FragDepth', FRAGMENT, OUT, F32, seq(4213), true),
    // 04216: "If the shader dynamically writes to the variable decorated with FragDepth, the
    // DepthReplacing Execution Mode must be declared".
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.DepthReplacing,
        modeName: 'DepthReplacing',
        models: FRAGMENT,
        vuid: vuid('FragDepth', 4216),
        writesOnly: true,
      },
    ],
  },
  simple(B.FragStencilRefEXT, 'FragStencilRefEXT', FRAGMENT, OUT, { kind: 'int', anyWidth: true }, seq(4223), true),
  simple(B.SampleMask, 'SampleMask', FRAGMENT, IN_OUT, { kind: 'iarray' }, seq(4357), true),

  // --- multiview, device group
  simple(B.ViewIndex, 'ViewIndex', [M.MeshEXT, M.Vertex, M.Geometry, M.TessellationControl, M.TessellationEvaluation, M.Fragment], IN, I32, seq(4401), true),

  // --- ray tracing
  simple(B.LaunchIdKHR, 'LaunchIdKHR', RT_ALL, IN, { kind: 'ivec', n: 3 }, seq(4266), true),
  simple(B.LaunchSizeKHR, 'LaunchSizeKHR', RT_ALL, IN, { kind: 'ivec', n: 3 }, seq(4269), true),
  simple(B.WorldRayOriginKHR, 'WorldRayOriginKHR', RT_HIT_MISS, IN, { kind: 'fvec', n: 3 }, seq(4431), true),
  simple(B.WorldRayDirectionKHR, 'WorldRayDirectionKHR', RT_HIT_MISS, IN, { kind: 'fvec', n: 3 }, seq(4428), true),
  simple(B.ObjectRayOriginKHR, 'ObjectRayOriginKHR', RT_HIT, IN, { kind: 'fvec', n: 3 }, seq(4302), true),
  simple(B.ObjectRayDirectionKHR, 'ObjectRayDirectionKHR', RT_HIT, IN, { kind: 'fvec', n: 3 }, seq(4299), true),
  simple(B.RayTminKHR, 'RayTminKHR', RT_HIT_MISS, IN, F32, seq(4351), true),
  simple(B.RayTmaxKHR, 'RayTmaxKHR', RT_HIT_MISS, IN, F32, seq(4348), true),
  simple(B.InstanceCustomIndexKHR, 'InstanceCustomIndexKHR', RT_HIT, IN, I32, seq(4251), true),
  simple(B.InstanceId, 'InstanceId', RT_HIT, IN, I32, seq(4254), true),
  simple(B.RayGeometryIndexKHR, 'RayGeometryIndexKHR', RT_HIT, IN, I32, seq(4345), true),
  simple(B.ObjectToWorldKHR, 'ObjectToWorldKHR', RT_HIT, IN, { kind: 'fmat', cols: 4, rows: 3 }, seq(4305), true),
  simple(B.WorldToObjectKHR, 'WorldToObjectKHR', RT_HIT, IN, { kind: 'fmat', cols: 4, rows: 3 }, seq(4434), true),
  simple(B.HitKindKHR, 'HitKindKHR', [M.AnyHitKHR, M.ClosestHitKHR], IN, I32, seq(4242), true),
  simple(B.HitTNV, 'HitTNV', [M.AnyHitKHR, M.ClosestHitKHR], IN, F32, seq(4245), true),
  simple(B.IncomingRayFlagsKHR, 'IncomingRayFlagsKHR', RT_HIT_MISS, IN, I32, seq(4248), true),
  simple(B.CullMaskKHR, 'CullMaskKHR', RT_HIT_MISS, IN, I32, seq(6735), true),

  // --- mesh and task shaders
  simple(B.PrimitivePointIndicesEXT, 'PrimitivePointIndicesEXT', [M.MeshEXT], OUT, { kind: 'iarray' }, [7041, 7043, 7044], false, {
    extra: [
      { kind: 'executionMode', mode: ExecutionMode.OutputPoints, modeName: 'OutputPoints', models: [M.MeshEXT], vuid: vuid('PrimitivePointIndicesEXT', 7042) },
    ],
  }),
  simple(B.PrimitiveLineIndicesEXT, 'PrimitiveLineIndicesEXT', [M.MeshEXT], OUT, { kind: 'ivecarray', n: 2 }, [7047, 7049, 7050], false, {
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.OutputLinesEXT,
        modeName: 'OutputLinesEXT',
        models: [M.MeshEXT],
        vuid: vuid('PrimitiveLineIndicesEXT', 7048),
      },
    ],
  }),
  simple(B.PrimitiveTriangleIndicesEXT, 'PrimitiveTriangleIndicesEXT', [M.MeshEXT], OUT, { kind: 'ivecarray', n: 3 }, [7053, 7055, 7056], false, {
    extra: [
      {
        kind: 'executionMode',
        mode: ExecutionMode.OutputTrianglesEXT,
        modeName: 'OutputTrianglesEXT',
        models: [M.MeshEXT],
        vuid: vuid('PrimitiveTriangleIndicesEXT', 7054),
      },
    ],
  }),
  simple(B.CullPrimitiveEXT, 'CullPrimitiveEXT', [M.MeshEXT], OUT, { kind: 'boolOrBoolArray' }, [7034, 7035, 7036], false, {
    extra: [{ kind: 'alsoDecorated', decoration: Decoration.PerPrimitiveEXT, decorationName: 'PerPrimitiveEXT', vuid: vuid('CullPrimitiveEXT', 7038) }],
  }),
  simple(B.TaskCountNV, 'TaskCountNV', [M.TaskNV], OUT, I32, seq(4384), false),
  simple(B.PrimitiveCountNV, 'PrimitiveCountNV', [M.MeshNV], OUT, I32, seq(4327), false),
  simple(B.PrimitiveIndicesNV, 'PrimitiveIndicesNV', [M.MeshNV], OUT, { kind: 'iarray' }, seq(4338), false),
  simple(B.MeshViewCountNV, 'MeshViewCountNV', [M.MeshNV, M.TaskNV], IN, I32, seq(4287), false),
  simple(B.MeshViewIndicesNV, 'MeshViewIndicesNV', [M.MeshNV, M.TaskNV], IN, { kind: 'iarray' }, seq(4290), false),

  // --- vendor core/warp identification
  inputI32(B.SMCountNV, 'SMCountNV', 4363, true),
  inputI32(B.SMIDNV, 'SMIDNV', 4365, true),
  inputI32(B.WarpsPerSMNV, 'WarpsPerSMNV', 4418, true),
  inputI32(B.WarpIDNV, 'WarpIDNV', 4420, true),
  inputI32(B.CoreCountARM, 'CoreCountARM', 7595, true),
  inputI32(B.CoreMaxIDARM, 'CoreMaxIDARM', 7597, true),
  inputI32(B.CoreIDARM, 'CoreIDARM', 7599, true),
  inputI32(B.WarpMaxIDARM, 'WarpMaxIDARM', 7601, true),
  inputI32(B.WarpIDARM, 'WarpIDARM', 7603, true),
];

/** WorkgroupSize VUIDs (applied in validateBuiltins.ts: it decorates a constant). */
export const WORKGROUP_SIZE = {
  models: COMPUTE_LIKE,
  modelVuid: vuid('WorkgroupSize', 4425),
  constantVuid: vuid('WorkgroupSize', 4426),
  typeVuid: vuid('WorkgroupSize', 4427),
} as const;

const byBuiltIn = new Map<number, BuiltinRule>();
for (const r of BUILTIN_RULES) byBuiltIn.set(r.builtIn, r);

/** The rule of a BuiltIn value, if spvkit has Vulkan rules for it. */
export function ruleFor(builtIn: number): BuiltinRule | undefined {
  return byBuiltIn.get(builtIn);
}
