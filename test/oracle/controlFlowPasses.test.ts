/**
 * The control-flow passes (eliminate-dead-branches, merge-blocks, cfg-cleanup, ...) over the whole
 * project corpus (glslang output for every stage, plain, -g and -gV, and the hand-written
 * assembly) and the shader folder: each pass alone gives a module Debian's spirv-val accepts in
 * the input's target env, a run that reports no change leaves the bytes as they were, and a second
 * run changes nothing. Each pass must also have changed something (the corpus's
 * control_flow_constants.comp and control_flow_unreachable.spvasm have branches on constants,
 * unreachable blocks, chains of blocks, loops and a selection between values; the fragment shader
 * below, OpKills in functions a continue construct calls), so the suite does not pass on passes
 * that do nothing.
 */
import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { glslangValidatorVersion, loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { spirvValVerdictAsync } from '../support/spirvValVerdicts.js';

/** Each control-flow pass, by its spirv-opt flag. */
export const CONTROL_FLOW_PASSES = ['eliminate-dead-branches', 'merge-blocks', 'cfg-cleanup', 'wrap-opkill', 'if-conversion'];

const tools = corpusToolsAvailable();
const availability = !tools.ok ? tools : glslangValidatorVersion() === undefined ? { ok: false, reason: 'glslangValidator is not installed' } : { ok: true };

/** Fragment shaders no compiler gives: OpKill and OpTerminateInvocation in functions called from continue constructs. */
const KILLS = (terminate: boolean): string => `
               OpCapability Shader
               ${terminate ? 'OpExtension "SPV_KHR_terminate_invocation"' : ''}
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main"
               OpExecutionMode %main OriginUpperLeft
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
     %fn_f32 = OpTypeFunction %float
       %true = OpConstantTrue %bool
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %m %cont None
               OpBranchConditional %true %m %cont
       %cont = OpLabel
         %c2 = OpFunctionCall %void %incont
               OpBranch %h
          %m = OpLabel
               OpReturn
               OpFunctionEnd
     %incont = OpFunction %void None %fn
         %ie = OpLabel
         %c3 = OpFunctionCall %float %deeper
               OpSelectionMerge %im None
               OpBranchConditional %true %k %im
          %k = OpLabel
               ${terminate ? 'OpTerminateInvocation' : 'OpKill'}
         %im = OpLabel
               OpReturn
               OpFunctionEnd
     %deeper = OpFunction %float None %fn_f32
         %de = OpLabel
               OpKill
               OpFunctionEnd`;

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

function run(words: Uint32Array, pass: string, targetEnv: string): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  const result = runPasses(module, [pass], { targetEnv, checkConsistency: true });
  return { words: encodeModule(module), changed: result.changed, problems: result.ok ? [] : result.diagnostics.map((d) => d.message) };
}

describeWithOracle('control-flow passes on the corpus and the shader folder: valid out', availability, () => {
  it('gives modules spirv-val accepts, each pass alone; no change means the same bytes; a second run changes nothing', { timeout: 900_000 }, async () => {
    const inputs: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    for (const m of await loadCorpus()) inputs.push({ name: m.name, words: m.words, targetEnv: m.targetEnv });
    for (const s of (await loadShaderFolder()).shaders) inputs.push({ name: `folder/${s.path}`, words: s.words, targetEnv: s.targetEnv });
    expect(inputs.length).toBeGreaterThan(300);
    for (const terminate of [false, true])
      inputs.push({
        name: `fragment kills${terminate ? ' (terminate)' : ''}`,
        words: encodeModule(assemble(KILLS(terminate), { targetEnv: 'vulkan1.1' })),
        targetEnv: 'vulkan1.1',
      });
    const problems: string[] = [];
    const checks: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    const changed = new Map<string, number>(CONTROL_FLOW_PASSES.map((p) => [p, 0]));
    for (const input of inputs) {
      for (const pass of CONTROL_FLOW_PASSES) {
        const name = `${input.name} [${pass}]`;
        const once = run(input.words, pass, input.targetEnv);
        if (once.problems.length > 0) {
          problems.push(`${name}: ${once.problems.join('; ')}`);
          continue;
        }
        if (!once.changed) {
          if (!same(once.words, input.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        changed.set(pass, changed.get(pass)! + 1);
        const twice = run(once.words, pass, input.targetEnv);
        if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
        checks.push({ name, words: once.words, targetEnv: input.targetEnv });
      }
    }
    const verdicts = await mapBounded(checks, 2, (c: (typeof checks)[number]) => spirvValVerdictAsync(c.words, c.targetEnv));
    verdicts.forEach((v, k) => {
      if (!v.ok) problems.push(`${checks[k].name}: spirv-val: ${v.message}`);
    });
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
    console.info(
      `[control-flow] ${inputs.length} inputs; changed: ${[...changed].map(([p, n]) => `${p} ${n}`).join(', ')}; ${checks.length} outputs validated`,
    );
    for (const [pass, n] of changed) expect(n, `${pass} changed no module`).toBeGreaterThan(0);
  });
});
