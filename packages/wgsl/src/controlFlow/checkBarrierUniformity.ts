import { ControlFlowAnalysis, Op, StorageClass } from '@spvkit/core';
import type { Block, FunctionControlFlow, Instruction } from '@spvkit/core';
import type { ModuleContext } from '../ModuleContext.js';

/**
 * Why control flow may differ between the invocations of a workgroup at a block: a branch on a
 * differing value, a return some invocations took before, or a call under differing control flow
 * (which, unlike the other two, says nothing of the function's own returns).
 */
type Divergence = 'condition' | 'return' | 'caller';

/**
 * Refuses a barrier that WGSL's uniformity analysis rejects: `workgroupBarrier` and
 * `storageBarrier` must be reached by every invocation of the workgroup alike, and Tint rejects
 * the shader when it cannot prove it. SPIR-V only asks that of the running code, so a GLSL
 * `if (gl_LocalInvocationID.x >= n) return;` before `barrier()` compiles for Vulkan and not as
 * WGSL. This follows the rules of WGSL's analysis that decide such shaders, on the SPIR-V, for
 * the WGSL this translator writes:
 *
 * - values that may differ between invocations: loads of Input (the WGSL reads them from
 *   `var<private>` copies), Private, Workgroup memory and buffers the shader writes (read_write
 *   storage); atomics and storage image reads; function variables a differing value or a store
 *   under differing control flow reaches; parameters a call passes such a value; what is computed
 *   from any of them. Uniform and read-only buffers, push constants, handles and constants are the
 *   same for all.
 * - control flow differs inside a selection or loop whose branch reads such a value; a loop whose
 *   `break` or `continue` is taken under differing control flow differs in all of it; after a
 *   `return` (or kill) under differing control flow, the rest of the function and, after the call,
 *   its callers differ; a function called under differing control flow differs in all of it.
 *
 * A barrier in differing control flow is refused with the reason. The rules are those that decide
 * the patterns real shaders have; where WGSL's analysis is finer (it follows each function
 * variable statement by statement), this refuses a shader Tint would take rather than write one
 * it rejects.
 */
export function checkBarrierUniformity(m: ModuleContext, functionIds: ReadonlySet<number>): void {
  const hasBarrier = (f: { allInstructions(): IterableIterator<Instruction> }): boolean => {
    for (const inst of f.allInstructions()) if (inst.opcode === Op.ControlBarrier || inst.opcode === Op.MemoryBarrier) return true;
    return false;
  };
  // Most shaders have no barrier: nothing to prove then.
  if (!m.module.functions.some((f) => functionIds.has(f.id) && hasBarrier(f))) return;
  const flow = m.module.analysis(ControlFlowAnalysis);
  const functions = m.module.functions.filter((f) => functionIds.has(f.id));
  const differs = new Set<number>();
  const taintedVars = new Set<number>();
  const divergentFunctions = new Map<number, Divergence>();
  /** Functions whose return may leave some invocations behind (their callers differ after the call). */
  const returnsDivergently = new Set<number>();
  const divergentBlocks = new Map<number, Divergence>();
  let changed = true;
  const markValue = (id: number): void => {
    if (id !== 0 && !differs.has(id)) {
      differs.add(id);
      changed = true;
    }
  };
  const markBlock = (b: Block, why: Divergence): void => {
    if (!divergentBlocks.has(b.id)) {
      divergentBlocks.set(b.id, why);
      changed = true;
    }
  };
  const differsLoad = (pointer: number): boolean => {
    const { root } = m.trace(pointer);
    if (differs.has(pointer) || chainIndexDiffers(m, pointer, differs)) return true;
    const v = m.defs.get(root);
    if (v === undefined) return false;
    // Through a pointer parameter: whatever the caller's memory holds.
    if (v.opcode === Op.FunctionParameter) return true;
    if (v.opcode !== Op.Variable) return true;
    switch (v.word(0)) {
      case StorageClass.Function:
        return taintedVars.has(root);
      case StorageClass.Uniform:
      case StorageClass.PushConstant:
      case StorageClass.UniformConstant:
        return false;
      case StorageClass.StorageBuffer:
        return m.written.has(root) || m.atomicRoots.has(root);
      default:
        return true;
    }
  };
  const facts: ValueFacts = {
    differs,
    differsLoad,
    markValue,
    blockDiffers: (id) => divergentBlocks.has(id),
    markTainted: (v) => {
      if (taintedVars.has(v)) return;
      taintedVars.add(v);
      changed = true;
    },
  };
  while (changed) {
    changed = false;
    for (const fn of functions) {
      const cf = flow.of(fn);
      const entryDivergence = divergentFunctions.get(fn.id);
      if (entryDivergence !== undefined) for (const b of cf.blocks) markBlock(b, 'caller');
      for (const b of cf.blocks) {
        let after: Divergence | undefined = divergentBlocks.get(b.id);
        for (const inst of b.instructions) {
          visitInstruction(m, inst, after, facts);
          if (inst.opcode === Op.FunctionCall) {
            const callee = inst.word(0);
            if (after !== undefined && !divergentFunctions.has(callee)) {
              divergentFunctions.set(callee, after);
              changed = true;
            }
            for (let i = 1; i < inst.operandCount; i++) {
              const param = m.module.functions.find((f) => f.id === callee)?.parameters[i - 1];
              if (param !== undefined && differs.has(inst.word(i))) markValue(param.resultId);
            }
            if (returnsDivergently.has(callee) && after === undefined) {
              after = 'return';
              for (const r of reachableFrom(cf, cf.successors(b))) markBlock(r, 'return');
            }
          }
        }
        markBranches(cf, b, differs, after, markBlock);
        const last = b.instructions[b.instructions.length - 1];
        // A return only some invocations take: the rest of the function, and its callers after the call, differ.
        if (after !== undefined && after !== 'caller' && isExit(last)) {
          if (!returnsDivergently.has(fn.id)) {
            returnsDivergently.add(fn.id);
            changed = true;
          }
          for (const header of enclosingHeaders(cf, b)) markAfter(cf, header, markBlock);
        }
      }
      for (const b of cf.blocks) {
        for (const inst of b.instructions) {
          if (inst.opcode === Op.ReturnValue && differs.has(inst.word(0))) {
            for (const call of callsOf(functions, fn.id)) markValue(call.resultId);
          }
        }
      }
    }
  }
  for (const fn of functions) {
    const cf = flow.of(fn);
    for (const b of cf.blocks) {
      let why = divergentBlocks.get(b.id);
      for (const inst of b.instructions) {
        if (inst.opcode === Op.FunctionCall && why === undefined && returnsDivergently.has(inst.word(0))) why = 'return';
        if ((inst.opcode === Op.ControlBarrier || inst.opcode === Op.MemoryBarrier) && why !== undefined) {
          throw m.refuser.error('a barrier in control flow that differs between invocations', inst, REASONS[why]);
        }
      }
    }
  }
}

const REASONS: Readonly<Record<Divergence, string>> = {
  return: 'it comes after a return that only some invocations may take, and WGSL requires every invocation of the workgroup to reach a barrier alike',
  condition:
    'it is under a branch on a value that may differ between invocations, and WGSL requires every invocation of the workgroup to reach a barrier alike',
  caller:
    'its function is called where control flow may differ between invocations, and WGSL requires every invocation of the workgroup to reach a barrier alike',
};

interface ValueFacts {
  readonly differs: ReadonlySet<number>;
  readonly differsLoad: (pointer: number) => boolean;
  readonly markValue: (id: number) => void;
  readonly blockDiffers: (id: number) => boolean;
  readonly markTainted: (variable: number) => void;
}

/** Marks what `inst` makes differ: its result, or the function variable it stores to. */
function visitInstruction(m: ModuleContext, inst: Instruction, divergent: Divergence | undefined, facts: ValueFacts): void {
  const op = inst.opcode;
  const storeTarget = (pointer: number): void => {
    const root = m.trace(pointer).root;
    const v = m.defs.get(root);
    if (v?.opcode === Op.Variable && v.word(0) === StorageClass.Function) facts.markTainted(root);
  };
  if (op === Op.Store) {
    if (divergent !== undefined || facts.differs.has(inst.word(1)) || chainIndexDiffers(m, inst.word(0), facts.differs)) storeTarget(inst.word(0));
    return;
  }
  if (op === Op.Variable && inst.operandCount > 1 && facts.differs.has(inst.word(1))) facts.markTainted(inst.resultId);
  if (op === Op.CopyMemory) {
    if (divergent !== undefined || facts.differsLoad(inst.word(1))) storeTarget(inst.word(0));
    return;
  }
  if (op === Op.ExtInst && inst.operandCount === 4 && m.defs.get(m.defs.get(inst.word(3))?.typeId ?? 0)?.opcode === Op.TypePointer) {
    // Modf and Frexp store their second part through the pointer.
    if (divergent !== undefined || facts.differs.has(inst.word(2))) storeTarget(inst.word(3));
  }
  if (op === Op.FunctionCall) {
    // A pointer argument may be written there with anything.
    for (let i = 1; i < inst.operandCount; i++) if (m.defs.get(m.defs.get(inst.word(i))?.typeId ?? 0)?.opcode === Op.TypePointer) storeTarget(inst.word(i));
    return;
  }
  if (inst.resultId === 0 || inst.typeId === 0) return;
  if (op === Op.Load) {
    if (facts.differsLoad(inst.word(0))) facts.markValue(inst.resultId);
    return;
  }
  if ((op >= Op.AtomicLoad && op <= Op.AtomicXor) || op === Op.ImageRead || op === Op.FunctionParameter) {
    if (op !== Op.FunctionParameter) facts.markValue(inst.resultId);
    return;
  }
  if (op === Op.Phi) {
    // A value chosen by where control came from differs when one of those places is reached by some invocations only.
    for (let i = 0; i + 1 < inst.operandCount; i += 2) {
      if (facts.differs.has(inst.word(i)) || facts.blockDiffers(inst.word(i + 1))) {
        facts.markValue(inst.resultId);
        return;
      }
    }
    return;
  }
  for (let i = 0; i < inst.operandCount; i++) {
    if (facts.differs.has(inst.word(i))) {
      facts.markValue(inst.resultId);
      return;
    }
  }
}

/** Whether an access chain (or a chain of them) to `pointer` indexes by a differing value. */
function chainIndexDiffers(m: ModuleContext, pointer: number, differs: ReadonlySet<number>): boolean {
  for (
    let inst = m.defs.get(pointer);
    inst !== undefined && (inst.opcode === Op.AccessChain || inst.opcode === Op.InBoundsAccessChain);
    inst = m.defs.get(inst.word(0))
  ) {
    for (let i = 1; i < inst.operandCount; i++) if (differs.has(inst.word(i))) return true;
  }
  return false;
}

/**
 * Control flow after the terminator of `b`: a differing branch makes its construct differ (a loop
 * header's, or a break or continue out of a loop: the whole loop).
 */
function markBranches(
  cf: FunctionControlFlow,
  b: Block,
  differs: ReadonlySet<number>,
  divergent: Divergence | undefined,
  markBlock: (b: Block, why: Divergence) => void,
): void {
  const last = b.instructions[b.instructions.length - 1];
  if (last === undefined) return;
  const selector = last.opcode === Op.BranchConditional || last.opcode === Op.Switch ? last.word(0) : undefined;
  const branchDiffers = selector !== undefined && differs.has(selector);
  const merge = cf.mergeBlock(b);
  const loop = cf.loopHeader(b);
  if (branchDiffers && merge !== undefined) {
    for (const inner of construct(cf, b, merge)) if (inner !== b || cf.isLoopHeader(b)) markBlock(inner, 'condition');
  }
  // A break or continue taken by some invocations only: the rest of the loop differs.
  const escapes = (branchDiffers || divergent !== undefined) && loop !== undefined && leavesConstruct(cf, b, merge, loop);
  if (escapes && loop !== undefined) {
    const loopMerge = cf.mergeBlock(loop);
    if (loopMerge !== undefined) for (const inner of construct(cf, loop, loopMerge)) markBlock(inner, 'condition');
  }
}

/**
 * Whether `b` (or the selection it heads) breaks out of `loop` or continues it early: a branch to
 * the loop's merge, or to its continue target from inside a selection whose merge it is not.
 */
function leavesConstruct(cf: FunctionControlFlow, b: Block, merge: Block | undefined, loop: Block): boolean {
  const loopMerge = cf.mergeBlock(loop);
  const cont = cf.continueTarget(loop);
  const inside = merge !== undefined && !cf.isLoopHeader(b) ? construct(cf, b, merge) : [b];
  return inside.some((x) => x !== cont && cf.successors(x).some((s) => s === loopMerge || (s === cont && s !== merge && x !== loop)));
}

/** The blocks of the construct `header` heads: those it dominates that its merge does not. */
function construct(cf: FunctionControlFlow, header: Block, merge: Block): Block[] {
  return cf.blocks.filter((x) => cf.reachable(x) && cf.dominates(header, x) && !cf.dominates(merge, x));
}

/** Headers whose construct holds `b`. */
function enclosingHeaders(cf: FunctionControlFlow, b: Block): Block[] {
  return cf.blocks.filter((h) => {
    const merge = cf.mergeBlock(h);
    return merge !== undefined && h !== b && cf.dominates(h, b) && !cf.dominates(merge, b);
  });
}

/** After a return inside `header`'s construct: its merge and all it reaches differ. */
function markAfter(cf: FunctionControlFlow, header: Block, markBlock: (b: Block, why: Divergence) => void): void {
  const merge = cf.mergeBlock(header);
  if (merge !== undefined) for (const r of reachableFrom(cf, [merge])) markBlock(r, 'return');
}

function reachableFrom(cf: FunctionControlFlow, start: readonly Block[]): Block[] {
  const seen = new Set<Block>();
  const work = [...start];
  while (work.length > 0) {
    const b = work.pop()!;
    if (seen.has(b)) continue;
    seen.add(b);
    work.push(...cf.successors(b));
  }
  return [...seen];
}

function isExit(inst: Instruction | undefined): boolean {
  return (
    inst !== undefined && (inst.opcode === Op.Return || inst.opcode === Op.ReturnValue || inst.opcode === Op.Kill || inst.opcode === Op.TerminateInvocation)
  );
}

function callsOf(functions: readonly { allInstructions(): IterableIterator<Instruction> }[], callee: number): Instruction[] {
  const calls: Instruction[] = [];
  for (const f of functions) for (const inst of f.allInstructions()) if (inst.opcode === Op.FunctionCall && inst.word(0) === callee) calls.push(inst);
  return calls;
}
