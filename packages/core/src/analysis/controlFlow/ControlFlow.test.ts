import { describe, expect, it } from 'vitest';
import { assemble } from '../../text/assembler/assemble.js';
import { Op } from '../../grammar/index.js';
import { Instruction } from '../../ir/Instruction.js';
import { checkConsistency } from '../checkConsistency.js';
import { NamesAnalysis } from '../Names.js';
import { ControlFlowAnalysis } from './ControlFlow.js';
import type { Block } from '../../ir/Block.js';
import type { Module } from '../../ir/Module.js';

// A function with a selection, a loop nested in a loop, a block after a return nothing reaches,
// and a block that leaves early (OpKill), named so the tests read as the graph.
const SOURCE = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %entry "entry"
OpName %then "then"
OpName %else "else"
OpName %join "join"
OpName %outer "outer"
OpName %outerBody "outerBody"
OpName %inner "inner"
OpName %innerBody "innerBody"
OpName %innerCont "innerCont"
OpName %innerMerge "innerMerge"
OpName %outerCont "outerCont"
OpName %outerMerge "outerMerge"
OpName %kill "kill"
OpName %exit "exit"
OpName %dead "dead"
%void = OpTypeVoid
%bool = OpTypeBool
%true = OpConstantTrue %bool
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %join None
OpBranchConditional %true %then %else
%then = OpLabel
OpBranch %join
%else = OpLabel
OpBranch %join
%join = OpLabel
OpBranch %outer
%outer = OpLabel
OpLoopMerge %outerMerge %outerCont None
OpBranch %outerBody
%outerBody = OpLabel
OpBranch %inner
%inner = OpLabel
OpLoopMerge %innerMerge %innerCont None
OpBranchConditional %true %innerBody %innerMerge
%innerBody = OpLabel
OpBranch %innerCont
%innerCont = OpLabel
OpBranch %inner
%innerMerge = OpLabel
OpBranch %outerCont
%outerCont = OpLabel
OpBranchConditional %true %outer %outerMerge
%outerMerge = OpLabel
OpSelectionMerge %exit None
OpBranchConditional %true %kill %exit
%kill = OpLabel
OpKill
%exit = OpLabel
OpReturn
%dead = OpLabel
OpReturn
OpFunctionEnd
`;

function load(): { module: Module; block: (name: string) => Block } {
  const module = assemble(SOURCE);
  const names = module.analysis(NamesAnalysis);
  const blocks = new Map(module.functions[0].blocks.map((b) => [names.name(b.id), b]));
  return {
    module,
    block: (name) => {
      const b = blocks.get(name);
      if (b === undefined) throw new Error(`no block ${name}`);
      return b;
    },
  };
}

describe('ControlFlowAnalysis', () => {
  const { module, block } = load();
  const names = module.analysis(NamesAnalysis);
  const flow = module.analysis(ControlFlowAnalysis).of(module.functions[0]);
  const named = (blocks: readonly (Block | undefined)[]): (string | undefined)[] => blocks.map((b) => (b === undefined ? undefined : names.name(b.id)));

  it('gives successors and predecessors from the terminators', () => {
    expect(named(flow.successors(block('entry')))).toEqual(['then', 'else']);
    expect(named(flow.predecessors(block('join')))).toEqual(['then', 'else']);
    expect(named(flow.predecessors(block('outer')))).toEqual(['join', 'outerCont']);
    expect(flow.successors(block('exit'))).toEqual([]);
  });

  it('finds dominators, and dominates nothing from a block nothing reaches', () => {
    expect(named([flow.immediateDominator(block('join'))])).toEqual(['entry']);
    expect(named([flow.immediateDominator(block('innerMerge'))])).toEqual(['inner']);
    expect(flow.immediateDominator(block('entry'))).toBeUndefined();
    expect(flow.dominates(block('outer'), block('innerCont'))).toBe(true);
    expect(flow.dominates(block('then'), block('join'))).toBe(false);
    expect(flow.reachable(block('dead'))).toBe(false);
    expect(flow.dominates(block('entry'), block('dead'))).toBe(false);
    expect(named(flow.reversePostorder())).not.toContain('dead');
    const order = flow.reversePostorder();
    for (const b of order) {
      const d = flow.immediateDominator(b);
      if (d !== undefined) expect(order.indexOf(d)).toBeLessThan(order.indexOf(b));
    }
  });

  it('finds post-dominators up to a pseudo exit', () => {
    expect(flow.postDominates(block('join'), block('then'))).toBe(true);
    expect(flow.postDominates(block('outerMerge'), block('entry'))).toBe(true);
    // OpKill leaves the function: the exit block does not post-dominate the selection.
    expect(flow.postDominates(block('exit'), block('outerMerge'))).toBe(false);
    expect(named([flow.immediatePostDominator(block('innerBody'))])).toEqual(['innerCont']);
    expect(flow.immediatePostDominator(block('exit'))).toBeUndefined();
  });

  it('gives merge blocks, continue targets and loop nesting', () => {
    expect(named([flow.mergeBlock(block('entry')), flow.mergeBlock(block('inner')), flow.continueTarget(block('inner'))])).toEqual([
      'join',
      'innerMerge',
      'innerCont',
    ]);
    expect(flow.continueTarget(block('entry'))).toBeUndefined();
    expect(flow.isLoopHeader(block('outer'))).toBe(true);
    expect(flow.isLoopHeader(block('entry'))).toBe(false);
    expect(named(['innerBody', 'innerMerge', 'outerBody', 'join', 'outerMerge'].map((n) => flow.loopHeader(block(n))))).toEqual([
      'inner',
      'outer',
      'outer',
      undefined,
      undefined,
    ]);
    expect(['innerCont', 'outerCont', 'entry'].map((n) => flow.loopDepth(block(n)))).toEqual([2, 1, 0]);
  });

  it('is dropped by an edit and agrees with a fresh build while cached', () => {
    const fresh = load();
    const cached = fresh.module.analysis(ControlFlowAnalysis);
    expect(checkConsistency(fresh.module)).toEqual([]);
    const branch = fresh.block('join').instructions.at(-1)!;
    fresh.module.setOperands(branch, [fresh.block('exit').id]);
    const rebuilt = fresh.module.analysis(ControlFlowAnalysis);
    expect(rebuilt).not.toBe(cached);
    expect(rebuilt.of(fresh.module.functions[0]).reachable(fresh.block('outer'))).toBe(false);
  });

  it('is kept through edits that leave every block, edge and construct as it was, and still agrees with a fresh build', () => {
    const fresh = load();
    const cached = fresh.module.analysis(ControlFlowAnalysis);
    const uint = new Instruction(Op.TypeInt, 0, fresh.module.newId(), [32, 0]);
    fresh.module.insert('globals', [uint]);
    const one = new Instruction(Op.Constant, uint.resultId, fresh.module.newId(), [1]);
    fresh.module.insert('globals', [one]);
    const sum = new Instruction(Op.IAdd, uint.resultId, fresh.module.newId(), [one.resultId, one.resultId]);
    fresh.module.insert(fresh.block('then'), [sum], 0);
    fresh.module.setOperands(sum, [one.resultId, sum.resultId]);
    fresh.module.remove(sum);
    expect(fresh.module.analysis(ControlFlowAnalysis)).toBe(cached);
    expect(checkConsistency(fresh.module)).toEqual([]);
    // A merge instruction is part of the shape: a new one drops it.
    const merge = fresh.block('outerMerge').instructions[0];
    fresh.module.setOperands(merge, [fresh.block('kill').id, 0]);
    expect(fresh.module.analysis(ControlFlowAnalysis)).not.toBe(cached);
  });

  it('refuses a function of another module', () => {
    const other = load().module;
    expect(() => module.analysis(ControlFlowAnalysis).of(other.functions[0])).toThrow(/not in the module/);
  });
});
