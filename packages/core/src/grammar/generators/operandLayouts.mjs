// operandLayouts.ts: where the words of each operand list are, as the code that reads instructions
// from words needs it (the id walker, the decoder's operand checks, the disassembler's plain
// lines, the validator's enumerant walk): per operand, what its words hold (an id, one literal
// word, a string, a number as wide as a type, an enumerant that may bring operands, ...) and how
// many of it there may be. The grammar's kinds are folded here, once, into those few classes,
// following the rules of core's operand walker (ir/operands.ts), so that no reader compiles a
// plan of its own from kinds and categories at run time. Read by ../../words/operandLayout.ts.
//
// A layout is a string: per operand (result type and result id left out: instructionShape tells
// those), one character for `(class - 1) * 3 + quantifier` (0 one, 1 `?`, 2 `*`); an enumerant
// class is followed by its kind's index in KIND_NAMES, and one whose enumerants bring operands by
// the index of its entry in PARAMETER_LAYOUTS too. All those numbers are CODE_CHARS characters.
// The layouts are written out per instruction, not named from a list of the distinct ones: gzip
// finds the repeats, and an index per instruction cost more than the layouts it named.
import { fail, isEnumKind, parseValue } from './grammar.mjs';
import { header, str } from './output.mjs';
import { CODE_CHARS } from './shapes.mjs';

/**
 * The operand classes, in the order of their numbers (from 1: 0 ends a layout in the reader).
 * words/operandLayout.ts has the same numbers; its test checks the two agree.
 */
export const LAYOUT_CLASSES = [
  'Id', // IdRef: one word, an id
  'Scope', // IdScope: one word, an id
  'Semantics', // IdMemorySemantics: one word, an id
  'Integer', // LiteralInteger: one word
  'Float', // LiteralFloat: one word
  'Word', // anything else but the classes below: one word, as the walker takes a kind it has no rule for
  'String', // LiteralString: words up to the one holding the terminating nul
  'Number', // LiteralContextDependentNumber: as many words as the result type is wide
  'ExtNumber', // LiteralExtInstInteger: one word; in OpExtInst, the imported set's operands follow
  'SpecOpcode', // LiteralSpecConstantOpInteger: one word, an opcode whose operands follow
  'PairLiteralId', // PairLiteralIntegerIdRef: a literal as wide as the selector's type, then an id
  'PairIdLiteral', // PairIdRefLiteralInteger: an id, then a word
  'PairIdId', // PairIdRefIdRef: two ids
  'Value', // a ValueEnum none of whose enumerants brings operands: one word
  'Bits', // a BitEnum none of whose bits brings operands: one word
  'ValueParameters', // a ValueEnum some of whose enumerants bring operands: one word, then those
  'BitsParameters', // a BitEnum some of whose bits bring operands: one word, then each set bit's, lowest first
];
const CLASS = Object.fromEntries(LAYOUT_CLASSES.map((name, i) => [name, i + 1]));
const QUANTIFIERS = { '': 0, '?': 1, '*': 2 };
/** The classes followed by a kind index, and those followed by a PARAMETER_LAYOUTS index as well. */
const WITH_KIND = new Set([CLASS.Value, CLASS.Bits, CLASS.ValueParameters, CLASS.BitsParameters]);
const WITH_PARAMETERS = new Set([CLASS.ValueParameters, CLASS.BitsParameters]);

const code = (n, where) => {
  if (!Number.isInteger(n) || n < 0 || n >= CODE_CHARS.length) fail(`${where}: ${n} does not fit one layout character`);
  return CODE_CHARS[n];
};

export function operandLayouts({ core, extSets, sources }) {
  // The kinds as shapes.mjs numbers them: core kinds first, then those only extended sets define.
  const kindNames = core.operand_kinds.map((k) => k.kind);
  for (const { grammar } of extSets) for (const k of grammar.operand_kinds ?? []) if (!kindNames.includes(k.kind)) kindNames.push(k.kind);
  const coreKinds = new Map(core.operand_kinds.map((k) => [k.kind, k]));

  /** How many operand slots the reader needs for every layout: one per operand, and an end per layout. */
  let slots = 0;
  const use = (layout) => {
    for (let i = 0; i < layout.length; i++) {
      const cls = Math.floor(CODE_CHARS.indexOf(layout[i]) / 3) + 1;
      if (WITH_KIND.has(cls)) i++;
      if (WITH_PARAMETERS.has(cls)) i++;
      slots++;
    }
    slots++;
    return layout;
  };
  /** Per parameterized enumeration (a kind as one grammar defines it): its enumerants' values and layouts. */
  const parameterTables = [];
  const parameterTableOf = new Map();

  /** The layout of an operand list; `ownKinds`: the kinds the list's grammar defines itself (an extended set's). */
  const layoutOf = (operands, ownKinds, scope, where, skipResult) => {
    let out = '';
    for (const o of operands ?? []) {
      if (skipResult && (o.kind === 'IdResultType' || o.kind === 'IdResult')) continue;
      const quantifier = QUANTIFIERS[o.quantifier ?? ''];
      if (quantifier === undefined) fail(`${where}: unknown quantifier ${str(o.quantifier)}`);
      const cls = classOf(o.kind, ownKinds, scope, where);
      out += code((cls - 1) * 3 + quantifier, where);
      if (WITH_KIND.has(cls)) out += code(kindNames.indexOf(o.kind), where);
      if (WITH_PARAMETERS.has(cls)) out += code(parameterTable(o.kind, ownKinds, scope, where), where);
    }
    return out;
  };

  /** An operand kind's class, as core's walker treats it (its switch on kinds first, then the kind's category). */
  const classOf = (kind, ownKinds, scope, where) => {
    switch (kind) {
      case 'IdRef':
        return CLASS.Id;
      case 'IdScope':
        return CLASS.Scope;
      case 'IdMemorySemantics':
        return CLASS.Semantics;
      case 'LiteralInteger':
        return CLASS.Integer;
      case 'LiteralFloat':
        return CLASS.Float;
      case 'LiteralString':
        return CLASS.String;
      case 'LiteralContextDependentNumber':
        return CLASS.Number;
      case 'LiteralExtInstInteger':
        return CLASS.ExtNumber;
      case 'LiteralSpecConstantOpInteger':
        return CLASS.SpecOpcode;
      case 'PairLiteralIntegerIdRef':
        return CLASS.PairLiteralId;
      case 'PairIdRefLiteralInteger':
        return CLASS.PairIdLiteral;
      case 'PairIdRefIdRef':
        return CLASS.PairIdId;
      case 'IdResultType':
      case 'IdResult':
        return CLASS.Word;
    }
    const k = ownKinds?.get(kind) ?? coreKinds.get(kind);
    if (k === undefined) fail(`${where}: unknown operand kind ${kind}`);
    if (!isEnumKind(k)) return CLASS.Word;
    const parameters = (k.enumerants ?? []).some((e) => (e.parameters ?? []).length > 0);
    if (k.category === 'ValueEnum') return parameters ? CLASS.ValueParameters : CLASS.Value;
    return parameters ? CLASS.BitsParameters : CLASS.Bits;
  };

  /** The PARAMETER_LAYOUTS index of a parameterized kind as `scope` (its grammar) defines it. */
  const parameterTable = (kind, ownKinds, scope, where) => {
    const own = ownKinds?.has(kind) === true;
    const key = `${own ? scope : 'core'} ${kind}`;
    let index = parameterTableOf.get(key);
    if (index !== undefined) return index;
    index = parameterTables.length;
    parameterTableOf.set(key, index);
    const table = { kind, values: [] };
    parameterTables.push(table);
    const k = own ? ownKinds.get(kind) : coreKinds.get(kind);
    const kindsOfList = own ? ownKinds : undefined;
    const seen = new Set();
    for (const e of k.enumerants ?? []) {
      const value = parseValue(e.value, `${where} ${kind}.${e.enumerant}`);
      // The first enumerant with a value wins, as in shapes.ts.
      if (seen.has(value)) continue;
      seen.add(value);
      const layout = use(layoutOf(e.parameters, kindsOfList, own ? scope : 'core', `${where} ${kind}.${e.enumerant}`, false));
      table.values.push({ value, layout });
    }
    table.values.sort((a, b) => a.value - b.value);
    return index;
  };

  const coreLayouts = core.instructions.map((x) => {
    // instructionShape and the walkers take the result type and result id as the words after the first.
    const ops = x.operands ?? [];
    let head = 0;
    while (head < ops.length && (ops[head].kind === 'IdResultType' || ops[head].kind === 'IdResult')) head++;
    if (ops.slice(head).some((o) => o.kind === 'IdResultType' || o.kind === 'IdResult')) fail(`${x.opname}: a result type or result id after other operands`);
    return use(layoutOf(ops, undefined, 'core', x.opname, true));
  });
  const extLayouts = extSets.map(({ stem, grammar: g }) => {
    const own = new Map((g.operand_kinds ?? []).map((k) => [k.kind, k]));
    return g.instructions.map((x) => use(layoutOf(x.operands, own, stem, `${stem} ${x.opname}`, false)));
  });
  // What core's walker takes an extended instruction it does not know for: ids, as many as there are.
  const unknownExtInstruction = use(code((CLASS.Id - 1) * 3 + QUANTIFIERS['*'], 'IdRef*'));
  if (parameterTables.length > CODE_CHARS.length) fail(`${parameterTables.length} parameterized enumerations do not fit one character`);

  const lines = [
    header(sources.both),
    '// Operand layouts: see generators/operandLayouts.mjs for the encoding and words/operandLayout.ts for the reader.',
    '',
    `/** The operand classes, in the order of their numbers (from 1). */`,
    `export const LAYOUT_CLASS_NAMES = ${str(LAYOUT_CLASSES.join(' '))};`,
    '/** How many operand slots every layout below takes, one per operand and an end per layout: what the reader allocates. */',
    `export const LAYOUT_SLOTS = ${slots};`,
    '/** The layout of an extended instruction of an unknown set or number (any number of ids). */',
    `export const UNKNOWN_EXT_INSTRUCTION_LAYOUT = ${str(unknownExtInstruction)};`,
    '/** Per core instruction, in the order of shapes.ts INSTRUCTIONS: its layout, space-separated. */',
    `export const INSTRUCTION_LAYOUTS = ${str(coreLayouts.join(' '))};`,
    '/** Per extended set, in the order of shapes.ts EXT_SETS: per instruction, its layout, space-separated. */',
    'export const EXT_INSTRUCTION_LAYOUTS: readonly string[] = [',
    ...extLayouts.map((list, i) => `  ${str(list.join(' '))}, // ${extSets[i].stem}`),
    '];',
    '/**',
    ' * Per enumeration some of whose enumerants bring operands, as one grammar defines it (in the order',
    ' * layouts first name them): each enumerant, in order of value, as the difference to the value',
    ' * before, then the layout of the operands it brings (empty for none).',
    ' */',
    'export const PARAMETER_LAYOUTS: readonly (readonly (number | string)[])[] = [',
    ...parameterTables.map((t) => {
      let previous = 0;
      const entries = [];
      for (const { value, layout } of t.values) {
        entries.push(value - previous, str(layout));
        previous = value;
      }
      return `  [${entries.join(',')}], // ${t.kind}`;
    }),
    '];',
    '',
  ];
  return [{ file: 'operandLayouts.ts', text: lines.join('\n') }];
}
