// No false positives beyond the corpus and the plain folder (issue 19): the folder's GLSL (every
// stage, shared headers) compiled again as projects compile it, by two compilers and with and
// without debug info, and every module that Debian's spirv-val accepts must validate clean:
//   - Debian's glslangValidator 12 with -g (OpLine, OpSource);
//   - the current glslang (@spvkit/glslang, WebAssembly) plain, with -g and with -gV
//     (NonSemantic.Shader.DebugInfo.100), which emits what a 2023 glslang did not.
// Modules spirv-val rejects are counted and left out (a newer glslang can emit what spirv-val
// 2023.1 does not know); at least 1,000 accepted modules must be checked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic } from '@spvkit/core';
import { createGlslang } from '@spvkit/glslang';
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, spirvVal } from '../corpus/index.js';
import { glslRoot, listShaderFolder, loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

interface Compiled {
  readonly name: string;
  readonly targetEnv: string;
  readonly words: Uint32Array;
}

/** Every folder shader through the current glslang, with the debug info asked. */
async function compileWithCurrentGlslang(debugInfo: false | 'g' | 'gV'): Promise<Compiled[]> {
  const glslang = await createGlslang();
  const out: Compiled[] = [];
  for (const shader of listShaderFolder()) {
    const result = glslang.compile(shader.text, {
      stage: shader.stage,
      file: shader.path,
      targetEnv: shader.targetEnv,
      debugInfo,
      // As glslangValidator resolves `#include "x"`: relative to the including file.
      include: ({ name, includer }) => {
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(includer), name));
        try {
          return { file, source: readFileSync(path.join(glslRoot, ...file.split('/')), 'utf8') };
        } catch {
          return null;
        }
      },
    });
    // Every folder shader compiles with the current glslang (test/plugins/shaderFolder.test.ts proves it too).
    if (!result.ok) throw new Error(`${shader.path} (${debugInfo || 'plain'}): ${result.diagnostics.map((d) => d.message).join('; ')}`);
    out.push({ name: `${shader.path} (current glslang${debugInfo ? ` -${debugInfo}` : ''})`, targetEnv: shader.targetEnv, words: result.words });
  }
  return out;
}

describeWithOracle('validator: no false positives on 1,000+ more compiled shaders', corpusToolsAvailable(), () => {
  it('validates clean every module spirv-val accepts: Debian glslang -g, current glslang plain, -g and -gV', { timeout: 900_000 }, async () => {
    const debianG = (await loadShaderFolder({ debugInfo: 'g' })).shaders.map((s) => ({
      name: `${s.path} (glslangValidator -g)`,
      targetEnv: s.targetEnv,
      words: s.words,
    }));
    const modules: Compiled[] = [...debianG];
    for (const debugInfo of [false, 'g', 'gV'] as const) modules.push(...(await compileWithCurrentGlslang(debugInfo)));
    const verdicts = await mapBounded(modules, 2, (m) => spirvVal(m.words, m.targetEnv));
    const problems: string[] = [];
    let accepted = 0;
    const stages = new Set<string>();
    modules.forEach((m, i) => {
      if (!verdicts[i].ok) return;
      accepted++;
      stages.add(path.extname(m.name.split(' ')[0]));
      for (const d of validate(m.words, { targetEnv: m.targetEnv })) problems.push(`${m.name}: ${formatDiagnostic(d)}`);
    });
    console.log(
      `[validator] ${modules.length} more compiled modules, ${accepted} accepted by spirv-val and validated (${modules.length - accepted} rejected by spirv-val 2023.1, left out); stages ${[...stages].sort().join(' ')}`,
    );
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    expect(accepted).toBeGreaterThanOrEqual(1000);
    expect(stages.size).toBeGreaterThanOrEqual(14);
  });
});
