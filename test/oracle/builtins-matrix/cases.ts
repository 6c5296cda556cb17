/**
 * The validate-builtins matrix: BuiltIn x execution model x storage class x type x placement (in
 * main, in a called function, only in the interface, as a Block member, used by another entry
 * point), generated deterministically. The rule table only picks the inputs (a type that should be
 * right, the natural storage class); what is right is judged by spirv-val, or for what spirv-val
 * 2023.1 does not know, by the specification statements in knownDifferences.ts.
 */
import { enumerantByValue } from '@spvkit/core';
import { VULKAN_BUILTIN_RULES as BUILTIN_RULES, type BuiltinRule } from '../../../packages/validator/src/index.js';
import type { TypeRule } from '@spvkit/validator';
import { MODELS, MODEL_NAMES, type MatrixCase, type Placement, type StorageName } from './moduleText.js';

const DEFAULT_ENV = 'vulkan1.2';
/** Types tried as wrong (each is also right for some built-in, so the matrix shows both sides). */
const OTHER_TYPES = ['i32', 'f32', 'u64', 'v3u32', 'bool'];

function shapeOf(rule: TypeRule, member: boolean): string {
  switch (rule.kind) {
    case 'bool':
      return 'bool';
    case 'int':
      return 'u32';
    case 'float':
      return 'f32';
    case 'ivec':
      return `v${rule.n}u32`;
    case 'fvec':
      return `v${rule.n}f32`;
    case 'farray':
      return `a${rule.n ?? 4}:f32`;
    case 'iarray':
      return 'a4:u32';
    case 'ivecarray':
      return `a4:v${rule.n}u32`;
    case 'fmat':
      return 'm4x3f32';
    case 'boolOrBoolArray':
      return member ? 'bool' : 'a4:bool';
  }
}

const modelValue = (name: string): number => {
  for (let v = 0; v < 6000; v++) if (enumerantByValue('ExecutionModel', v)?.name === name) return v;
  throw new Error(name);
};
const MODEL_VALUE = new Map(MODEL_NAMES.map((m) => [m, modelValue(m)]));
const storageValue: Record<StorageName, number> = { Input: 1, Output: 3, Private: 6 };

function naturalStorage(rule: BuiltinRule, model: string): StorageName {
  const mv = MODEL_VALUE.get(model)!;
  const perModel = rule.storage.find((s) => s.models?.includes(mv));
  const s = perModel ?? rule.storage.find((x) => x.models === undefined) ?? rule.storage[0];
  return s.classes[0] === storageValue.Output && !NO_OUTPUT.has(model) ? 'Output' : 'Input';
}

function allowedModels(rule: BuiltinRule): string[] {
  if (rule.models === undefined) return MODEL_NAMES;
  return MODEL_NAMES.filter((m) => rule.models!.allowed.includes(MODEL_VALUE.get(m)!));
}

function name(c: Omit<MatrixCase, 'name'>): string {
  const flags = [
    c.useModel ? `<${c.useModel}` : '',
    c.store ? '=store' : '',
    c.omitBuiltinMode ? '!mode' : '',
    c.extraCapabilities?.length ? `+${c.extraCapabilities.join('+')}` : '',
    c.perPrimitive ? '+PerPrimitive' : '',
  ]
    .filter(Boolean)
    .join('');
  const what = c.constant ? `${c.constant}(${(c.sizes ?? [1, 1, 1]).join(',')})` : c.storage;
  return `${c.builtIn}/${c.model}/${what}/${c.type}/${c.placement}${flags}@${c.env}`;
}

/** Models where Vulkan forbids the Output storage class altogether (VUID-StandaloneSpirv-None-04644). */
const NO_OUTPUT = new Set(['GLCompute', 'RayGenerationKHR', 'IntersectionKHR', 'AnyHitKHR', 'ClosestHitKHR', 'MissKHR', 'CallableKHR']);

/** Cases that are invalid for a reason outside built-ins, which spirv-val would report instead. */
function outsideBuiltins(c: Omit<MatrixCase, 'name'>): boolean {
  if (c.storage === 'Output' && (NO_OUTPUT.has(c.model) || (c.useModel !== undefined && NO_OUTPUT.has(c.useModel)))) return true;
  // A Fragment integer input needs Flat, which a Vertex input must not have.
  if (c.placement === 'listed-elsewhere' && c.storage === 'Input' && [c.model, c.useModel].includes('Vertex') && [c.model, c.useModel].includes('Fragment'))
    return true;
  return false;
}

function make(c: Omit<MatrixCase, 'name'>): MatrixCase {
  return { ...c, name: name(c) };
}

/** Every case of the matrix, in a stable order, without duplicates. */
export function matrixCases(): MatrixCase[] {
  const out = new Map<string, MatrixCase>();
  const add = (c: Omit<MatrixCase, 'name'>): void => {
    if (outsideBuiltins(c)) return;
    const m = make(c);
    if (!out.has(m.name)) out.set(m.name, m);
  };
  for (const rule of BUILTIN_RULES) {
    const builtIn = enumerantByValue('BuiltIn', rule.builtIn)!.name;
    const good = rule.type ? shapeOf(rule.type.rule, false) : 'u32';
    const goodMember = rule.type ? shapeOf(rule.type.rule, true) : 'u32';
    const allowed = allowedModels(rule);
    const m0 = allowed.find((m) => !MODELS[m].spv14) ?? allowed[0];
    const bad = MODEL_NAMES.find((m) => !allowed.includes(m));
    const perPrimitive = builtIn === 'CullPrimitiveEXT' ? true : undefined;
    const base = { builtIn, env: DEFAULT_ENV, ...(perPrimitive ? { perPrimitive } : {}) };

    // Every execution model, natural storage class, right type, used in main.
    for (const model of MODEL_NAMES) add({ ...base, model, storage: naturalStorage(rule, model), type: good, placement: 'main' });
    // Storage classes and types at the first allowed model.
    for (const storage of ['Input', 'Output', 'Private'] as const) add({ ...base, model: m0, storage, type: good, placement: 'main' });
    for (const type of OTHER_TYPES) add({ ...base, model: m0, storage: naturalStorage(rule, m0), type, placement: 'main' });
    // Placements.
    const placements: Placement[] = ['callee', 'interface', 'member'];
    for (const placement of placements) {
      add({ ...base, model: m0, storage: naturalStorage(rule, m0), type: placement === 'member' ? goodMember : good, placement });
      if (bad !== undefined) add({ ...base, model: bad, storage: naturalStorage(rule, bad), type: placement === 'member' ? goodMember : good, placement });
    }
    add({ ...base, model: m0, storage: naturalStorage(rule, m0), type: 'f32' === goodMember ? 'u32' : 'f32', placement: 'member' });
    add({ ...base, model: m0, storage: 'Private', type: good, placement: 'callee' });
    if (bad !== undefined) {
      add({ ...base, model: bad, storage: naturalStorage(rule, m0), type: good, placement: 'listed-elsewhere', useModel: m0 });
      add({ ...base, model: bad, storage: naturalStorage(rule, m0), type: 'f32' === good ? 'u32' : 'f32', placement: 'callee' });
    }
    // Per-vertex / per-primitive arrays, in every model.
    if (rule.arrayedIn !== undefined) {
      for (const model of MODEL_NAMES) add({ ...base, model, storage: naturalStorage(rule, model), type: `a3:${good}`, placement: 'main' });
      for (const model of MODEL_NAMES) {
        if (!allowed.includes(model)) continue;
        add({ ...base, model, storage: naturalStorage(rule, model), type: goodMember, placement: 'member' });
      }
    }
    // Rules of a few built-ins beyond model/storage/type.
    if (rule.extra?.some((e) => e.kind === 'executionMode')) {
      for (const model of allowed) {
        add({ ...base, model, storage: naturalStorage(rule, model), type: good, placement: 'main', omitBuiltinMode: true });
        add({ ...base, model, storage: naturalStorage(rule, model), type: good, placement: 'main', omitBuiltinMode: true, store: true });
        add({ ...base, model, storage: naturalStorage(rule, model), type: good, placement: 'main', store: true });
      }
    }
    if (rule.extra?.some((e) => e.kind === 'capabilityInModels')) {
      const cap = builtIn === 'Layer' ? 'ShaderLayer' : 'ShaderViewportIndex';
      for (const model of ['Vertex', 'TessellationEvaluation'])
        add({ ...base, model, storage: 'Output', type: good, placement: 'main', extraCapabilities: [cap] });
    }
    if (builtIn === 'CullPrimitiveEXT') {
      add({ builtIn, env: DEFAULT_ENV, model: 'MeshEXT', storage: 'Output', type: good, placement: 'main' });
      add({ builtIn, env: DEFAULT_ENV, model: 'MeshEXT', storage: 'Output', type: 'bool', placement: 'member' });
    }
  }

  // Block-member granularity: an Output block of a Vertex shader whose accessed member 0 is
  // Position, and whose never-accessed member 1 is a built-in of another stage.
  for (const [builtIn, type] of [
    ['FragDepth', 'f32'],
    ['FragStencilRefEXT', 'u32'],
    ['PrimitiveShadingRateKHR', 'u32'],
    ['Position', 'v4f32'],
  ] as const) {
    add({ builtIn, env: DEFAULT_ENV, model: 'Vertex', storage: 'Output', type, placement: 'member-sibling' });
    add({ builtIn, env: DEFAULT_ENV, model: 'Vertex', storage: 'Output', type: 'bool', placement: 'member-sibling' });
  }

  // The four seeds in every Vulkan env that spirv-val 2023.1 knows, and SPIR-V-only (universal).
  const seeds: [string, string, string][] = [
    ['LocalInvocationIndex', 'GLCompute', 'u32'],
    ['WorkgroupId', 'GLCompute', 'v3u32'],
    ['SampleId', 'Fragment', 'u32'],
    ['DeviceIndex', 'Vertex', 'u32'],
  ];
  for (const env of ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3', 'spv1.5']) {
    for (const [builtIn, model, type] of seeds) {
      for (const m of [model, 'Fragment', 'GLCompute', 'TessellationControl']) {
        add({ builtIn, env, model: m, storage: 'Input', type, placement: 'main' });
        add({ builtIn, env, model: m, storage: 'Input', type, placement: 'callee' });
      }
      add({ builtIn, env, model, storage: 'Output', type, placement: 'main' });
      add({ builtIn, env, model, storage: 'Input', type: 'f32', placement: 'main' });
      add({ builtIn, env, model, storage: 'Input', type: 'u64', placement: 'main' });
      add({ builtIn, env, model, storage: 'Input', type, placement: 'member' });
    }
  }

  // WorkgroupSize: a constant (Vulkan: only that), its type, its models; a variable; a zero size.
  for (const env of ['vulkan1.0', 'vulkan1.2', 'vulkan1.3', 'spv1.5']) {
    for (const constant of ['OpConstantComposite', 'OpSpecConstantComposite'] as const) {
      for (const model of ['GLCompute', 'Fragment', 'Vertex', 'TaskNV', 'MeshNV']) {
        add({ builtIn: 'WorkgroupSize', env, model, storage: 'Private', type: 'v3u32', placement: 'main', constant });
      }
      add({ builtIn: 'WorkgroupSize', env, model: 'Fragment', storage: 'Private', type: 'v3u32', placement: 'callee', constant });
      add({ builtIn: 'WorkgroupSize', env, model: 'GLCompute', storage: 'Private', type: 'v3u32', placement: 'interface', constant });
      for (const type of ['v2u32', 'v3f32', 'v3i32', 'v4u32'])
        add({ builtIn: 'WorkgroupSize', env, model: 'GLCompute', storage: 'Private', type, placement: 'main', constant });
    }
    add({
      builtIn: 'WorkgroupSize',
      env,
      model: 'GLCompute',
      storage: 'Private',
      type: 'v3u32',
      placement: 'main',
      constant: 'OpConstantComposite',
      sizes: [4, 0, 1],
    });
    add({
      builtIn: 'WorkgroupSize',
      env,
      model: 'GLCompute',
      storage: 'Private',
      type: 'v3u32',
      placement: 'main',
      constant: 'OpSpecConstantComposite',
      sizes: [4, 0, 1],
    });
    add({ builtIn: 'WorkgroupSize', env, model: 'GLCompute', storage: 'Input', type: 'v3u32', placement: 'main' });
  }
  // VertexId: not in Vulkan at all.
  add({ builtIn: 'VertexId', env: 'vulkan1.0', model: 'Vertex', storage: 'Input', type: 'u32', placement: 'main' });
  add({ builtIn: 'VertexId', env: 'spv1.5', model: 'Vertex', storage: 'Input', type: 'u32', placement: 'main' });
  return [...out.values()];
}
