import {
  Decoration,
  DecorationsAnalysis,
  EntryPointsAnalysis,
  Op,
  WorkgroupSizeProblem,
  sizeOfEntryPoint,
  type Instruction,
  type Module,
  type ResolvedWorkgroupSize,
  type WorkgroupSizeContext,
} from '@spvkit/core';

/**
 * Whether a constant decorated `BuiltIn` must stay although nothing uses it. A WorkgroupSize
 * composite sets the size, over `LocalSize`: spirv-opt's eliminate-dead-const removes it anyway,
 * which is harmless only where it says what every entry point's `LocalSize` says. So it may go
 * when it is an OpConstantComposite of OpConstants equal to the LocalSize of every entry point
 * that declares one (and at least one does); a spec-constant one (`local_size_x_id`) always stays,
 * since specializing it changes the size, and so does one over a `LocalSizeId` size.
 *
 * The sizes the entry points would have without the constant are core's resolver's
 * ({@link sizeOfEntryPoint}, given no WorkgroupSize object), so the precedence of `LocalSizeId`
 * over `LocalSize` is the one written there.
 */
export function builtInConstantMustStay(module: Module, constant: Instruction, def: (id: number) => Instruction | undefined): boolean {
  if (constant.opcode !== Op.ConstantComposite || constant.operandCount !== 3) return true;
  const size: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    const c = def(constant.word(i));
    if (c?.opcode !== Op.Constant || c.operandCount !== 1) return true;
    size.push(BigInt(c.word(0)));
  }
  // The globals the pass is removing from are the definitions the resolver reads; SpecId is asked
  // only of LocalSizeId operands, which keep the constant anyway.
  const context: WorkgroupSizeContext = {
    def,
    specId: (id) => module.analysis(DecorationsAnalysis).find(id, Decoration.SpecId)?.[0],
  };
  let declared = 0;
  for (const ep of module.analysis(EntryPointsAnalysis).list) {
    let own: ResolvedWorkgroupSize | undefined;
    try {
      own = sizeOfEntryPoint(context, ep, undefined);
    } catch (error) {
      // A LocalSizeId the resolver rejects (an operand that is no constant): kept, as any LocalSizeId.
      if (error instanceof WorkgroupSizeProblem) return true;
      throw error;
    }
    if (own === undefined || own.source === 'WorkgroupSize input') continue;
    if (own.source !== 'LocalSize') return true;
    for (let i = 0; i < 3; i++) {
      const dim = own.dims[i];
      if (dim.kind !== 'const' || dim.value !== size[i]) return true;
    }
    declared++;
  }
  return declared === 0;
}
