/**
 * No false positives: every module of the project corpus (glslang output for every stage, in the
 * plain, -g and -gV variants, and the hand-written assembly) passes validate-builtins in its own
 * target env, as it passes spirv-val (corpus.test.ts checks that part).
 */
import { decodeModule, EntryPointsAnalysis, enumerantByValue, formatDiagnostic } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { validateBuiltins } from '../../packages/validator/src/index.js';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[validateBuiltins.corpus] SKIPPED: ${tools.reason}`);

describe.skipIf(!tools.ok && !required)('validate-builtins on the corpus', () => {
  test('corpus tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  test('every corpus module validates clean in its target env, for every stage', { timeout: 300_000 }, async () => {
    const modules = await loadCorpus();
    expect(modules.length).toBeGreaterThan(0);
    const stages = new Set<string>();
    const problems: string[] = [];
    let builtinModules = 0;
    for (const m of modules) {
      const module = decodeModule(m.words);
      for (const ep of module.analysis(EntryPointsAnalysis).list) stages.add(enumerantByValue('ExecutionModel', ep.executionModel)!.name);
      if (
        module.annotations.some((a) => a.opcode === 71 /* OpDecorate */ && a.word(1) === 11 /* BuiltIn */) ||
        module.annotations.some((a) => a.opcode === 72 && a.word(2) === 11)
      ) {
        builtinModules++;
      }
      for (const d of validateBuiltins(module, { targetEnv: m.targetEnv })) {
        if (d.severity === 'error') problems.push(`${m.name}: ${formatDiagnostic(d)}`);
      }
      // The default env (Vulkan, version from the module) agrees for Vulkan modules.
      if (m.targetEnv.startsWith('vulkan')) {
        for (const d of validateBuiltins(module)) if (d.severity === 'error') problems.push(`${m.name} (default env): ${formatDiagnostic(d)}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(builtinModules).toBeGreaterThan(10);
    for (const stage of [
      'Vertex',
      'TessellationControl',
      'TessellationEvaluation',
      'Geometry',
      'Fragment',
      'GLCompute',
      'TaskNV',
      'MeshNV',
      'TaskEXT',
      'MeshEXT',
      'RayGenerationKHR',
      'IntersectionKHR',
      'AnyHitKHR',
      'ClosestHitKHR',
      'MissKHR',
      'CallableKHR',
    ]) {
      expect(stages, `corpus has no ${stage} entry point`).toContain(stage);
    }
  });
});
