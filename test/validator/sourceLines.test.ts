// Findings point at the GLSL line: in glslang's -g output (OpLine) and -gV output
// (NonSemantic.Shader.DebugInfo.100 DebugLine), a broken instruction is reported at the line of
// the shader source it was compiled from, with the ids named by their OpNames.
import { Op, indexModule } from '@spvkit/core';
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { corpusToolsAvailable, glslDir, loadCorpus } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';

/** The module with the result type of its first OpIAdd replaced by the type of a float constant, or undefined without either. */
function breakFirstIAdd(words: Uint32Array): Uint32Array | undefined {
  const { index: scan } = indexModule(words);
  let add = -1;
  let float = 0;
  for (let i = 0; i < scan.count; i++) {
    if (add < 0 && scan.opcode[i] === Op.IAdd) add = i;
    if (float === 0 && scan.opcode[i] === Op.TypeFloat) float = scan.resultId[i]!;
  }
  if (add < 0 || float === 0) return undefined;
  const out = words.slice();
  out[scan.pos[add] + 1] = float;
  return out;
}

describeWithOracle('validator: findings at their GLSL source line', corpusToolsAvailable(), () => {
  it('reports a broken OpIAdd at a line of the GLSL file in -g and -gV modules, and at none in plain ones', { timeout: 300_000 }, async () => {
    const modules = (await loadCorpus()).filter((m) => m.kind === 'glsl');
    const seen = { g: 0, gV: 0, plain: 0 };
    for (const m of modules) {
      const broken = breakFirstIAdd(m.words);
      if (broken === undefined) continue;
      const found = validate(broken, { targetEnv: m.targetEnv });
      expect(
        found.map((d) => d.code),
        m.name,
      ).toContain('spvkit-types-result');
      const d = found.find((f) => f.code === 'spvkit-types-result')!;
      if (m.variant === 'plain') {
        expect(d.location, m.name).toBeUndefined();
      } else {
        // The shader's file or one it includes, as glslang names them (relative to the corpus' glsl folder).
        expect(existsSync(join(glslDir, d.location?.file ?? '-')), `${m.name}: ${d.location?.file}`).toBe(true);
        expect(d.location?.line, m.name).toBeGreaterThan(0);
      }
      seen[m.variant as keyof typeof seen]++;
    }
    expect(seen.g).toBeGreaterThan(5);
    expect(seen.gV).toBeGreaterThan(5);
    expect(seen.plain).toBeGreaterThan(5);
  });
});
