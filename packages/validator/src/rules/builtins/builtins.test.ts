// The builtins family (issue 19): validate() reports every Vulkan BuiltIn rule under its VUID, in
// family 'builtins', at the use (or declaration) with its source line and names, exactly as
// validateBuiltins (the same implementation, run alone) finds it. Each rule of the table gets a
// module that breaks it, made from the table itself, so a rule added there is tested here.
import { assemble, encodeModule, EnumerantNames, enumerantNameIn, ExecutionModel as M, Op, StorageClass as S, type Module } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { RULES } from '../../report/rules.js';
import type { ValidationDiagnostic } from '../../report/ValidationDiagnostic.js';
import { validate } from '../../validate.js';
import type { BuiltinRule } from './BuiltinRule.js';
import type { BuiltinVuid } from './codes.js';
import { BUILTIN_RULES } from './rules.js';
import type { TypeRule } from './typeShapes.js';
import { validateBuiltins } from './validateBuiltins.js';
import { VULKAN_BUILTIN_RULES, WORKGROUP_SIZE_RULES } from './vulkanRules.js';

const ENV = 'vulkan1.2';
const modelName = (m: number): string => enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', m)!;
const storageName = (s: number): string => enumerantNameIn(EnumerantNames.StorageClass, 'StorageClass', s)!;

/** Execution modes a shader of each model declares (no output topology for mesh shaders: rules 7042/7048/7054 are about it). */
const MODES: ReadonlyMap<number, readonly string[]> = new Map([
  [M.GLCompute, ['LocalSize 1 1 1']],
  [M.TaskEXT, ['LocalSize 1 1 1']],
  [M.TaskNV, ['LocalSize 1 1 1']],
  [M.MeshEXT, ['LocalSize 1 1 1', 'OutputVertices 3', 'OutputPrimitivesEXT 1']],
  [M.MeshNV, ['LocalSize 1 1 1', 'OutputVertices 3', 'OutputPrimitivesNV 1', 'OutputTrianglesNV']],
  [M.Fragment, ['OriginUpperLeft']],
  [M.TessellationControl, ['OutputVertices 3']],
  [M.TessellationEvaluation, ['Triangles']],
  [M.Geometry, ['Triangles', 'Invocations 1', 'OutputTriangleStrip', 'OutputVertices 3']],
]);
const ALL_MODELS = [M.GLCompute, M.Vertex, M.Fragment, M.TessellationControl, M.TessellationEvaluation, M.Geometry, M.MeshEXT, M.TaskEXT, M.RayGenerationKHR];

/** The SPIR-V type (an id of the module below) that is right for `rule`, and one that is wrong. */
function typesFor(rule: TypeRule): { right: string; wrong: string } {
  const right = ((): string => {
    switch (rule.kind) {
      case 'int':
        return '%uint';
      case 'float':
        return '%float';
      case 'bool':
        return '%bool';
      case 'ivec':
        return `%v${rule.n}uint`;
      case 'fvec':
        return `%v${rule.n}float`;
      case 'farray':
        return rule.n === 2 ? '%float_2' : '%float_4';
      case 'iarray':
        return '%uint_4';
      case 'ivecarray':
        return rule.n === 2 ? '%v2uint_4' : '%v3uint_4';
      case 'fmat':
        return '%mat4v3float';
      case 'boolOrBoolArray':
        return '%bool_4';
    }
  })();
  return { right, wrong: right === '%uint' ? '%float' : '%uint' };
}

interface Case {
  readonly builtIn: string;
  readonly model: number;
  readonly storage: number;
  readonly type: string;
  /** Store to the built-in instead of loading it. */
  readonly store?: boolean;
  readonly decorations?: string;
}

/** A module whose one entry point uses the built-in at blur.comp:12:5, in a called function. */
function moduleOf(c: Case): Module {
  const modes = (MODES.get(c.model) ?? []).map((m) => `OpExecutionMode %main ${m}\n`).join('');
  const use = c.store ? `OpStore %bi %value` : `%v = OpLoad ${c.type} %bi`;
  return assemble(
    `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint ${modelName(c.model)} %main "main" %bi
${modes}%src = OpString "blur.comp"
OpName %bi "gl_Thing"
OpName %helper "helper"
OpDecorate %bi BuiltIn ${c.builtIn}
${c.decorations ?? ''}%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%uint_2 = OpConstant %uint 2
%uint_4c = OpConstant %uint 4
%v2uint = OpTypeVector %uint 2
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%mat4v3float = OpTypeMatrix %v3float 4
%float_2 = OpTypeArray %float %uint_2
%float_4 = OpTypeArray %float %uint_4c
%uint_4 = OpTypeArray %uint %uint_4c
%v2uint_4 = OpTypeArray %v2uint %uint_4c
%v3uint_4 = OpTypeArray %v3uint %uint_4c
%bool_4 = OpTypeArray %bool %uint_4c
%ptr = OpTypePointer ${storageName(c.storage)} ${c.type}
%bi = OpVariable %ptr ${storageName(c.storage)}
%value = OpConstantNull ${c.type}
%main = OpFunction %void None %fn
%l0 = OpLabel
%call = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%l1 = OpLabel
OpLine %src 12 5
${use}
OpReturn
OpFunctionEnd
`,
    { targetEnv: ENV },
  );
}

/** A model the rule allows (the first), and the storage class its rules want there. */
function natural(rule: BuiltinRule): { model: number; storage: number } {
  const model = rule.models?.allowed[0] ?? M.GLCompute;
  const s = rule.storage.find((r) => r.models?.includes(model)) ?? rule.storage.find((r) => r.models === undefined) ?? rule.storage[0];
  return { model, storage: s.classes[0] };
}

/** For each VUID of `rule`: a case that breaks that rule (and as few others as it can). */
function breaking(rule: BuiltinRule): [BuiltinVuid, Case][] {
  const { model, storage } = natural(rule);
  const type = typesFor(rule.type!.rule);
  const base: Case = { builtIn: rule.name, model, storage, type: type.right, store: storage === S.Output };
  const out: [BuiltinVuid, Case][] = [];
  if (rule.models !== undefined) {
    const other = ALL_MODELS.find((m) => !rule.models!.allowed.includes(m))!;
    out.push([rule.models.vuid, { ...base, model: other }]);
  }
  const generic = rule.storage.find((s) => s.models === undefined);
  for (const s of rule.storage) {
    if (s.models === undefined) {
      out.push([s.vuid, { ...base, storage: S.Private, store: false }]);
      continue;
    }
    const m = s.models.find((x) => rule.models === undefined || rule.models.allowed.includes(x))!;
    // Where a rule for every model allows more classes, one of those breaks this model's rule alone.
    const wrong = generic?.classes.find((c) => !s.classes.includes(c)) ?? S.Private;
    out.push([s.vuid, { ...base, model: m, storage: wrong, store: wrong === S.Output }]);
  }
  out.push([rule.type!.vuid, { ...base, type: type.wrong }]);
  for (const e of rule.extra ?? []) {
    switch (e.kind) {
      case 'executionMode':
        out.push([e.vuid, { ...base, model: e.models[0], store: e.writesOnly === true || base.store }]);
        break;
      case 'capabilityInModels':
        out.push([e.vuid, { ...base, model: e.models[0], storage: S.Output, store: true }]);
        break;
      case 'alsoDecorated':
        out.push([e.vuid, base]);
        break;
    }
  }
  return out;
}

const family = (ds: readonly ValidationDiagnostic[]): ValidationDiagnostic[] => ds.filter((d) => d.family === 'builtins');
const words = (m: Module): Uint32Array => encodeModule(m);

describe('the builtins family', () => {
  const cases = VULKAN_BUILTIN_RULES.flatMap((rule) => breaking(rule).map(([vuid, c]) => ({ rule, vuid, c })));

  test('every rule of the table gets a case (each VUID at least once)', () => {
    const vuids = new Set(cases.map((k) => k.vuid));
    for (const rule of VULKAN_BUILTIN_RULES) {
      for (const v of [rule.models?.vuid, ...rule.storage.map((s) => s.vuid), rule.type?.vuid, ...(rule.extra ?? []).map((e) => e.vuid)]) {
        if (v !== undefined) expect(vuids.has(v), v).toBe(true);
      }
    }
    expect(cases.length).toBeGreaterThan(250);
  });

  test.each(cases.map((k) => [k.vuid, k] as const))('%s: validate() reports it at the use, in family builtins, named and placed', (vuid, { c }) => {
    const module = moduleOf(c);
    const found = family(validate(words(module), { targetEnv: ENV }));
    const hit = found.find((d) => d.code === vuid);
    expect(hit, `${vuid} in ${found.map((d) => d.code).join(', ')}`).toBeDefined();
    expect(hit!.family).toBe('builtins');
    expect(RULES[hit!.code]).toMatchObject({ family: 'builtins' });
    // Found through a use in helper(): the use's instruction and OpLine; else the declaration.
    if (hit!.entryPoint !== undefined) {
      expect(hit!.opcode).toBe(c.store ? Op.Store : Op.Load);
      expect(hit!.location).toMatchObject({ file: 'blur.comp', line: 12, column: 5 });
      expect(hit!.hint).toMatch(/^the use is reached through main -> helper \(%\d+\)$/);
    } else {
      expect(hit!.opcode).toBe(Op.Variable);
    }
    expect(hit!.ids[0]).toMatchObject({ name: 'gl_Thing' });
    expect(hit!.builtIn).toBeDefined();
    expect(hit!.message).toMatch(/^variable 'gl_Thing' \(%\d+, BuiltIn /);
    // One implementation: the family finds what validateBuiltins finds, its errors and nothing more.
    const alone = validateBuiltins(module, { targetEnv: ENV }).filter((d) => d.severity === 'error');
    expect(found.map((d) => [d.code, d.message]).sort()).toEqual(alone.map((d) => [d.code, d.message]).sort());
  });

  test('WorkgroupSize: on a variable (04426), of a wrong type (04427), used outside compute (04425)', () => {
    const text = (decorated: string, model = 'GLCompute', mode = 'LocalSize 1 1 1'): string => `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint ${model} %main "main"
OpExecutionMode %main ${mode}
OpDecorate ${decorated} BuiltIn WorkgroupSize
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%v3float = OpTypeVector %float 3
%one = OpConstant %uint 1
%fone = OpConstant %float 1
%size = OpConstantComposite %v3uint %one %one %one
%fsize = OpConstantComposite %v3float %fone %fone %fone
%ptr = OpTypePointer Private %v3uint
%var = OpVariable %ptr Private
%main = OpFunction %void None %fn
%l = OpLabel
%x = OpCompositeExtract %uint %size 0
OpReturn
OpFunctionEnd
`;
    const codes = (t: string, env: string | null = ENV): string[] =>
      family(validate(words(assemble(t, { targetEnv: ENV })), env === null ? {} : { targetEnv: env })).map((d) => d.code);
    expect(codes(text('%size'))).toEqual([]);
    expect(codes(text('%var'))).toEqual([WORKGROUP_SIZE_RULES.constantVuid]);
    expect(codes(text('%fsize'))).toEqual([WORKGROUP_SIZE_RULES.typeVuid]);
    expect(codes(text('%size', 'Fragment', 'OriginUpperLeft'))).toEqual([WORKGROUP_SIZE_RULES.modelVuid]);
    // No target env: SPIR-V's rules only, which still want a constant.
    expect(codes(text('%var'), null)).toEqual(['spvkit-WorkgroupSize-constant']);
    expect(codes(text('%fsize'), null)).toEqual([]);
  });

  test('the rules without a VUID: VertexId, a BuiltIn on a non-variable, a member that must be a variable, the version', () => {
    const vertexId = moduleOf({ builtIn: 'VertexId', model: M.Vertex, storage: S.Input, type: '%uint' });
    expect(family(validate(words(vertexId), { targetEnv: ENV })).map((d) => [d.code, d.hint])).toEqual([
      ['spvkit-builtin-VertexId', 'use VertexIndex (gl_VertexIndex)'],
    ]);
    const onFunction = assemble(
      `OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1\nOpDecorate %main BuiltIn SubgroupSize\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n`,
      { targetEnv: ENV },
    );
    const target = family(validate(words(onFunction), { targetEnv: ENV }));
    expect(target.map((d) => [d.code, d.opcode])).toEqual([['spvkit-builtin-target', Op.Decorate]]);
    const member = assemble(
      `OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main "main" %blk\nOpExecutionMode %main LocalSize 1 1 1\nOpMemberDecorate %S 0 BuiltIn SubgroupSize\nOpDecorate %S Block\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%S = OpTypeStruct %uint\n%ptr = OpTypePointer Input %S\n%blk = OpVariable %ptr Input\n%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n`,
      { targetEnv: ENV },
    );
    expect(family(validate(words(member), { targetEnv: ENV })).map((d) => d.code)).toEqual(['spvkit-builtin-member']);
    // SPIR-V 1.5 for Vulkan 1.0: told of the module (no instruction), without decoding anything.
    const v15 = family(validate(words(member), { targetEnv: 'vulkan1.0' }));
    expect(v15.map((d) => [d.code, d.instructionIndex])).toEqual([
      ['spvkit-target-env-version', -1],
      ['spvkit-builtin-member', expect.any(Number)],
    ]);
    expect(v15[0].hint).toMatch(/^use a target env of a Vulkan version that consumes SPIR-V 1\.5/);
  });

  test('warnings are advice: validate-builtins gives them, the validator (errors only) does not', () => {
    const zero = assemble(
      `OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1\nOpDecorate %size BuiltIn WorkgroupSize\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n%v3uint = OpTypeVector %uint 3\n%one = OpConstant %uint 1\n%zero = OpConstant %uint 0\n%size = OpConstantComposite %v3uint %one %zero %one\n%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n`,
      { targetEnv: ENV },
    );
    expect(validateBuiltins(zero, { targetEnv: ENV }).map((d) => [d.severity, d.code])).toEqual([['warning', 'spvkit-WorkgroupSize-zero']]);
    expect(family(validate(words(zero), { targetEnv: ENV }))).toEqual([]);
  });

  test('no target env: no Vulkan rules; a Module and its words give the same findings', () => {
    const module = moduleOf({ builtIn: 'LocalInvocationIndex', model: M.Fragment, storage: S.Input, type: '%uint' });
    expect(family(validate(words(module)))).toEqual([]);
    expect(family(validate(words(module), { targetEnv: 'universal' }))).toEqual([]);
    const fromModule = family(validate(module, { targetEnv: ENV }));
    expect(fromModule.map((d) => d.code)).toEqual(['VUID-LocalInvocationIndex-LocalInvocationIndex-04284']);
    expect(fromModule.map((d) => [d.code, d.message, d.location])).toEqual(
      family(validate(words(module), { targetEnv: ENV })).map((d) => [d.code, d.message, d.location]),
    );
    // The assembled module's own instruction, so a tool can point into the text.
    expect(fromModule[0].instruction?.span?.line).toBe(40);
  });

  test('a module core cannot decode: the earlier families say why, and validate() does not throw', () => {
    const module = moduleOf({ builtIn: 'LocalInvocationIndex', model: M.Fragment, storage: S.Input, type: '%uint' });
    const w = words(module);
    // Drop the helper's OpFunctionEnd: the layout is broken, the bodies cannot be decoded.
    let last = -1;
    for (let i = 5; i < w.length; i += w[i] >>> 16) if ((w[i] & 0xffff) === Op.FunctionEnd) last = i;
    const broken = new Uint32Array([...w.subarray(0, last), ...w.subarray(last + 1)]);
    const found = validate(broken, { targetEnv: ENV });
    expect(found.some((d) => d.family === 'layout')).toBe(true);
  });

  test('the family table: each code of the rule table, with a summary, family builtins', () => {
    for (const [code, info] of Object.entries(BUILTIN_RULES)) {
      expect(info.family, code).toBe('builtins');
      expect(info.summary.length, code).toBeGreaterThan(10);
      expect(RULES[code as keyof typeof RULES], code).toBe(info);
    }
    expect(Object.keys(BUILTIN_RULES)).toContain('VUID-FragDepth-FragDepth-04216');
    expect(Object.keys(BUILTIN_RULES)).not.toContain('spvkit-WorkgroupSize-zero');
  });
});
