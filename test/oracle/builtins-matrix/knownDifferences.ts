/**
 * THE list of known differences between spvkit's validate-builtins and Debian spirv-val 2023.1
 * (SPIRV-Tools v2023.1). Where they differ, spvkit follows the Vulkan specification.
 *
 * Each entry says what spirv-val 2023.1 does, which matrix cases it covers, and what the
 * specification expects for those cases. The expectations come from the SPEC table below: the
 * Valid Usage statements of the Vulkan "Built-In Variables" chapter, written out here on their own
 * (not from spvkit's rule table), so these cases are judged by the specification's words.
 */
import type { MatrixCase } from './moduleText.js';
import type { OracleAnswer } from './oracle.js';

export interface KnownDifference {
  readonly id: string;
  /** What spirv-val 2023.1 does, and what the specification says instead. */
  readonly description: string;
  /** Whether a matrix case falls under this difference. */
  applies(c: MatrixCase, answer: OracleAnswer): boolean;
  /** The error codes the specification calls for in that case (empty: the module is valid). */
  expect(c: MatrixCase): readonly string[];
}

/** One built-in's Valid Usage, as the specification states it. */
interface SpecStatement {
  /** "must be used only within the ... Execution Model" */
  readonly models?: readonly string[];
  /** "must be declared using the X Storage Class" (per model where the spec splits it). */
  readonly storage: readonly { readonly models?: readonly string[]; readonly classes: readonly string[]; readonly vuid: number }[];
  /** "must be declared as ..." over the matrix's type shapes; `member`: the Block-member form. */
  readonly type: (shape: string, member: boolean) => boolean;
  /** Models in which a variable has one more (per-vertex / per-primitive) array level. */
  readonly arrayedModels?: readonly string[];
  readonly vuids: { readonly model?: number; readonly type: number; readonly topology?: number; readonly perPrimitive?: number };
  /** "must be used with the X Execution Mode" (mesh primitive indices). */
  readonly topology?: boolean;
  /** "must also be decorated with PerPrimitiveEXT" (CullPrimitiveEXT 07038). */
  readonly perPrimitive?: boolean;
  /** FragDepth 04216: "If the shader dynamically writes to the variable ..., the DepthReplacing Execution Mode must be declared". */
  readonly writeNeedsMode?: { readonly model: string; readonly vuid: number };
  /** Layer/ViewportIndex in Vertex/TessellationEvaluation need the shaderOutputLayer/-ViewportIndex feature: one of these capabilities. */
  readonly capability?: { readonly models: readonly string[]; readonly any: readonly string[]; readonly vuid: number };
}

const COMPUTE_LIKE = ['GLCompute', 'MeshEXT', 'TaskEXT', 'MeshNV', 'TaskNV'];
const i32 = (s: string): boolean => s === 'u32' || s === 'i32';
const vec =
  (n: number, c: 'f32' | 'u32') =>
  (s: string): boolean =>
    s === `v${n}${c}` || (c === 'u32' && s === `v${n}i32`);
const arrayOf =
  (el: (s: string) => boolean) =>
  (s: string): boolean => {
    const m = /^a\d+:(.*)$/.exec(s);
    return m !== null && el(m[1]);
  };
const input = (vuid: number) => [{ classes: ['Input'], vuid }];
const output = (vuid: number) => [{ classes: ['Output'], vuid }];

function fragmentInput(base: number, type: (s: string) => boolean): SpecStatement {
  // "only within the Fragment Execution Model" / "using the Input Storage Class" / "declared as ..."
  return { models: ['Fragment'], storage: input(base + 1), type, vuids: { model: base, type: base + 2 } };
}

/** The statements the entries below rely on, by BuiltIn name and VUID number. */
const SPEC: Readonly<Record<string, SpecStatement>> = {
  // LocalInvocationIndex 04284-04286 (SEEDS.md): compute-like models, Input, scalar 32-bit integer.
  LocalInvocationIndex: { models: COMPUTE_LIKE, storage: input(4285), type: i32, vuids: { model: 4284, type: 4286 } },
  // AMD barycentrics: Fragment, Input, two-component (PullModel: three-component) vector of 32-bit floats.
  BaryCoordNoPerspAMD: fragmentInput(4157, vec(2, 'f32')),
  BaryCoordNoPerspCentroidAMD: fragmentInput(4163, vec(2, 'f32')),
  BaryCoordNoPerspSampleAMD: fragmentInput(4166, vec(2, 'f32')),
  BaryCoordPullModelAMD: fragmentInput(4169, vec(3, 'f32')),
  BaryCoordSmoothAMD: fragmentInput(4172, vec(2, 'f32')),
  BaryCoordSmoothCentroidAMD: fragmentInput(4175, vec(2, 'f32')),
  BaryCoordSmoothSampleAMD: fragmentInput(4178, vec(2, 'f32')),
  // NV mesh shading.
  TaskCountNV: { models: ['TaskNV'], storage: output(4385), type: i32, vuids: { model: 4384, type: 4386 } },
  PrimitiveCountNV: { models: ['MeshNV'], storage: output(4328), type: i32, vuids: { model: 4327, type: 4329 } },
  PrimitiveIndicesNV: { models: ['MeshNV'], storage: output(4339), type: arrayOf(i32), vuids: { model: 4338, type: 4340 } },
  MeshViewCountNV: { models: ['MeshNV', 'TaskNV'], storage: input(4288), type: i32, vuids: { model: 4287, type: 4289 } },
  MeshViewIndicesNV: { models: ['MeshNV', 'TaskNV'], storage: input(4291), type: arrayOf(i32), vuids: { model: 4290, type: 4292 } },
  // EXT mesh shading: MeshEXT, Output, arrays of indices, with the matching output topology mode.
  PrimitivePointIndicesEXT: {
    models: ['MeshEXT'],
    storage: output(7043),
    type: arrayOf(i32),
    topology: true,
    vuids: { model: 7041, type: 7044, topology: 7042 },
  },
  PrimitiveLineIndicesEXT: {
    models: ['MeshEXT'],
    storage: output(7049),
    type: arrayOf(vec(2, 'u32')),
    topology: true,
    vuids: { model: 7047, type: 7050, topology: 7048 },
  },
  PrimitiveTriangleIndicesEXT: {
    models: ['MeshEXT'],
    storage: output(7055),
    type: arrayOf(vec(3, 'u32')),
    topology: true,
    vuids: { model: 7053, type: 7056, topology: 7054 },
  },
  // CullPrimitiveEXT 07034-07038: MeshEXT, Output, "a scalar boolean member of a structure decorated
  // as Block, or ... a variable of type OpTypeArray of boolean values", decorated PerPrimitiveEXT.
  CullPrimitiveEXT: {
    models: ['MeshEXT'],
    storage: output(7035),
    type: (s, member) => (member ? s === 'bool' : arrayOf((e) => e === 'bool')(s)),
    perPrimitive: true,
    vuids: { model: 7034, type: 7036, perPrimitive: 7038 },
  },
  // ViewIndex 04401: "only within the MeshEXT, Vertex, Geometry, TessellationControl,
  // TessellationEvaluation or Fragment Execution Model"; 04402 Input; 04403 scalar 32-bit integer.
  ViewIndex: {
    models: ['MeshEXT', 'Vertex', 'Geometry', 'TessellationControl', 'TessellationEvaluation', 'Fragment'],
    storage: input(4402),
    type: i32,
    vuids: { model: 4401, type: 4403 },
  },
  // Layer 04272-04276 / ViewportIndex 04404-04408: a scalar 32-bit integer; the per-primitive array
  // only exists for mesh outputs.
  Layer: {
    models: ['MeshEXT', 'MeshNV', 'Vertex', 'TessellationEvaluation', 'Geometry', 'Fragment'],
    storage: [
      { models: ['MeshEXT', 'MeshNV', 'Vertex', 'TessellationEvaluation', 'Geometry'], classes: ['Output'], vuid: 4274 },
      { models: ['Fragment'], classes: ['Input'], vuid: 4275 },
    ],
    type: i32,
    arrayedModels: ['MeshEXT', 'MeshNV'],
    capability: { models: ['Vertex', 'TessellationEvaluation'], any: ['ShaderLayer', 'ShaderViewportIndexLayerEXT'], vuid: 4273 },
    vuids: { model: 4272, type: 4276 },
  },
  ViewportIndex: {
    models: ['MeshEXT', 'MeshNV', 'Vertex', 'TessellationEvaluation', 'Geometry', 'Fragment'],
    storage: [
      { models: ['MeshEXT', 'MeshNV', 'Vertex', 'TessellationEvaluation', 'Geometry'], classes: ['Output'], vuid: 4406 },
      { models: ['Fragment'], classes: ['Input'], vuid: 4407 },
    ],
    type: i32,
    arrayedModels: ['MeshEXT', 'MeshNV'],
    capability: { models: ['Vertex', 'TessellationEvaluation'], any: ['ShaderViewportIndex', 'ShaderViewportIndexLayerEXT'], vuid: 4405 },
    vuids: { model: 4404, type: 4408 },
  },
  // PrimitiveId 04330-04337: a scalar 32-bit integer (per-primitive array for mesh outputs).
  PrimitiveId: {
    models: ['MeshEXT', 'MeshNV', 'IntersectionKHR', 'AnyHitKHR', 'ClosestHitKHR', 'TessellationControl', 'TessellationEvaluation', 'Geometry', 'Fragment'],
    storage: [
      {
        models: ['TessellationControl', 'TessellationEvaluation', 'Fragment', 'IntersectionKHR', 'AnyHitKHR', 'ClosestHitKHR'],
        classes: ['Input'],
        vuid: 4334,
      },
      { models: ['Geometry'], classes: ['Input', 'Output'], vuid: 4335 },
      { models: ['MeshEXT', 'MeshNV'], classes: ['Output'], vuid: 4336 },
    ],
    type: i32,
    arrayedModels: ['MeshEXT', 'MeshNV'],
    vuids: { model: 4330, type: 4337 },
  },
  // FragDepth 04213-04216: Fragment, Output, scalar 32-bit float, DepthReplacing to write it.
  FragDepth: {
    models: ['Fragment'],
    storage: output(4214),
    type: (s) => s === 'f32',
    writeNeedsMode: { model: 'Fragment', vuid: 4216 },
    vuids: { model: 4213, type: 4215 },
  },
  // FragStencilRefEXT 04223-04225: Fragment, Output, "a scalar integer value".
  FragStencilRefEXT: { models: ['Fragment'], storage: output(4224), type: (s) => /^[ui](32|64)$/.test(s), vuids: { model: 4223, type: 4225 } },
  // PrimitiveShadingRateKHR 04484-04486: "a scalar 32-bit integer value for all supported execution
  // models except MeshEXT" (where it is a per-primitive array).
  PrimitiveShadingRateKHR: {
    models: ['MeshEXT', 'MeshNV', 'Vertex', 'Geometry'],
    storage: output(4485),
    type: i32,
    arrayedModels: ['MeshEXT'],
    vuids: { model: 4484, type: 4486 },
  },
};

const vuid = (name: string, n: number): string => `VUID-${name}-${name}-${String(n).padStart(5, '0')}`;

/** The models in which the case's built-in is used (not merely listed). */
function usedIn(c: MatrixCase): string[] {
  if (c.placement === 'interface' || c.placement === 'member-sibling') return [];
  if (c.placement === 'listed-elsewhere') return [c.useModel!];
  return [c.model];
}

/** What the specification statements of `c.builtIn` call for in case `c`. */
function expectFromSpec(c: MatrixCase): string[] {
  if (!c.env.startsWith('vulkan')) return []; // Vulkan rules only
  const spec = SPEC[c.builtIn];
  if (spec === undefined) throw new Error(`no specification statement for ${c.builtIn}`);
  const codes = new Set<string>();
  const used = usedIn(c);
  if (spec.models && spec.vuids.model !== undefined) {
    for (const m of used) if (!spec.models.includes(m)) codes.add(vuid(c.builtIn, spec.vuids.model));
  }
  const generic = spec.storage.filter((s) => s.models === undefined);
  const perModel = spec.storage.filter((s) => s.models !== undefined);
  for (const s of generic) if (!s.classes.includes(c.storage)) codes.add(vuid(c.builtIn, s.vuid));
  for (const m of used) for (const s of perModel) if (s.models!.includes(m) && !s.classes.includes(c.storage)) codes.add(vuid(c.builtIn, s.vuid));
  if (used.length === 0 && perModel.length > 0 && !perModel.some((s) => s.classes.includes(c.storage))) codes.add(vuid(c.builtIn, perModel[0].vuid));
  const member = c.placement === 'member' || c.placement === 'member-sibling';
  const arrayed = !member && (spec.arrayedModels ?? []).length > 0 && (used.length === 0 || used.every((m) => spec.arrayedModels!.includes(m)));
  const inner = /^a\d+:(.*)$/.exec(c.type)?.[1];
  if (!spec.type(c.type, member) && !(arrayed && inner !== undefined && spec.type(inner, member))) codes.add(vuid(c.builtIn, spec.vuids.type));
  if (spec.topology && c.omitBuiltinMode && used.includes('MeshEXT')) codes.add(vuid(c.builtIn, spec.vuids.topology!));
  if (spec.perPrimitive && !c.perPrimitive) codes.add(vuid(c.builtIn, spec.vuids.perPrimitive!));
  if (spec.writeNeedsMode && c.store && c.omitBuiltinMode && used.includes(spec.writeNeedsMode.model)) codes.add(vuid(c.builtIn, spec.writeNeedsMode.vuid));
  if (spec.capability && used.some((m) => spec.capability!.models.includes(m)) && !spec.capability.any.some((x) => c.extraCapabilities?.includes(x))) {
    codes.add(vuid(c.builtIn, spec.capability.vuid));
  }
  return [...codes];
}

const UNCHECKED_BY_2023_1 = new Set([
  'LocalInvocationIndex',
  'BaryCoordNoPerspAMD',
  'BaryCoordNoPerspCentroidAMD',
  'BaryCoordNoPerspSampleAMD',
  'BaryCoordPullModelAMD',
  'BaryCoordSmoothAMD',
  'BaryCoordSmoothCentroidAMD',
  'BaryCoordSmoothSampleAMD',
  'TaskCountNV',
  'PrimitiveCountNV',
  'PrimitiveIndicesNV',
  'MeshViewCountNV',
  'MeshViewIndicesNV',
  'PrimitivePointIndicesEXT',
  'PrimitiveLineIndicesEXT',
  'PrimitiveTriangleIndicesEXT',
  'CullPrimitiveEXT',
]);

const MESH = ['MeshEXT', 'MeshNV'];

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'block-member-granularity',
    description:
      'spirv-val 2023.1 counts any access to a Block variable as a use of every built-in member of it, so a never-accessed member ' +
      "(here FragDepth, FragStencilRefEXT in a Vertex shader's output block whose Position is written) breaks its execution-model rule. " +
      'spvkit counts a member as used where an access chain selects it, or where the whole block is loaded, stored or passed: like a ' +
      'variable only listed in an interface, an untouched member is not used; its storage class and type rules still apply.',
    applies: (c, answer) => {
      const model = SPEC[c.builtIn]?.vuids.model;
      return c.placement === 'member-sibling' && model !== undefined && answer.vuid === vuid(c.builtIn, model);
    },
    expect: expectFromSpec,
  },
  {
    id: 'FragDepth-read-without-DepthReplacing',
    description:
      'spirv-val 2023.1 asks for the DepthReplacing execution mode wherever FragDepth is referenced. The specification ' +
      '(VUID-FragDepth-FragDepth-04216) asks for it "if the shader dynamically writes to the variable decorated with FragDepth": ' +
      'spvkit accepts a Fragment shader that only reads its FragDepth output without DepthReplacing, and rejects one that writes it.',
    applies: (c) => c.builtIn === 'FragDepth' && c.omitBuiltinMode === true && c.store !== true && usedIn(c).includes('Fragment'),
    expect: expectFromSpec,
  },
  {
    id: 'unchecked-by-spirv-val-2023.1',
    description:
      'spirv-val 2023.1 has no rules for LocalInvocationIndex (04284-04286, arrived in SPIRV-Tools later), the AMD barycentrics ' +
      '(04157-04180), the NV mesh built-ins TaskCountNV, PrimitiveCountNV, PrimitiveIndicesNV, MeshViewCountNV, MeshViewIndicesNV, ' +
      'the EXT mesh primitive indices (07041-07056) and CullPrimitiveEXT (07034-07038): it accepts every case. spvkit applies the ' +
      'Valid Usage statements of the specification (model, storage class, type, output topology mode, PerPrimitiveEXT).',
    applies: (c) => UNCHECKED_BY_2023_1.has(c.builtIn),
    expect: expectFromSpec,
  },
  {
    id: 'ViewIndex-models',
    description:
      'spirv-val 2023.1 only forbids ViewIndex in GLCompute. The specification (VUID-ViewIndex-ViewIndex-04401) allows it only within ' +
      'MeshEXT, Vertex, Geometry, TessellationControl, TessellationEvaluation or Fragment, so spvkit also rejects it in TaskEXT, MeshNV, ' +
      'TaskNV and the ray tracing models.',
    applies: (c) => c.builtIn === 'ViewIndex' && usedIn(c).some((m) => m !== 'GLCompute' && !SPEC.ViewIndex.models!.includes(m)),
    expect: expectFromSpec,
  },
  {
    id: 'per-primitive-array-outside-mesh',
    description:
      'spirv-val 2023.1 accepts Layer, ViewportIndex and PrimitiveId declared as an array of 32-bit integers in any execution model. The ' +
      'specification (04276, 04408, 04337) requires a scalar 32-bit integer; only mesh shaders have the per-primitive array level, so ' +
      'spvkit rejects the array where a non-mesh entry point uses it.',
    applies: (c) =>
      ['Layer', 'ViewportIndex', 'PrimitiveId'].includes(c.builtIn) &&
      c.placement !== 'member' &&
      /^a\d+:(u32|i32)$/.test(c.type) &&
      usedIn(c).some((m) => !MESH.includes(m)),
    expect: expectFromSpec,
  },
  {
    id: 'PrimitiveShadingRateKHR-MeshEXT-array',
    description:
      'spirv-val 2023.1 requires PrimitiveShadingRateKHR to be a scalar everywhere. The specification (04486) asks for a scalar 32-bit ' +
      'integer "for all supported execution models except MeshEXT", where the output is per-primitive: spvkit accepts an array of ' +
      '32-bit integers in MeshEXT.',
    applies: (c) => c.builtIn === 'PrimitiveShadingRateKHR' && c.placement !== 'member' && /^a\d+:(u32|i32)$/.test(c.type) && usedIn(c).includes('MeshEXT'),
    expect: expectFromSpec,
  },
];
