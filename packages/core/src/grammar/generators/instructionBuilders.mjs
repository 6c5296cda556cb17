// instructionBuilders.ts (in ../builder/generated/): one typed method per core instruction on
// `InstructionBuilders` (the base class of the Builder): `OpIMul` -> `iMul(resultType, operand1,
// operand2)`. Parameters follow the grammar's operands: the result type first when there is one,
// no parameter for the result id (the builder allocates it), ids, literal integers and enumerants
// as numbers, LiteralString as string, `?` as an optional parameter, `*` as an array. An
// enumerant's own parameters (MemoryAccess Aligned's alignment, Decoration BuiltIn's BuiltIn)
// follow their enum operand: as rest parameters when it is the last operand, else as an array
// right after it.
import { cleanName, fail } from './grammar.mjs';
import { header, str } from './output.mjs';

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
function paramBase(o, kindsByName) {
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

function builderMethod(inst, kindsByName) {
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
    const name = unique(paramBase(o, kindsByName));
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

export function instructionBuilders({ core, sources }) {
  const kindsByName = new Map(core.operand_kinds.map((k) => [k.kind, k]));
  const lines = [
    header(sources.core),
    "import { encodeLiteralString } from '../../words/literalString.js';",
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
  const methods = new Set();
  for (const inst of core.instructions) {
    const { method, lines: methodLines } = builderMethod(inst, kindsByName);
    if (methods.has(method)) fail(`two instructions give the builder method ${method}`);
    methods.add(method);
    lines.push('', ...methodLines);
  }
  lines.push('}', '');
  return [{ file: 'instructionBuilders.ts', text: lines.join('\n') }];
}
