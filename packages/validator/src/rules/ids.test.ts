import { assemble, encodeModule, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const TEXT = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpIAdd %int %int_1 %int_1
%b = OpIAdd %int %a %int_1
OpReturn
OpFunctionEnd
`;

const words = (text = TEXT): Uint32Array => encodeModule(assemble(text, { targetEnv: 'vulkan1.1' }));

/** Word index of the first instruction whose first word is `first`, or -1. */
function find(w: Uint32Array, opcode: number): number {
  for (let at = 5; at < w.length; at += w[at] >>> 16) if ((w[at] & 0xffff) === opcode) return at;
  return -1;
}

describe('ids: bound, unique definitions, defined before use', () => {
  it('a use of an id defined nowhere (spirv-val: ID ... has not been defined)', () => {
    const w = words();
    const at = find(w, 128); // the first OpIAdd
    w[3] = w[3] + 10; // a larger bound, so that an id below it is defined by nothing
    w[at + 3] = w[3] - 1;
    const found = validate(w);
    expect(found.map((d) => d.code)).toEqual(['spvkit-ids-undefined']);
    expect(found[0].family).toBe('ids');
  });

  it('a result id at or above the bound (spirv-val: Result <id> ... exceeds the bound)', () => {
    const w = words();
    w[3] = 5; // lower the bound below most ids
    const found = validate(w);
    expect(found.length).toBeGreaterThan(3);
    expect(new Set(found.map((d) => d.code))).toContain('spvkit-ids-bound');
  });

  it('an id defined twice (spirv-val: ID ... has already been defined)', () => {
    const w = words();
    const first = find(w, 128);
    const second = first + (w[first] >>> 16);
    w[second + 2] = w[first + 2]!; // %b takes %a's id
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-ids-duplicate']);
  });

  it("a use before the definition in a block (spirv-val: ID '%b' has not been defined), named and located", () => {
    const text = TEXT.replace('%a = OpIAdd %int %int_1 %int_1\n%b = OpIAdd %int %a %int_1', '%b = OpIAdd %int %a %int_1\n%a = OpIAdd %int %int_1 %int_1');
    const found = validate(assemble(text, { targetEnv: 'vulkan1.1', file: 'ids.spvasm' }));
    expect(found.map(formatDiagnostic)).toEqual(['ids.spvasm:12:1: error: [spvkit-ids-forward] %a is used before its definition']);
    expect(found[0].ids).toEqual([{ id: found[0].ids[0].id, name: 'a' }]);
  });

  it('forward references the spec allows: names, entry points, branch targets, calls', () => {
    const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %g "g"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%r = OpFunctionCall %void %g
OpBranch %next
%next = OpLabel
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%ge = OpLabel
OpReturn
OpFunctionEnd
`;
    expect(validate(words(text))).toEqual([]);
  });

  it('a global used before its definition (spirv-val: ID ... has not been defined)', () => {
    const w = words();
    // Swap OpTypeInt and the OpConstant of that type.
    const t = find(w, 21);
    const c = find(w, 43);
    const type = [...w.subarray(t, c)];
    const constant = [...w.subarray(c, c + (w[c] >>> 16))];
    w.set([...constant, ...type], t);
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-ids-forward']);
  });
});
