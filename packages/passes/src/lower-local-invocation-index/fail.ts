import { NamesAnalysis, Op, SourceLocationsAnalysis, SpirvError, formatLocation, type Instruction, type Module } from '@spvkit/core';

export const PASS_NAME = 'lower-local-invocation-index';

/**
 * The opcodes a refusal names by name: those the pass's checks stop at (the index variable, the
 * instructions that read or copy a pointer to it, decorations, entry points, the workgroup size's
 * instructions). Any other is named by number (`opcode 4457`); its result id, debug name
 * and source line still say which instruction it is. Not core's full opcode-name table on
 * purpose: that is 5 KB gzip, a fifth of a page that only decodes, lowers and encodes (issue 13's
 * browser budget), for a message about an instruction this pass almost never meets. fail.test.ts
 * checks these names against core's table.
 */
export const REFUSAL_OPCODES: Readonly<Record<string, number>> = {
  Load: Op.Load,
  Store: Op.Store,
  CopyMemory: Op.CopyMemory,
  CopyMemorySized: Op.CopyMemorySized,
  AccessChain: Op.AccessChain,
  InBoundsAccessChain: Op.InBoundsAccessChain,
  PtrAccessChain: Op.PtrAccessChain,
  CopyObject: Op.CopyObject,
  Bitcast: Op.Bitcast,
  Phi: Op.Phi,
  Select: Op.Select,
  FunctionCall: Op.FunctionCall,
  Variable: Op.Variable,
  ExtInst: Op.ExtInst,
  Decorate: Op.Decorate,
  DecorateId: Op.DecorateId,
  MemberDecorate: Op.MemberDecorate,
  EntryPoint: Op.EntryPoint,
  ExecutionMode: Op.ExecutionMode,
  ExecutionModeId: Op.ExecutionModeId,
  Constant: Op.Constant,
  SpecConstant: Op.SpecConstant,
  ConstantComposite: Op.ConstantComposite,
  SpecConstantComposite: Op.SpecConstantComposite,
  SpecConstantOp: Op.SpecConstantOp,
};

let names: Map<number, string> | undefined;

/** `OpLoad` for the opcodes in {@link REFUSAL_OPCODES}, else undefined. */
export function refusalOpcodeName(opcode: number): string | undefined {
  names ??= new Map(Object.entries(REFUSAL_OPCODES).map(([name, op]) => [op, `Op${name}`]));
  return names.get(opcode);
}

/** A SpirvError PASS_FAILED naming the instruction: opcode, result id, debug name, source line. */
export function fail(module: Module, inst: Instruction, what: string, extra: { hint?: string } = {}): SpirvError {
  const opname = refusalOpcodeName(inst.opcode);
  let location;
  let name;
  try {
    location = module.analysis(SourceLocationsAnalysis).of(inst);
    name = inst.resultId !== 0 ? module.analysis(NamesAnalysis).name(inst.resultId) : undefined;
  } catch {
    location = undefined;
  }
  const subject = `${opname ?? `opcode ${inst.opcode}`}${inst.resultId !== 0 ? ` %${inst.resultId}` : ''}${name ? ` (${name})` : ''}`;
  const where = location ? ` at ${formatLocation(location)}` : '';
  return new SpirvError('PASS_FAILED', `${PASS_NAME}: ${subject}${where} ${what}`, {
    ...(opname !== undefined ? { opname } : {}),
    ...(location ? { location } : {}),
    hint:
      extra.hint ??
      'LocalInvocationIndex can be lowered only where it is read by OpLoad (directly or through a pointer copy or parameter) from compute-like entry points with a known workgroup size',
  });
}
