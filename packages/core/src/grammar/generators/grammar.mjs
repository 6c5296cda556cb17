// Reading the grammar files, and the readings of their fields that more than one generator needs.
// Every generator takes the object loadGrammars() returns and nothing else, so that what they
// write depends on the input alone.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXT_INST_NAMES } from './extInstImportNames.mjs';

/** Stops the generator: bad input must never give tables that look fine. */
export function fail(message) {
  process.stderr.write(`generate.mjs: ${message}\n`);
  process.exit(1);
}

/** An enumerant value or version as a number: the grammar writes them as numbers, decimal strings or `0x` strings. */
export function parseValue(v, where) {
  const n = typeof v === 'number' ? v : /^0x/i.test(v) ? parseInt(v.slice(2), 16) : Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) fail(`bad enumerant value ${JSON.stringify(v)} in ${where}`);
  return n;
}

/** Strips the quotes the grammar sometimes puts around operand names ("'Pointer'"). */
export const cleanName = (name) =>
  name
    .trim()
    .replace(/^['"]+/, '')
    .replace(/['"]+$/, '')
    .trim();

/** The capabilities of an instruction or enumerant: the grammar has `capabilities`, and `capability` in places. */
export const capsOf = (x) => x.capabilities ?? (x.capability ? [x.capability] : undefined);

/** Whether an operand kind has enumerants (the others are ids, literals and composites). */
export const isEnumKind = (k) => k.category === 'BitEnum' || k.category === 'ValueEnum';

/**
 * The grammars in `grammarDir`: the core grammar, every extended instruction set (sorted by file
 * name, each with its OpExtInstImport name) and the registry's XML, with the source lines the
 * generated files' headers name.
 */
export function loadGrammars(grammarDir) {
  if (!existsSync(join(grammarDir, 'spirv.core.grammar.json'))) {
    fail(`no spirv.core.grammar.json in ${grammarDir} (set SPVKIT_GRAMMAR_DIR)`);
  }
  const readJson = (file) => JSON.parse(readFileSync(join(grammarDir, file), 'utf8'));
  const core = readJson('spirv.core.grammar.json');
  const extFiles = readdirSync(grammarDir)
    .filter((f) => /^extinst\..+\.grammar\.json$/.test(f))
    .sort();
  const extSets = extFiles.map((file) => {
    const stem = file.slice('extinst.'.length, -'.grammar.json'.length);
    const mapping = EXT_INST_NAMES[stem];
    if (!mapping) fail(`${file}: no OpExtInstImport name is known for this set; add it to EXT_INST_NAMES`);
    const grammar = readJson(file);
    if (mapping.expectVersion !== undefined && grammar.version !== mapping.expectVersion) {
      fail(`${file}: expected version ${mapping.expectVersion}, found ${grammar.version}; revisit its import name`);
    }
    return { file, stem, importName: mapping.name, exactName: mapping.exactName, grammar };
  });
  for (const stem of Object.keys(EXT_INST_NAMES)) {
    if (!extFiles.includes(`extinst.${stem}.grammar.json`)) fail(`EXT_INST_NAMES lists ${stem} but there is no such grammar file`);
  }
  const coreSource = `spirv.core.grammar.json (SPIR-V ${core.major_version}.${core.minor_version} revision ${core.revision})`;
  const extSource = 'extinst.*.grammar.json';
  return {
    core,
    extSets,
    registryXml: readFileSync(join(grammarDir, 'spir-v.xml'), 'utf8'),
    sources: { core: coreSource, ext: extSource, both: `${coreSource} and ${extSource}`, registry: 'spir-v.xml' },
  };
}
