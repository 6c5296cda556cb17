// Golden tests of source-preserving assembly on hand-written, commented files in four layouts:
// the edited text is exactly the golden file, the diff against the input is exactly the lines
// that must change, the source map sends every line where it came from, and the text assembles
// to the module the binary pipeline produces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Op, assemble, encodeModule, runPasses, type Instruction } from '@spvkit/core';
import { preserveSource, runPassesPreservingSource, snapshotAssembly } from '@spvkit/preserve-source';
import '@spvkit/passes'; // registers the built-in passes the runs name
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { describeWithOracle } from '../support/oracles.js';
import { spirvAs, spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { canonicalInstructions, decodeMappings, lineDiff, linesOf, targetEnvOf } from './support.js';

const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'golden');
const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
const LOWER = 'lower-local-invocation-index';

interface Golden {
  readonly name: string;
  /** 1-based lines of the input that go. */
  readonly removed: number[];
  /** 1-based lines of the output that are new, with the input line each maps to. */
  readonly added: [line: number, from: number][];
}

// The line numbers are the exact, minimal diff: the entry point (its interface changes), the
// LocalInvocationIndex decoration and variable, each load of the index; new: the interface line,
// the LocalInvocationId decoration after the last one, new types/constants/variable after the last
// global before them, and the arithmetic on each load's line.
const GOLDEN: readonly Golden[] = [
  {
    name: 'lii_right_aligned',
    removed: [7, 14, 31, 43],
    added: [
      [7, 7],
      [20, 20],
      [37, 37],
      [38, 37],
      [39, 37],
      [45, 43],
      [46, 43],
      [47, 43],
      [48, 43],
      [49, 43],
      [50, 43],
      [51, 43],
      [52, 43],
    ],
  },
  {
    name: 'lii_fixed_indent',
    removed: [8, 11, 23, 35, 43],
    added: [
      [8, 8],
      [16, 16],
      [30, 30],
      [31, 30],
      [32, 30],
      [37, 35],
      [38, 35],
      [46, 43],
      [47, 43],
    ],
  },
  {
    name: 'lii_left_aligned',
    removed: [6, 8, 26, 30],
    added: [
      [6, 6],
      [13, 13],
      [26, 26],
      [27, 26],
      [28, 26],
      [29, 26],
      [33, 30],
      [34, 30],
      [35, 30],
      [36, 30],
      [37, 30],
    ],
  },
  {
    name: 'lii_numeric',
    removed: [6, 8, 15, 23],
    added: [
      [6, 6],
      [9, 9],
      [19, 19],
      [20, 19],
      [21, 19],
      [25, 23],
      [26, 23],
      [27, 23],
      [28, 23],
      [29, 23],
      [30, 23],
      [31, 23],
      [32, 23],
    ],
  },
];

function lower(text: string, file: string) {
  const run = runPassesPreservingSource(text, [LOWER], {
    targetEnv: targetEnvOf(text),
    assemble: { file },
    outputFile: file.replace('.spvasm', '.lowered.spvasm'),
  });
  expect(run.result.ok, run.result.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return { ...run, preserved: run.preserved! };
}

/** The binary pipeline: assemble, run the pass, encode. */
function binaryPipeline(text: string): Uint32Array {
  const module = assemble(text, { targetEnv: targetEnvOf(text) });
  expect(runPasses(module, [LOWER], { targetEnv: targetEnvOf(text) }).ok).toBe(true);
  return encodeModule(module);
}

describe('golden: lower-local-invocation-index on hand-written assembly', () => {
  for (const g of GOLDEN) {
    describe(g.name, () => {
      const input = read(`${g.name}.spvasm`);
      const golden = read(`${g.name}.lowered.spvasm`);

      it('gives the golden text', () => {
        expect(lower(input, `${g.name}.spvasm`).preserved.text).toBe(golden);
      });

      it('changes exactly the lines that must change', () => {
        const diff = lineDiff(linesOf(input), linesOf(golden));
        expect(diff.removed.map((l) => l + 1)).toEqual(g.removed);
        expect(diff.added.map((l) => l + 1)).toEqual(g.added.map(([l]) => l));
        // Every removed line held an instruction the pass removed or changed; comments survive
        // unless they were at the end of such a line.
        for (const l of g.removed) expect(linesOf(input)[l - 1]).toMatch(/LocalInvocationIndex|%lii\b|%7\b/);
      });

      it('maps every line back to where it came from', () => {
        const { preserved } = lower(input, `${g.name}.spvasm`);
        const map = JSON.parse(preserved.sourceMap().toString()) as {
          version: number;
          file: string;
          sources: string[];
          sourcesContent: string[];
          mappings: string;
        };
        expect(map).toMatchObject({ version: 3, file: `${g.name}.lowered.spvasm`, sources: [`${g.name}.spvasm`], sourcesContent: [input] });
        const lines = decodeMappings(map.mappings);
        const diff = lineDiff(linesOf(input), linesOf(golden));
        const out = linesOf(golden);
        for (const [o, n] of diff.kept) {
          if (out[n] === '') continue;
          // Kept: every character maps to itself (a segment may follow for the line break).
          expect(lines[n].slice(0, out[n].length), `line ${n + 1}`).toEqual([...out[n]].map((_, c) => [c, 0, o, c]));
        }
        for (const [l, from] of g.added) expect(lines[l - 1][0][2] + 1, `new line ${l}`).toBe(from);
      });

      it('assembles to the module the binary pipeline makes (ids aside)', () => {
        const { module } = lower(input, `${g.name}.spvasm`);
        const expected = canonicalInstructions(binaryPipeline(input));
        expect(canonicalInstructions(encodeModule(assemble(golden, { targetEnv: targetEnvOf(input) })))).toEqual(expected);
        expect(canonicalInstructions(encodeModule(module))).toEqual(expected);
      });

      it('keeps nothing to lower, and a second run changes nothing', () => {
        expect(golden).not.toMatch(/LocalInvocationIndex /);
        const again = runPassesPreservingSource(golden, [LOWER], { targetEnv: targetEnvOf(input) });
        expect(again.result.changed).toBe(false);
        expect(again.preserved!.text).toBe(golden);
      });
    });
  }

  it('new instructions are located at the load they replaced, through the source map', () => {
    const input = read('lii_right_aligned.spvasm');
    const { module, preserved } = lower(input, 'lii_right_aligned.spvasm');
    const main = module.functions[0];
    const body = main.blocks[0].instructions;
    const newLoad = body.find((i) => i.opcode === Op.Load && i.span === undefined)!;
    // `%idx = OpLoad ...` is line 43, its `%idx` at column 9.
    expect(preserved.generatedLocation(newLoad)).toEqual({ line: 45, column: 1 });
    expect(preserved.originalLocation(newLoad)).toEqual({ file: 'lii_right_aligned.spvasm', line: 43, column: 9 });
    const kept = body.find((i) => i.opcode === Op.Store)!;
    expect(preserved.originalLocation(kept)).toEqual({ file: 'lii_right_aligned.spvasm', line: 50, column: 16 });
    // The new variable: inserted after %data's line (37), mapped to its end.
    const variable = module.globals.find((i: Instruction) => i.opcode === Op.Variable && i.span === undefined)!;
    expect(preserved.originalLocation(variable)?.line).toBe(37);
    // A diagnostic without a location is located through its instruction.
    expect(preserved.locate({ severity: 'error', message: 'x', instruction: newLoad })).toEqual({ file: 'lii_right_aligned.spvasm', line: 43, column: 9 });
  });

  it('CRLF line breaks stay CRLF, new lines too', () => {
    const input = read('lii_right_aligned.spvasm').replace(/\n/g, '\r\n');
    const out = lower(input, 'crlf.spvasm').preserved.text;
    expect(out).toBe(read('lii_right_aligned.lowered.spvasm').replace(/\n/g, '\r\n'));
  });

  it('snapshotAssembly + runPasses + preserveSource is the same as runPassesPreservingSource', () => {
    const input = read('lii_fixed_indent.spvasm');
    const snapshot = snapshotAssembly(input, { targetEnv: 'vulkan1.2', file: 'lii_fixed_indent.spvasm' });
    expect(snapshot.idNames.get(snapshot.module.entryPoints[0].word(1))).toBe('main');
    runPasses(snapshot.module, [LOWER]);
    const out = preserveSource(snapshot);
    expect(out.text).toBe(read('lii_fixed_indent.lowered.spvasm'));
    expect(out.summary).toEqual({ kept: 32, modified: 1, added: 8, removed: 4 });
  });
});

describe('golden: a pass that changes nothing gives the text back byte for byte', () => {
  const cases = ['unchanged', ...GOLDEN.map((g) => g.name)].flatMap((name) =>
    (name === 'unchanged' ? [[LOWER], ['validate-builtins'], [LOWER, 'validate-builtins']] : [['validate-builtins']]).map(
      (passes) => [name, passes.join('+'), passes] as const,
    ),
  );
  it.each(cases)('%s with %s', (name, _p, passes) => {
    const input = read(`${name}.spvasm`);
    const run = runPassesPreservingSource(input, passes, { targetEnv: targetEnvOf(input) });
    expect(run.result.ok).toBe(true);
    expect(run.result.changed).toBe(false);
    expect(run.preserved!.changed).toBe(false);
    expect(run.preserved!.text).toBe(input);
    expect(run.preserved!.summary.kept).toBeGreaterThan(10);
    // An identity map: every character to itself.
    const lines = decodeMappings(run.preserved!.sourceMap().mappings);
    linesOf(input).forEach((line, l) => {
      if (line !== '') expect(lines[l][0]).toEqual([0, 0, l, 0]);
    });
  });
});

describeWithOracle('golden: SPIRV-Tools reads the edited texts', spirvToolsAvailable(), () => {
  it.each(GOLDEN.map((g) => g.name))('%s: spirv-as assembles it, spirv-val accepts it, same module as spirv-as on the input + the pass', (name) => {
    const input = read(`${name}.spvasm`);
    const golden = read(`${name}.lowered.spvasm`);
    const env = targetEnvOf(input);
    const words = spirvAs(golden, env);
    const val = spirvVal(words, env);
    expect(val.ok, val.message).toBe(true);
    expect(canonicalInstructions(words)).toEqual(canonicalInstructions(binaryPipeline(input)));
  });
});
