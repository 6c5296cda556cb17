import { assemble, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const HEAD = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%true = OpConstantTrue %bool
`;

/** `main` with the given blocks. */
function fn(body: string): string {
  return `${HEAD}%main = OpFunction %void None %fn\n${body}\nOpFunctionEnd\n`;
}

/** An if/else diamond: `then` in the then-block, `merge` at the start of the merge block. */
function diamond(then: string, merge: string): string {
  return fn(`%entry = OpLabel
OpSelectionMerge %merge None
OpBranchConditional %true %then %else
%then = OpLabel
${then}
OpBranch %merge
%else = OpLabel
OpBranch %merge
%merge = OpLabel
${merge}
OpReturn`);
}

function codes(text: string): string[] {
  return validate(assemble(text, { targetEnv: 'vulkan1.1', file: 'ssa.spvasm' })).map((d) => d.code);
}

const DEF = '%v = OpIAdd %int %int_1 %int_1';

// Each rejected case with Debian spirv-val 2023.1's message for it.
describe('ssa: definitions dominate uses, OpPhi pairs', () => {
  it("a value of the then-block used in the merge block (spirv-val: ID '%v' defined in block ... does not dominate its use)", () => {
    const named = diamond(DEF, '%w = OpIAdd %int %v %int_1').replace('%void =', 'OpName %v "v"\nOpName %then "then"\nOpName %merge "merge"\n%void =');
    const found = validate(assemble(named, { targetEnv: 'vulkan1.1', file: 'ssa.spvasm' }));
    expect(found.map(formatDiagnostic)).toEqual([
      'ssa.spvasm:24:1: error: [spvkit-ssa-dominance] %v is defined in block %then, which does not dominate its use in block %merge',
    ]);
    expect(found[0].family).toBe('ssa');
    expect(found[0].ids.map((id) => id.name)).toEqual(['v', 'then', 'merge']);
  });

  it('accepts a phi of the two arms, and a use in the block that defines the value', () => {
    expect(codes(diamond(DEF, '%w = OpPhi %int %v %then %int_1 %else'))).toEqual([]);
    expect(codes(diamond(`${DEF}\n%u = OpIAdd %int %v %v`, ''))).toEqual([]);
  });

  it("an OpPhi with fewer pairs than predecessors (spirv-val: OpPhi's number of incoming blocks (1) does not match block's predecessor count (2))", () => {
    expect(codes(diamond(DEF, '%w = OpPhi %int %v %then'))).toEqual(['spvkit-ssa-phi-count']);
  });

  it("a parent that is no predecessor (spirv-val: OpPhi's incoming basic block <id> ... is not a predecessor)", () => {
    expect(codes(diamond(DEF, '%w = OpPhi %int %v %then %int_1 %entry'))).toEqual(['spvkit-ssa-phi-predecessor']);
  });

  it("a value of another type (spirv-val: OpPhi's result type <id> ... does not match incoming value <id> ... type)", () => {
    expect(codes(diamond(DEF, '%w = OpPhi %int %v %then %true %else'))).toEqual(['spvkit-ssa-phi-value']);
  });

  it('a value whose definition does not dominate its parent (spirv-val: In OpPhi instruction ..., ID ... definition does not dominate its parent)', () => {
    expect(codes(diamond(DEF, '%w = OpPhi %int %v %then %v %else'))).toEqual(['spvkit-ssa-phi-dominance']);
  });

  it('a block branching twice to the same successor counts as one predecessor (spirv-val accepts)', () => {
    expect(
      codes(fn('%entry = OpLabel\nOpSelectionMerge %m None\nOpBranchConditional %true %m %m\n%m = OpLabel\n%w = OpPhi %int %int_1 %entry\nOpReturn')),
    ).toEqual([]);
  });

  it('a definition in an unreachable block does not dominate a reachable use (spirv-val: ID ... defined in block ... does not dominate its use)', () => {
    expect(codes(fn(`%entry = OpLabel\nOpBranch %b2\n%dead = OpLabel\n${DEF}\nOpBranch %b2\n%b2 = OpLabel\n%w = OpIAdd %int %v %int_1\nOpReturn`))).toEqual([
      'spvkit-ssa-dominance',
    ]);
  });

  it('a use in an unreachable block is not checked for dominance', () => {
    expect(codes(fn(`%entry = OpLabel\n${DEF}\nOpReturn\n%dead = OpLabel\n%w = OpIAdd %int %v %int_1\nOpReturn`))).toEqual([]);
  });

  it('a value of another function (spirv-val: ID ... does not dominate its use)', () => {
    const text = `${HEAD}%main = OpFunction %void None %fn\n%entry = OpLabel\n${DEF}\nOpReturn\nOpFunctionEnd\n%g = OpFunction %void None %fn\n%e2 = OpLabel\n%w = OpIAdd %int %v %int_1\nOpReturn\nOpFunctionEnd\n`;
    expect(codes(text)).toEqual(['spvkit-ssa-function']);
  });

  it('dominance follows loops: a loop body value used after the loop through its header is rejected, the header value accepted', () => {
    const loop = (use: string): string =>
      fn(`%entry = OpLabel
OpBranch %header
%header = OpLabel
%h = OpIAdd %int %int_1 %int_1
OpLoopMerge %exit %body None
OpBranchConditional %true %body %exit
%body = OpLabel
${DEF}
OpBranch %header
%exit = OpLabel
%w = OpIAdd %int ${use} %int_1
OpReturn`);
    expect(codes(loop('%h'))).toEqual([]);
    expect(codes(loop('%v'))).toEqual(['spvkit-ssa-dominance']);
  });
});
