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
// Output is deterministic: the same input gives the same bytes (no paths, dates or hash order).
//
// OpExtInstImport names of the extended instruction sets (file stem -> import name). They follow
// spvExtInstImportTypeGet() in SPIRV-Tools source/ext_inst.cpp where that function knows the set.
// exactName: false means the name is a prefix and the import carries a version suffix (`<prefix>N`).
// Choices for the sets SPIRV-Tools' ext_inst.cpp does not list (yet):
//   - nonsemantic.shader.debuginfo: its json says version 101, i.e. the 101 revision of
//     NonSemantic.Shader.DebugInfo (a superset of .100 with the same numbering), so it is the
//     exact name "NonSemantic.Shader.DebugInfo.101"; ".100" keeps its own grammar file.
//   - arm.experimental-ml-operations: "Arm.ExperimentalMLOperations." prefix with a version
//     suffix (SPIRV-Tools tests import "Arm.ExperimentalMLOperations.1"; the json has no version).
//   - nonsemantic.graph.debuginfo: "NonSemantic.Graph.DebugInfo.1" (json revision 1; the name
//     SPIRV-Tools' tests and MLIR use).
// A grammar file with no entry here is an error: a new set must never be skipped silently.
const EXT_INST_NAMES = {
  'glsl.std.450': { name: 'GLSL.std.450', exactName: true },
  'opencl.std.100': { name: 'OpenCL.std', exactName: true },
  debuginfo: { name: 'DebugInfo', exactName: true },
  'opencl.debuginfo.100': { name: 'OpenCL.DebugInfo.100', exactName: true },
  'nonsemantic.shader.debuginfo.100': { name: 'NonSemantic.Shader.DebugInfo.100', exactName: true },
  'nonsemantic.shader.debuginfo': { name: 'NonSemantic.Shader.DebugInfo.101', exactName: true, expectVersion: 101 },
  'spv-amd-gcn-shader': { name: 'SPV_AMD_gcn_shader', exactName: true },
  'spv-amd-shader-ballot': { name: 'SPV_AMD_shader_ballot', exactName: true },
  'spv-amd-shader-explicit-vertex-parameter': { name: 'SPV_AMD_shader_explicit_vertex_parameter', exactName: true },
  'spv-amd-shader-trinary-minmax': { name: 'SPV_AMD_shader_trinary_minmax', exactName: true },
  'nonsemantic.clspvreflection': { name: 'NonSemantic.ClspvReflection.', exactName: false },
  'nonsemantic.debugprintf': { name: 'NonSemantic.DebugPrintf', exactName: true },
  'nonsemantic.debugbreak': { name: 'NonSemantic.DebugBreak', exactName: true },
  'nonsemantic.vkspreflection': { name: 'NonSemantic.VkspReflection.', exactName: false },
  'arm.motion-engine.100': { name: 'Arm.MotionEngine.100', exactName: true },
  'tosa.001000.1': { name: 'TOSA.001000.1', exactName: true },
  'arm.experimental-ml-operations': { name: 'Arm.ExperimentalMLOperations.', exactName: false },
  'nonsemantic.graph.debuginfo': { name: 'NonSemantic.Graph.DebugInfo.1', exactName: true },
};

import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function fail(message) {
  process.stderr.write(`generate.mjs: ${message}\n`);
  process.exit(1);
}

// ---------------------------------------------------------------- arguments

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
if (!existsSync(join(grammarDir, 'spirv.core.grammar.json'))) {
  fail(`no spirv.core.grammar.json in ${grammarDir} (set SPVKIT_GRAMMAR_DIR)`);
}

const readJson = (file) => JSON.parse(readFileSync(join(grammarDir, file), 'utf8'));

// ---------------------------------------------------------------- formatting helpers

const str = (s) => JSON.stringify(s);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k) => (IDENT.test(k) && k !== '__proto__' ? k : str(k));
const strList = (list) => (list && list.length ? `[${list.map(str).join(',')}]` : 'E');

/** Strips the quotes the grammar sometimes puts around operand names ("'Pointer'"). */
const cleanName = (name) =>
  name
    .trim()
    .replace(/^['"]+/, '')
    .replace(/['"]+$/, '')
    .trim();

function parseValue(v, where) {
  const n = typeof v === 'number' ? v : /^0x/i.test(v) ? parseInt(v.slice(2), 16) : Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) fail(`bad enumerant value ${str(v)} in ${where}`);
  return n;
}

function operand(o) {
  const q = o.quantifier ?? '';
  if (q !== '' && q !== '?' && q !== '*') fail(`bad quantifier ${str(q)}`);
  const parts = [str(o.kind)];
  const name = o.name === undefined ? undefined : cleanName(o.name);
  if (q !== '' || name) parts.push(str(q));
  if (name) parts.push(str(name));
  return `o(${parts.join(',')})`;
}
const operandList = (ops) => (ops && ops.length ? `[${ops.map(operand).join(',')}]` : 'E');

const capsOf = (x) => x.capabilities ?? (x.capability ? [x.capability] : undefined);

/** Trailing builder arguments: capabilities, extensions, version, then the rare fields as an object. */
function availabilityArgs(x, rare) {
  const extra = [];
  if (rare.aliases) extra.push(`aliases:${strList(rare.aliases)}`);
  if (x.lastVersion !== undefined) extra.push(`lastVersion:${str(String(x.lastVersion))}`);
  if (x.provisional) extra.push('provisional:true');
  const a = [strList(capsOf(x)), strList(x.extensions)];
  if (x.version !== undefined || extra.length) a.push(x.version === undefined ? 'undefined' : str(String(x.version)));
  if (extra.length) a.push(`{${extra.join(',')}}`);
  return a.join(',');
}

const CATEGORIES = new Set(['BitEnum', 'ValueEnum', 'Id', 'Literal', 'Composite']);

function operandKindLines(kinds, where) {
  const lines = [];
  for (const k of kinds) {
    if (!CATEGORIES.has(k.category)) fail(`unknown category ${k.category} of ${k.kind} in ${where}`);
    let head = `{kind:${str(k.kind)},category:${str(k.category)}`;
    if (k.doc !== undefined) head += `,doc:${str(k.doc)}`;
    if (k.bases) head += `,bases:${strList(k.bases)}`;
    if (k.category === 'BitEnum' || k.category === 'ValueEnum') {
      lines.push(`  ${head},enumerants:[`);
      for (const e of k.enumerants ?? []) {
        const v = parseValue(e.value, `${where} ${k.kind}.${e.enumerant}`);
        const vs = k.category === 'BitEnum' ? `0x${v.toString(16)}` : String(v);
        lines.push(`    N(${str(e.enumerant)},${vs},${operandList(e.parameters)},${availabilityArgs(e, { aliases: e.aliases })}),`);
      }
      lines.push('  ]},');
    } else {
      lines.push(`  ${head}},`);
    }
  }
  return lines;
}

// Builders used by the generated files: every spec object of a kind gets the same property order
// (one hidden class for the engine) and the files stay small. They only assemble objects.
const PRELUDE_COMMON = [
  'const E: readonly never[] = Object.freeze([]);',
  'interface Rare { readonly aliases?: readonly string[]; readonly lastVersion?: string; readonly provisional?: boolean }',
  "function o(kind: string, quantifier: Quantifier = '', name?: string): OperandSpec {",
  '  return name === undefined ? { kind, quantifier } : { kind, quantifier, name };',
  '}',
  'function N(name: string, value: number, parameters: readonly OperandSpec[], capabilities: readonly string[], extensions: readonly string[], version?: string, r?: Rare): EnumerantSpec {',
  '  return { name, value, aliases: r?.aliases ?? E, parameters, capabilities, extensions, version, lastVersion: r?.lastVersion, provisional: r?.provisional };',
  '}',
];
const PRELUDE_CORE = [
  ...PRELUDE_COMMON,
  'function I(opname: string, opcode: number, cls: string, operands: readonly OperandSpec[], capabilities: readonly string[], extensions: readonly string[], version?: string, r?: Rare): InstructionSpec {',
  "  const hasResultType = operands.some((x) => x.kind === 'IdResultType');",
  "  const hasResult = operands.some((x) => x.kind === 'IdResult');",
  '  return { opname, opcode, class: cls, aliases: r?.aliases ?? E, operands, hasResultType, hasResult, capabilities, extensions, version, lastVersion: r?.lastVersion, provisional: r?.provisional };',
  '}',
];
const PRELUDE_EXT = [
  ...PRELUDE_COMMON,
  'function X(opname: string, opcode: number, operands: readonly OperandSpec[], capabilities: readonly string[] = E, extensions: readonly string[] = E): ExtInstSpec {',
  '  return { opname, opcode, operands, capabilities, extensions };',
  '}',
];

// ---------------------------------------------------------------- core.ts

const core = readJson('spirv.core.grammar.json');
const magic = parseValue(core.magic_number, 'magic_number');
const versionText = `SPIR-V ${core.major_version}.${core.minor_version} revision ${core.revision}`;
const header = (src) => `// Generated by generate.mjs from ${src}. Do not edit.\n`;

function instructionLine(i) {
  if (!Number.isInteger(i.opcode) || i.opcode < 0 || i.opcode > 0xffff) fail(`bad opcode of ${i.opname}`);
  const ops = i.operands ?? [];
  return `  I(${str(i.opname)},${i.opcode},${str(i.class ?? '')},${operandList(ops)},${availabilityArgs(i, { aliases: i.aliases })}),`;
}

const coreTs = [
  header(`spirv.core.grammar.json (${versionText})`),
  "import type { EnumerantSpec, InstructionSpec, OperandKindSpec, OperandSpec, Quantifier } from '../types.js';",
  '',
  ...PRELUDE_CORE,
  '',
  '/** The SPIR-V magic number, first word of every module. */',
  `export const MAGIC_NUMBER = 0x${magic.toString(16).padStart(8, '0')};`,
  '/** Version of the grammar these tables were generated from. */',
  `export const GRAMMAR_VERSION = { major: ${core.major_version}, minor: ${core.minor_version}, revision: ${core.revision} } as const;`,
  '',
  // The builder calls are marked pure, so a bundle that does not use a table drops it even
  // where the package's `sideEffects: false` is not honored.
  '/** Every instruction of the core grammar, in grammar order. */',
  'export const instructions: readonly InstructionSpec[] = /* @__PURE__ */ (() => [',
  ...core.instructions.map(instructionLine),
  '])();',
  '',
  '/** Every operand kind of the core grammar, in grammar order. */',
  'export const operandKinds: readonly OperandKindSpec[] = /* @__PURE__ */ (() => [',
  ...operandKindLines(core.operand_kinds, 'spirv.core.grammar.json'),
  '])();',
  '',
].join('\n');

// ---------------------------------------------------------------- enums.ts and enum/*.ts
//
// One module per enumeration (Op and every ValueEnum/BitEnum kind), one `export const` per name,
// re-exported as a namespace (`export * as Decoration`). A bundler then inlines `Decoration.BuiltIn`
// as 11 and keeps no table at all, where a plain object would keep every name of the kind.
// Names that are not identifiers (Dim's `1D`) are exported under their own name as a string.

function enumModule(name, doc, entries, source = `spirv.core.grammar.json (${versionText})`) {
  const seen = new Set();
  const lines = [header(source), `// ${doc}`, ''];
  const odd = [];
  for (const [k, v] of entries) {
    if (seen.has(k)) fail(`duplicate key ${k} in ${name}`);
    seen.add(k);
    if (IDENT.test(k) && k !== '__proto__') lines.push(`export const ${k} = ${v};`);
    else {
      const local = `$${k.replace(/[^A-Za-z0-9_$]/g, '_')}`;
      if (seen.has(local)) fail(`local name ${local} of ${k} in ${name} is taken`);
      lines.push(`const ${local} = ${v};`);
      odd.push(`export { ${local} as ${str(k)} };`);
    }
  }
  return [...lines, ...odd, ''].join('\n');
}

const enumFiles = [];
const enumsTs = [header(`spirv.core.grammar.json (${versionText})`)];
{
  const opEntries = [];
  for (const i of core.instructions) {
    for (const n of [i.opname, ...(i.aliases ?? [])]) {
      if (!n.startsWith('Op')) fail(`opname without Op prefix: ${n}`);
      opEntries.push([n.slice(2), i.opcode]);
    }
  }
  const opDoc = 'Opcodes by name without the `Op` prefix (aliases included).';
  enumFiles.push({ file: 'enum/Op.ts', text: enumModule('Op', opDoc, opEntries) });
  enumsTs.push(`/** ${opDoc} */`, "export * as Op from './enum/Op.js';");
  for (const k of core.operand_kinds) {
    if (k.category !== 'BitEnum' && k.category !== 'ValueEnum') continue;
    if (!IDENT.test(k.kind) || k.kind === 'Op') fail(`operand kind name ${k.kind} cannot be exported`);
    const entries = [];
    for (const e of k.enumerants) {
      const v = parseValue(e.value, `${k.kind}.${e.enumerant}`);
      const vs = k.category === 'BitEnum' ? `0x${v.toString(16)}` : String(v);
      for (const n of [e.enumerant, ...(e.aliases ?? [])]) entries.push([n, vs]);
    }
    const doc = `${k.kind} (${k.category}) values (aliases included).`;
    enumFiles.push({ file: `enum/${k.kind}.ts`, text: enumModule(k.kind, doc, entries) });
    enumsTs.push(`/** ${doc} */`, `export * as ${k.kind} from './enum/${k.kind}.js';`);
  }
  enumsTs.push('');
}

// ---------------------------------------------------------------- extinst.ts

const extFiles = readdirSync(grammarDir)
  .filter((f) => /^extinst\..+\.grammar\.json$/.test(f))
  .sort();
const extTs = [
  header('extinst.*.grammar.json'),
  "import type { EnumerantSpec, ExtInstSetSpec, ExtInstSpec, OperandSpec, Quantifier } from '../types.js';",
  '',
  ...PRELUDE_EXT,
  '',
  '/** Every extended instruction set, sorted by grammar file name. */',
  'export const extInstSets: readonly ExtInstSetSpec[] = /* @__PURE__ */ (() => [',
];
for (const file of extFiles) {
  const stem = file.slice('extinst.'.length, -'.grammar.json'.length);
  const mapping = EXT_INST_NAMES[stem];
  if (!mapping) fail(`${file}: no OpExtInstImport name is known for this set; add it to EXT_INST_NAMES`);
  const g = readJson(file);
  if (mapping.expectVersion !== undefined && g.version !== mapping.expectVersion) {
    fail(`${file}: expected version ${mapping.expectVersion}, found ${g.version}; revisit its import name`);
  }
  let head = `{name:${str(mapping.name)},grammarFile:${str(stem)}`;
  if (g.version !== undefined) head += `,version:${parseValue(g.version, file)}`;
  if (g.revision !== undefined) head += `,revision:${parseValue(g.revision, file)}`;
  head += `,exactName:${mapping.exactName}`;
  extTs.push(`${head},instructions:[`);
  for (const i of g.instructions) {
    const caps = capsOf(i);
    let a = `${str(i.opname)},${i.opcode},${operandList(i.operands)}`;
    if (caps?.length || i.extensions?.length) a += `,${strList(caps)}`;
    if (i.extensions?.length) a += `,${strList(i.extensions)}`;
    extTs.push(`  X(${a}),`);
  }
  const kinds = g.operand_kinds ?? [];
  if (kinds.length) {
    extTs.push('],operandKinds:[');
    extTs.push(...operandKindLines(kinds, file).map((l) => l.slice(2)));
    extTs.push(']},');
  } else {
    extTs.push('],operandKinds:E},');
  }
}
for (const stem of Object.keys(EXT_INST_NAMES)) {
  if (!extFiles.includes(`extinst.${stem}.grammar.json`)) fail(`EXT_INST_NAMES lists ${stem} but there is no such grammar file`);
}
extTs.push('])();', '');

// ---------------------------------------------------------------- extEnums.ts
// The instruction numbers of each extended instruction set as a namespace of constants, like the
// core enums (`NonSemanticShaderDebugInfo100.DebugLine` is 103), named after the set's import
// name without its dots.

const extEnumsTs = [header('extinst.*.grammar.json')];
for (const file of extFiles) {
  const stem = file.slice('extinst.'.length, -'.grammar.json'.length);
  const g = readJson(file);
  const name = EXT_INST_NAMES[stem].name.replace(/[^A-Za-z0-9]/g, '');
  if (!IDENT.test(name)) fail(`${file}: ${name} is not an identifier`);
  const doc = `Instruction numbers of the extended instruction set ${EXT_INST_NAMES[stem].name}${EXT_INST_NAMES[stem].exactName ? '' : '*'}.`;
  enumFiles.push({
    file: `extEnum/${name}.ts`,
    text: enumModule(
      name,
      doc,
      g.instructions.map((i) => [i.opname, String(i.opcode)]),
      file,
    ),
  });
  extEnumsTs.push(`/** ${doc} */`, `export * as ${name} from './extEnum/${name}.js';`);
}
extEnumsTs.push('');

// ---------------------------------------------------------------- generators.ts

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e];
  });
}

const xml = readFileSync(join(grammarDir, 'spir-v.xml'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
const vendorBlock = /<ids\s[^>]*type="vendor"[^>]*>([\s\S]*?)<\/ids>/.exec(xml);
if (!vendorBlock) fail('spir-v.xml: no <ids type="vendor"> block');
const genTs = [
  header('spir-v.xml'),
  "import type { GeneratorSpec } from '../types.js';",
  '',
  '/** Registered SPIR-V generator (tool) ids, in registry order. */',
  'export const generators: readonly GeneratorSpec[] = [',
];
{
  const seen = new Set();
  for (const m of vendorBlock[1].matchAll(/<id\s([^>]*?)\/>/g)) {
    const attrs = {};
    for (const a of m[1].matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]] = decodeEntities(a[2] ?? a[3]);
    const id = parseValue(attrs.value ?? '', 'spir-v.xml id');
    if (attrs.vendor === undefined) fail(`spir-v.xml: id ${id} has no vendor`);
    if (seen.has(id)) fail(`spir-v.xml: duplicate id ${id}`);
    seen.add(id);
    genTs.push(`  {id:${id},vendor:${str(attrs.vendor)}${attrs.tool !== undefined ? `,tool:${str(attrs.tool)}` : ''}},`);
  }
  if (seen.size === 0) fail('spir-v.xml: no vendor ids found');
}
genTs.push('];', '');

// ---------------------------------------------------------------- instructionBuilders.ts
//
// One typed method per core instruction on `InstructionBuilders` (the base class of the Builder):
// `OpIMul` -> `iMul(resultType, operand1, operand2)`. Parameters follow the grammar's operands:
// the result type first when there is one, no parameter for the result id (the builder allocates
// it), ids, literal integers and enumerants as numbers, LiteralString as string, `?` as an optional
// parameter, `*` as an array. An enumerant's own parameters (MemoryAccess Aligned's alignment,
// Decoration BuiltIn's BuiltIn) follow their enum operand: as rest parameters when it is the last
// operand, else as an array right after it.

const kindsByName = new Map(core.operand_kinds.map((k) => [k.kind, k]));
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await arguments eval undefined'
  ).split(' '),
);

/** camelCase from words: an all-capitals first word is lowered whole (`ND Range` -> ndRange). */
function camel(words) {
  return words.map((w, i) => (i > 0 ? w[0].toUpperCase() + w.slice(1) : /^[A-Z0-9]{2,}$/.test(w) ? w.toLowerCase() : w[0].toLowerCase() + w.slice(1))).join('');
}

function plural(n) {
  if (n.endsWith('s')) return n;
  return /[^aeiou]y$/.test(n) ? `${n.slice(0, -1)}ies` : `${n}s`;
}

/** The parameter name for an operand, before deduplication. */
function paramBase(o) {
  let name;
  if (o.name === undefined) name = camel([o.kind]);
  else {
    const raw = cleanName(o.name);
    const listy = raw.includes(',');
    const pieces = [];
    for (const piece of listy ? raw.split(',') : [raw]) {
      // "Member 0 type, member 1 type, ..." -> "member type": list names lose their counters.
      const words = piece.split(/[^A-Za-z0-9]+/).filter((w) => w && !(listy && /^\d+$/.test(w)));
      if (words.length && !pieces.some((p) => p.join(' ').toLowerCase() === words.join(' ').toLowerCase())) pieces.push(words);
    }
    name = pieces.length ? camel(pieces.flat()) : camel([o.kind]);
  }
  if (/^\d/.test(name)) name = `n${name}`;
  if (o.quantifier === '*') name = plural(name);
  if (RESERVED.has(name)) {
    const suffix = kindsByName.get(o.kind)?.category === 'Id' ? 'Id' : 'Value';
    name = name.endsWith('s') && o.quantifier === '*' ? `${name.slice(0, -1)}${suffix}s` : `${name}${suffix}`;
  }
  return name;
}

const enumHasParams = (k) => (k.enumerants ?? []).some((e) => (e.parameters ?? []).length > 0);
const enumHasStringParams = (k) => (k.enumerants ?? []).some((e) => (e.parameters ?? []).some((p) => p.kind === 'LiteralString'));
const PAIR_TYPES = {
  PairLiteralIntegerIdRef: 'readonly (readonly [number | bigint, number])[]',
  PairIdRefLiteralInteger: 'readonly (readonly [number, number])[]',
  PairIdRefIdRef: 'readonly (readonly [number, number])[]',
};

function builderMethod(inst) {
  const where = inst.opname;
  const ops = (inst.operands ?? []).filter((o) => o.kind !== 'IdResult' && o.kind !== 'IdResultType');
  const hasType = (inst.operands ?? []).some((o) => o.kind === 'IdResultType');
  const used = new Set();
  const unique = (base) => {
    let n = base;
    for (let i = 2; used.has(n); i++) n = `${base}${i}`;
    used.add(n);
    return n;
  };
  const params = [];
  const words = [];
  const optional = []; // [param name, expression] of the trailing optional operands, for the gap check
  if (hasType) params.push(`${unique('resultType')}: number`);
  ops.forEach((o, index) => {
    const q = o.quantifier ?? '';
    const last = index === ops.length - 1;
    const k = kindsByName.get(o.kind);
    if (!k) fail(`${where}: unknown operand kind ${o.kind}`);
    if (q === '?' && !last && (ops[index + 1].quantifier ?? '') === '') fail(`${where}: required operand after an optional one`);
    const name = unique(paramBase(o));
    const opt = q === '?' ? '?' : '';
    if (k.kind.startsWith('Pair')) {
      if (q !== '*' || !last || !PAIR_TYPES[k.kind]) fail(`${where}: ${k.kind}${q} is not handled`);
      params.push(`${name}: ${PAIR_TYPES[k.kind]} = []`);
      words.push(`...$pairs(${name})`);
      optional.push(name);
    } else if (k.kind === 'LiteralString') {
      if (q === '*') fail(`${where}: LiteralString* is not handled`);
      params.push(`${name}${opt}: string`);
      words.push(`...$s(${name})`);
      if (q) optional.push(name);
    } else if (k.kind === 'LiteralContextDependentNumber') {
      if (q !== '' || !last) fail(`${where}: ${k.kind}${q} is not handled`);
      params.push(`${name}: number | bigint | readonly number[]`);
      words.push(`...$n(${name})`);
    } else if (k.kind === 'LiteralSpecConstantOpInteger') {
      if (q !== '' || !last) fail(`${where}: ${k.kind}${q} is not handled`);
      const rest = unique('operands');
      params.push(`${name}: number`, `...${rest}: number[]`);
      words.push(name, `...${rest}`);
    } else if (k.category === 'Id' || k.category === 'Literal' || k.category === 'ValueEnum' || k.category === 'BitEnum') {
      if (k.category === 'Literal' && !['LiteralInteger', 'LiteralFloat', 'LiteralExtInstInteger'].includes(k.kind)) {
        fail(`${where}: literal kind ${k.kind} is not handled`);
      }
      if (q === '*') {
        if (!last || enumHasParams(k)) fail(`${where}: ${k.kind}* is not handled here`);
        params.push(`${name}: readonly number[] = []`);
        words.push(`...${name}`);
        optional.push(name);
        return;
      }
      params.push(`${name}${opt}: number`);
      words.push(q ? `...$o(${name})` : name);
      if (q) optional.push(name);
      if (enumHasParams(k)) {
        const p = unique(`${name}Params`);
        const t = enumHasStringParams(k) ? '(number | string)' : 'number';
        if (last) params.push(`...${p}: ${t}[]`);
        else params.push(`${p}${opt}: readonly ${t}[]`);
        words.push(t === 'number' && last ? `...${p}` : `...$p(${p})`);
        if (q) optional.push(p);
      }
    } else fail(`${where}: operand kind ${k.kind} (${k.category}) is not handled`);
  });
  const method = inst.opname.slice(2, 3).toLowerCase() + inst.opname.slice(3);
  const lines = [`  /** ${inst.opname} */`, `  ${method}(${params.join(', ')}): Instruction {`];
  if (optional.length > 1) lines.push(`    $gap(${str(inst.opname)}, ${str(optional)}, ${optional.join(', ')});`);
  lines.push(`    return this.emitInstruction(${inst.opcode}, ${hasType ? 'resultType' : '0'}, [${words.join(', ')}]);`, '  }');
  return { method, lines };
}

const buildersTs = [
  header(`spirv.core.grammar.json (${versionText})`),
  "import { encodeLiteralString } from '../../binary/literalString.js';",
  "import { SpirvError } from '../../errors/SpirvError.js';",
  "import type { Instruction } from '../../ir/Instruction.js';",
  '',
  'const $o = (x: number | undefined): number[] => (x === undefined ? [] : [x]);',
  'const $s = (x: string | undefined): number[] => (x === undefined ? [] : encodeLiteralString(x));',
  '/** Enumerant parameters: numbers are words, strings are literal strings. */',
  'function $p(params: readonly (number | string)[] | undefined): number[] {',
  '  const out: number[] = [];',
  "  for (const p of params ?? []) if (typeof p === 'string') out.push(...encodeLiteralString(p)); else out.push(p);",
  '  return out;',
  '}',
  '/** A literal as wide as its type: a number is one word, a bigint two (low word first), an array its words. */',
  'function $n(v: number | bigint | readonly number[]): readonly number[] {',
  "  if (typeof v === 'number') return [v];",
  "  if (typeof v !== 'bigint') return v;",
  '  const u = BigInt.asUintN(64, v);',
  '  return [Number(u & 0xffffffffn), Number(u >> 32n)];',
  '}',
  'function $pairs(pairs: readonly (readonly [number | bigint, number])[]): number[] {',
  '  const out: number[] = [];',
  '  for (const [a, b] of pairs) out.push(...$n(a), b);',
  '  return out;',
  '}',
  'const $given = (v: unknown): boolean => v !== undefined && !(Array.isArray(v) && v.length === 0);',
  '/** Optional operands can only be left out from the end: a given one needs every one before it. */',
  'function $gap(opname: string, names: readonly string[], ...values: unknown[]): void {',
  '  for (let i = 1; i < values.length; i++) {',
  '    if ($given(values[i]) && !$given(values[i - 1])) {',
  "      throw new SpirvError('BAD_OPERAND', `${opname}: optional operand '${names[i]}' is given but '${names[i - 1]}' before it is not; optional operands can only be left out at the end`, { opname });",
  '    }',
  '  }',
  '}',
  '',
  '/**',
  ' * A typed method for every core instruction, generated from the grammar. Each makes the instruction',
  ' * through {@link emitInstruction}, which checks it, allocates its result id and places it (see Builder).',
  ' */',
  'export abstract class InstructionBuilders {',
  '  /** Makes one instruction from its opcode, result type (0 for none) and operand words, and places it. */',
  '  protected abstract emitInstruction(opcode: number, typeId: number, operands: ArrayLike<number>): Instruction;',
];
{
  const methods = new Set();
  for (const inst of core.instructions) {
    const { method, lines } = builderMethod(inst);
    if (methods.has(method)) fail(`two instructions give the builder method ${method}`);
    methods.add(method);
    buildersTs.push('', ...lines);
  }
}
buildersTs.push('}', '');

// ---------------------------------------------------------------- shapes.ts and names.ts
//
// The tables split by use. shapes.ts holds what decoding and walking operands need and nothing
// else: per instruction its opcode and operands (kind and quantifier), per enumeration the values
// it knows and the parameters they bring, per extended set the same for its instructions.
// opcodeNames.ts, enumNames.ts and extNames.ts hold the names a disassembler prints, aligned entry
// for entry with shapes.ts. core.ts and
// extinst.ts keep the full specs (availability, operand names, aliases) for whoever asks for them.
//
// An operand is one character, its kind's index in KIND_NAMES mapped through CODE_CHARS, then `?`
// or `*` for its quantifier. Both tables are decoded once, on first use, by ../shapes.ts and
// ../names.ts.

const CODE_CHARS = [];
for (let c = 33; c < 127; c++) if (!'"\\?*'.includes(String.fromCharCode(c))) CODE_CHARS.push(String.fromCharCode(c));
const kindNames = core.operand_kinds.map((k) => k.kind);
const extGrammars = extFiles.map((file) => ({ stem: file.slice('extinst.'.length, -'.grammar.json'.length), g: readJson(file) }));
for (const { g } of extGrammars) for (const k of g.operand_kinds ?? []) if (!kindNames.includes(k.kind)) kindNames.push(k.kind);
if (kindNames.length > CODE_CHARS.length) fail(`${kindNames.length} operand kinds do not fit the ${CODE_CHARS.length} operand codes`);
const CATEGORY_LETTERS = { BitEnum: 'B', ValueEnum: 'V', Id: 'I', Literal: 'L', Composite: 'C' };

function operandCodes(ops, where) {
  let out = '';
  for (const o of ops ?? []) {
    const i = kindNames.indexOf(o.kind);
    if (i < 0) fail(`${where}: unknown operand kind ${o.kind}`);
    out += CODE_CHARS[i] + (o.quantifier ?? '');
  }
  return out;
}

/** Each opcode minus the one before it: runs of consecutive opcodes become runs of 1, which compress well. */
function opcodeDeltas(list) {
  let previous = 0;
  return list.map((x) => {
    const d = x.opcode - previous;
    previous = x.opcode;
    return d;
  });
}

/** `[value, 'params'?, ...]` of an enumeration (each value as the difference to the one before), and its names in the same order. */
function enumShape(k, where) {
  const values = [];
  const names = [];
  let previous = 0;
  for (const e of k.enumerants ?? []) {
    const v = parseValue(e.value, `${where} ${k.kind}.${e.enumerant}`);
    values.push(String(v - previous));
    previous = v;
    if ((e.parameters ?? []).length) values.push(str(operandCodes(e.parameters, `${where} ${k.kind}.${e.enumerant}`)));
    if (/\s/.test(e.enumerant)) fail(`${where}: enumerant name with a space: ${str(e.enumerant)}`);
    names.push(e.enumerant);
  }
  return { values: `[${values.join(',')}]`, names: names.join(' ') };
}

const shapesTs = [
  header(`spirv.core.grammar.json (${versionText}) and extinst.*.grammar.json`),
  '/** The characters that stand for operand kinds, in KIND_NAMES order. */',
  `export const CODE_CHARS = ${str(CODE_CHARS.join(''))};`,
  '/** Every operand kind, core kinds first (the order of the grammar), then those only extended sets define. */',
  `export const KIND_NAMES: readonly string[] = ${str(kindNames)};`,
  '/** The category of each core kind, in KIND_NAMES order: B BitEnum, V ValueEnum, I Id, L Literal, C Composite. */',
  `export const CORE_CATEGORIES = ${str(core.operand_kinds.map((k) => CATEGORY_LETTERS[k.category]).join(''))};`,
  '/** Every core instruction in grammar order: its opcode (as the difference to the one before), then its operands as codes. */',
  'export const INSTRUCTIONS: readonly (number | string)[] = [',
];
// Three modules, so that naming opcodes (a pass's messages) does not bundle every enumerant name.
const opNamesTs = [
  header(`spirv.core.grammar.json (${versionText})`),
  '/** The name of every core instruction without `Op`, in the order of shapes.ts INSTRUCTIONS, space-separated. */',
];
const enumNamesTs = [header(`spirv.core.grammar.json (${versionText})`)];
const extNamesTs = [header('extinst.*.grammar.json')];
{
  const rows = [];
  const deltas = opcodeDeltas(core.instructions);
  for (let i = 0; i < core.instructions.length; i += 8) {
    rows.push(
      '  ' +
        core.instructions
          .slice(i, i + 8)
          .map((x, j) => `${deltas[i + j]},${str(operandCodes(x.operands, x.opname))}`)
          .join(',') +
        ',',
    );
  }
  shapesTs.push(...rows, '];');
  opNamesTs.push(`export const INSTRUCTION_NAMES = ${str(core.instructions.map((x) => x.opname.slice(2)).join(' '))};`, '');
  // Opcode classes the code asks about, from the grammar rather than hand-kept lists.
  const ofClass = (cls) => core.instructions.filter((x) => x.class === cls).map((x) => x.opcode);
  shapesTs.push(
    '/** Opcodes of the instructions of class Type-Declaration. */',
    `export const TYPE_DECLARATIONS: readonly number[] = [${ofClass('Type-Declaration').join(',')}];`,
  );
  shapesTs.push(
    '/** Opcodes of the instructions of class Constant-Creation (spec constants included). */',
    `export const CONSTANT_CREATIONS: readonly number[] = [${ofClass('Constant-Creation').join(',')}];`,
  );
  shapesTs.push(
    '/** Opcodes of the instructions of class Annotation (decorations and decoration groups). */',
    `export const ANNOTATIONS: readonly number[] = [${ofClass('Annotation').join(',')}];`,
  );
  shapesTs.push(
    '/**',
    ' * Per ValueEnum and BitEnum kind of the core grammar, in KIND_NAMES order (the kinds of those two',
    " * categories in CORE_CATEGORIES): each enumerant's value (as the difference to the one before),",
    ' * followed by its parameters as codes when it has any. Tables per enum kind are arrays in this',
    ' * order, not objects keyed by kind: a page that assembles carried each kind name once per table.',
    ' */',
  );
  shapesTs.push('export const ENUMS: readonly (readonly (number | string)[])[] = [');
  // One export per kind, so that naming the values of one kind (a pass naming an execution model)
  // bundles that kind's names only; the disassembler, which names any kind, keeps them all.
  enumNamesTs.push('// Per ValueEnum and BitEnum kind: the names of its enumerants, in the order of shapes.ts ENUMS, space-separated.', '');
  const enumKinds = [];
  for (const k of core.operand_kinds) {
    if (k.category !== 'BitEnum' && k.category !== 'ValueEnum') continue;
    const { values, names } = enumShape(k, 'spirv.core.grammar.json');
    shapesTs.push(`  ${values}, // ${k.kind}`);
    enumNamesTs.push(`export const ${k.kind} = ${str(names)};`);
    enumKinds.push(k.kind);
  }
  shapesTs.push('];');
  // A list as well as the exports: a module namespace object (import * as) would bundle each kind
  // name twice more, as a key and in a getter.
  enumNamesTs.push(
    '',
    '/** The exports above, in shapes.ts ENUMS order (for code that names any kind). */',
    `export const ENUM_NAME_LIST: readonly string[] = [${enumKinds.join(', ')}];`,
    '',
  );
  shapesTs.push(
    '/**',
    ' * Every extended instruction set, sorted by grammar file name: how OpExtInstImport names it, its',
    ' * instructions (number, then operands as codes), and the operand kinds it defines itself (category',
    ' * letter, then as ENUMS).',
    ' */',
    'export const EXT_SETS: readonly {',
    '  readonly name: string;',
    '  readonly grammarFile: string;',
    '  readonly version?: number;',
    '  readonly revision?: number;',
    '  readonly exactName: boolean;',
    '  readonly instructions: readonly (number | string)[];',
    '  readonly kinds: Readonly<Record<string, readonly (number | string)[]>>;',
    '}[] = [',
  );
  extNamesTs.push(
    '/**',
    ' * Per extended set, in the order of shapes.ts EXT_SETS: its instruction names, then the enumerant',
    ' * names of each ValueEnum and BitEnum kind it defines, in the order of its EXT_SETS kinds (a list,',
    ' * not an object keyed by kind: the kind names are in EXT_SETS already).',
    ' */',
  );
  extNamesTs.push('export const EXT_NAMES: readonly (readonly string[])[] = [');
  for (const { stem, g } of extGrammars) {
    const m = EXT_INST_NAMES[stem];
    let head = `{name:${str(m.name)},grammarFile:${str(stem)}`;
    if (g.version !== undefined) head += `,version:${parseValue(g.version, stem)}`;
    if (g.revision !== undefined) head += `,revision:${parseValue(g.revision, stem)}`;
    head += `,exactName:${m.exactName}`;
    const extDeltas = opcodeDeltas(g.instructions);
    const insts = g.instructions.map((x, j) => `${extDeltas[j]},${str(operandCodes(x.operands, `${stem} ${x.opname}`))}`).join(',');
    const kinds = [];
    const kindNamesOfSet = [];
    for (const k of g.operand_kinds ?? []) {
      if (k.category === 'BitEnum' || k.category === 'ValueEnum') {
        const { values, names } = enumShape(k, stem);
        kinds.push(`${key(k.kind)}:[${str(CATEGORY_LETTERS[k.category])},${values.slice(1)}`);
        kindNamesOfSet.push(str(names));
      } else kinds.push(`${key(k.kind)}:[${str(CATEGORY_LETTERS[k.category])}]`);
    }
    for (const x of g.instructions) if (/\s/.test(x.opname)) fail(`${stem}: instruction name with a space: ${str(x.opname)}`);
    shapesTs.push(`  ${head},instructions:[${insts}],kinds:{${kinds.join(',')}}},`);
    extNamesTs.push(`  [${[str(g.instructions.map((x) => x.opname).join(' ')), ...kindNamesOfSet].join(',')}],`);
  }
  shapesTs.push('];', '');
  extNamesTs.push('];', '');
}

// ---------------------------------------------------------------- aliases.ts, operandNames.ts, versions.ts
//
// What assembling needs beyond shapes and names: the alias names it accepts, the operand names
// its messages give, and the SPIR-V versions in which a name is available (whether capabilities or
// extensions could enable it, not which: that is the validator's business). Aligned entry for entry
// with shapes.ts; ../textSpecs.ts joins them into the assembler's specs.

const VERSION_LIST = [''];
const versionIndex = (v) => {
  const t = v === undefined ? '' : String(v);
  let i = VERSION_LIST.indexOf(t);
  if (i < 0) {
    i = VERSION_LIST.length;
    VERSION_LIST.push(t);
  }
  return i;
};
const NAME_SEPARATOR = '|';
/** Between entries: a tab, since a few operand names hold line breaks. */
const LINE_SEPARATOR = '\t';
function operandNameLine(ops, where) {
  return (ops ?? [])
    .map((o) => {
      const n = o.name === undefined ? '' : cleanName(o.name);
      if (n.includes(NAME_SEPARATOR) || n.includes(LINE_SEPARATOR)) fail(`${where}: operand name ${str(n)} holds a separator`);
      return n;
    })
    .join(NAME_SEPARATOR);
}
/** One character per entry: its minimum version's index times two, plus one when a capability or extension can enable it. */
function versionChar(x, where) {
  const code = 2 * versionIndex(x.version) + ((capsOf(x) ?? []).length > 0 || (x.extensions ?? []).length > 0 ? 1 : 0);
  if (code >= CODE_CHARS.length) fail(`${where}: too many distinct versions for one character`);
  return CODE_CHARS[code];
}

/**
 * Aliases as edits of the name they stand for, space-separated: one character, `0` plus how many
 * characters of the end of the name to drop, then what to append (`OpSDot` and `OpSDotKHR`: `0KHR`).
 * Most aliases differ from the name by a vendor suffix, so this is a fraction of the names' size;
 * ../textSpecs.ts undoes it.
 */
function aliasEdits(name, aliases, where) {
  return aliases
    .map((a) => {
      let p = 0;
      while (p < name.length && p < a.length && name[p] === a[p]) p++;
      const drop = name.length - p;
      if (drop > 74) fail(`${where}: alias ${str(a)} differs from ${str(name)} by more than one edit character can say`);
      return String.fromCharCode(48 + drop) + a.slice(p);
    })
    .join(' ');
}

const aliasesTs = [
  header(`spirv.core.grammar.json (${versionText}) and extinst.*.grammar.json`),
  '// Aliases are written as edits of the name they stand for: one character, `0` plus how many',
  '// characters to drop from the end of the name, then what to append (`OpSDot` -> `OpSDotKHR`: `0KHR`).',
  '',
  '/** Core instructions with aliases: index in shapes.ts INSTRUCTIONS order, then the aliases of the name with `Op`, space-separated. */',
];
const operandNamesTs = [
  header(`spirv.core.grammar.json (${versionText}) and extinst.*.grammar.json`),
  `// Names of operands, ${str(NAME_SEPARATOR)}-separated (empty where the grammar gives none), entries separated by tabs.`,
  '',
  '/** Per core instruction, in shapes.ts INSTRUCTIONS order. */',
];
const versionsTs = [header(`spirv.core.grammar.json (${versionText}) and extinst.*.grammar.json`)];
{
  const instAliases = [];
  core.instructions.forEach((x, i) => {
    if ((x.aliases ?? []).length) instAliases.push(`${i},${str(aliasEdits(x.opname, x.aliases, x.opname))}`);
  });
  aliasesTs.push(`export const INSTRUCTION_ALIASES: readonly (number | string)[] = [${instAliases.join(',')}];`);
  operandNamesTs.push(
    `export const INSTRUCTION_OPERAND_NAMES = ${str(core.instructions.map((x) => operandNameLine(x.operands, x.opname)).join(LINE_SEPARATOR))};`,
  );
  const instVersions = core.instructions.map((x) => versionChar(x, x.opname)).join('');
  const instLast = [];
  core.instructions.forEach((x, i) => {
    if (x.lastVersion !== undefined) instLast.push(`${i},${versionIndex(x.lastVersion)}`);
  });

  /**
   * Per enum kind, in the order of `kinds` (ValueEnum and BitEnum kinds only): aliases
   * `[index, 'names', ...]`, versions, last versions, each a list aligned with those kinds (objects
   * keyed by kind bundled every kind name once per table); parameter names per enumerant with
   * parameters, keyed by kind.
   */
  const enumTables = (kinds, where) => {
    const params = [];
    const listed = { aliases: [], versions: [], last: [] };
    for (const k of kinds) {
      if (k.category !== 'BitEnum' && k.category !== 'ValueEnum') continue;
      const a = [];
      const p = [];
      let v = '';
      const l = [];
      (k.enumerants ?? []).forEach((e, i) => {
        if ((e.aliases ?? []).length) a.push(`${i},${str(aliasEdits(e.enumerant, e.aliases, `${where} ${k.kind}.${e.enumerant}`))}`);
        if ((e.parameters ?? []).length) p.push(operandNameLine(e.parameters, `${where} ${k.kind}.${e.enumerant}`));
        v += versionChar(e, `${where} ${k.kind}.${e.enumerant}`);
        if (e.lastVersion !== undefined) l.push(`${i},${versionIndex(e.lastVersion)}`);
      });
      if (p.length) params.push(`${key(k.kind)}:${str(p.join(LINE_SEPARATOR))}`);
      listed.aliases.push(`[${a.join(',')}]`);
      listed.versions.push(str(v));
      listed.last.push(`[${l.join(',')}]`);
    }
    return {
      params: `{${params.join(',')}}`,
      aliasList: `[${listed.aliases.join(',')}]`,
      versionList: `[${listed.versions.join(',')}]`,
      lastList: `[${listed.last.join(',')}]`,
    };
  };
  const coreEnums = enumTables(core.operand_kinds, 'spirv.core.grammar.json');
  aliasesTs.push(
    '/** Per ValueEnum and BitEnum kind, in shapes.ts ENUMS order: enumerant index, then its aliases, space-separated. */',
    `export const ENUMERANT_ALIASES: readonly (readonly (number | string)[])[] = ${coreEnums.aliasList};`,
  );
  operandNamesTs.push(
    '/** Per ValueEnum and BitEnum kind: one entry per enumerant with parameters, in shapes.ts ENUMS order. */',
    `export const PARAMETER_NAMES: Readonly<Record<string, string>> = ${coreEnums.params};`,
  );
  const ext = extGrammars.map(({ stem, g }) => {
    const t = enumTables(g.operand_kinds ?? [], stem);
    const names = str(g.instructions.map((x) => operandNameLine(x.operands, `${stem} ${x.opname}`)).join(LINE_SEPARATOR));
    return { ...t, names };
  });
  aliasesTs.push(
    '/** Per extended set (shapes.ts EXT_SETS order): as ENUMERANT_ALIASES, for the ValueEnum and BitEnum kinds it defines, in its EXT_SETS kinds order. */',
    `export const EXT_ENUMERANT_ALIASES: readonly (readonly (readonly (number | string)[])[])[] = [${ext.map((e) => e.aliasList).join(',')}];`,
    '',
  );
  operandNamesTs.push(
    '/** Per extended set (shapes.ts EXT_SETS order): per instruction, and as PARAMETER_NAMES for the kinds it defines. */',
    `export const EXT_OPERAND_NAMES: readonly { readonly instructions: string; readonly parameters: Readonly<Record<string, string>> }[] = [`,
    ...ext.map((e) => `  {instructions:${e.names},parameters:${e.params}},`),
    '];',
    '',
  );
  versionsTs.push(
    '/** SPIR-V versions as the grammar writes them; index 0: none given (available from 1.0). */',
    `export const VERSIONS: readonly string[] = ${str(VERSION_LIST)};`,
    '/**',
    ' * Per core instruction (shapes.ts INSTRUCTIONS order), one character of shapes.ts CODE_CHARS: its',
    ' * index there is twice the index of its version in VERSIONS, plus one when a capability or an',
    ' * extension can enable it.',
    ' */',
    `export const INSTRUCTION_VERSIONS = ${str(instVersions)};`,
    "/** Core instructions with a last version: index, then that version's index in VERSIONS. */",
    `export const INSTRUCTION_LAST_VERSIONS: readonly number[] = [${instLast.join(',')}];`,
    '/** Per ValueEnum and BitEnum kind, in shapes.ts ENUMS order: as INSTRUCTION_VERSIONS, one character per enumerant. */',
    `export const ENUMERANT_VERSIONS: readonly string[] = ${coreEnums.versionList};`,
    '/** Per ValueEnum and BitEnum kind, in shapes.ts ENUMS order: enumerant index, then the index in VERSIONS. */',
    `export const ENUMERANT_LAST_VERSIONS: readonly (readonly number[])[] = ${coreEnums.lastList};`,
    '/** Per extended set (shapes.ts EXT_SETS order): as ENUMERANT_VERSIONS, for the ValueEnum and BitEnum kinds it defines, in its EXT_SETS kinds order. */',
    `export const EXT_ENUMERANT_VERSIONS: readonly (readonly string[])[] = [${ext.map((e) => e.versionList).join(',')}];`,
    '/** Per extended set (shapes.ts EXT_SETS order): as ENUMERANT_LAST_VERSIONS, for the kinds of EXT_ENUMERANT_VERSIONS. */',
    `export const EXT_ENUMERANT_LAST_VERSIONS: readonly (readonly (readonly number[])[])[] = [${ext.map((e) => e.lastList).join(',')}];`,
    '',
  );
}

// ---------------------------------------------------------------- requirements.ts
//
// What a validator needs to judge a module's capabilities, extensions and versions: per opcode,
// enumerant and extended instruction with any requirement, the capabilities that enable it, the
// extensions that do, its first and its last SPIR-V version. Numbers only (extensions as indexes
// into one list), so that ../requirements.ts reads them without parsing; no page that only
// decodes, assembles or disassembles imports it.

/** A version as `major << 8 | minor`; `absent` when the grammar gives none, 0xffff for 'None' (reserved). */
function versionCode(v, absent, where) {
  if (v === undefined) return absent;
  if (v === 'None') return 0xffff;
  const m = /^(\d+)\.(\d+)$/.exec(String(v));
  if (!m) fail(`${where}: bad version ${str(v)}`);
  return (Number(m[1]) << 8) | Number(m[2]);
}
const capabilityValues = new Map();
for (const e of core.operand_kinds.find((k) => k.kind === 'Capability').enumerants) {
  for (const n of [e.enumerant, ...(e.aliases ?? [])]) capabilityValues.set(n, parseValue(e.value, `Capability.${n}`));
}
const extensionNames = new Set();
const collectExtensions = (x) => {
  for (const e of x.extensions ?? []) extensionNames.add(e);
};
core.instructions.forEach(collectExtensions);
for (const k of core.operand_kinds) (k.enumerants ?? []).forEach(collectExtensions);
for (const { g } of extGrammars) {
  g.instructions.forEach(collectExtensions);
  for (const k of g.operand_kinds ?? []) (k.enumerants ?? []).forEach(collectExtensions);
}
const EXTENSION_LIST = [...extensionNames].sort();
/** `key, capability count, capabilities..., extension count, extension indexes..., min version, last version`, or '' for an entry without requirements. */
function requirementEntry(key, x, where) {
  const caps = (capsOf(x) ?? []).map((c) => {
    const v = capabilityValues.get(c);
    if (v === undefined) fail(`${where}: unknown capability ${c}`);
    return v;
  });
  const exts = (x.extensions ?? []).map((e) => EXTENSION_LIST.indexOf(e));
  const min = versionCode(x.version, 0x100, where);
  const last = versionCode(x.lastVersion, 0xffff, where);
  if (caps.length === 0 && exts.length === 0 && min === 0x100 && last === 0xffff) return '';
  return [key, caps.length, ...caps, exts.length, ...exts, min, last].join(',');
}
function requirementList(entries) {
  return `[${entries.filter((e) => e !== '').join(',')}]`;
}
function kindRequirements(kinds, where) {
  const out = [];
  for (const k of kinds) {
    if (k.category !== 'BitEnum' && k.category !== 'ValueEnum') continue;
    const entries = (k.enumerants ?? []).map((e) =>
      requirementEntry(parseValue(e.value, `${where} ${k.kind}.${e.enumerant}`), e, `${where} ${k.kind}.${e.enumerant}`),
    );
    if (entries.some((e) => e !== '')) out.push(`${key(k.kind)}:${requirementList(entries)}`);
  }
  return `{${out.join(',')}}`;
}
const requirementsTs = [
  header(`spirv.core.grammar.json (${versionText}) and extinst.*.grammar.json`),
  '// An entry is a run of numbers: the opcode, enumerant value or extended instruction number; the',
  '// number of capabilities that enable it, then their Capability values; the number of extensions',
  '// that do, then their indexes in EXTENSIONS; its first version; its last version. A version is',
  "// `major << 8 | minor`, 0xffff for the grammar's 'None' (reserved: in no core version) and for no",
  '// last version. Only entries with a requirement are listed (none: any module may use it).',
  '',
  '/** Every extension the grammar names, sorted. */',
  `export const EXTENSIONS: readonly string[] = ${str(EXTENSION_LIST)};`,
  '/** Core instructions, in grammar order. */',
  `export const INSTRUCTION_REQUIREMENTS: readonly number[] = ${requirementList(core.instructions.map((i) => requirementEntry(i.opcode, i, i.opname)))};`,
  '/** Enumerants of the core ValueEnum and BitEnum kinds, by kind (kinds without requirements left out). */',
  `export const ENUMERANT_REQUIREMENTS: Readonly<Record<string, readonly number[]>> = ${kindRequirements(core.operand_kinds, 'spirv.core.grammar.json')};`,
  '/** Per extended set with any requirement, by grammar file stem: its instructions and the kinds it defines. */',
  'export const EXT_INST_REQUIREMENTS: Readonly<Record<string, { readonly instructions: readonly number[]; readonly kinds: Readonly<Record<string, readonly number[]>> }>> = {',
];
for (const { stem, g } of extGrammars) {
  const instructions = requirementList(g.instructions.map((i) => requirementEntry(i.opcode, i, `${stem} ${i.opname}`)));
  const kinds = kindRequirements(g.operand_kinds ?? [], stem);
  if (instructions === '[]' && kinds === '{}') continue;
  requirementsTs.push(`  ${key(stem)}: { instructions: ${instructions}, kinds: ${kinds} },`);
}
requirementsTs.push('};', '');

// ---------------------------------------------------------------- write / check

const outputs = [
  { dir: outDir, file: 'core.ts', text: coreTs },
  { dir: outDir, file: 'enums.ts', text: enumsTs.join('\n') },
  { dir: outDir, file: 'extEnums.ts', text: extEnumsTs.join('\n') },
  ...enumFiles.map((f) => ({ dir: outDir, ...f })),
  { dir: outDir, file: 'shapes.ts', text: shapesTs.join('\n') },
  { dir: outDir, file: 'opcodeNames.ts', text: opNamesTs.join('\n') },
  { dir: outDir, file: 'enumNames.ts', text: enumNamesTs.join('\n') },
  { dir: outDir, file: 'extNames.ts', text: extNamesTs.join('\n') },
  { dir: outDir, file: 'aliases.ts', text: aliasesTs.join('\n') },
  { dir: outDir, file: 'operandNames.ts', text: operandNamesTs.join('\n') },
  { dir: outDir, file: 'versions.ts', text: versionsTs.join('\n') },
  { dir: outDir, file: 'requirements.ts', text: requirementsTs.join('\n') },
  { dir: outDir, file: 'extinst.ts', text: extTs.join('\n') },
  { dir: outDir, file: 'generators.ts', text: genTs.join('\n') },
  { dir: builderOutDir, file: 'instructionBuilders.ts', text: buildersTs.join('\n') },
];

if (check) {
  const stale = outputs.filter(({ dir, file, text }) => {
    const p = join(dir, file);
    return !existsSync(p) || readFileSync(p, 'utf8') !== text;
  });
  // An enumeration the grammar no longer has must not leave its module behind.
  for (const folder of ['enum', 'extEnum']) {
    const enumDir = join(outDir, folder);
    const expected = new Set(enumFiles.filter((f) => f.file.startsWith(`${folder}/`)).map((f) => f.file.slice(folder.length + 1)));
    if (existsSync(enumDir)) for (const f of readdirSync(enumDir)) if (!expected.has(f)) stale.push({ dir: enumDir, file: f });
  }
  if (stale.length) fail(`stale generated files: ${stale.map((o) => join(o.dir, o.file)).join(', ')} (run generate)`);
  process.stdout.write(`generate.mjs: ${outputs.length} files up to date\n`);
} else {
  for (const { dir, file, text } of outputs) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  process.stdout.write(`generate.mjs: wrote ${outputs.length} files into ${outDir}${builderOutDir === outDir ? '' : ` and ${builderOutDir}`}\n`);
}
