import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { Op } from '../grammar/index.js';
import { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import { checkConsistency } from './checkConsistency.js';
import { ControlFlowAnalysis, sameControlFlow } from './controlFlow/ControlFlow.js';
import { DefUseAnalysis } from './DefUse.js';

// Def-use and control flow are compared record by record before any snapshot is written: these
// cases hold the comparison to what the snapshots say (a use moved to another operand, the same
// uses in another order, an edge changed behind the module's back).
const SOURCE = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%two = OpConstant %uint 2
%true = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpIAdd %uint %one %two
%b = OpIMul %uint %a %one
OpSelectionMerge %join None
OpBranchConditional %true %then %join
%then = OpLabel
OpBranch %join
%join = OpLabel
OpReturn
OpFunctionEnd
`;

function load(): { module: Module } {
  return { module: assemble(SOURCE) };
}

describe('checkConsistency', () => {
  it('agrees when uses were added by edits, out of binary order', () => {
    const { module } = load();
    const du = module.analysis(DefUseAnalysis);
    const [add, mul] = module.functions[0].blocks[0].instructions;
    // %b now uses %a twice and %one not at all; the edit puts its records after the others.
    module.setOperands(mul, [add.resultId, add.resultId]);
    module.insertBefore(add, [new Instruction(Op.ISub, add.typeId, module.newId(), [add.word(1), add.word(0)])]);
    expect(module.analysis(DefUseAnalysis)).toBe(du);
    expect(checkConsistency(module)).toEqual([]);
  });

  it('finds a use moved to another operand of the same instruction behind the module\u2019s back', () => {
    const { module } = load();
    module.analysis(DefUseAnalysis);
    const add = module.functions[0].blocks[0].instructions[0];
    const [one, two] = [add.word(0), add.word(1)];
    // Detached-style writes: the cached def-use still says %one at operand 0 and %two at operand 1.
    add.setWord(0, two);
    add.setWord(1, one);
    const found = checkConsistency(module);
    expect(found.map((f) => f.analysis)).toEqual(['def-use']);
    expect(found[0].cached).not.toBe(found[0].fresh);
  });

  it('finds a use that is gone from one side only', () => {
    const { module } = load();
    module.analysis(DefUseAnalysis);
    const mul = module.functions[0].blocks[0].instructions[1];
    mul.setWord(1, mul.word(0)); // %a * %a: one more use of %a, one fewer of %one
    expect(checkConsistency(module).map((f) => f.analysis)).toEqual(['def-use']);
  });

  it('compares control flows by blocks, edges, dominators and merges', () => {
    const { module } = load();
    const before = module.analysis(ControlFlowAnalysis);
    expect(checkConsistency(module)).toEqual([]);
    expect(sameControlFlow(before, ControlFlowAnalysis.build(module))).toBe(true);
    const [entry, then] = module.functions[0].blocks;
    const branch = entry.instructions.at(-1)!;
    expect(branch.opcode).toBe(Op.BranchConditional);
    // Both arms to %then, through the module (which drops the cached graph): same blocks, other edges.
    module.setOperand(branch, 2, then.id);
    const after = module.analysis(ControlFlowAnalysis);
    expect(after).not.toBe(before);
    expect(sameControlFlow(before, after)).toBe(false);
    expect(sameControlFlow(after, ControlFlowAnalysis.build(module))).toBe(true);
    expect(checkConsistency(module)).toEqual([]);
  });
});
