// The control-flow rules, case by case, for the validator and for spirv-val: controlFlow.test.ts
// runs them against the validator alone (the unit tier), test/validator/controlFlow.test.ts has
// spirv-val judge them too (the oracle tier). Not shipped: the build leaves *.cases.ts out.
import { assemble, encodeModule } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../../validate.js';

/** A second judge of every case: spirv-val's verdict on the words. */
export type ControlFlowOracle = (words: Uint32Array, targetEnv: string) => { ok: boolean; message: string };

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

/** `main` with the given blocks (and any functions after it), for `env`. */
function shader(body: string, after = ''): string {
  return `${HEAD}%main = OpFunction %void None %fn\n${body.trim()}\nOpFunctionEnd\n${after}`;
}

interface Verdict {
  /** Every code we report. */
  readonly codes: readonly string[];
  /** spirv-val's message, or undefined where it accepts; null without an oracle. */
  readonly theirs: string | undefined | null;
}

function judge(oracle: ControlFlowOracle | undefined, text: string, env = 'vulkan1.1'): Verdict {
  const words = encodeModule(assemble(text, { targetEnv: env, file: 'cf.spvasm' }));
  const theirs = oracle?.(words, env);
  return { codes: validate(words, { targetEnv: env }).map((d) => d.code), theirs: theirs === undefined ? null : theirs.ok ? undefined : theirs.message };
}

/** Asserts spirv-val's verdict, where there is an oracle to give one. */
function expectTheirs(theirs: string | undefined | null, check: (theirs: string | undefined) => void): void {
  if (theirs !== null) check(theirs);
}

// A loop: %h heads it, %body its body, %c its continue target (the back-edge block), %m its merge block.
const LOOP = `%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranchConditional %true %body %m
%body = OpLabel
BODY
%c = OpLabel
OpBranch %h
%m = OpLabel
OpReturn`;

const loop = (body: string): string => shader(LOOP.replace('BODY', body.trim()));

// A switch at %s with merge %sm and the given cases (their blocks and the target list).
const sw = (targets: string, cases: string): string =>
  shader(`%s = OpLabel
OpSelectionMerge %sm None
OpSwitch %int_1 ${targets}
${cases.trim()}
%sm = OpLabel
OpReturn`);

/** A second function with a loop, after `main`. */
const HELPER = `%helper = OpFunction %void None %fn
%he = OpLabel
OpBranch %hh
%hh = OpLabel
OpLoopMerge %hm %hc None
OpBranchConditional %true %hc %hm
%hc = OpLabel
OpBranch %hh
%hm = OpLabel
OpReturn
OpFunctionEnd
`;

// [what, module, our code, spirv-val's first message (Debian 2023.1), target env (vulkan1.1)]
const rejected: [string, string, string, RegExp, string?][] = [
  [
    'an instruction between OpSelectionMerge and its branch',
    shader(`%entry = OpLabel
OpSelectionMerge %m None
%x = OpIAdd %int %int_1 %int_1
OpBranchConditional %true %a %m
%a = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-merge-position',
    /OpSelectionMerge must immediately precede either an OpBranchConditional or OpSwitch/,
  ],
  [
    'OpLoopMerge before an OpSwitch',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpSwitch %int_1 %c
%c = OpLabel
OpBranch %h
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-merge-position',
    /OpLoopMerge must immediately precede either an OpBranch or OpBranchConditional/,
  ],
  [
    'a continue target that is no label',
    loop('OpBranch %c').replace('OpLoopMerge %m %c None', 'OpLoopMerge %m %int_1 None'),
    'spvkit-control-flow-merge-label',
    /Continue Target .* must be an OpLabel/,
  ],
  [
    'a merge block of another function',
    shader(
      `%entry = OpLabel
OpSelectionMerge %x None
OpBranchConditional %true %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn`,
      `%g = OpFunction %void None %fn\n%x = OpLabel\nOpReturn\nOpFunctionEnd\n`,
    ),
    'spvkit-control-flow-merge-label',
    /are referenced but not defined in function/,
  ],
  [
    'a loop that is its own merge block',
    loop('OpBranch %c').replace('OpLoopMerge %m %c None', 'OpLoopMerge %h %c None'),
    'spvkit-control-flow-loop-merge',
    /Merge Block may not be the block containing the OpLoopMerge/,
  ],
  [
    'the same block as merge block and continue target',
    loop('OpBranch %c').replace('OpLoopMerge %m %c None', 'OpLoopMerge %c %c None'),
    'spvkit-control-flow-loop-merge',
    /Merge Block and Continue Target must be different ids/,
  ],
  [
    'Unroll with DontUnroll',
    loop('OpBranch %c').replace('OpLoopMerge %m %c None', 'OpLoopMerge %m %c Unroll|DontUnroll'),
    'spvkit-control-flow-loop-control',
    /Unroll and DontUnroll loop controls must not both be specified/,
  ],
  [
    'IterationMultiple 0',
    loop('OpBranch %c').replace('OpLoopMerge %m %c None', 'OpLoopMerge %m %c IterationMultiple 0'),
    'spvkit-control-flow-loop-control',
    /IterationMultiple loop control operand must be greater than zero/,
    'vulkan1.1spv1.4',
  ],
  [
    'two headers with one merge block',
    shader(`%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %b %m
%b = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-merge-unique',
    /is already a merge block for another header/,
  ],
  [
    'a branch to a value',
    shader(`%entry = OpLabel\nOpBranch %int_1`),
    'spvkit-control-flow-branch-target',
    /'Target Label' operands for OpBranch must be the ID of an OpLabel instruction/,
  ],
  [
    'a branch to a block of a later function',
    shader(`%entry = OpLabel\nOpBranch %x`, `%g = OpFunction %void None %fn\n%x = OpLabel\nOpReturn\nOpFunctionEnd\n`),
    'spvkit-control-flow-branch-target',
    /are referenced but not defined in function/,
  ],
  [
    'a branch to the first block',
    shader(`%entry = OpLabel
OpLoopMerge %m %entry None
OpBranchConditional %true %entry %m
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-entry-target',
    /First block .* of function .* is targeted by block/,
  ],
  [
    'a condition that is no boolean',
    shader(`%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional %int_1 %a %m
%a = OpLabel
OpBranch %m
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-condition',
    /Condition operand for OpBranchConditional must be of boolean type/,
  ],
  [
    'a selector that is no integer',
    sw('%sm', '').replace('OpSwitch %int_1', 'OpSwitch %true'),
    'spvkit-control-flow-condition',
    /Selector type must be OpTypeInt/,
  ],
  [
    'a block before its dominator',
    shader(`%entry = OpLabel
OpBranch %b
%c = OpLabel
OpReturn
%b = OpLabel
OpBranch %c`),
    'spvkit-control-flow-block-order',
    /appears in the binary before its dominator/,
  ],
  [
    'a back edge to a block that is no loop header',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpBranch %h`),
    'spvkit-control-flow-back-edge',
    /Back-edges .* can only be formed between a block and a loop header/,
  ],
  [
    'a loop without a back edge',
    loop('OpBranch %m').replace('%c = OpLabel\nOpBranch %h', '%c = OpLabel\nOpBranch %m'),
    'spvkit-control-flow-loop-back-edges',
    /is targeted by 0 back-edge blocks but the standard requires exactly one/,
  ],
  [
    'a loop with back edges from two blocks',
    loop('OpBranch %h'),
    'spvkit-control-flow-loop-back-edges',
    /is targeted by 2 back-edge blocks but the standard requires exactly one/,
  ],
  [
    'a merge block its header does not dominate',
    shader(`%entry = OpLabel
OpSelectionMerge %end None
OpBranchConditional %true %h %other
%h = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpBranch %m
%other = OpLabel
OpBranch %m
%m = OpLabel
OpBranch %end
%end = OpLabel
OpReturn`),
    'spvkit-control-flow-merge-dominance',
    /The selection construct with the selection header .* does not structurally dominate the merge block/,
  ],
  [
    'a back edge from a block the continue target does not dominate',
    loop('OpBranch %h')
      .replace('%c = OpLabel\nOpBranch %h', '%c = OpLabel\nOpBranch %m')
      .replace('OpBranchConditional %true %body %m', 'OpBranchConditional %true %body %c'),
    'spvkit-control-flow-continue-construct',
    /The continue construct with the continue target .* does not structurally dominate the back-edge block/,
  ],
  [
    'a break out of a selection to a block past the loop',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranchConditional %true %body %m
%body = OpLabel
OpSelectionMerge %bm None
OpBranchConditional %true %x %bm
%x = OpLabel
OpBranch %out
%bm = OpLabel
OpBranch %c
%c = OpLabel
OpBranch %h
%m = OpLabel
OpBranch %out
%out = OpLabel
OpReturn`),
    'spvkit-control-flow-construct-entry',
    /branches to the loop construct, but not to the loop header/,
  ],
  [
    'a continue construct leaving for a block that is neither the loop header nor the merge block',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranchConditional %true %body %m
%body = OpLabel
OpBranch %c
%c = OpLabel
OpBranchConditional %true %h %x
%x = OpLabel
OpReturn
%m = OpLabel
OpReturn`),
    'spvkit-control-flow-construct-exit',
    /exits the continue headed by .*, but not via a structured exit/,
  ],
  [
    'a selection in a loop merging at the continue target',
    loop(`OpSelectionMerge %c None
OpBranchConditional %true %y %c
%y = OpLabel
OpBranch %c`),
    'spvkit-control-flow-nested-merge',
    /Header block .* is contained in the loop construct headed by .*, but its merge block .* is not/,
  ],
  [
    'a header whose merge block is outside the construct it is in',
    shader(`%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %m
%a = OpLabel
OpSelectionMerge %end None
OpBranchConditional %true %b %c
%b = OpLabel
OpBranch %m
%c = OpLabel
OpBranch %m
%m = OpLabel
OpBranch %end
%end = OpLabel
OpReturn`),
    'spvkit-control-flow-construct-entry',
    /branches to the selection construct, but not to the selection header/,
  ],
  [
    'an unreachable block branching to a continue target (spirv-val 2023.1 holds unreachable blocks to it)',
    loop('OpBranch %c\n%u = OpLabel\nOpBranch %c'),
    'spvkit-control-flow-continue-entry',
    /branches to the loop continue target .*, but is not contained in the associated loop construct/,
  ],
  [
    'a case that branches to a block as deeply nested that is no case',
    sw(
      '%d 1 %c',
      `%c = OpLabel
OpBranch %x
%d = OpLabel
OpBranch %x
%x = OpLabel
OpBranch %sm`,
    ),
    'spvkit-control-flow-case-exit',
    /Case construct that targets .* has invalid branch to block/,
  ],
  [
    'two cases falling through to one',
    sw(
      '%c2 1 %c1 2 %c3',
      `%c1 = OpLabel
OpBranch %c3
%c2 = OpLabel
OpBranch %c3
%c3 = OpLabel
OpBranch %sm`,
    ),
    'spvkit-control-flow-case-fall-through',
    /Multiple case constructs have branches to the case construct that targets/,
  ],
  [
    'a case falling through to one that does not follow it',
    sw(
      '%sm 1 %c1 2 %c3 3 %c2',
      `%c1 = OpLabel
OpBranch %c2
%c2 = OpLabel
OpBranch %sm
%c3 = OpLabel
OpBranch %sm`,
    ),
    'spvkit-control-flow-case-order',
    /Case construct that targets .* has branches to the case construct that targets .*, but does not immediately precede it/,
  ],
  [
    'a loop without a back edge in the second function',
    shader(`%entry = OpLabel\n%r = OpFunctionCall %void %helper\nOpReturn`, HELPER.replace('%hc = OpLabel\nOpBranch %hh', '%hc = OpLabel\nOpBranch %hm')),
    'spvkit-control-flow-loop-back-edges',
    /is targeted by 0 back-edge blocks but the standard requires exactly one/,
  ],
  [
    'a conditional branch to two new blocks without a merge',
    shader(`%entry = OpLabel
OpBranchConditional %true %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn`),
    'spvkit-control-flow-structured-selection',
    /Selection must be structured/,
  ],
  [
    'an OpSwitch without a merge',
    sw('%d 1 %sm', '%d = OpLabel\nOpBranch %sm').replace('OpSelectionMerge %sm None\n', ''),
    'spvkit-control-flow-structured-selection',
    /OpSwitch must be preceded by an OpSelectionMerge instruction/,
  ],
];

// Valid control flow, each accepted by spirv-val too.
const accepted: [string, string][] = [
  ['loops in two functions', loop('OpBranch %c').replace('%body = OpLabel', '%body = OpLabel\n%r = OpFunctionCall %void %helper') + HELPER],
  [
    'nested loops with break and continue from selections',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranchConditional %true %body %m
%body = OpLabel
OpBranch %ih
%ih = OpLabel
OpLoopMerge %im %ic Unroll
OpBranch %ibody
%ibody = OpLabel
OpSelectionMerge %isel None
OpBranchConditional %true %brk %cont
%brk = OpLabel
OpBranch %im
%cont = OpLabel
OpBranch %ic
%isel = OpLabel
OpUnreachable
%ic = OpLabel
OpBranchConditional %true %ih %im
%im = OpLabel
OpBranch %c
%c = OpLabel
OpBranch %h
%m = OpLabel
OpReturn`),
  ],
  [
    'a switch with fall-through, shared and default cases, and a case breaking from an enclosing loop',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %c None
OpBranch %s
%s = OpLabel
OpSelectionMerge %sm None
OpSwitch %int_1 %d 1 %c1 2 %c1 3 %c2 4 %c3
%c1 = OpLabel
OpBranch %c2
%c2 = OpLabel
OpBranch %sm
%c3 = OpLabel
OpBranch %m
%d = OpLabel
OpBranch %c
%sm = OpLabel
OpBranch %c
%c = OpLabel
OpBranchConditional %true %h %m
%m = OpLabel
OpReturn`),
  ],
  [
    'early returns in both arms: the merge block unreachable',
    shader(`%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn
%m = OpLabel
OpUnreachable`),
  ],
  [
    'a loop whose header is its own continue target, and an unreachable continue target',
    shader(`%entry = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %h None
OpBranchConditional %true %h %m
%m = OpLabel
OpBranch %h2
%h2 = OpLabel
OpLoopMerge %m2 %c2 None
OpBranch %m2
%c2 = OpLabel
OpBranch %h2
%m2 = OpLabel
OpReturn`),
  ],
  [
    'a selection whose one arm is the merge block, and a conditional branch to a merge block and a new block',
    loop(`OpSelectionMerge %bm None
OpBranchConditional %true %bm %x
%x = OpLabel
OpBranchConditional %true %m %bm
%bm = OpLabel
OpBranch %c`),
  ],
];

/**
 * Registers every case. Without an oracle each is judged by the validator alone; with one,
 * spirv-val must reject each rejected case with the case's message and accept each accepted one.
 */
export function controlFlowCases(oracle?: ControlFlowOracle): void {
  describe('control-flow rules', () => {
    it.each(rejected.map(([what, text, code, message, env]) => ({ what, text, code, message, env })))('$what -> $code', ({ text, code, message, env }) => {
      const { codes, theirs } = judge(oracle, text, env);
      expectTheirs(theirs, (t) => expect(t, 'spirv-val rejects').toMatch(message));
      expect(codes).toContain(code);
      expect(
        codes.every((c) => c.startsWith('spvkit-control-flow-')),
        codes.join(' '),
      ).toBe(true);
    });

    it.each(accepted.map(([what, text]) => ({ what, text })))('accepts $what', ({ text }) => {
      const { codes, theirs } = judge(oracle, text);
      expectTheirs(theirs, (t) => expect(t, 'spirv-val accepts').toBeUndefined());
      expect(codes).toEqual([]);
    });

    it('an OpKill ending a selection arm of a fragment shader', () => {
      const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%main = OpFunction %void None %fn
%entry = OpLabel
OpSelectionMerge %m None
OpBranchConditional %true %k %m
%k = OpLabel
OpKill
%m = OpLabel
OpReturn
OpFunctionEnd
`;
      const { codes, theirs } = judge(oracle, text);
      expectTheirs(theirs, (t) => expect(t).toBeUndefined());
      expect(codes).toEqual([]);
    });

    it('without Shader, an unstructured branch is fine (Kernel), as spirv-val has it', () => {
      const text = `OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical32 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%true = OpConstantTrue %bool
%main = OpFunction %void None %fn
%entry = OpLabel
OpBranchConditional %true %a %b
%a = OpLabel
OpBranch %b
%b = OpLabel
OpReturn
OpFunctionEnd
`;
      const { codes, theirs } = judge(oracle, text, 'spv1.2');
      expectTheirs(theirs, (t) => expect(t).toBeUndefined());
      expect(codes).toEqual([]);
      // Declaring Geometry declares Shader: the same branch is then unstructured.
      const geometry = judge(
        oracle,
        shader(`%entry = OpLabel\nOpBranchConditional %true %a %b\n%a = OpLabel\nOpBranch %b\n%b = OpLabel\nOpReturn`).replace(
          'OpCapability Shader',
          'OpCapability Geometry',
        ),
      );
      expectTheirs(geometry.theirs, (t) => expect(t).toMatch(/Selection must be structured/));
      expect(geometry.codes).toEqual(['spvkit-control-flow-structured-selection']);
    });

    it('names the instruction and the ids', () => {
      const found = validate(
        encodeModule(
          assemble(
            shader(`%entry = OpLabel\nOpBranchConditional %true %a %b\n%a = OpLabel\nOpReturn\n%b = OpLabel\nOpReturn`).replace(
              '%void = OpTypeVoid',
              'OpName %a "left"\nOpName %b "right"\n%void = OpTypeVoid',
            ),
            {
              targetEnv: 'vulkan1.1',
            },
          ),
        ),
      );
      expect(found.map((d) => [d.code, d.opcode, d.ids.map((id) => id.name)])).toEqual([
        ['spvkit-control-flow-structured-selection', 250, [undefined, 'left', 'right']],
      ]);
      expect(found[0].message).toMatch(/OpBranchConditional in %\S+ splits control flow to %left and %right/);
    });
  });
}
