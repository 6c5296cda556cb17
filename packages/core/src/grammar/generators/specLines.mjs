// What core.ts and extinst.ts share: the full specs (availability, operand names, aliases) are
// written as calls of small builder functions, operands and operand kinds alike in both files.
import { capsOf, cleanName, fail, isEnumKind, parseValue } from './grammar.mjs';
import { str, strList } from './output.mjs';

function operand(o) {
  const q = o.quantifier ?? '';
  if (q !== '' && q !== '?' && q !== '*') fail(`bad quantifier ${str(q)}`);
  const parts = [str(o.kind)];
  const name = o.name === undefined ? undefined : cleanName(o.name);
  if (q !== '' || name) parts.push(str(q));
  if (name) parts.push(str(name));
  return `o(${parts.join(',')})`;
}
export const operandList = (ops) => (ops && ops.length ? `[${ops.map(operand).join(',')}]` : 'E');

/** Trailing builder arguments: capabilities, extensions, version, then the rare fields as an object. */
export function availabilityArgs(x, rare) {
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

export function operandKindLines(kinds, where) {
  const lines = [];
  for (const k of kinds) {
    if (!CATEGORIES.has(k.category)) fail(`unknown category ${k.category} of ${k.kind} in ${where}`);
    let head = `{kind:${str(k.kind)},category:${str(k.category)}`;
    if (k.doc !== undefined) head += `,doc:${str(k.doc)}`;
    if (k.bases) head += `,bases:${strList(k.bases)}`;
    if (isEnumKind(k)) {
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
export const PRELUDE_COMMON = [
  'const E: readonly never[] = Object.freeze([]);',
  'interface Rare { readonly aliases?: readonly string[]; readonly lastVersion?: string; readonly provisional?: boolean }',
  "function o(kind: string, quantifier: Quantifier = '', name?: string): OperandSpec {",
  '  return name === undefined ? { kind, quantifier } : { kind, quantifier, name };',
  '}',
  'function N(name: string, value: number, parameters: readonly OperandSpec[], capabilities: readonly string[], extensions: readonly string[], version?: string, r?: Rare): EnumerantSpec {',
  '  return { name, value, aliases: r?.aliases ?? E, parameters, capabilities, extensions, version, lastVersion: r?.lastVersion, provisional: r?.provisional };',
  '}',
];
