import { describe, expect, it } from 'vitest';
import type { Pass } from '../pass/Pass.js';
import { checkPasses } from './checkPasses.js';
import { FileCheckFailure } from './fileCheck.js';

const stripNames: Pass = {
  name: 'strip-names',
  run(module) {
    const changed = module.debugNames.length > 0;
    if (changed) module.debugNames = [];
    return { changed, diagnostics: [] };
  },
};

const failing: Pass = {
  name: 'always-fails',
  run: () => ({ changed: false, diagnostics: [{ severity: 'error', message: 'no way' }] }),
};

const shader = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

describe('checkPasses', () => {
  it('assembles, runs the passes, and matches the directives in the text', () => {
    const outcome = checkPasses(`; CHECK-NOT: OpName\n; CHECK: [[FN:%\\w+]] = OpFunction %void None\n${shader}`, [stripNames]);
    expect(outcome.result.changed).toBe(true);
    expect(outcome.bindings.get('FN')).toBe('%1');
    expect(outcome.text).not.toContain('OpName');
  });

  it('fails, naming the directive, when the output does not match', () => {
    expect(() => checkPasses(`; CHECK: OpName %main\n${shader}`, [stripNames])).toThrow(FileCheckFailure);
    expect(() => checkPasses(shader, [stripNames], { checks: '; CHECK: OpName %main' })).toThrow(/check line 1: CHECK: expected string not found/);
  });

  it("keeps the author's numeric ids, as SPIRV-Tools' pass tests assemble", () => {
    const text = shader.replace(/%main/g, '%7');
    const outcome = checkPasses(text, [], { checks: '; CHECK: %7 = OpFunction %1 None %2', disassemble: { rawId: true } });
    expect(outcome.module.header.bound).toBeGreaterThan(7);
  });

  it('fails on pass errors unless told to allow them', () => {
    expect(() => checkPasses(shader, [failing], { checks: '; CHECK: OpReturn' })).toThrow(/the passes reported errors:\n {2}error: no way/);
    const outcome = checkPasses(shader, [failing], { checks: '; CHECK: OpReturn', allowErrors: true });
    expect(outcome.result.ok).toBe(false);
  });
});
