import type { RuleInfo } from '../../report/RuleInfo.js';

/**
 * The rules of control flow: branch and merge operands, block order (every module), and the
 * structured control-flow rules of SPIR-V 2.11 (modules declaring Shader), each as spirv-val
 * scopes it.
 */
export const CONTROL_FLOW_RULES = {
  'spvkit-control-flow-merge-position': {
    family: 'control-flow',
    summary: 'OpSelectionMerge comes right before an OpBranchConditional or OpSwitch, OpLoopMerge right before an OpBranch or OpBranchConditional',
  },
  'spvkit-control-flow-merge-label': {
    family: 'control-flow',
    summary: 'the merge block and continue target of a merge instruction are blocks (OpLabels) of its own function',
  },
  'spvkit-control-flow-loop-merge': {
    family: 'control-flow',
    summary: "an OpLoopMerge's merge block is neither its own block nor its continue target",
  },
  'spvkit-control-flow-loop-control': {
    family: 'control-flow',
    summary: 'loop controls do not contradict one another (Unroll, PeelCount or PartialCount with DontUnroll) and IterationMultiple is above zero',
  },
  'spvkit-control-flow-merge-unique': { family: 'control-flow', summary: 'a block is the merge block of at most one header' },
  'spvkit-control-flow-branch-target': {
    family: 'control-flow',
    summary: 'the targets of OpBranch, OpBranchConditional and OpSwitch are blocks (OpLabels) of their own function',
  },
  'spvkit-control-flow-entry-target': { family: 'control-flow', summary: 'no branch targets the first block of a function' },
  'spvkit-control-flow-condition': {
    family: 'control-flow',
    summary: "OpBranchConditional's condition is a boolean scalar (and, from SPIR-V 1.6, its two targets differ); OpSwitch's selector is an integer scalar",
  },
  'spvkit-control-flow-block-order': { family: 'control-flow', summary: 'a block appears in the binary after the blocks that dominate it' },
  'spvkit-control-flow-back-edge': { family: 'control-flow', summary: 'a back edge (a branch to a block on every path to the branch) goes to a loop header' },
  'spvkit-control-flow-loop-back-edges': { family: 'control-flow', summary: 'a reachable loop header is the target of back edges from exactly one block' },
  'spvkit-control-flow-merge-dominance': {
    family: 'control-flow',
    summary: 'a selection or loop header structurally dominates its merge block and is not its own merge block',
  },
  'spvkit-control-flow-continue-construct': {
    family: 'control-flow',
    summary: "a continue target structurally dominates its loop's back-edge block, which structurally post-dominates it",
  },
  'spvkit-control-flow-construct-exit': {
    family: 'control-flow',
    summary:
      'a branch out of a selection, loop or continue construct goes to a structured exit (its merge block, the continue target, an enclosing loop or switch merge, the loop header from the continue construct)',
  },
  'spvkit-control-flow-construct-entry': { family: 'control-flow', summary: 'a construct is entered only through its header' },
  'spvkit-control-flow-nested-merge': {
    family: 'control-flow',
    summary: 'a header inside a construct has its merge block inside that construct too',
  },
  'spvkit-control-flow-continue-entry': {
    family: 'control-flow',
    summary: "a loop's continue target is branched to only from within the loop (or from a back edge of the continue construct)",
  },
  'spvkit-control-flow-case-dominance': { family: 'control-flow', summary: 'a switch header structurally dominates each of its case constructs' },
  'spvkit-control-flow-case-exit': {
    family: 'control-flow',
    summary: "a case construct branches only to another case, the switch's merge block, or the merge block or continue target of an enclosing construct",
  },
  'spvkit-control-flow-case-fall-through': {
    family: 'control-flow',
    summary: 'a case construct falls through to at most one other case, and each case is fallen into from at most one other',
  },
  'spvkit-control-flow-case-order': {
    family: 'control-flow',
    summary: "a case that falls through to another comes right before it in the OpSwitch's target list",
  },
  'spvkit-control-flow-structured-selection': {
    family: 'control-flow',
    summary: 'an OpSwitch, and an OpBranchConditional to two blocks not yet merge, continue or branch targets, are headers with an OpSelectionMerge',
  },
} as const satisfies Record<string, RuleInfo>;
