// core.ts: the full spec of every core instruction and operand kind, for whoever asks for more
// than shapes and names (availability, operand names, aliases), and the module header's constants.
import { fail, parseValue } from './grammar.mjs';
import { header, str } from './output.mjs';
import { PRELUDE_COMMON, availabilityArgs, operandKindLines, operandList } from './specLines.mjs';

const PRELUDE_CORE = [
  ...PRELUDE_COMMON,
  'function I(opname: string, opcode: number, cls: string, operands: readonly OperandSpec[], capabilities: readonly string[], extensions: readonly string[], version?: string, r?: Rare): InstructionSpec {',
  "  const hasResultType = operands.some((x) => x.kind === 'IdResultType');",
  "  const hasResult = operands.some((x) => x.kind === 'IdResult');",
  '  return { opname, opcode, class: cls, aliases: r?.aliases ?? E, operands, hasResultType, hasResult, capabilities, extensions, version, lastVersion: r?.lastVersion, provisional: r?.provisional };',
  '}',
];

function instructionLine(i) {
  if (!Number.isInteger(i.opcode) || i.opcode < 0 || i.opcode > 0xffff) fail(`bad opcode of ${i.opname}`);
  const ops = i.operands ?? [];
  return `  I(${str(i.opname)},${i.opcode},${str(i.class ?? '')},${operandList(ops)},${availabilityArgs(i, { aliases: i.aliases })}),`;
}

export function coreSpecs({ core, sources }) {
  const magic = parseValue(core.magic_number, 'magic_number');
  const text = [
    header(sources.core),
    "import type { EnumerantSpec, InstructionSpec, OperandKindSpec, OperandSpec, Quantifier } from '../types.js';",
    '',
    ...PRELUDE_CORE,
    '',
    '/** The SPIR-V magic number, first word of every module. */',
    `export const MAGIC_NUMBER = 0x${magic.toString(16).padStart(8, '0')};`,
    '/** Version of the grammar these tables were generated from. */',
    `export const GRAMMAR_VERSION = { major: ${core.major_version}, minor: ${core.minor_version}, revision: ${core.revision} } as const;`,
    '',
    // The builder calls are marked pure, so a bundle that does not use a table drops it even
    // where the package's `sideEffects: false` is not honored.
    '/** Every instruction of the core grammar, in grammar order. */',
    'export const instructions: readonly InstructionSpec[] = /* @__PURE__ */ (() => [',
    ...core.instructions.map(instructionLine),
    '])();',
    '',
    '/** Every operand kind of the core grammar, in grammar order. */',
    'export const operandKinds: readonly OperandKindSpec[] = /* @__PURE__ */ (() => [',
    ...operandKindLines(core.operand_kinds, 'spirv.core.grammar.json'),
    '])();',
    '',
  ].join('\n');
  return [{ file: 'core.ts', text }];
}
