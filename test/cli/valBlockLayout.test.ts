// spvkit val takes spirv-val's block layout options (issue 19): a Uniform block whose float array
// has stride 4 breaks std140 (spirv-val: "must follow relaxed uniform buffer layout rules: member 0
// contains an array with stride 4 not satisfying alignment to 16"), and is accepted with
// --uniform-buffer-standard-layout, --scalar-block-layout and --skip-block-layout, as spirv-val
// accepts it with each; --relax-block-layout does not change array strides.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-val-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const uniformArrayStride4 = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %ubo
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %arr ArrayStride 4
OpMemberDecorate %Block 0 Offset 0
OpDecorate %Block Block
OpDecorate %ubo DescriptorSet 0
OpDecorate %ubo Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %float %uint_4
%Block = OpTypeStruct %arr
%ptr = OpTypePointer Uniform %Block
%ubo = OpVariable %ptr Uniform
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

describe('spvkit val: block layout options', () => {
  const src = join(dir, 'ubo.spvasm');
  writeFileSync(src, uniformArrayStride4);

  it('rejects a std140-breaking array stride by default, and with --relax-block-layout', async () => {
    for (const extra of [[], ['--relax-block-layout']]) {
      const r = await spvkit(['val', '--target-env', 'vulkan1.2', ...extra, src]);
      expect(r.code, extra.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/error: \[spvkit-decorations-layout-array-stride\] .*ArrayStride 4, not a multiple of the alignment 16/);
    }
  });

  it.each([['--uniform-buffer-standard-layout'], ['--scalar-block-layout'], ['--skip-block-layout']])('accepts it with %s', async (flag) => {
    const r = await spvkit(['val', '--target-env', 'vulkan1.2', flag, src]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
