// requirements.ts: what a validator needs to judge a module's capabilities, extensions and
// versions: per opcode, enumerant and extended instruction with any requirement, the capabilities
// that enable it, the extensions that do, its first and its last SPIR-V version. Numbers only
// (extensions as indexes into one list), so that ../requirements.ts reads them without parsing; no
// page that only decodes, assembles or disassembles imports it.
import { capsOf, fail, isEnumKind, parseValue } from './grammar.mjs';
import { header, key, str } from './output.mjs';

/** A version as `major << 8 | minor`; `absent` when the grammar gives none, 0xffff for 'None' (reserved). */
function versionCode(v, absent, where) {
  if (v === undefined) return absent;
  if (v === 'None') return 0xffff;
  const m = /^(\d+)\.(\d+)$/.exec(String(v));
  if (!m) fail(`${where}: bad version ${str(v)}`);
  return (Number(m[1]) << 8) | Number(m[2]);
}

function requirementList(entries) {
  return `[${entries.filter((e) => e !== '').join(',')}]`;
}

export function requirements({ core, extSets, sources }) {
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
  for (const { grammar: g } of extSets) {
    g.instructions.forEach(collectExtensions);
    for (const k of g.operand_kinds ?? []) (k.enumerants ?? []).forEach(collectExtensions);
  }
  const extensionList = [...extensionNames].sort();

  /** `number, capability count, capabilities..., extension count, extension indexes..., min version, last version`, or '' for an entry without requirements. */
  const requirementEntry = (number, x, where) => {
    const caps = (capsOf(x) ?? []).map((c) => {
      const v = capabilityValues.get(c);
      if (v === undefined) fail(`${where}: unknown capability ${c}`);
      return v;
    });
    const exts = (x.extensions ?? []).map((e) => extensionList.indexOf(e));
    const min = versionCode(x.version, 0x100, where);
    const last = versionCode(x.lastVersion, 0xffff, where);
    if (caps.length === 0 && exts.length === 0 && min === 0x100 && last === 0xffff) return '';
    return [number, caps.length, ...caps, exts.length, ...exts, min, last].join(',');
  };
  const kindRequirements = (kinds, where) => {
    const out = [];
    for (const k of kinds.filter(isEnumKind)) {
      const entries = (k.enumerants ?? []).map((e) =>
        requirementEntry(parseValue(e.value, `${where} ${k.kind}.${e.enumerant}`), e, `${where} ${k.kind}.${e.enumerant}`),
      );
      if (entries.some((e) => e !== '')) out.push(`${key(k.kind)}:${requirementList(entries)}`);
    }
    return `{${out.join(',')}}`;
  };

  const lines = [
    header(sources.both),
    '// An entry is a run of numbers: the opcode, enumerant value or extended instruction number; the',
    '// number of capabilities that enable it, then their Capability values; the number of extensions',
    '// that do, then their indexes in EXTENSIONS; its first version; its last version. A version is',
    "// `major << 8 | minor`, 0xffff for the grammar's 'None' (reserved: in no core version) and for no",
    '// last version. Only entries with a requirement are listed (none: any module may use it).',
    '',
    '/** Every extension the grammar names, sorted. */',
    `export const EXTENSIONS: readonly string[] = ${str(extensionList)};`,
    '/** Core instructions, in grammar order. */',
    `export const INSTRUCTION_REQUIREMENTS: readonly number[] = ${requirementList(core.instructions.map((i) => requirementEntry(i.opcode, i, i.opname)))};`,
    '/** Enumerants of the core ValueEnum and BitEnum kinds, by kind (kinds without requirements left out). */',
    `export const ENUMERANT_REQUIREMENTS: Readonly<Record<string, readonly number[]>> = ${kindRequirements(core.operand_kinds, 'spirv.core.grammar.json')};`,
    '/** Per extended set with any requirement, by grammar file stem: its instructions and the kinds it defines. */',
    'export const EXT_INST_REQUIREMENTS: Readonly<Record<string, { readonly instructions: readonly number[]; readonly kinds: Readonly<Record<string, readonly number[]>> }>> = {',
  ];
  for (const { stem, grammar: g } of extSets) {
    const instructions = requirementList(g.instructions.map((i) => requirementEntry(i.opcode, i, `${stem} ${i.opname}`)));
    const kinds = kindRequirements(g.operand_kinds ?? [], stem);
    if (instructions === '[]' && kinds === '{}') continue;
    lines.push(`  ${key(stem)}: { instructions: ${instructions}, kinds: ${kinds} },`);
  }
  lines.push('};', '');
  return [{ file: 'requirements.ts', text: lines.join('\n') }];
}
