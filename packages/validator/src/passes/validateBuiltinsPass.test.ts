import { assemble, decodeModule, encodeModule, formatDiagnostic, passRegistry, SpirvError, type Module } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { VULKAN_BUILTIN_RULES as BUILTIN_RULES, registerValidatorPasses, validateBuiltins, type BuiltinDiagnostic } from '../index.js';

if (!passRegistry.has('validate-builtins')) registerValidatorPasses(passRegistry);

/** Assembles `body` after a shader header: Shader capability, GLSL450 memory model. */
function shader(body: string, targetEnv = 'vulkan1.0', extra = ''): Module {
  return assemble(`OpCapability Shader\n${extra}OpMemoryModel Logical GLSL450\n${body}`, { targetEnv, file: 'test.spvasm' });
}

const codes = (ds: readonly BuiltinDiagnostic[]): string[] => ds.filter((d) => d.severity === 'error').map((d) => d.code!);
const lii = (n: number): string => `VUID-LocalInvocationIndex-LocalInvocationIndex-0${n}`;

/** A one-entry-point module using `builtIn` from a variable of `type` in `storage`, loaded in main or in a helper. */
function single(opts: {
  model: string;
  mode?: string;
  builtIn: string;
  storage?: string;
  type?: string;
  inHelper?: boolean;
  caps?: string;
  env?: string;
}): Module {
  const storage = opts.storage ?? 'Input';
  const type = opts.type ?? '%uint';
  const use = `%v = OpLoad ${type} %bi`;
  const body = opts.inHelper
    ? `%main = OpFunction %void None %fn\n%l = OpLabel\n%c = OpFunctionCall %void %helper\nOpReturn\nOpFunctionEnd\n%helper = OpFunction %void None %fn\n%l2 = OpLabel\nOpLine %src 12 5\n${use}\nOpReturn\nOpFunctionEnd`
    : `%main = OpFunction %void None %fn\n%l = OpLabel\nOpLine %src 3 7\n${use}\nOpReturn\nOpFunctionEnd`;
  return shader(
    `OpEntryPoint ${opts.model} %main "main" %bi
${opts.mode ? `OpExecutionMode %main ${opts.mode}\n` : ''}%src = OpString "blur.comp"
OpName %bi "gl_Thing"
${opts.inHelper ? 'OpName %helper "helper"\n' : ''}OpDecorate %bi BuiltIn ${opts.builtIn}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr = OpTypePointer ${storage} ${type}
%bi = OpVariable %ptr ${storage}
${body}`,
    opts.env,
    opts.caps ?? '',
  );
}

describe('validate-builtins: the four seeds', () => {
  test('LocalInvocationIndex: compute-like models, Input, 32-bit int (04284-04286)', () => {
    expect(validateBuiltins(single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'LocalInvocationIndex' }))).toEqual([]);
    expect(codes(validateBuiltins(single({ model: 'Fragment', mode: 'OriginUpperLeft', builtIn: 'LocalInvocationIndex' })))).toEqual([lii(4284)]);
    expect(codes(validateBuiltins(single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'LocalInvocationIndex', storage: 'Private' })))).toEqual([
      lii(4285),
    ]);
    expect(codes(validateBuiltins(single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'LocalInvocationIndex', type: '%float' })))).toEqual([
      lii(4286),
    ]);
    // Every problem, not only the first.
    expect(codes(validateBuiltins(single({ model: 'Vertex', builtIn: 'LocalInvocationIndex', storage: 'Private', type: '%float' })))).toEqual([
      lii(4284),
      lii(4285),
      lii(4286),
    ]);
  });

  test('WorkgroupId (04422-04424), SampleId (04354-04356), DeviceIndex (04205-04206)', () => {
    expect(codes(validateBuiltins(single({ model: 'Vertex', builtIn: 'WorkgroupId', type: '%v3uint' })))).toEqual(['VUID-WorkgroupId-WorkgroupId-04422']);
    expect(codes(validateBuiltins(single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'WorkgroupId', type: '%uint' })))).toEqual([
      'VUID-WorkgroupId-WorkgroupId-04424',
    ]);
    expect(
      codes(validateBuiltins(single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'SampleId', caps: 'OpCapability SampleRateShading\n' }))),
    ).toEqual(['VUID-SampleId-SampleId-04354']);
    expect(
      codes(
        validateBuiltins(
          single({ model: 'Fragment', mode: 'OriginUpperLeft', builtIn: 'SampleId', storage: 'Output', caps: 'OpCapability SampleRateShading\n' }),
        ),
      ),
    ).toEqual(['VUID-SampleId-SampleId-04355']);
    const device = { model: 'Vertex', builtIn: 'DeviceIndex', caps: 'OpCapability DeviceGroup\nOpExtension "SPV_KHR_device_group"\n' };
    expect(validateBuiltins(single(device))).toEqual([]);
    expect(codes(validateBuiltins(single({ ...device, model: 'Fragment', mode: 'OriginUpperLeft' })))).toEqual([]); // no model rule
    expect(codes(validateBuiltins(single({ ...device, storage: 'Output', type: '%float' })))).toEqual([
      'VUID-DeviceIndex-DeviceIndex-04205',
      'VUID-DeviceIndex-DeviceIndex-04206',
    ]);
  });
});

describe('validate-builtins: execution models through the call graph', () => {
  test('a use in a called function is reported at that use, with the call path', () => {
    const [d] = validateBuiltins(single({ model: 'Fragment', mode: 'OriginUpperLeft', builtIn: 'LocalInvocationIndex', inHelper: true }));
    expect(d.code).toBe(lii(4284));
    expect(d.severity).toBe('error');
    expect(d.location).toEqual({ file: 'blur.comp', line: 12, column: 5 });
    expect(d.message).toContain("variable 'gl_Thing' (%");
    expect(d.message).toContain('BuiltIn LocalInvocationIndex');
    expect(d.message).toContain("entry point 'main' (Fragment)");
    expect(d.message).toContain('GLCompute, MeshEXT, TaskEXT, MeshNV, or TaskNV');
    expect(d.hint).toMatch(/main -> helper \(%\d+\)/);
    expect(d.entryPoint).toEqual({ name: 'main', executionModel: 'Fragment' });
    expect(d.target?.name).toBe('gl_Thing');
    expect(formatDiagnostic(d)).toMatch(/^blur\.comp:12:5: error: \[VUID-LocalInvocationIndex-LocalInvocationIndex-04284\] variable 'gl_Thing'/);
  });

  const twoEntryPoints = (fragmentCalls: boolean): Module =>
    shader(`OpEntryPoint GLCompute %comp "comp" %bi
OpEntryPoint Fragment %frag "frag" %bi
OpExecutionMode %comp LocalSize 1 1 1
OpExecutionMode %frag OriginUpperLeft
OpName %bi "gl_LocalInvocationIndex"
OpDecorate %bi BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Input %uint
%bi = OpVariable %ptr Input
%comp = OpFunction %void None %fn
%l1 = OpLabel
%c1 = OpFunctionCall %void %helper
OpReturn
OpFunctionEnd
%frag = OpFunction %void None %fn
%l2 = OpLabel
${fragmentCalls ? '%c2 = OpFunctionCall %void %helper\n' : ''}OpReturn
OpFunctionEnd
%helper = OpFunction %void None %fn
%l3 = OpLabel
%v = OpLoad %uint %bi
OpReturn
OpFunctionEnd`);

  test('only listed in a Fragment interface, used by GLCompute only: not an error', () => {
    expect(validateBuiltins(twoEntryPoints(false))).toEqual([]);
  });

  test('a helper reached by both entry points: the Fragment one breaks the rule', () => {
    const ds = validateBuiltins(twoEntryPoints(true));
    expect(codes(ds)).toEqual([lii(4284)]);
    expect(ds[0].entryPoint).toEqual({ name: 'frag', executionModel: 'Fragment' });
  });

  test('a function no entry point calls does not count', () => {
    const m = shader(`OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpDecorate %bi BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Input %uint
%bi = OpVariable %ptr Input
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
%dead = OpFunction %void None %fn
%l2 = OpLabel
%v = OpLoad %uint %bi
OpReturn
OpFunctionEnd`);
    expect(validateBuiltins(m)).toEqual([]);
  });
});

describe('validate-builtins: Block members and per-vertex arrays', () => {
  const perVertex = (model: string, mode: string, member1: string, access: string): Module =>
    shader(`OpEntryPoint ${model} %main "main" %out
${mode}OpName %block "gl_PerVertex"
OpMemberName %block 0 "gl_Position"
OpMemberName %block 1 "extra"
OpDecorate %block Block
OpMemberDecorate %block 0 BuiltIn Position
OpMemberDecorate %block 1 BuiltIn ${member1}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%block = OpTypeStruct %v4float %float
%ptr = OpTypePointer Output %block
%pmember = OpTypePointer Output %float
%pposition = OpTypePointer Output %v4float
%out = OpVariable %ptr Output
%main = OpFunction %void None %fn
%l = OpLabel
${access}
OpReturn
OpFunctionEnd`);

  test('a member is used where an access chain selects it', () => {
    const position = '%p = OpAccessChain %pposition %out %int_0\n%x = OpLoad %v4float %p';
    const extra = '%p = OpAccessChain %pmember %out %int_1\n%x = OpLoad %float %p';
    // FragDepth in a vertex output block, never accessed: its model rule does not apply.
    expect(validateBuiltins(perVertex('Vertex', '', 'FragDepth', position))).toEqual([]);
    const ds = validateBuiltins(perVertex('Vertex', '', 'FragDepth', extra));
    expect(codes(ds)).toEqual(['VUID-FragDepth-FragDepth-04213']);
    expect(ds[0].message).toMatch(
      /^member 1 'extra' of struct 'gl_PerVertex' \(%\d+, BuiltIn FragDepth\) of variable \(%\d+\) is used by entry point 'main' \(Vertex\)/,
    );
    // Loading the whole block uses every member.
    expect(codes(validateBuiltins(perVertex('Vertex', '', 'FragDepth', '%x = OpLoad %block %out')))).toEqual(['VUID-FragDepth-FragDepth-04213']);
  });

  test('Position: an array (per-vertex) only where the stage has one', () => {
    const arrayed = (model: string, mode: string, storage: string): Module =>
      shader(
        `OpEntryPoint ${model} %main "main" %pos
${mode}OpDecorate %pos BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%uint_3 = OpConstant %uint 3
%arr = OpTypeArray %v4float %uint_3
%ptr = OpTypePointer ${storage} %arr
%pos = OpVariable %ptr ${storage}
%main = OpFunction %void None %fn
%l = OpLabel
%x = OpLoad %arr %pos
OpReturn
OpFunctionEnd`,
        'vulkan1.0',
        model === 'Vertex' ? '' : 'OpCapability Tessellation\n',
      );
    expect(validateBuiltins(arrayed('TessellationControl', 'OpExecutionMode %main OutputVertices 3\n', 'Input'))).toEqual([]);
    expect(codes(validateBuiltins(arrayed('Vertex', '', 'Output')))).toEqual(['VUID-Position-Position-04321']);
  });
});

describe('validate-builtins: declarations', () => {
  test('decoration groups spread BuiltIn onto variables and members', () => {
    const m = shader(
      `OpEntryPoint Fragment %main "main" %a %out
OpExecutionMode %main OriginUpperLeft
%grp = OpDecorationGroup
%mgrp = OpDecorationGroup
OpDecorate %grp BuiltIn SampleId
OpDecorate %mgrp BuiltIn FragDepth
OpGroupDecorate %grp %a
OpDecorate %block Block
OpGroupMemberDecorate %mgrp %block 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%pa = OpTypePointer Input %float
%a = OpVariable %pa Input
%block = OpTypeStruct %float
%pb = OpTypePointer Input %block
%pm = OpTypePointer Input %float
%out = OpVariable %pb Input
%main = OpFunction %void None %fn
%l = OpLabel
%x = OpLoad %float %a
%p = OpAccessChain %pm %out %int_0
%y = OpLoad %float %p
OpReturn
OpFunctionEnd`,
      'vulkan1.0',
      'OpCapability SampleRateShading\n',
    );
    expect(codes(validateBuiltins(m))).toEqual(['VUID-SampleId-SampleId-04356', 'VUID-FragDepth-FragDepth-04214']);
  });

  test('a declaration no entry point uses still breaks its storage-class and type rules, reported at the declaration', () => {
    const m = shader(`OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %lii "unused"
OpDecorate %lii BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%ptr = OpTypePointer Private %float
%lii = OpVariable %ptr Private
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd`);
    const ds = validateBuiltins(m);
    expect(codes(ds)).toEqual([lii(4285), lii(4286)]);
    expect(ds[0].message).toMatch(/^variable 'unused' \(%\d+, BuiltIn LocalInvocationIndex\) is not used by any entry point: /);
    expect(ds[0].location).toEqual({ file: 'test.spvasm', line: 11, column: 1 });
    expect(ds[0].instruction?.resultId).toBe(m.globals.find((g) => g.opcode === 59)!.resultId);
  });
});

describe('validate-builtins: FragDepth and DepthReplacing (04216)', () => {
  const fragDepth = (use: string, mode: string): Module =>
    shader(`OpEntryPoint Fragment %main "main" %depth
OpExecutionMode %main OriginUpperLeft
${mode}OpDecorate %depth BuiltIn FragDepth
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%half = OpConstant %float 0.5
%ptr = OpTypePointer Output %float
%depth = OpVariable %ptr Output
%main = OpFunction %void None %fn
%l = OpLabel
${use}
OpReturn
OpFunctionEnd`);

  test('needed where the shader writes FragDepth, not where it only reads it', () => {
    expect(validateBuiltins(fragDepth('OpStore %depth %half', 'OpExecutionMode %main DepthReplacing\n'))).toEqual([]);
    expect(codes(validateBuiltins(fragDepth('OpStore %depth %half', '')))).toEqual(['VUID-FragDepth-FragDepth-04216']);
    expect(validateBuiltins(fragDepth('%x = OpLoad %float %depth', ''))).toEqual([]);
    const late = validateBuiltins(fragDepth('%x = OpLoad %float %depth\nOpStore %depth %x', ''));
    expect(codes(late)).toEqual(['VUID-FragDepth-FragDepth-04216']);
    expect(late[0].instruction?.opcode).toBe(62); // the OpStore, not the earlier OpLoad
  });
});

describe('validate-builtins: target environments and versions', () => {
  const fragmentLii = (): Module => single({ model: 'Fragment', mode: 'OriginUpperLeft', builtIn: 'LocalInvocationIndex', type: '%float' });

  test('universal has no Vulkan rules', () => {
    expect(validateBuiltins(fragmentLii(), { targetEnv: 'universal' })).toEqual([]);
    expect(validateBuiltins(fragmentLii(), { targetEnv: 'spv1.5' })).toEqual([]);
  });

  test('a module newer than the env allows is an error; `vulkan` picks the version from the module', () => {
    const m = single({ model: 'GLCompute', mode: 'LocalSize 1 1 1', builtIn: 'LocalInvocationIndex', env: 'vulkan1.2' });
    expect(validateBuiltins(m, { targetEnv: 'vulkan1.2' })).toEqual([]);
    expect(validateBuiltins(m)).toEqual([]);
    const tooNew = validateBuiltins(m, { targetEnv: 'vulkan1.1' });
    expect(codes(tooNew)).toEqual(['spvkit-target-env-version']);
    expect(tooNew[0].message).toContain('SPIR-V 1.5');
    expect(tooNew[0].message).toContain('SPIR-V 1.3');
    expect(codes(validateBuiltins(m, { targetEnv: 'vulkan1.0' }))).toEqual(['spvkit-target-env-version']);
    expect(validateBuiltins(m, { targetEnv: 'vulkan1.4' })).toEqual([]);
  });

  test('an unknown env name is a BAD_OPTION error listing the valid ones', () => {
    expect(() => validateBuiltins(fragmentLii(), { targetEnv: 'vulkan9' })).toThrow(SpirvError);
    expect(() => validateBuiltins(fragmentLii(), { targetEnv: 'vulkan9' })).toThrow(/unknown target env 'vulkan9'/);
  });
});

describe('validate-builtins: WorkgroupSize', () => {
  const wg = (decl: string, model = 'GLCompute', env = 'vulkan1.0'): Module =>
    shader(
      `OpEntryPoint ${model} %main "main"
OpExecutionMode %main ${model === 'GLCompute' ? 'LocalSize 1 1 1' : 'OriginUpperLeft'}
OpDecorate %wg BuiltIn WorkgroupSize
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%v3float = OpTypeVector %float 3
%one = OpConstant %uint 1
%zero = OpConstant %uint 0
%fone = OpConstant %float 1
${decl}
%main = OpFunction %void None %fn
%l = OpLabel
%x = OpCompositeExtract ${decl.includes('v3float') ? '%float' : '%uint'} %wg 0
OpReturn
OpFunctionEnd`,
      env,
    );

  test('a constant composite of 3 x 32-bit int, used by compute-like models', () => {
    expect(validateBuiltins(wg('%wg = OpConstantComposite %v3uint %one %one %one'))).toEqual([]);
    expect(codes(validateBuiltins(wg('%wg = OpConstantComposite %v3float %fone %fone %fone')))).toEqual(['VUID-WorkgroupSize-WorkgroupSize-04427']);
    expect(codes(validateBuiltins(wg('%wg = OpConstantComposite %v3uint %one %one %one', 'Fragment')))).toEqual(['VUID-WorkgroupSize-WorkgroupSize-04425']);
    const zero = validateBuiltins(wg('%wg = OpConstantComposite %v3uint %one %zero %one'));
    expect(zero.map((d) => [d.severity, d.code])).toEqual([['warning', 'spvkit-WorkgroupSize-zero']]);
    const v16 = validateBuiltins(wg('%wg = OpSpecConstantComposite %v3uint %one %one %one', 'GLCompute', 'vulkan1.3'));
    expect(v16.map((d) => [d.severity, d.code])).toEqual([['warning', 'spvkit-WorkgroupSize-deprecated']]);
  });
});

describe('validate-builtins: the pass', () => {
  test('is registered, never changes the module, and gives the same findings decoded lazily or not', () => {
    const m = single({ model: 'Fragment', mode: 'OriginUpperLeft', builtIn: 'LocalInvocationIndex', inHelper: true, storage: 'Private' });
    const bytes = encodeModule(m);
    const lazy = decodeModule(bytes);
    const eager = decodeModule(bytes, { lazyFunctions: false });
    const pass = passRegistry.create('validate-builtins');
    const a = pass.run(lazy, { targetEnv: 'vulkan1.0' });
    const b = pass.run(eager, { targetEnv: 'vulkan1.0' });
    expect(a.changed).toBe(false);
    expect(encodeModule(lazy)).toEqual(bytes);
    const view = (ds: readonly BuiltinDiagnostic[]) =>
      ds.map((d) => ({ code: d.code, message: d.message, location: d.location, hint: d.hint, op: d.instruction?.opcode }));
    expect(view(a.diagnostics)).toEqual(view(b.diagnostics));
    expect(a.diagnostics.length).toBe(2);
    // The instruction is the module's own object, wherever it came from.
    const inModule = new Set([...lazy.instructions()]);
    for (const d of a.diagnostics) expect(inModule.has(d.instruction!)).toBe(true);
    expect(a.diagnostics[0].location).toEqual({ file: 'blur.comp', line: 12, column: 5 });
  });

  test('the rule table names each BuiltIn once and gives each rule a well-formed VUID', () => {
    const seen = new Set<number>();
    for (const r of BUILTIN_RULES) {
      expect(seen.has(r.builtIn), r.name).toBe(false);
      seen.add(r.builtIn);
      const all = [r.models?.vuid, r.type?.vuid, ...r.storage.map((s) => s.vuid)].filter((v): v is string => v !== undefined);
      for (const v of all) expect(v).toMatch(new RegExp(`^VUID-${r.name}-${r.name}-\\d{5}$`));
    }
    expect(seen.size).toBeGreaterThanOrEqual(90);
  });
});
