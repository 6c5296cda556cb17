import { describe, expect, it } from 'vitest';
import { makeVersion } from '../words/header.js';
import { SpirvError } from '../errors/SpirvError.js';
import { DEFAULT_TARGET_ENV, TARGET_ENVS, parseTargetEnv } from './targetEnv.js';

describe('target environments', () => {
  it.each([
    ['vulkan1.0', 1, 0, [1, 0]],
    ['vulkan1.1', 1, 3, [1, 1]],
    ['vulkan1.1spv1.4', 1, 4, [1, 1]],
    ['vulkan1.2', 1, 5, [1, 2]],
    ['vulkan1.3', 1, 6, [1, 3]],
    ['vulkan1.4', 1, 6, [1, 4]],
    ['spv1.0', 1, 0, undefined],
    ['spv1.5', 1, 5, undefined],
    ['universal1.6', 1, 6, undefined],
    ['opencl1.2embedded', 1, 0, undefined],
    ['opencl2.1', 1, 0, undefined],
    ['opencl2.2', 1, 2, undefined],
    ['opengl4.5', 1, 0, undefined],
  ])('%s is SPIR-V %i.%i (as spirv-as v2023.1 maps it)', (name, major, minor, vulkan) => {
    const env = parseTargetEnv(name);
    expect(env.name).toBe(name);
    expect(env.spirvVersion).toBe(makeVersion(major, minor));
    expect(env.maxSpirvVersion).toBe(makeVersion(major, minor));
    expect(env.vulkan).toEqual(vulkan === undefined ? undefined : { major: vulkan[0], minor: vulkan[1] });
  });

  it('defaults to SPIR-V 1.6, as spirv-as does', () => {
    expect(DEFAULT_TARGET_ENV.spirvVersion).toBe(makeVersion(1, 6));
  });

  it('lists every name once', () => {
    const names = TARGET_ENVS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('opencl2.0embedded');
  });

  it('rejects unknown names, including the prefixes spirv-as would accept, listing the valid ones', () => {
    for (const bad of ['vulkan1.1spv1.5', 'spv1.7', 'webgpu0', '']) {
      let error: unknown;
      try {
        parseTargetEnv(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SpirvError);
      expect((error as SpirvError).code).toBe('BAD_OPTION');
      expect((error as SpirvError).message).toContain(`'${bad}'`);
      expect((error as SpirvError).message).toContain('vulkan1.1spv1.4, vulkan1.2');
    }
  });

  it('suggests the environment a longer name starts with', () => {
    try {
      parseTargetEnv('vulkan1.1spv1.5');
    } catch (e) {
      expect((e as SpirvError).hint).toBe('did you mean vulkan1.1?');
    }
  });
});
