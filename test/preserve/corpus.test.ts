// Every pass (and the lowering followed by the validator) on every .spvasm of the corpus: the
// source-preserving text assembles to exactly the module the binary pipeline produces (ids
// aside), keeps every line it does not have to change, and its source map sends each kept line
// back to itself. A pass that changes nothing gives the text back byte for byte.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { runPassesPreservingSource } from '@spvkit/preserve-source';
import '@spvkit/passes'; // registers the built-in passes the runs name
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { asmDir } from '../corpus/index.js';
import { canonicalInstructions, decodeMappings, lineDiff, linesOf, targetEnvOf } from './support.js';

const PASS_LISTS: readonly (readonly string[])[] = [
  ['lower-local-invocation-index'],
  ['validate-builtins'],
  ['lower-local-invocation-index', 'validate-builtins'],
];
const files = readdirSync(asmDir)
  .filter((f) => f.endsWith('.spvasm'))
  .sort();

describe('source-preserving passes over the corpus', () => {
  it('has assembly files', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });
  const cases = files.flatMap((f) => PASS_LISTS.map((passes) => [f, passes.join('+'), passes] as const));
  it.each(cases)('%s with %s', (file, _name, passes) => {
    const text = readFileSync(join(asmDir, file), 'utf8');
    const targetEnv = targetEnvOf(text);
    // The binary pipeline.
    const binary = assemble(text, { targetEnv });
    const expected = runPasses(binary, passes, { targetEnv });
    const run = runPassesPreservingSource(text, passes, { targetEnv, assemble: { file } });
    expect(run.result.ok).toBe(expected.ok);
    expect(run.result.changed).toBe(expected.changed);
    expect(run.result.diagnostics.map((d) => `${d.severity} ${d.code ?? ''} ${d.message}`)).toEqual(
      expected.diagnostics.map((d) => `${d.severity} ${d.code ?? ''} ${d.message}`),
    );
    if (!expected.ok) {
      expect(run.preserved).toBeUndefined();
      return;
    }
    const preserved = run.preserved!;
    if (!expected.changed) {
      expect(preserved.changed).toBe(false);
      expect(preserved.text).toBe(text);
      return;
    }
    const edited = preserved.text;
    expect(canonicalInstructions(encodeModule(assemble(edited, { targetEnv })))).toEqual(canonicalInstructions(encodeModule(binary)));
    // The passes' own module encodes the same too.
    expect(canonicalInstructions(encodeModule(run.module))).toEqual(canonicalInstructions(encodeModule(binary)));

    // Minimal: every line that goes or comes is one of an instruction that changed.
    const before = linesOf(text);
    const after = linesOf(edited);
    const diff = lineDiff(before, after);
    const { summary } = preserved;
    expect(diff.removed.length).toBeLessThanOrEqual(summary.removed + summary.modified);
    expect(diff.added.length).toBeLessThanOrEqual(summary.added + summary.modified);
    for (const r of diff.removed) expect(before[r]).toMatch(/\bOp[A-Z]/);
    for (const a of diff.added) expect(after[a]).toMatch(/\bOp[A-Z]/);

    // The map: v3, the original inside, kept lines back to themselves, every line mapped.
    const map = JSON.parse(preserved.sourceMap().toString()) as { version: number; sources: string[]; sourcesContent: string[]; mappings: string };
    expect(map.version).toBe(3);
    expect(map.sources).toEqual([file]);
    expect(map.sourcesContent).toEqual([text]);
    const lines = decodeMappings(map.mappings);
    for (const [o, g] of diff.kept) {
      if (after[g] === '') continue; // an empty line has nothing to map
      expect(lines[g][0], `kept line ${g + 1}`).toEqual([0, 0, o, 0]);
    }
    for (const a of diff.added) {
      const seg = lines[a]?.[0];
      expect(seg, `added line ${a + 1} is mapped`).toBeDefined();
      expect(seg[2]).toBeGreaterThanOrEqual(0);
      expect(seg[2]).toBeLessThan(before.length);
    }
  });
});
