// opcodeNames.ts, enumNames.ts and extNames.ts: the names a disassembler prints, aligned entry for
// entry with shapes.ts, space-separated. Three modules, so that naming opcodes (a pass's messages)
// does not bundle every enumerant name. Decoded on first use by ../names.ts.
import { fail, isEnumKind } from './grammar.mjs';
import { header, str } from './output.mjs';

/** The enumerant names of a kind, space-separated: so none may hold a space. */
function enumerantNames(k, where) {
  for (const e of k.enumerants ?? []) if (/\s/.test(e.enumerant)) fail(`${where}: enumerant name with a space: ${str(e.enumerant)}`);
  return (k.enumerants ?? []).map((e) => e.enumerant).join(' ');
}

export function names({ core, extSets, sources }) {
  const opNamesTs = [
    header(sources.core),
    '/** The name of every core instruction without `Op`, in the order of shapes.ts INSTRUCTIONS, space-separated. */',
    `export const INSTRUCTION_NAMES = ${str(core.instructions.map((x) => x.opname.slice(2)).join(' '))};`,
    '',
  ];

  // One export per kind, so that naming the values of one kind (a pass naming an execution model)
  // bundles that kind's names only; the disassembler, which names any kind, keeps them all.
  const enumNamesTs = [
    header(sources.core),
    '// Per ValueEnum and BitEnum kind: the names of its enumerants, in the order of shapes.ts ENUMS, space-separated.',
    '',
  ];
  const enumKinds = core.operand_kinds.filter(isEnumKind);
  for (const k of enumKinds) enumNamesTs.push(`export const ${k.kind} = ${str(enumerantNames(k, 'spirv.core.grammar.json'))};`);
  // A list as well as the exports: a module namespace object (import * as) would bundle each kind
  // name twice more, as a key and in a getter.
  enumNamesTs.push(
    '',
    '/** The exports above, in shapes.ts ENUMS order (for code that names any kind). */',
    `export const ENUM_NAME_LIST: readonly string[] = [${enumKinds.map((k) => k.kind).join(', ')}];`,
    '',
  );

  const extNamesTs = [
    header(sources.ext),
    '/**',
    ' * Per extended set, in the order of shapes.ts EXT_SETS: its instruction names, then the enumerant',
    ' * names of each ValueEnum and BitEnum kind it defines, in the order of its EXT_SETS kinds (a list,',
    ' * not an object keyed by kind: the kind names are in EXT_SETS already).',
    ' */',
    'export const EXT_NAMES: readonly (readonly string[])[] = [',
  ];
  for (const { stem, grammar: g } of extSets) {
    const kindNames = (g.operand_kinds ?? []).filter(isEnumKind).map((k) => str(enumerantNames(k, stem)));
    for (const x of g.instructions) if (/\s/.test(x.opname)) fail(`${stem}: instruction name with a space: ${str(x.opname)}`);
    extNamesTs.push(`  [${[str(g.instructions.map((x) => x.opname).join(' ')), ...kindNames].join(',')}],`);
  }
  extNamesTs.push('];', '');

  return [
    { file: 'opcodeNames.ts', text: opNamesTs.join('\n') },
    { file: 'enumNames.ts', text: enumNamesTs.join('\n') },
    { file: 'extNames.ts', text: extNamesTs.join('\n') },
  ];
}
