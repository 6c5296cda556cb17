import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { EntryPointsAnalysis } from './EntryPoints.js';
import { resolveWorkgroupSize, WorkgroupSizeProblem } from './workgroupSize.js';
import { workgroupSizeOf } from './reflection/workgroupSize.js';

const head = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
`;
const body = `%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd`;

const sizeOf = (text: string) => {
  const m = assemble(text, { preserveNumericIds: true });
  const ep = m.analysis(EntryPointsAnalysis).list[0];
  return { resolved: resolveWorkgroupSize(m, ep), reflected: workgroupSizeOf(m, ep) };
};

describe('resolveWorkgroupSize', () => {
  it('LocalSize: constants', () => {
    const { resolved, reflected } = sizeOf(`${head}OpExecutionMode %main LocalSize 8 4 1\n${body}`);
    expect(resolved).toEqual({
      source: 'LocalSize',
      dims: [
        { kind: 'const', value: 8n },
        { kind: 'const', value: 4n },
        { kind: 'const', value: 1n },
      ],
    });
    expect(reflected?.dimensions.map((d) => d.value)).toEqual([8, 4, 1]);
  });

  it('a WorkgroupSize spec composite: spec-constant ids with their SpecIds, symbolic', () => {
    const { resolved, reflected } = sizeOf(`${head}OpExecutionMode %main LocalSize 1 1 1
OpDecorate %x SpecId 0
OpDecorate %wgs BuiltIn WorkgroupSize
%uint = OpTypeInt 32 0
%v3 = OpTypeVector %uint 3
%x = OpSpecConstant %uint 16
%one = OpConstant %uint 1
%wgs = OpSpecConstantComposite %v3 %x %one %one
${body}`);
    expect(resolved?.source).toBe('WorkgroupSize');
    expect(resolved?.dims[0]).toMatchObject({ kind: 'spec', specId: 0, defaultValue: 16n });
    expect(resolved?.dims[1]).toMatchObject({ kind: 'const', value: 1n });
    expect(reflected?.dimensions[0]).toMatchObject({ value: 16, specId: 0 });
  });

  it('a WorkgroupSize computed by OpSpecConstantOp: components to extract', () => {
    const { resolved } = sizeOf(
      `${head}OpDecorate %wgs BuiltIn WorkgroupSize
%uint = OpTypeInt 32 0
%v3 = OpTypeVector %uint 3
%a = OpSpecConstantComposite %v3 %one %one %one
%one = OpSpecConstant %uint 1
%wgs = OpSpecConstantOp %v3 VectorShuffle %a %a 0 1 2
${body}`.replace(
        '%a = OpSpecConstantComposite %v3 %one %one %one\n%one = OpSpecConstant %uint 1',
        '%one = OpSpecConstant %uint 1\n%a = OpSpecConstantComposite %v3 %one %one %one',
      ),
    );
    expect(resolved?.dims[2]).toMatchObject({ kind: 'extract', index: 2 });
  });

  it('a malformed size is a WorkgroupSizeProblem for passes, no size for reflection', () => {
    const text = `${head}OpDecorate %wgs BuiltIn WorkgroupSize
%float = OpTypeFloat 32
%v3 = OpTypeVector %float 3
%f = OpConstant %float 1
%wgs = OpConstantComposite %v3 %f %f %f
${body}`;
    const m = assemble(text);
    const ep = m.analysis(EntryPointsAnalysis).list[0];
    expect(() => resolveWorkgroupSize(m, ep)).toThrow(WorkgroupSizeProblem);
    expect(workgroupSizeOf(m, ep)).toBeUndefined();
  });
});
