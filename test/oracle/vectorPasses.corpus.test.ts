/**
 * Conditional constant propagation and the vector passes (ccp, vector-dce, eliminate-dead-inserts)
 * over the project corpus and the shader folder: each pass alone gives a module Debian spirv-val
 * accepts in the input's target env, a second run changes nothing, a module a pass leaves alone
 * keeps its bytes, and no floating-point arithmetic is folded away.
 */
import { decodeModule, encodeModule, Op, runPasses } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import '../../packages/passes/src/index.js';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[vectorPasses.corpus] SKIPPED: ${tools.reason}`);

const PASSES = ['ccp', 'vector-dce', 'eliminate-dead-inserts'];

/**
 * glslang keeps values in memory, so its modules hold few SSA inserts or OpPhis: each module is
 * also run through the memory-to-register passes that come before these in spirv-opt's recipes,
 * and the passes are judged on that output as well.
 */
const TO_REGISTERS = [
  'private-to-local',
  'scalar-replacement=0',
  'convert-local-access-chains',
  'eliminate-local-single-block',
  'eliminate-local-single-store',
  'ssa-rewrite',
];

/** Float arithmetic the passes must leave as they found it (the driver's to evaluate). */
const FLOAT_ARITHMETIC: ReadonlySet<number> = new Set([Op.FAdd, Op.FSub, Op.FMul, Op.FDiv, Op.FRem, Op.FMod, Op.FNegate, Op.FConvert, Op.QuantizeToF16]);

function floatArithmetic(words: Uint32Array): number {
  let n = 0;
  for (const inst of decodeModule(words).instructions()) if (FLOAT_ARITHMETIC.has(inst.opcode)) n++;
  return n;
}

function run(words: Uint32Array, pass: string | readonly string[]): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  const result = runPasses(module, typeof pass === 'string' ? [pass] : pass);
  return { words: encodeModule(module), changed: result.changed, problems: result.ok ? [] : result.diagnostics.map((d) => d.message) };
}

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

describe.skipIf(!tools.ok && !required)('ccp and the vector passes on the corpus and the shader folder', () => {
  test('corpus tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  test('each pass alone: valid out, idempotent, float arithmetic kept', { timeout: 900_000 }, async () => {
    const corpus = await loadCorpus();
    const folder = await loadShaderFolder();
    const originals = [
      ...corpus.map((m) => ({ name: m.name, words: m.words, targetEnv: m.targetEnv })),
      ...folder.shaders.map((s) => ({ name: `shaders/${s.path}`, words: s.words, targetEnv: s.targetEnv })),
    ];
    expect(originals.length).toBeGreaterThan(corpus.length);
    const inputs = [...originals];
    for (const input of originals) {
      const registers = run(input.words, TO_REGISTERS);
      if (registers.changed && registers.problems.length === 0) inputs.push({ ...input, name: `${input.name} (in registers)`, words: registers.words });
    }
    const problems: string[] = [];
    const checks: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    const changedBy = new Map<string, number>(PASSES.map((p) => [p, 0]));
    for (const input of inputs) {
      for (const pass of PASSES) {
        const name = `${input.name} [${pass}]`;
        const once = run(input.words, pass);
        if (once.problems.length > 0) {
          problems.push(`${name}: ${once.problems.join('; ')}`);
          continue;
        }
        if (!once.changed) {
          if (!same(once.words, input.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        const counted = input.name.endsWith('(in registers)') ? `${pass} in registers` : pass;
        changedBy.set(counted, (changedBy.get(counted) ?? 0) + 1);
        const twice = run(once.words, pass);
        if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
        // Propagation never takes float arithmetic away: it moves uses, never removes definitions.
        if (pass === 'ccp' && floatArithmetic(once.words) !== floatArithmetic(input.words)) problems.push(`${name}: float arithmetic changed`);
        checks.push({ name, words: once.words, targetEnv: input.targetEnv });
      }
    }
    for (let i = 0; i < checks.length; i += 8) {
      const batch = checks.slice(i, i + 8);
      const results = await Promise.all(batch.map((c) => spirvVal(c.words, c.targetEnv)));
      results.forEach((r, k) => {
        if (!r.ok) problems.push(`${batch[k].name}: spirv-val: ${r.message}`);
      });
    }
    expect(problems, problems.join('\n')).toEqual([]);
    console.info(
      `${originals.length} modules, ${inputs.length - originals.length} of them in registers too; changed: ` +
        [...changedBy].map(([pass, n]) => `${pass}: ${n}`).join('; '),
    );
    // Propagation finds work in real shaders. Their vectors seldom carry components nobody reads
    // (spirv-opt's own vector-dce and eliminate-dead-inserts change none of the folder's shaders
    // after the same memory passes either): those two are proven on their unit and execution
    // tests, and here must leave every module valid, and as it was where they find nothing.
    expect((changedBy.get('ccp') ?? 0) + (changedBy.get('ccp in registers') ?? 0)).toBeGreaterThan(100);
  });
});
