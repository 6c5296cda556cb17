// extinst.ts: the full spec of every extended instruction set, as core.ts is for the core grammar.
import { capsOf, parseValue } from './grammar.mjs';
import { header, str, strList } from './output.mjs';
import { PRELUDE_COMMON, operandKindLines, operandList } from './specLines.mjs';

const PRELUDE_EXT = [
  ...PRELUDE_COMMON,
  'function X(opname: string, opcode: number, operands: readonly OperandSpec[], capabilities: readonly string[] = E, extensions: readonly string[] = E): ExtInstSpec {',
  '  return { opname, opcode, operands, capabilities, extensions };',
  '}',
];

export function extInstSpecs({ extSets, sources }) {
  const lines = [
    header(sources.ext),
    "import type { EnumerantSpec, ExtInstSetSpec, ExtInstSpec, OperandSpec, Quantifier } from '../types.js';",
    '',
    ...PRELUDE_EXT,
    '',
    '/** Every extended instruction set, sorted by grammar file name. */',
    'export const extInstSets: readonly ExtInstSetSpec[] = /* @__PURE__ */ (() => [',
  ];
  for (const { file, stem, importName, exactName, grammar: g } of extSets) {
    let head = `{name:${str(importName)},grammarFile:${str(stem)}`;
    if (g.version !== undefined) head += `,version:${parseValue(g.version, file)}`;
    if (g.revision !== undefined) head += `,revision:${parseValue(g.revision, file)}`;
    head += `,exactName:${exactName}`;
    lines.push(`${head},instructions:[`);
    for (const i of g.instructions) {
      const caps = capsOf(i);
      let a = `${str(i.opname)},${i.opcode},${operandList(i.operands)}`;
      if (caps?.length || i.extensions?.length) a += `,${strList(caps)}`;
      if (i.extensions?.length) a += `,${strList(i.extensions)}`;
      lines.push(`  X(${a}),`);
    }
    const kinds = g.operand_kinds ?? [];
    if (kinds.length) {
      lines.push('],operandKinds:[');
      lines.push(...operandKindLines(kinds, file).map((l) => l.slice(2)));
      lines.push(']},');
    } else {
      lines.push('],operandKinds:E},');
    }
  }
  lines.push('])();', '');
  return [{ file: 'extinst.ts', text: lines.join('\n') }];
}
