import { assemble, decodeModule, encodeModule, formatDiagnostic, PassRegistry, runPasses } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { registerValidate, RULES, validate } from './index.js';

const TEXT = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpIAdd %float %int_1 %int_1
OpReturn
OpFunctionEnd
`;

const words = (): Uint32Array => encodeModule(assemble(TEXT, { targetEnv: 'vulkan1.1' }));

describe('validate: the binary, the result, the pass', () => {
  it('a module that is no SPIR-V, or too short for the header, is one finding, not an exception', () => {
    expect(validate(new Uint32Array([1, 2, 3])).map((d) => [d.code, d.offset])).toEqual([['spvkit-binary-header', 0]]);
    const w = words();
    w[0] = 0x12345678;
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-binary-header']);
  });

  it('an unknown version is reported, and the rest still checked', () => {
    const w = words();
    w[1] = 0x00010700;
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-binary-version', 'spvkit-types-result']);
  });

  it('a word count of 0 or past the end stops the walk there, with the offset of the broken instruction', () => {
    const w = words();
    const at = 5 + (w[5] >>> 16); // the second instruction
    w[at] = w[at] & 0xffff;
    const found = validate(w);
    expect(found.map((d) => [d.code, d.offset])).toContainEqual(['spvkit-binary-word-count', at * 4]);
    const long = words();
    long[long.length - 1] = long[long.length - 1] + (1 << 16); // OpFunctionEnd claims a word past the end
    expect(validate(long).map((d) => [d.code, d.offset])).toContainEqual(['spvkit-binary-word-count', (long.length - 1) * 4]);
  });

  it('an instruction too short for its result type and id stops the walk there', () => {
    const w = words();
    // OpTypeInt has a result id: with a word count of 1 it cannot hold it.
    let at = 5;
    while ((w[at] & 0xffff) !== 21 /* OpTypeInt */) at += w[at] >>> 16;
    const cut = new Uint32Array(w.length);
    cut.set(w);
    cut[at] = (1 << 16) | 21;
    expect(validate(cut).map((d) => [d.code, d.offset])).toContainEqual(['spvkit-binary-too-short', at * 4]);
  });

  it('gives the same findings for the words and for the decoded module', () => {
    const fromWords = validate(words()).map(formatDiagnostic);
    expect(fromWords).toEqual(['error: [spvkit-types-result] OpIAdd: the result type %float is not an int scalar or vector']);
    expect(validate(decodeModule(words())).map(formatDiagnostic)).toEqual(fromWords);
  });

  it('every rule code names its family', () => {
    for (const [code, rule] of Object.entries(RULES)) expect(code.startsWith(`spvkit-${rule.family}-`), code).toBe(true);
  });

  it('runs as the pass `validate` from a registry, leaving the module unchanged', () => {
    const registry = new PassRegistry();
    registerValidate(registry);
    const module = decodeModule(words());
    const before = encodeModule(module);
    const result = runPasses(module, ['validate'], { registry });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.pass])).toEqual([['spvkit-types-result', 'validate']]);
    expect(encodeModule(module)).toEqual(before);
  });
});
