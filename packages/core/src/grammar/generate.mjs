#!/usr/bin/env node
// Generates the grammar tables of @spvkit/core from the official SPIR-V grammar files.
//
//   node packages/core/src/grammar/generate.mjs            write ./generated/*.ts and
//                                                          ../builder/generated/instructionBuilders.ts
//   node packages/core/src/grammar/generate.mjs --out DIR  write every file flat into DIR instead
//   node packages/core/src/grammar/generate.mjs --check    exit 1 if the committed files are stale
//
// Input: spirv.core.grammar.json, extinst.*.grammar.json and spir-v.xml from
// $SPVKIT_GRAMMAR_DIR, or by default packages/core/grammar/ (kept in the repository, so a clone
// generates and checks on its own; see that folder's README for where the files came from).
// Each module of ./generators/ writes one output (or one family of modules) from the loaded
// grammars; grammar.mjs reads them and output.mjs writes.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aliases } from './generators/aliases.mjs';
import { coreSpecs } from './generators/coreSpecs.mjs';
import { enums } from './generators/enums.mjs';
import { extEnums } from './generators/extEnums.mjs';
import { extInstSpecs } from './generators/extInstSpecs.mjs';
import { generatorIds } from './generators/generatorIds.mjs';
import { fail, loadGrammars } from './generators/grammar.mjs';
import { instructionBuilders } from './generators/instructionBuilders.mjs';
import { names } from './generators/names.mjs';
import { operandNames } from './generators/operandNames.mjs';
import { operandLayouts } from './generators/operandLayouts.mjs';
import { checkOutputs, writeOutputs } from './generators/output.mjs';
import { requirements } from './generators/requirements.mjs';
import { shapes } from './generators/shapes.mjs';
import { versions } from './generators/versions.mjs';

const args = process.argv.slice(2);
let outDir = fileURLToPath(new URL('./generated/', import.meta.url));
/** Where instructionBuilders.ts goes; `--out DIR` puts it into DIR with the others. */
let builderOutDir = fileURLToPath(new URL('../builder/generated/', import.meta.url));
let check = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--out') {
    const v = args[++i];
    if (!v) fail('--out needs a directory');
    outDir = builderOutDir = resolve(v);
  } else if (a.startsWith('--out=')) outDir = builderOutDir = resolve(a.slice(6));
  else if (a === '--check') check = true;
  else fail(`unknown argument ${a}`);
}
const grammarDir = process.env.SPVKIT_GRAMMAR_DIR ? resolve(process.env.SPVKIT_GRAMMAR_DIR) : fileURLToPath(new URL('../../grammar/', import.meta.url));
const grammars = loadGrammars(grammarDir);

const tables = [
  ...coreSpecs(grammars),
  ...extInstSpecs(grammars),
  ...enums(grammars),
  ...extEnums(grammars),
  ...shapes(grammars),
  ...operandLayouts(grammars),
  ...names(grammars),
  ...aliases(grammars),
  ...operandNames(grammars),
  ...versions(grammars),
  ...requirements(grammars),
  ...generatorIds(grammars),
];
const outputs = [...tables.map((o) => ({ dir: outDir, ...o })), ...instructionBuilders(grammars).map((o) => ({ dir: builderOutDir, ...o }))];

if (check) {
  checkOutputs(outputs, outDir, ['enum', 'extEnum']);
  process.stdout.write(`generate.mjs: ${outputs.length} files up to date\n`);
} else {
  writeOutputs(outputs);
  process.stdout.write(`generate.mjs: wrote ${outputs.length} files into ${outDir}${builderOutDir === outDir ? '' : ` and ${builderOutDir}`}\n`);
}
