import { describe, expect, it } from 'vitest';
import { definesToPreamble } from './defines.js';
import { GlslangError } from './GlslangError.js';
import { isShaderStage, SHADER_STAGES, stageFromFileName } from './stage.js';
import { resolveTarget } from './target.js';

describe('stages', () => {
  it('lists the fourteen stages glslang compiles', () => {
    expect(SHADER_STAGES).toEqual(['vert', 'tesc', 'tese', 'geom', 'frag', 'comp', 'rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall', 'task', 'mesh']);
    expect(isShaderStage('comp')).toBe(true);
    expect(isShaderStage('hull')).toBe(false);
    expect(isShaderStage('toString')).toBe(false);
  });

  it('takes the stage from a file name as glslangValidator does', () => {
    expect(stageFromFileName('a/b/sky.rmiss')).toBe('rmiss');
    expect(stageFromFileName('C:\\x\\blur.COMP')).toBe('comp');
    expect(stageFromFileName('blur.comp.glsl')).toBe('comp');
    expect(stageFromFileName('common.glsl')).toBeUndefined();
    expect(stageFromFileName('README')).toBeUndefined();
  });
});

describe('targets', () => {
  it('defaults the SPIR-V version per Vulkan version as glslangValidator', () => {
    expect(resolveTarget(undefined, undefined)).toEqual({ vulkanMinor: 0, spirvMinor: 0 });
    expect(resolveTarget('vulkan1.1', undefined)).toEqual({ vulkanMinor: 1, spirvMinor: 3 });
    expect(resolveTarget('vulkan1.2', undefined)).toEqual({ vulkanMinor: 2, spirvMinor: 5 });
    expect(resolveTarget('vulkan1.3', undefined)).toEqual({ vulkanMinor: 3, spirvMinor: 6 });
    expect(resolveTarget('vulkan1.4', undefined)).toEqual({ vulkanMinor: 4, spirvMinor: 6 });
    expect(resolveTarget('vulkan1.1', 'spv1.4')).toEqual({ vulkanMinor: 1, spirvMinor: 4 });
  });

  it('refuses targets glslang does not have', () => {
    expect(() => resolveTarget('vulkan1.5', undefined)).toThrow(GlslangError);
    expect(() => resolveTarget('opengl', undefined)).toThrow(/vulkan1\.0 … vulkan1\.4/);
    expect(() => resolveTarget('vulkan1.2', 'spv1.7')).toThrow(/spv1\.0 … spv1\.6/);
  });
});

describe('defines', () => {
  it('writes one #define per macro, as -D', () => {
    expect(definesToPreamble({ A: 1, B: 'x + 1', C: true, D: '', E: false, F: undefined })).toBe('#define A 1\n#define B x + 1\n#define C\n#define D\n');
    expect(definesToPreamble(undefined)).toBe('');
  });

  it('refuses names that are not macro names and values that would add a line', () => {
    expect(() => definesToPreamble({ '1A': 1 })).toThrow(/not a macro name/);
    expect(() => definesToPreamble({ A: '1\n#extension GL_EXT_debug_printf : enable' })).toThrow(/one line/);
  });
});
