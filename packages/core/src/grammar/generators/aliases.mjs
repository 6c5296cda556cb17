// aliases.ts: the alias names the assembler accepts besides the grammar's own names, aligned
// entry for entry with shapes.ts; ../textSpecs.ts joins them into the assembler's specs.
import { fail, isEnumKind } from './grammar.mjs';
import { header, str } from './output.mjs';

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

/** Per ValueEnum and BitEnum kind of `kinds`: `[index, 'aliases', ...]` of its enumerants with aliases. */
function enumerantAliases(kinds, where) {
  const lists = kinds.filter(isEnumKind).map((k) => {
    const a = [];
    (k.enumerants ?? []).forEach((e, i) => {
      if ((e.aliases ?? []).length) a.push(`${i},${str(aliasEdits(e.enumerant, e.aliases, `${where} ${k.kind}.${e.enumerant}`))}`);
    });
    return `[${a.join(',')}]`;
  });
  return `[${lists.join(',')}]`;
}

export function aliases({ core, extSets, sources }) {
  const instAliases = [];
  core.instructions.forEach((x, i) => {
    if ((x.aliases ?? []).length) instAliases.push(`${i},${str(aliasEdits(x.opname, x.aliases, x.opname))}`);
  });
  const text = [
    header(sources.both),
    '// Aliases are written as edits of the name they stand for: one character, `0` plus how many',
    '// characters to drop from the end of the name, then what to append (`OpSDot` -> `OpSDotKHR`: `0KHR`).',
    '',
    '/** Core instructions with aliases: index in shapes.ts INSTRUCTIONS order, then the aliases of the name with `Op`, space-separated. */',
    `export const INSTRUCTION_ALIASES: readonly (number | string)[] = [${instAliases.join(',')}];`,
    '/** Per ValueEnum and BitEnum kind, in shapes.ts ENUMS order: enumerant index, then its aliases, space-separated. */',
    `export const ENUMERANT_ALIASES: readonly (readonly (number | string)[])[] = ${enumerantAliases(core.operand_kinds, 'spirv.core.grammar.json')};`,
    '/** Per extended set (shapes.ts EXT_SETS order): as ENUMERANT_ALIASES, for the ValueEnum and BitEnum kinds it defines, in its EXT_SETS kinds order. */',
    `export const EXT_ENUMERANT_ALIASES: readonly (readonly (readonly (number | string)[])[])[] = [${extSets.map(({ stem, grammar }) => enumerantAliases(grammar.operand_kinds ?? [], stem)).join(',')}];`,
    '',
  ].join('\n');
  return [{ file: 'aliases.ts', text }];
}
