import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { decodeModule } from '../binary/decodeModule.js';
import { encodeModule } from '../binary/encodeModule.js';
import { CallGraphAnalysis } from './CallGraph.js';
import { EntryPointsAnalysis } from './EntryPoints.js';
import { checkConsistency } from './checkConsistency.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %1 "a"
OpEntryPoint GLCompute %2 "b"
OpExecutionMode %1 LocalSize 1 1 1
OpExecutionMode %2 LocalSize 1 1 1
%10 = OpTypeVoid
%11 = OpTypeFunction %10
%1 = OpFunction %10 None %11
%20 = OpLabel
%21 = OpFunctionCall %10 %3
OpReturn
OpFunctionEnd
%2 = OpFunction %10 None %11
%22 = OpLabel
OpReturn
OpFunctionEnd
%3 = OpFunction %10 None %11
%23 = OpLabel
%24 = OpFunctionCall %10 %4
OpReturn
OpFunctionEnd
%4 = OpFunction %10 None %11
%25 = OpLabel
OpReturn
OpFunctionEnd`;

describe('CallGraphAnalysis', () => {
  const check = (lazy: boolean): void => {
    const module = decodeModule(encodeModule(assemble(text, { preserveNumericIds: true })), { lazyFunctions: lazy });
    const calls = module.analysis(CallGraphAnalysis);
    expect(calls.functions).toEqual([1, 2, 3, 4]);
    expect([...calls.callees(1)]).toEqual([3]);
    expect([...calls.reachableFrom(1)].sort()).toEqual([1, 3, 4]);
    expect([...calls.reachableFrom(2)]).toEqual([2]);
    const eps = module.analysis(EntryPointsAnalysis);
    expect(eps.reaching(4).map((ep) => ep.name)).toEqual(['a']);
    // Entry points and the call graph come from the words as they are.
    expect(module.hasLazyFunctions).toBe(lazy);
    expect(checkConsistency(module)).toEqual([]);
  };
  it('reads undecoded bodies without decoding them', () => check(true));
  it('reads decoded bodies', () => check(false));
});
