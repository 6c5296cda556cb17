/**
 * validate-builtins through `@spvkit/core/testing`, as a user would test it: hand-written assembly
 * in, the pass, its diagnostics' VUIDs checked, and CHECK lines on the module afterwards (a
 * validator never changes it). One test per rule family — execution model, storage class, type,
 * execution mode — each on a few built-ins. The rule-by-rule details are in validateBuiltins.test.ts.
 */
import { assemble, disassemble, passRegistry, type Diagnostic } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import { registerValidatorPasses } from '../index.js';

if (!passRegistry.has('validate-builtins')) registerValidatorPasses(passRegistry);

const PASS = 'validate-builtins';

interface Use {
  /** Execution model and its modes. */
  model: string;
  modes: string;
  builtIn: string;
  storage: string;
  /** The variable's type, one of the types below. */
  type: string;
  /** `load` reads the variable in a helper called by the entry point; `store` writes %value to it. */
  access?: 'load' | 'store';
  /** Written when `access` is store. */
  value?: string;
}

/**
 * One entry point %main calling %helper, which reads (or writes) the variable %bi decorated
 * `BuiltIn builtIn` at blur.comp:12:5, with a CHECK that the declaration and the use are still there.
 */
const module = (u: Use): string => String.raw`
; CHECK: OpDecorate %gl_Thing BuiltIn ${u.builtIn}
; CHECK: %gl_Thing = OpVariable {{%\w+}} ${u.storage}
; CHECK-LABEL: %helper = OpFunction
; CHECK: OpLine {{%\w+}} 12 5
; CHECK-NEXT: ${u.access === 'store' ? `OpStore %gl_Thing ${u.value}` : `OpLoad ${u.type} %gl_Thing`}
               OpCapability Shader
               OpCapability Geometry
               OpMemoryModel Logical GLSL450
               OpEntryPoint ${u.model} %main "main" %bi
               ${u.modes}
        %src = OpString "blur.comp"
               OpName %main "main"
               OpName %helper "helper"
               OpName %bi "gl_Thing"
               OpDecorate %bi BuiltIn ${u.builtIn}
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
     %v3uint = OpTypeVector %uint 3
    %v3float = OpTypeVector %float 3
    %v4float = OpTypeVector %float 4
    %float_1 = OpConstant %float 1
        %ptr = OpTypePointer ${u.storage} ${u.type}
         %bi = OpVariable %ptr ${u.storage}
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %c = OpFunctionCall %void %helper
               OpReturn
               OpFunctionEnd
     %helper = OpFunction %void None %fn
         %hl = OpLabel
               OpLine %src 12 5
               ${u.access === 'store' ? `OpStore %bi ${u.value}` : `%v = OpLoad ${u.type} %bi`}
               OpReturn
               OpFunctionEnd`;

/** Runs validate-builtins on `text` (its CHECK lines must hold) and returns the diagnostics; the module is unchanged. */
function validate(text: string, targetEnv = 'vulkan1.1'): readonly Diagnostic[] {
  const outcome = checkPasses(text, [PASS], { allowErrors: true, targetEnv });
  expect(outcome.result.changed).toBe(false);
  expect(outcome.text).toBe(disassemble(assemble(text, { preserveNumericIds: true, targetEnv }), { header: false }));
  return outcome.result.diagnostics;
}

const errors = (ds: readonly Diagnostic[]): string[] => ds.filter((d) => d.severity === 'error').map((d) => d.code ?? '');

const compute = { model: 'GLCompute', modes: 'OpExecutionMode %main LocalSize 8 8 1' };
const fragment = { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft' };
const vertex = { model: 'Vertex', modes: '' };

describe('validate-builtins through checkPasses', () => {
  it('well-formed built-ins give no diagnostic and the run is ok', () => {
    for (const u of [
      { ...compute, builtIn: 'GlobalInvocationId', storage: 'Input', type: '%v3uint' },
      { ...fragment, builtIn: 'FragCoord', storage: 'Input', type: '%v4float' },
      { ...vertex, builtIn: 'Position', storage: 'Output', type: '%v4float' },
      { ...compute, builtIn: 'LocalInvocationIndex', storage: 'Input', type: '%uint' },
    ]) {
      const outcome = checkPasses(module(u), [PASS], { targetEnv: 'vulkan1.1' });
      expect(outcome.result).toMatchObject({ ok: true, changed: false, diagnostics: [] });
    }
  });

  it('execution model: a use reached from an entry point of a model the built-in does not allow', () => {
    const cases: [Use, string][] = [
      [{ ...fragment, builtIn: 'GlobalInvocationId', storage: 'Input', type: '%v3uint' }, 'VUID-GlobalInvocationId-GlobalInvocationId-04236'],
      [{ ...compute, builtIn: 'FragCoord', storage: 'Input', type: '%v4float' }, 'VUID-FragCoord-FragCoord-04210'],
      [{ ...fragment, builtIn: 'Position', storage: 'Output', type: '%v4float' }, 'VUID-Position-Position-04318'],
      [{ ...vertex, builtIn: 'LocalInvocationIndex', storage: 'Input', type: '%uint' }, 'VUID-LocalInvocationIndex-LocalInvocationIndex-04284'],
    ];
    for (const [u, code] of cases) {
      const ds = validate(module(u));
      expect(errors(ds), `${u.builtIn} in ${u.model}`).toEqual([code]);
      // Reported at the use in the helper, with the call path and the entry point.
      expect(ds[0]).toMatchObject({
        pass: PASS,
        location: { file: 'blur.comp', line: 12, column: 5 },
        entryPoint: { name: 'main', executionModel: u.model },
      });
      expect(ds[0].message).toContain(`BuiltIn ${u.builtIn}`);
      expect(ds[0].hint).toMatch(/main -> helper \(%\d+\)/);
    }
  });

  it('storage class: Input built-ins declared Output or Private, an Output one declared Input', () => {
    const cases: [Use, string][] = [
      [{ ...compute, builtIn: 'GlobalInvocationId', storage: 'Private', type: '%v3uint' }, 'VUID-GlobalInvocationId-GlobalInvocationId-04237'],
      [{ ...fragment, builtIn: 'FragCoord', storage: 'Output', type: '%v4float' }, 'VUID-FragCoord-FragCoord-04211'],
      [{ ...vertex, builtIn: 'Position', storage: 'Input', type: '%v4float' }, 'VUID-Position-Position-04319'],
      [{ ...compute, builtIn: 'LocalInvocationIndex', storage: 'Output', type: '%uint' }, 'VUID-LocalInvocationIndex-LocalInvocationIndex-04285'],
    ];
    for (const [u, code] of cases) expect(errors(validate(module(u))), `${u.builtIn} in ${u.storage}`).toEqual([code]);
  });

  it('type: a vector of the wrong size or component type, a float for an integer', () => {
    const cases: [Use, string][] = [
      [{ ...compute, builtIn: 'GlobalInvocationId', storage: 'Input', type: '%uint' }, 'VUID-GlobalInvocationId-GlobalInvocationId-04238'],
      [{ ...fragment, builtIn: 'FragCoord', storage: 'Input', type: '%v3float' }, 'VUID-FragCoord-FragCoord-04212'],
      [{ ...vertex, builtIn: 'Position', storage: 'Output', type: '%v3float' }, 'VUID-Position-Position-04321'],
      [{ ...compute, builtIn: 'LocalInvocationIndex', storage: 'Input', type: '%float' }, 'VUID-LocalInvocationIndex-LocalInvocationIndex-04286'],
    ];
    for (const [u, code] of cases) expect(errors(validate(module(u))), `${u.builtIn} as ${u.type}`).toEqual([code]);
  });

  it('every broken rule is reported, in the order model, storage class, type', () => {
    const u: Use = { ...vertex, builtIn: 'GlobalInvocationId', storage: 'Output', type: '%float' };
    expect(errors(validate(module(u)))).toEqual([
      'VUID-GlobalInvocationId-GlobalInvocationId-04236',
      'VUID-GlobalInvocationId-GlobalInvocationId-04237',
      'VUID-GlobalInvocationId-GlobalInvocationId-04238',
    ]);
  });

  it('execution mode: FragDepth written without DepthReplacing (04216), accepted with it', () => {
    const frag = { builtIn: 'FragDepth', storage: 'Output', type: '%float', access: 'store', value: '%float_1' } as const;
    expect(errors(validate(module({ ...fragment, ...frag })))).toEqual(['VUID-FragDepth-FragDepth-04216']);
    expect(validate(module({ model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main DepthReplacing', ...frag }))).toEqual([]);
  });
});
