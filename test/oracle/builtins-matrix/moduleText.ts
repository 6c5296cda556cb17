/**
 * Writes the SPIR-V assembly (spirv-as syntax) of one matrix case: a shader with one entry point
 * (two for `listed-elsewhere`) whose only interesting content is one BuiltIn variable (or Block
 * member, or WorkgroupSize constant) used in a chosen way.
 */
import { enumerantByName } from '@spvkit/core';

export type StorageName = 'Input' | 'Output' | 'Private';
export type Placement =
  /** Loaded in the entry point function. */
  | 'main'
  /** Loaded in a function the entry point calls. */
  | 'callee'
  /** Listed in the entry point interface, never used. */
  | 'interface'
  /** Member 0 of a Block struct; the variable is loaded through an access chain in main. */
  | 'member'
  /** Used by an entry point of `useModel`; only listed by the entry point of `model`. */
  | 'listed-elsewhere'
  /** Member 1 of a Block whose member 0 is Position; only member 0 is accessed. */
  | 'member-sibling';

export interface MatrixCase {
  /** Unique, readable: `SampleId/GLCompute/Input/u32/main@vulkan1.2`. */
  readonly name: string;
  readonly builtIn: string;
  readonly model: string;
  readonly storage: StorageName;
  /** Type shape: `u32`, `i32`, `f32`, `bool`, `u64`, `f64`, `v3u32`, `v4f32`, `m4x3f32`, `a4:f32` (array of 4), nestable. */
  readonly type: string;
  readonly placement: Placement;
  /** spirv-as / spirv-val target env, also spvkit's. */
  readonly env: string;
  /** For listed-elsewhere: the model of the entry point that uses it. */
  readonly useModel?: string;
  /** WorkgroupSize as a (spec) constant composite instead of a variable. */
  readonly constant?: 'OpConstantComposite' | 'OpSpecConstantComposite';
  /** Constant values for WorkgroupSize (default 1,1,1). */
  readonly sizes?: readonly [number, number, number];
  /** Leave out execution modes the builtin needs (FragDepth's DepthReplacing, mesh output topology). */
  readonly omitBuiltinMode?: boolean;
  /** Extra capabilities (e.g. ShaderViewportIndexLayerEXT for Layer in Vertex). */
  readonly extraCapabilities?: readonly string[];
  /** For CullPrimitiveEXT: also decorate PerPrimitiveEXT. */
  readonly perPrimitive?: boolean;
  /** Write the variable (OpStore of a null constant) instead of reading it. */
  readonly store?: boolean;
}

interface ModelInfo {
  readonly caps: readonly string[];
  readonly exts: readonly string[];
  readonly modes: readonly string[];
  /** Needs SPIR-V 1.4 (env vulkan1.2 or later). */
  readonly spv14?: boolean;
}

export const MODELS: Readonly<Record<string, ModelInfo>> = {
  Vertex: { caps: [], exts: [], modes: [] },
  TessellationControl: { caps: ['Tessellation'], exts: [], modes: ['OutputVertices 3'] },
  TessellationEvaluation: { caps: ['Tessellation'], exts: [], modes: ['Triangles', 'SpacingEqual', 'VertexOrderCw'] },
  Geometry: { caps: ['Geometry'], exts: [], modes: ['InputPoints', 'OutputPoints', 'OutputVertices 1', 'Invocations 1'] },
  Fragment: { caps: [], exts: [], modes: ['OriginUpperLeft'] },
  GLCompute: { caps: [], exts: [], modes: ['LocalSize 1 1 1'] },
  TaskNV: { caps: ['MeshShadingNV'], exts: ['SPV_NV_mesh_shader'], modes: ['LocalSize 1 1 1'] },
  MeshNV: {
    caps: ['MeshShadingNV'],
    exts: ['SPV_NV_mesh_shader'],
    modes: ['LocalSize 1 1 1', 'OutputVertices 3', 'OutputPrimitivesNV 1', 'OutputTrianglesNV'],
  },
  TaskEXT: { caps: ['MeshShadingEXT'], exts: ['SPV_EXT_mesh_shader'], modes: ['LocalSize 1 1 1'], spv14: true },
  MeshEXT: {
    caps: ['MeshShadingEXT'],
    exts: ['SPV_EXT_mesh_shader'],
    modes: ['LocalSize 1 1 1', 'OutputVertices 3', 'OutputPrimitivesEXT 1', 'OutputTrianglesEXT'],
    spv14: true,
  },
  RayGenerationKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
  IntersectionKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
  AnyHitKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
  ClosestHitKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
  MissKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
  CallableKHR: { caps: ['RayTracingKHR'], exts: ['SPV_KHR_ray_tracing'], modes: [], spv14: true },
};
export const MODEL_NAMES = Object.keys(MODELS);

/** The SPIR-V version word's minor for an env name. */
export function envMinor(env: string): number {
  const table: Record<string, number> = { 'vulkan1.0': 0, 'vulkan1.1': 3, 'vulkan1.2': 5, 'vulkan1.3': 6 };
  const v = table[env];
  if (v !== undefined) return v;
  const m = /^spv1\.(\d)$/.exec(env);
  if (m) return Number(m[1]);
  throw new Error(`matrix: unsupported env ${env}`);
}

/** Capability and extension a BuiltIn needs, chosen for a Vulkan shader. */
const BUILTIN_CAPABILITY_OVERRIDES: Readonly<Record<string, { caps: string[]; exts: string[] }>> = {
  SubgroupSize: { caps: ['GroupNonUniform'], exts: [] },
  SubgroupLocalInvocationId: { caps: ['GroupNonUniform'], exts: [] },
  SubgroupId: { caps: ['GroupNonUniform'], exts: [] },
  NumSubgroups: { caps: ['GroupNonUniform'], exts: [] },
  SubgroupEqMask: { caps: ['GroupNonUniformBallot'], exts: [] },
  SubgroupGeMask: { caps: ['GroupNonUniformBallot'], exts: [] },
  SubgroupGtMask: { caps: ['GroupNonUniformBallot'], exts: [] },
  SubgroupLeMask: { caps: ['GroupNonUniformBallot'], exts: [] },
  SubgroupLtMask: { caps: ['GroupNonUniformBallot'], exts: [] },
  PrimitiveShadingRateKHR: { caps: ['FragmentShadingRateKHR'], exts: ['SPV_KHR_fragment_shading_rate'] },
  ShadingRateKHR: { caps: ['FragmentShadingRateKHR'], exts: ['SPV_KHR_fragment_shading_rate'] },
  HitTNV: { caps: ['RayTracingNV'], exts: ['SPV_NV_ray_tracing'] },
};

function builtinRequirements(builtIn: string, minor: number): { caps: string[]; exts: string[] } {
  const o = BUILTIN_CAPABILITY_OVERRIDES[builtIn];
  const e = enumerantByName('BuiltIn', builtIn);
  if (e === undefined) throw new Error(`matrix: unknown BuiltIn ${builtIn}`);
  const caps = o ? [...o.caps] : e.capabilities.filter((c) => c !== 'Kernel').slice(0, 1);
  const exts = o ? [...o.exts] : [];
  const need = (version: string | undefined): boolean => version === undefined || version === 'None' || Number(version.split('.')[1]) > minor;
  for (const c of caps) {
    const ce = enumerantByName('Capability', c);
    if (ce !== undefined && ce.extensions.length > 0 && need(ce.version)) exts.push(ce.extensions[0]);
  }
  if (!o && exts.length === 0 && e.extensions.length > 0 && need(e.version)) exts.push(e.extensions[0]);
  return { caps, exts };
}

/** Type declarations, emitted once each in dependency order. */
class Types {
  readonly lines: string[] = [];
  readonly caps = new Set<string>();
  private readonly done = new Set<string>();

  id(shape: string): string {
    return `%t_${shape.replace(/[^A-Za-z0-9]/g, '_')}`;
  }

  constant(n: number): string {
    this.need('u32');
    const id = `%c_${n}`;
    if (!this.done.has(id)) {
      this.done.add(id);
      this.lines.push(`${id} = OpConstant ${this.id('u32')} ${n}`);
    }
    return id;
  }

  need(shape: string): string {
    const id = this.id(shape);
    if (this.done.has(shape)) return id;
    let decl: string;
    const arr = /^a(\d+):(.*)$/.exec(shape);
    const vec = /^v(\d)(u32|i32|f32|u64|f64)$/.exec(shape);
    if (arr) {
      const el = this.need(arr[2]);
      const len = this.constant(Number(arr[1]));
      decl = `OpTypeArray ${el} ${len}`;
    } else if (vec) {
      decl = `OpTypeVector ${this.need(vec[2])} ${vec[1]}`;
    } else if (shape === 'm4x3f32') {
      decl = `OpTypeMatrix ${this.need('v3f32')} 4`;
    } else {
      const scalars: Record<string, [string, string?]> = {
        bool: ['OpTypeBool'],
        u32: ['OpTypeInt 32 0'],
        i32: ['OpTypeInt 32 1'],
        f32: ['OpTypeFloat 32'],
        u64: ['OpTypeInt 64 0', 'Int64'],
        f64: ['OpTypeFloat 64', 'Float64'],
      };
      const s = scalars[shape];
      if (s === undefined) throw new Error(`matrix: unknown type shape ${shape}`);
      decl = s[0];
      if (s[1]) this.caps.add(s[1]);
    }
    this.done.add(shape);
    this.lines.push(`${id} = ${decl}`);
    return id;
  }

  pointer(storage: string, shapeId: string): string {
    const id = `%p_${storage}_${shapeId.slice(1)}`;
    if (!this.done.has(id)) {
      this.done.add(id);
      this.lines.push(`${id} = OpTypePointer ${storage} ${shapeId}`);
    }
    return id;
  }
}

/** True when a type shape contains integers or 64-bit floats (Fragment inputs of such types need Flat). */
function needsFlat(shape: string): boolean {
  return /u32|i32|u64|f64/.test(shape);
}

/** The assembly text of a case. */
export function moduleText(c: MatrixCase): string {
  const minor = envMinor(c.env);
  const types = new Types();
  const caps = new Set<string>(['Shader']);
  const exts = new Set<string>();
  const req = builtinRequirements(c.builtIn, minor);
  req.caps.forEach((x) => caps.add(x));
  req.exts.forEach((x) => exts.add(x));
  for (const x of c.extraCapabilities ?? []) caps.add(x);
  const models = c.placement === 'listed-elsewhere' ? [c.useModel!, c.model] : [c.model];
  for (const m of models) {
    MODELS[m].caps.forEach((x) => caps.add(x));
    MODELS[m].exts.forEach((x) => exts.add(x));
  }

  const voidT = '%void';
  const names: string[] = [`OpName %bi "bi"`];
  const annotations: string[] = [];
  const globals: string[] = [];
  let useLines: (ret: string) => string[];
  const isWorkgroupSize = c.constant !== undefined;

  if (isWorkgroupSize) {
    const t = types.need(c.type);
    const vec = /^v(\d)(u32|i32|f32|u64|f64)$/.exec(c.type);
    const comp = vec ? vec[2] : c.type;
    const n = vec ? Number(vec[1]) : 1;
    const sizes = c.sizes ?? [1, 1, 1];
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `%wg_${i}`;
      const lit = comp === 'f32' || comp === 'f64' ? `${sizes[i] ?? 1}.0` : String(sizes[i] ?? 1);
      globals.push(`${id} = ${c.constant === 'OpSpecConstantComposite' ? 'OpSpecConstant' : 'OpConstant'} ${types.need(comp)} ${lit}`);
      if (c.constant === 'OpSpecConstantComposite') annotations.push(`OpDecorate ${id} SpecId ${i}`);
      parts.push(id);
    }
    globals.push(`%bi = ${c.constant} ${t} ${parts.join(' ')}`);
    annotations.push(`OpDecorate %bi BuiltIn WorkgroupSize`);
    useLines = () => [`%use = OpCompositeExtract ${types.need(comp)} %bi 0`];
  } else if (c.placement === 'member-sibling') {
    const t = types.need(c.type);
    const pos = types.need('v4f32');
    types.lines.push(`%blk = OpTypeStruct ${pos} ${t}`);
    const pBlk = types.pointer(c.storage, '%blk');
    const pPos = types.pointer(c.storage, pos);
    const zero = types.constant(0);
    names.push(`OpName %blk "blk"`, `OpMemberName %blk 0 "position"`, `OpMemberName %blk 1 "m"`);
    annotations.push(`OpDecorate %blk Block`, `OpMemberDecorate %blk 0 BuiltIn Position`, `OpMemberDecorate %blk 1 BuiltIn ${c.builtIn}`);
    globals.push(`%bi = OpVariable ${pBlk} ${c.storage}`);
    useLines = () => [`%pm = OpAccessChain ${pPos} %bi ${zero}`, `%use = OpLoad ${pos} %pm`];
  } else if (c.placement === 'member') {
    const t = types.need(c.type);
    types.lines.push(`%blk = OpTypeStruct ${t}`);
    const pBlk = types.pointer(c.storage, '%blk');
    const pMember = types.pointer(c.storage, t);
    const zero = types.constant(0);
    names.push(`OpName %blk "blk"`, `OpMemberName %blk 0 "m"`);
    annotations.push(`OpDecorate %blk Block`, `OpMemberDecorate %blk 0 BuiltIn ${c.builtIn}`);
    if (c.perPrimitive) annotations.push(`OpMemberDecorate %blk 0 PerPrimitiveEXT`);
    if (models.includes('Fragment') && c.storage === 'Input' && needsFlat(c.type)) annotations.push(`OpMemberDecorate %blk 0 Flat`);
    globals.push(`%bi = OpVariable ${pBlk} ${c.storage}`);
    useLines = () => [`%pm = OpAccessChain ${pMember} %bi ${zero}`, `%use = OpLoad ${t} %pm`];
  } else {
    const t = types.need(c.type);
    const p = types.pointer(c.storage, t);
    annotations.push(`OpDecorate %bi BuiltIn ${c.builtIn}`);
    if (c.perPrimitive) annotations.push(`OpDecorate %bi PerPrimitiveEXT`);
    if (models.includes('Fragment') && c.storage === 'Input' && needsFlat(c.type)) annotations.push(`OpDecorate %bi Flat`);
    globals.push(`%bi = OpVariable ${p} ${c.storage}`);
    if (c.store) {
      globals.push(`%null = OpConstantNull ${t}`);
      useLines = () => [`OpStore %bi %null`];
    } else {
      useLines = () => [`%use = OpLoad ${t} %bi`];
    }
  }
  types.caps.forEach((x) => caps.add(x));

  // Interfaces: before SPIR-V 1.4 only Input/Output variables are listed.
  const listed = !isWorkgroupSize && (c.storage !== 'Private' || minor >= 4) ? ' %bi' : '';
  const entryLines: string[] = [];
  const modeLines: string[] = [];
  models.forEach((m, i) => {
    const fn = i === 0 ? '%main' : '%main2';
    entryLines.push(`OpEntryPoint ${m} ${fn} "${i === 0 ? 'main' : 'main2'}"${listed}`);
    for (const mode of builtinModes(c, m)) modeLines.push(`OpExecutionMode ${fn} ${mode}`);
  });

  const fnLines: string[] = [];
  const use = useLines('');
  if (c.placement === 'callee') {
    fnLines.push(`%main = OpFunction ${voidT} None %fnty`, `%l0 = OpLabel`, `%call = OpFunctionCall ${voidT} %helper`, `OpReturn`, `OpFunctionEnd`);
    fnLines.push(`%helper = OpFunction ${voidT} None %fnty`, `%l1 = OpLabel`, ...use, `OpReturn`, `OpFunctionEnd`);
    names.push(`OpName %helper "helper"`);
  } else if (c.placement === 'interface') {
    fnLines.push(`%main = OpFunction ${voidT} None %fnty`, `%l0 = OpLabel`, `OpReturn`, `OpFunctionEnd`);
  } else {
    fnLines.push(`%main = OpFunction ${voidT} None %fnty`, `%l0 = OpLabel`, ...use, `OpReturn`, `OpFunctionEnd`);
    if (c.placement === 'listed-elsewhere') fnLines.push(`%main2 = OpFunction ${voidT} None %fnty`, `%l2 = OpLabel`, `OpReturn`, `OpFunctionEnd`);
  }

  return [
    `; ${c.name}`,
    ...[...caps].map((x) => `OpCapability ${x}`),
    ...[...exts].map((x) => `OpExtension "${x}"`),
    `OpMemoryModel Logical GLSL450`,
    ...entryLines,
    ...modeLines,
    ...names,
    ...annotations,
    `%void = OpTypeVoid`,
    `%fnty = OpTypeFunction %void`,
    ...types.lines,
    ...globals,
    ...fnLines,
    '',
  ].join('\n');
}

/** Execution modes of an entry point of `model` in case `c`. */
function builtinModes(c: MatrixCase, model: string): string[] {
  const modes = [...MODELS[model].modes];
  if (model === 'MeshEXT') {
    // The output topology the primitive-indices built-in needs; a wrong one when asked to omit it.
    const wanted =
      c.builtIn === 'PrimitivePointIndicesEXT' ? 'OutputPoints' : c.builtIn === 'PrimitiveLineIndicesEXT' ? 'OutputLinesEXT' : 'OutputTrianglesEXT';
    modes[modes.length - 1] = c.omitBuiltinMode ? (wanted === 'OutputTrianglesEXT' ? 'OutputPoints' : 'OutputTrianglesEXT') : wanted;
  }
  if (model === 'Fragment' && c.builtIn === 'FragDepth' && !c.omitBuiltinMode) modes.push('DepthReplacing');
  return modes;
}
