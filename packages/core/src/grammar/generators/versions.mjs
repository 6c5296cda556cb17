// versions.ts: the SPIR-V versions in which the assembler may use a name (whether capabilities or
// extensions could enable it, not which: that is the validator's business, requirements.ts),
// aligned entry for entry with shapes.ts; ../textSpecs.ts joins them into the assembler's specs.
import { capsOf, fail, isEnumKind } from './grammar.mjs';
import { header, str } from './output.mjs';
import { CODE_CHARS } from './shapes.mjs';

export function versions({ core, extSets, sources }) {
  // Numbered in the order versions are first met: instructions, then their last versions, then
  // enumerants kind by kind; the indexes are in the output, so that order is part of it.
  const known = [''];
  const versionIndex = (v) => {
    const t = v === undefined ? '' : String(v);
    let i = known.indexOf(t);
    if (i < 0) {
      i = known.length;
      known.push(t);
    }
    return i;
  };
  /** One character per entry: its minimum version's index times two, plus one when a capability or extension can enable it. */
  const versionChar = (x, where) => {
    const code = 2 * versionIndex(x.version) + ((capsOf(x) ?? []).length > 0 || (x.extensions ?? []).length > 0 ? 1 : 0);
    if (code >= CODE_CHARS.length) fail(`${where}: too many distinct versions for one character`);
    return CODE_CHARS[code];
  };
  /** Per ValueEnum and BitEnum kind of `kinds`, as lists aligned with those kinds (objects keyed by kind bundled every kind name once per table). */
  const enumTables = (kinds, where) => {
    const versionList = [];
    const lastList = [];
    for (const k of kinds.filter(isEnumKind)) {
      let v = '';
      const l = [];
      (k.enumerants ?? []).forEach((e, i) => {
        v += versionChar(e, `${where} ${k.kind}.${e.enumerant}`);
        if (e.lastVersion !== undefined) l.push(`${i},${versionIndex(e.lastVersion)}`);
      });
      versionList.push(str(v));
      lastList.push(`[${l.join(',')}]`);
    }
    return { versionList: `[${versionList.join(',')}]`, lastList: `[${lastList.join(',')}]` };
  };

  const instVersions = core.instructions.map((x) => versionChar(x, x.opname)).join('');
  const instLast = [];
  core.instructions.forEach((x, i) => {
    if (x.lastVersion !== undefined) instLast.push(`${i},${versionIndex(x.lastVersion)}`);
  });
  const coreEnums = enumTables(core.operand_kinds, 'spirv.core.grammar.json');
  const ext = extSets.map(({ stem, grammar }) => enumTables(grammar.operand_kinds ?? [], stem));
  const text = [
    header(sources.both),
    '/** SPIR-V versions as the grammar writes them; index 0: none given (available from 1.0). */',
    `export const VERSIONS: readonly string[] = ${str(known)};`,
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
  ].join('\n');
  return [{ file: 'versions.ts', text }];
}
