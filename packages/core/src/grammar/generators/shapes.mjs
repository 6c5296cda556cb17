// shapes.ts: what decoding and walking operands need and nothing else: per instruction its opcode
// and operands (kind and quantifier), per enumeration the values it knows and the parameters they
// bring, per extended set the same for its instructions. The names a disassembler prints are in
// the names files (names.mjs), aligned entry for entry with these tables; core.ts and extinst.ts
// keep the full specs.
//
// An operand is one character, its kind's index in KIND_NAMES mapped through CODE_CHARS, then `?`
// or `*` for its quantifier. The tables are decoded once, on first use, by ../shapes.ts.
import { fail, isEnumKind, parseValue } from './grammar.mjs';
import { header, key, str } from './output.mjs';

/** The characters that can stand for a small number in a generated string: printable ASCII but for quotes, backslash and the quantifiers. */
export const CODE_CHARS = [];
for (let c = 33; c < 127; c++) if (!'"\\?*'.includes(String.fromCharCode(c))) CODE_CHARS.push(String.fromCharCode(c));

const CATEGORY_LETTERS = { BitEnum: 'B', ValueEnum: 'V', Id: 'I', Literal: 'L', Composite: 'C' };

/** Each opcode minus the one before it: runs of consecutive opcodes become runs of 1, which compress well. */
function opcodeDeltas(list) {
  let previous = 0;
  return list.map((x) => {
    const d = x.opcode - previous;
    previous = x.opcode;
    return d;
  });
}

export function shapes({ core, extSets, sources }) {
  const kindNames = core.operand_kinds.map((k) => k.kind);
  for (const { grammar } of extSets) for (const k of grammar.operand_kinds ?? []) if (!kindNames.includes(k.kind)) kindNames.push(k.kind);
  if (kindNames.length > CODE_CHARS.length) fail(`${kindNames.length} operand kinds do not fit the ${CODE_CHARS.length} operand codes`);

  const operandCodes = (ops, where) => {
    let out = '';
    for (const o of ops ?? []) {
      const i = kindNames.indexOf(o.kind);
      if (i < 0) fail(`${where}: unknown operand kind ${o.kind}`);
      out += CODE_CHARS[i] + (o.quantifier ?? '');
    }
    return out;
  };
  /** `[value, 'params'?, ...]` of an enumeration, each value as the difference to the one before. */
  const enumShape = (k, where) => {
    const values = [];
    let previous = 0;
    for (const e of k.enumerants ?? []) {
      const v = parseValue(e.value, `${where} ${k.kind}.${e.enumerant}`);
      values.push(String(v - previous));
      previous = v;
      if ((e.parameters ?? []).length) values.push(str(operandCodes(e.parameters, `${where} ${k.kind}.${e.enumerant}`)));
    }
    return `[${values.join(',')}]`;
  };

  const lines = [
    header(sources.both),
    '/** The characters that stand for operand kinds, in KIND_NAMES order. */',
    `export const CODE_CHARS = ${str(CODE_CHARS.join(''))};`,
    '/** Every operand kind, core kinds first (the order of the grammar), then those only extended sets define. */',
    `export const KIND_NAMES: readonly string[] = ${str(kindNames)};`,
    '/** The category of each core kind, in KIND_NAMES order: B BitEnum, V ValueEnum, I Id, L Literal, C Composite. */',
    `export const CORE_CATEGORIES = ${str(core.operand_kinds.map((k) => CATEGORY_LETTERS[k.category]).join(''))};`,
    '/** Every core instruction in grammar order: its opcode (as the difference to the one before), then its operands as codes. */',
    'export const INSTRUCTIONS: readonly (number | string)[] = [',
  ];
  const deltas = opcodeDeltas(core.instructions);
  for (let i = 0; i < core.instructions.length; i += 8) {
    lines.push(
      '  ' +
        core.instructions
          .slice(i, i + 8)
          .map((x, j) => `${deltas[i + j]},${str(operandCodes(x.operands, x.opname))}`)
          .join(',') +
        ',',
    );
  }
  lines.push('];');
  // Opcode classes the code asks about, from the grammar rather than hand-kept lists.
  const ofClass = (cls) => core.instructions.filter((x) => x.class === cls).map((x) => x.opcode);
  lines.push(
    '/** Opcodes of the instructions of class Type-Declaration. */',
    `export const TYPE_DECLARATIONS: readonly number[] = [${ofClass('Type-Declaration').join(',')}];`,
    '/** Opcodes of the instructions of class Constant-Creation (spec constants included). */',
    `export const CONSTANT_CREATIONS: readonly number[] = [${ofClass('Constant-Creation').join(',')}];`,
    '/** Opcodes of the instructions of class Annotation (decorations and decoration groups). */',
    `export const ANNOTATIONS: readonly number[] = [${ofClass('Annotation').join(',')}];`,
    '/**',
    ' * Per ValueEnum and BitEnum kind of the core grammar, in KIND_NAMES order (the kinds of those two',
    " * categories in CORE_CATEGORIES): each enumerant's value (as the difference to the one before),",
    ' * followed by its parameters as codes when it has any. Tables per enum kind are arrays in this',
    ' * order, not objects keyed by kind: a page that assembles carried each kind name once per table.',
    ' */',
    'export const ENUMS: readonly (readonly (number | string)[])[] = [',
  );
  for (const k of core.operand_kinds) if (isEnumKind(k)) lines.push(`  ${enumShape(k, 'spirv.core.grammar.json')}, // ${k.kind}`);
  lines.push(
    '];',
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
  for (const { stem, importName, exactName, grammar: g } of extSets) {
    let head = `{name:${str(importName)},grammarFile:${str(stem)}`;
    if (g.version !== undefined) head += `,version:${parseValue(g.version, stem)}`;
    if (g.revision !== undefined) head += `,revision:${parseValue(g.revision, stem)}`;
    head += `,exactName:${exactName}`;
    const extDeltas = opcodeDeltas(g.instructions);
    const insts = g.instructions.map((x, j) => `${extDeltas[j]},${str(operandCodes(x.operands, `${stem} ${x.opname}`))}`).join(',');
    const kinds = (g.operand_kinds ?? []).map((k) =>
      isEnumKind(k)
        ? `${key(k.kind)}:[${str(CATEGORY_LETTERS[k.category])},${enumShape(k, stem).slice(1)}`
        : `${key(k.kind)}:[${str(CATEGORY_LETTERS[k.category])}]`,
    );
    lines.push(`  ${head},instructions:[${insts}],kinds:{${kinds.join(',')}}},`);
  }
  lines.push('];', '');
  return [{ file: 'shapes.ts', text: lines.join('\n') }];
}
