// The release passes' outputs do not change (issue 30): `spvkit opt --size`, every release pass
// flag alone, and spirv-opt's usual release list, run by the built CLI over the corpus and the
// shader folder (without and with -g), give the bytes whose SHA-256s releaseOutputs.fixture.json
// holds. The fixture was recorded from main before the passes were rewritten on core's word
// layer; a refactoring must keep every byte. A change meant to alter an output records the
// fixture again (SPVKIT_RECORD_RELEASE_OUTPUTS=1) and says why in its commit.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = path.join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const fixturePath = fileURLToPath(new URL('./releaseOutputs.fixture.json', import.meta.url));
const record = process.env.SPVKIT_RECORD_RELEASE_OUTPUTS === '1';

/** Each run's flags, by the name the fixture keeps it under. */
const RUNS: Readonly<Record<string, readonly string[]>> = {
  size: ['--size'],
  'strip-debug': ['--strip-debug'],
  'strip-nonsemantic': ['--strip-nonsemantic'],
  'strip-reflect': ['--strip-reflect'],
  'eliminate-dead-functions': ['--eliminate-dead-functions'],
  'remove-unused-interface-variables': ['--remove-unused-interface-variables'],
  'eliminate-dead-variables': ['--eliminate-dead-variables'],
  'eliminate-dead-const': ['--eliminate-dead-const'],
  'compact-ids': ['--compact-ids'],
  'spirv-opt-release': ['--strip-debug', '--eliminate-dead-functions', '--eliminate-dead-const', '--compact-ids'],
};

interface Fixture {
  /** The inputs' paths, sorted. */
  names: string[];
  /** SHA-256 of each input (the first 64 bits, in hex), so that a changed input (another glslang) reads as that. */
  inputs: string[];
  /** Run -> SHA-256 of the output of each input, in the order of `names`. */
  outputs: Record<string, string[]>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

let work = '';
const inputs: Record<string, string> = {};

describeWithOracle('spvkit opt: release pass outputs are byte-identical to the recorded ones', corpusToolsAvailable(), () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'spvkit-release-outputs-'));
    const add = (name: string, words: Uint32Array): void => {
      const file = path.join(work, 'in', name);
      mkdirSync(path.dirname(file), { recursive: true });
      const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
      writeFileSync(file, bytes);
      inputs[name] = sha256(bytes);
    };
    for (const m of await loadCorpus()) add(`corpus/${m.name.replace(/[^\w.-]+/g, '_')}.spv`, m.words);
    for (const s of (await loadShaderFolder()).shaders) add(`folder/${s.path}.spv`, s.words);
    for (const s of (await loadShaderFolder({ debugInfo: 'g' })).shaders) add(`folder-g/${s.path}.spv`, s.words);
  }, 600_000);
  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('gives the recorded bytes for every run and every input', { timeout: 600_000 }, () => {
    const names = Object.keys(inputs).sort();
    const outputs: Record<string, string[]> = {};
    for (const [run, flags] of Object.entries(RUNS)) {
      const out = path.join(work, 'out', run);
      const r = spawnSync(process.execPath, [cli, 'opt', path.join(work, 'in'), '--out-dir', out, ...flags], { encoding: 'utf8' });
      expect(r.status, `spvkit opt ${flags.join(' ')}: ${r.stderr.slice(-2000)}`).toBe(0);
      outputs[run] = names.map((name) => sha256(readFileSync(path.join(out, name))));
    }
    expect(names.length).toBeGreaterThan(700);
    if (record) {
      const fixture: Fixture = { names, inputs: names.map((n) => inputs[n]), outputs };
      // One line per array: the diff of a re-recording shows which runs changed.
      const runs = Object.entries(fixture.outputs).map(([run, hashes]) => `  ${JSON.stringify(run)}: ${JSON.stringify(hashes)}`);
      const text = `{\n"names": ${JSON.stringify(fixture.names)},\n"inputs": ${JSON.stringify(fixture.inputs)},\n"outputs": {\n${runs.join(',\n')}\n}\n}\n`;
      writeFileSync(fixturePath, text);
      console.log(`[release outputs] recorded ${names.length} inputs x ${Object.keys(RUNS).length} runs`);
      return;
    }
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;
    expect(fixture.names, 'the inputs are not the recorded ones').toEqual(names);
    const changedInputs = names.filter((name, i) => fixture.inputs[i] !== inputs[name]);
    expect(changedInputs, 'inputs differ from the recorded ones (another glslang?): the comparison would mean nothing').toEqual([]);
    const differences: string[] = [];
    for (const run of Object.keys(RUNS)) {
      names.forEach((name, i) => {
        if (fixture.outputs[run]?.[i] !== outputs[run][i]) differences.push(`${run}: ${name}`);
      });
    }
    expect(differences.length, `outputs that changed:\n${differences.slice(0, 40).join('\n')}`).toBe(0);
    expect(readdirSync(path.join(work, 'out')).sort()).toEqual(Object.keys(RUNS).sort());
  });
});
