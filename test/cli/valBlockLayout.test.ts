// spvkit val takes spirv-val's block layout options (issue 19): a Uniform block whose float array
// has stride 4 breaks std140 (spirv-val: "must follow relaxed uniform buffer layout rules: member 0
// contains an array with stride 4 not satisfying alignment to 16"), and is accepted with
// --uniform-buffer-standard-layout, --scalar-block-layout and --skip-block-layout, as spirv-val
// accepts it with each; --relax-block-layout does not change array strides. spvkit opt takes the
// same flags for --validate (as spirv-opt does for its validator), and a module whose GLSL enabled
// GL_EXT_scalar_block_layout is judged by scalar layout without any flag (issue 32).
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

describe('spvkit opt --validate: block layout options', () => {
  const src = join(dir, 'ubo-opt.spvasm');
  writeFileSync(src, uniformArrayStride4);
  const out = join(dir, 'ubo-opt.out.spvasm');

  it('judges the result by the flags, as val does', async () => {
    const strict = await spvkit(['opt', '--strip-debug', '--validate', '--target-env', 'vulkan1.2', src, '-o', out]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/\[spvkit-decorations-layout-array-stride\].*allow it with --scalar-block-layout/);
    const allowed = await spvkit(['opt', '--strip-debug', '--validate', '--scalar-block-layout', '--target-env', 'vulkan1.2', src, '-o', out]);
    expect(allowed.stderr).toBe('');
    expect(allowed.code).toBe(0);
  });

  it('warns that a layout flag without --validate has no effect', async () => {
    const r = await spvkit(['opt', '--strip-debug', '--scalar-block-layout', src, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('spvkit opt: warning: --scalar-block-layout judges block layouts in --validate, which is not given: no effect\n');
  });
});

describe('spvkit val: scalar layout where the GLSL asked for it', () => {
  it('accepts a scalar block of a module with OpSourceExtension "GL_EXT_scalar_block_layout", and says how otherwise', async () => {
    // A storage buffer of a vec3 array with stride 12: scalar layout, not std430's 16.
    const storage = uniformArrayStride4
      .replace('ArrayStride 4', 'ArrayStride 12')
      .replace('%arr = OpTypeArray %float %uint_4', '%v3float = OpTypeVector %float 3\n%arr = OpTypeArray %v3float %uint_4')
      .replace(
        '%ptr = OpTypePointer Uniform %Block\n%ubo = OpVariable %ptr Uniform',
        '%ptr = OpTypePointer StorageBuffer %Block\n%ubo = OpVariable %ptr StorageBuffer',
      );
    const plain = join(dir, 'ssbo.spvasm');
    const glsl = join(dir, 'ssbo-glsl.spvasm');
    writeFileSync(plain, storage);
    writeFileSync(
      glsl,
      storage.replace(
        'OpEntryPoint GLCompute %main "main" %ubo\nOpExecutionMode %main LocalSize 1 1 1\n',
        '$&OpSourceExtension "GL_EXT_scalar_block_layout"\n',
      ),
    );
    const rejected = await spvkit(['val', '--target-env', 'vulkan1.2', plain]);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toMatch(/breaks the relaxed storage buffer \(std430\) layout.*allow it with --scalar-block-layout/);
    const accepted = await spvkit(['val', '--target-env', 'vulkan1.2', glsl]);
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
  });
});
