import { Op, type Block, type FunctionControlFlow } from '@spvkit/core';

/** A structured construct holding a block: its header, and whether the header declares a loop. */
export interface EnclosingConstruct {
  readonly header: Block;
  readonly loop: boolean;
  /** For a loop: whether the block is in its continue construct (the blocks its continue target dominates). */
  readonly inContinue: boolean;
}

/**
 * The structured constructs holding `block`, innermost first. A construct is the blocks its header
 * dominates, but for those its merge block dominates (a merge nothing reaches leaves every block the
 * header dominates in it), and within every construct holding its header: a break to an outer
 * loop's merge leaves the selections inside that loop, though their headers dominate it. `block`
 * itself counts as in the construct it heads when `includeSelf`. Unreached blocks are in none.
 *
 * @example
 * ```ts
 * const innermostLoop = enclosingConstructs(flow, block, false).find((c) => c.loop)?.header;
 * ```
 */
export function enclosingConstructs(flow: FunctionControlFlow, block: Block, includeSelf: boolean): EnclosingConstruct[] {
  const found: EnclosingConstruct[] = [];
  if (!flow.reachable(block)) return found;
  const headers: Block[] = [];
  for (let a: Block | undefined = includeSelf ? block : flow.immediateDominator(block); a !== undefined; a = flow.immediateDominator(a)) {
    if (flow.mergeBlock(a) !== undefined) headers.push(a);
  }
  const within = (header: Block, b: Block): boolean => {
    const merge = flow.mergeBlock(header)!;
    return flow.dominates(header, b) && !(flow.reachable(merge) && flow.dominates(merge, b));
  };
  // Outermost first: a construct left (its merge dominates the block) takes those nested in it along.
  const left: Block[] = [];
  for (let i = headers.length - 1; i >= 0; i--) {
    const a = headers[i];
    if (left.some((x) => within(x, a)) || !within(a, block)) {
      left.push(a);
      continue;
    }
    const loop = flow.isLoopHeader(a);
    const cont = loop ? flow.continueTarget(a) : undefined;
    found.unshift({ header: a, loop, inContinue: cont !== undefined && flow.reachable(cont) && flow.dominates(cont, block) });
  }
  return found;
}

/** Whether the block ends in OpReturn or OpReturnValue. */
export function isReturnBlock(block: Block): boolean {
  const last = block.instructions[block.instructions.length - 1];
  return last !== undefined && (last.opcode === Op.Return || last.opcode === Op.ReturnValue);
}
