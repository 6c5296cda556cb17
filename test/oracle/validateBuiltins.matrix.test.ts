/**
 * validate-builtins against spirv-val: a generated matrix (builtin x execution model x storage
 * class x type x placement) of small modules, each assembled with spirv-as and judged by spirv-val
 * 2023.1 — same accept/reject, same VUID — or, for what spirv-val 2023.1 does not know or gets
 * differently from the specification, by the one list in builtins-matrix/knownDifferences.ts.
 */
import { describe, expect, test } from 'vitest';
import { matrixCases } from './builtins-matrix/cases.js';
import { judge, type Verdict } from './builtins-matrix/compare.js';
import { KNOWN_DIFFERENCES } from './builtins-matrix/knownDifferences.js';
import { moduleText } from './builtins-matrix/moduleText.js';
import { askOracle, oracleTools } from './builtins-matrix/oracle.js';

const tools = oracleTools();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) {
  console.warn(`[validateBuiltins.matrix] SKIPPED: ${tools.reason}`);
}

describe.skipIf(!tools.ok && !required)('validate-builtins matrix vs spirv-val 2023.1', () => {
  test('oracle tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  test('every case: same accept/reject and VUID as spirv-val, or as the specification where listed', { timeout: 600_000 }, async () => {
    const started = performance.now();
    const cases = matrixCases();
    const answers = await askOracle(
      cases.map((c) => ({ text: moduleText(c), env: c.env })),
      'matrix',
    );
    const verdicts: Verdict[] = cases.map((c, i) => judge(c, answers[i]));
    const problems = verdicts.filter((v) => v.problem !== undefined);
    const byJudge = new Map<string, number>();
    for (const v of verdicts) byJudge.set(v.judge, (byJudge.get(v.judge) ?? 0) + 1);
    const rejected = verdicts.filter((v) => v.codes.length > 0).length;
    console.info(
      `[validateBuiltins.matrix] ${cases.length} cases (${rejected} rejected by spvkit) in ${((performance.now() - started) / 1000).toFixed(1)} s; judged by: ${[
        ...byJudge,
      ]
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    if (process.env.SPVKIT_MATRIX_DUMP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.SPVKIT_MATRIX_DUMP, problems.map((p) => `${p.case.name}\t${p.problem}`).join('\n'));
    }
    if (problems.length > 0) {
      const lines = problems.slice(0, 40).map((p) => `- ${p.case.name}: ${p.problem}`);
      expect.fail(`${problems.length} of ${cases.length} cases disagree:\n${lines.join('\n')}`);
    }
    // Every listed difference is exercised by the matrix, so the list holds nothing stale.
    for (const k of KNOWN_DIFFERENCES) expect(byJudge.get(k.id) ?? 0, `known difference ${k.id} covers no case`).toBeGreaterThan(0);
  });
});
