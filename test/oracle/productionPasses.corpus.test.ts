/**
 * The stripping, dead-code and compact-ids passes over the whole project corpus (glslang output for
 * every stage, plain, -g and -gV, and the hand-written assembly): each pass alone and the release
 * list give modules spirv-val accepts in their own target env, running a list again changes
 * nothing, bodies still held as words give the same bytes as decoded ones, and a -g module keeps
 * its source lines through every pass except the stripping ones. (The comparison with spirv-opt,
 * flag for flag, is the CLI's oracle test.)
 */
import { decodeLiteralString, decodeModule, encodeModule, Op, runPasses, type Module } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { RELEASE_PASSES } from '../../packages/passes/src/index.js';
import { corpusToolsAvailable, loadCorpus, spirvVal, type CorpusModule } from '../corpus/index.js';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[productionPasses.corpus] SKIPPED: ${tools.reason}`);

const STRIPPING = ['strip-debug', 'strip-nonsemantic', 'strip-reflect'];
const KEEPING = ['eliminate-dead-functions', 'eliminate-dead-const', 'eliminate-dead-variables', 'remove-unused-interface-variables', 'compact-ids'];
const LISTS: readonly (readonly string[])[] = [
  ...[...STRIPPING, ...KEEPING].map((p) => [p]),
  ['strip-debug', 'eliminate-dead-functions', 'eliminate-dead-const', 'compact-ids'],
  // The release set the CLI's --size and the plugins run.
  RELEASE_PASSES,
];

/** The file (its name, whatever its id), line and column of every OpLine of a module, in order. */
function sourceLines(module: Module): string[] {
  const files = new Map<number, string>();
  const lines: string[] = [];
  for (const inst of module.instructions()) {
    if (inst.opcode === Op.String) files.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
    if (inst.opcode === Op.Line) lines.push(`${files.get(inst.word(0)) ?? '?'}:${inst.word(1)}:${inst.word(2)}`);
  }
  return lines;
}

function run(words: Uint32Array, list: readonly string[], decodeFirst: boolean): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  if (decodeFirst) void module.functions;
  const result = runPasses(module, list);
  const problems = result.ok ? [] : result.diagnostics.map((d) => d.message);
  return { words: encodeModule(module), changed: result.changed, problems };
}

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

describe.skipIf(!tools.ok && !required)('strip, dead-code and compact-ids passes on the corpus', () => {
  test('corpus tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  test('every pass and list: valid out, idempotent, same bytes from words as from objects; -g keeps its lines', { timeout: 900_000 }, async () => {
    const modules: CorpusModule[] = await loadCorpus();
    expect(modules.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const checks: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    let changedSome = 0;
    for (const m of modules) {
      for (const list of LISTS) {
        const name = `${m.name} [${list.join(' ')}]`;
        const once = run(m.words, list, false);
        if (once.problems.length > 0) {
          problems.push(`${name}: ${once.problems.join('; ')}`);
          continue;
        }
        if (once.changed) changedSome++;
        else if (!same(once.words, m.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
        if (!same(run(m.words, list, true).words, once.words)) problems.push(`${name}: decoded bodies give other bytes than undecoded ones`);
        const twice = run(once.words, list, false);
        if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
        if (m.variant === 'g' && list.every((p) => KEEPING.includes(p))) {
          const before = sourceLines(decodeModule(m.words));
          const after = sourceLines(decodeModule(once.words));
          // Dead functions take their lines with them; what is left keeps every line it had.
          if (after.length === 0 || !after.every((l) => before.includes(l))) problems.push(`${name}: source lines lost`);
        }
        checks.push({ name, words: once.words, targetEnv: m.targetEnv });
      }
    }
    // spirv-val, a few at a time.
    for (let i = 0; i < checks.length; i += 8) {
      const batch = checks.slice(i, i + 8);
      const results = await Promise.all(batch.map((c) => spirvVal(c.words, c.targetEnv)));
      results.forEach((r, k) => {
        if (!r.ok) problems.push(`${batch[k].name}: spirv-val: ${r.message}`);
      });
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(changedSome).toBeGreaterThan(modules.length);
  });
});
