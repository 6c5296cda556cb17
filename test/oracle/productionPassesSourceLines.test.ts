/**
 * Source lines survive the production passes that do not strip (issue 16): every corpus module
 * glslangValidator built with -g (OpLine) or -gV (NonSemantic.Shader.DebugInfo.100 DebugLine) goes
 * through each such pass list, and every instruction of every function left keeps the file, line
 * and column it had (functions matched by their OpName, so a removed function or renumbered ids
 * change nothing). strip-debug, strip-nonsemantic and strip-reflect (spirv-opt's alias of
 * strip-nonsemantic) are the passes that remove lines, on purpose.
 *
 * Without the corpus tools the suite skips with a message, or fails under SPVKIT_REQUIRE_ORACLES=1.
 */
import { expect, it } from 'vitest';
import {
  decodeLiteralString,
  decodeModule,
  encodeModule,
  Op,
  opcodeName,
  runPasses,
  SourceLocationsAnalysis,
  type Instruction,
  type Module,
} from '@spvkit/core';
import { RELEASE_PASSES, STRIPPING_PASSES } from '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';

/** strip-reflect is left out: as spirv-opt's, it removes every non-semantic instruction too (DebugLine with them). */
const NON_STRIPPING = [
  'eliminate-dead-functions',
  'eliminate-dead-const',
  'eliminate-dead-variables',
  'remove-unused-interface-variables',
  'compact-ids',
  'freeze-spec-const',
  'fold-spec-const-op-composite',
];

const specArgument = (m: CorpusModule): string =>
  Object.entries(m.run?.specConstants ?? {})
    .map(([id, v]) => `${id}:${v}`)
    .join(' ');

const LISTS: readonly { name: string; passes: (m: CorpusModule) => string[] | undefined }[] = [
  ...NON_STRIPPING.map((p) => ({ name: p, passes: () => [p] })),
  { name: '--size without the stripping passes', passes: () => RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)) },
  {
    name: 'specialized, then --size without the stripping passes',
    passes: (m: CorpusModule) =>
      specArgument(m) === ''
        ? undefined
        : [
            `set-spec-const-default-value=${specArgument(m)}`,
            'freeze-spec-const',
            'fold-spec-const-op-composite',
            ...RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)),
          ],
  },
];

/** Line-carrying instructions themselves, which are not what a line is asked of. */
function isLineMarker(module: Module, inst: Instruction): boolean {
  if (inst.opcode === Op.Line || inst.opcode === Op.NoLine) return true;
  if (inst.opcode !== Op.ExtInst) return false;
  // OpExtInst's operands: result type and id are fields, so operand 0 is the set.
  const set = module.extInstImports.find((i) => i.resultId === inst.operands[0]);
  return set !== undefined && text(set, 0).startsWith('NonSemantic.');
}

/** The literal string starting at operand `at`. */
const text = (inst: Instruction, at: number): string => decodeLiteralString(inst.operands, at, inst.operands.length).value;

/** Function name -> each body instruction's opcode and place, in order. */
function placesByFunction(module: Module): Map<string, string[]> {
  const names = new Map(module.debugNames.filter((n) => n.opcode === Op.Name).map((n) => [n.operands[0], text(n, 1)]));
  const locations = module.analysis(SourceLocationsAnalysis);
  const out = new Map<string, string[]>();
  for (const f of module.functions) {
    const name = names.get(f.id);
    if (name === undefined) continue;
    const places: string[] = [];
    for (const inst of f.allInstructions()) {
      if (isLineMarker(module, inst)) continue;
      const loc = locations.of(inst);
      places.push(`${opcodeName(inst.opcode)}@${loc === undefined ? '-' : `${loc.file ?? '?'}:${loc.line}:${loc.column}`}`);
    }
    out.set(`${name}#${f.parameters.length}`, places);
  }
  return out;
}

const tools = corpusToolsAvailable();

describeWithOracle('source lines through the non-stripping production passes (glslang -g and -gV)', tools, () => {
  const modules = tools.ok
    ? loadCorpus().then((all) => all.filter((m) => m.kind === 'glsl' && (m.variant === 'g' || m.variant === 'gV')))
    : Promise.resolve([]);

  for (const list of LISTS) {
    it(list.name, { timeout: 300_000 }, async () => {
      const all = await modules;
      expect(all.length).toBeGreaterThan(0);
      let checked = 0;
      for (const m of all) {
        const passes = list.passes(m);
        if (passes === undefined) continue;
        const before = placesByFunction(decodeModule(m.words));
        const module = decodeModule(m.words);
        const r = runPasses(module, passes, { targetEnv: m.targetEnv });
        expect(r.ok, `${m.name}: ${JSON.stringify(r.diagnostics)}`).toBe(true);
        const after = placesByFunction(decodeModule(encodeModule(module)));
        expect(after.size, `${m.name}: functions left`).toBeGreaterThan(0);
        for (const [name, places] of after) {
          expect(places, `${m.name}: ${name} after ${list.name}`).toEqual(before.get(name));
          // The module has lines to keep: most instructions are placed.
          expect(places.filter((p) => !p.endsWith('@-')).length, `${m.name}: ${name} has source lines`).toBeGreaterThan(0);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
