import { NamesAnalysis, SourceLocationsAnalysis, SpirvError, formatLocation, opcodeName, type Instruction, type Module } from '@spvkit/core';

export const PASS_NAME = 'lower-local-invocation-index';

/** A SpirvError PASS_FAILED naming the instruction: opcode name, result id, debug name, source line. */
export function fail(module: Module, inst: Instruction, what: string, extra: { hint?: string } = {}): SpirvError {
  const opname = opcodeName(inst.opcode) ?? `opcode ${inst.opcode}`;
  let location;
  let name;
  try {
    location = module.analysis(SourceLocationsAnalysis).of(inst);
    name = inst.resultId !== 0 ? module.analysis(NamesAnalysis).name(inst.resultId) : undefined;
  } catch {
    location = undefined;
  }
  const subject = `${opname}${inst.resultId !== 0 ? ` %${inst.resultId}` : ''}${name ? ` (${name})` : ''}`;
  const where = location ? ` at ${formatLocation(location)}` : '';
  return new SpirvError('PASS_FAILED', `${PASS_NAME}: ${subject}${where} ${what}`, {
    opname,
    ...(location ? { location } : {}),
    hint:
      extra.hint ??
      'LocalInvocationIndex can be lowered only where it is read by OpLoad (directly or through a pointer copy or parameter) from compute-like entry points with a known workgroup size',
  });
}
