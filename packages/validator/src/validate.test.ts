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

  it('a literal string without its nul byte is a binary finding, as it is a decode error (with a BuiltIn decoration too, whose rules decode)', () => {
    for (const text of [TEXT, TEXT.replace('%void = OpTypeVoid', 'OpDecorate %int_1 BuiltIn WorkgroupSize\n%void = OpTypeVoid')]) {
      const named = encodeModule(assemble(text.replace('%void = OpTypeVoid', 'OpName %main "main"\n%void = OpTypeVoid'), { targetEnv: 'vulkan1.1' }));
      let at = 5;
      while ((named[at] & 0xffff) !== 5 /* OpName */) at += named[at] >>> 16;
      // OpName %main "main" is 4 words, the last the string's nul word: drop that word.
      named[at] = (3 << 16) | 5;
      const cut = new Uint32Array([...named.subarray(0, at + 3), ...named.subarray(at + 4)]);
      expect(() => decodeModule(cut)).toThrow(/no terminating nul byte/);
      expect(validate(cut).map((d) => [d.code, d.offset])).toContainEqual(['spvkit-binary-string', at * 4]);
    }
  });

  it('a result type id of 0 is an ids finding', () => {
    const w = words();
    let at = 5;
    while ((w[at] & 0xffff) !== 43 /* OpConstant */) at += w[at] >>> 16;
    w[at + 1] = 0;
    expect(() => decodeModule(w)).toThrow(/result type id 0/);
    expect(validate(w).map((d) => [d.code, d.offset])).toContainEqual(['spvkit-ids-zero', at * 4]);
  });

  it('gives the same findings for the words and for the decoded module', () => {
    const fromWords = validate(words()).map(formatDiagnostic);
    expect(fromWords).toEqual(['error: [spvkit-types-result] OpIAdd: the result type %float is not an int scalar or vector']);
    expect(validate(decodeModule(words())).map(formatDiagnostic)).toEqual(fromWords);
  });

  it('every rule code is a VUID or names its family', () => {
    // The BuiltIn rules kept the spvkit-builtin-* / spvkit-WorkgroupSize-* / spvkit-target-env-*
    // codes they were published under as the validate-builtins pass, before they were a family.
    const legacyBuiltin = /^spvkit-(builtin|WorkgroupSize|target-env)-/;
    for (const [code, rule] of Object.entries(RULES)) {
      const ok =
        /^VUID-[A-Za-z]+-[A-Za-z0-9]+-\d{5}$/.test(code) ||
        code.startsWith(`spvkit-${rule.family}-`) ||
        (rule.family === 'builtins' && legacyBuiltin.test(code));
      expect(ok, code).toBe(true);
    }
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
