// No false positives: every module of the project corpus (glslang output for every stage, plain,
// -g and -gV, and the hand-written assembly) and every shader of the shader folder validates clean
// wherever Debian's spirv-val accepts it (corpus.test.ts and shaders.test.ts prove that part: both
// suites fail on a module spirv-val rejects).
import { formatDiagnostic } from '@spvkit/core';
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { glslangValidatorVersion, loadShaderFolder } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

describeWithOracle('validator: no false positives on the corpus', corpusToolsAvailable(), () => {
  it('validates every corpus module clean', { timeout: 300_000 }, async () => {
    const modules = await loadCorpus();
    expect(modules.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const m of modules) for (const d of validate(m.words, { targetEnv: m.targetEnv })) problems.push(`${m.name}: ${formatDiagnostic(d)}`);
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    console.log(`[validator] ${modules.length} corpus modules validated clean`);
  });
});

const glslang = glslangValidatorVersion();
describeWithOracle(
  'validator: no false positives on the shader folder',
  glslang === undefined ? { ok: false, reason: 'glslangValidator (Debian glslang-tools) is not installed' } : { ok: true },
  () => {
    it('validates every shader of the folder clean', { timeout: 600_000 }, async () => {
      const folder = await loadShaderFolder();
      expect(folder.shaders.length).toBeGreaterThan(300);
      const problems: string[] = [];
      for (const s of folder.shaders) for (const d of validate(s.words, { targetEnv: s.targetEnv })) problems.push(`${s.path}: ${formatDiagnostic(d)}`);
      expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
      console.log(`[validator] ${folder.shaders.length} folder shaders validated clean`);
    });
  },
);
