// operandNames.ts: the operand names the assembler's messages give, aligned entry for entry with
// shapes.ts; ../textSpecs.ts joins them into the assembler's specs.
import { cleanName, fail, isEnumKind } from './grammar.mjs';
import { header, key, str } from './output.mjs';

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

/** Per ValueEnum and BitEnum kind of `kinds` whose enumerants have parameters: their parameter names, keyed by kind. */
function parameterNames(kinds, where) {
  const params = [];
  for (const k of kinds.filter(isEnumKind)) {
    const p = [];
    for (const e of k.enumerants ?? []) if ((e.parameters ?? []).length) p.push(operandNameLine(e.parameters, `${where} ${k.kind}.${e.enumerant}`));
    if (p.length) params.push(`${key(k.kind)}:${str(p.join(LINE_SEPARATOR))}`);
  }
  return `{${params.join(',')}}`;
}

export function operandNames({ core, extSets, sources }) {
  const text = [
    header(sources.both),
    `// Names of operands, ${str(NAME_SEPARATOR)}-separated (empty where the grammar gives none), entries separated by tabs.`,
    '',
    '/** Per core instruction, in shapes.ts INSTRUCTIONS order. */',
    `export const INSTRUCTION_OPERAND_NAMES = ${str(core.instructions.map((x) => operandNameLine(x.operands, x.opname)).join(LINE_SEPARATOR))};`,
    '/** Per ValueEnum and BitEnum kind: one entry per enumerant with parameters, in shapes.ts ENUMS order. */',
    `export const PARAMETER_NAMES: Readonly<Record<string, string>> = ${parameterNames(core.operand_kinds, 'spirv.core.grammar.json')};`,
    '/** Per extended set (shapes.ts EXT_SETS order): per instruction, and as PARAMETER_NAMES for the kinds it defines. */',
    `export const EXT_OPERAND_NAMES: readonly { readonly instructions: string; readonly parameters: Readonly<Record<string, string>> }[] = [`,
    ...extSets.map(({ stem, grammar: g }) => {
      const names = str(g.instructions.map((x) => operandNameLine(x.operands, `${stem} ${x.opname}`)).join(LINE_SEPARATOR));
      return `  {instructions:${names},parameters:${parameterNames(g.operand_kinds ?? [], stem)}},`;
    }),
    '];',
    '',
  ].join('\n');
  return [{ file: 'operandNames.ts', text }];
}
