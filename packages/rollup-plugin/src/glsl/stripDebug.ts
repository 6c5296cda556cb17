import { Instruction, Op, decodeLiteralString, type Module, type ReadonlyUint32Array } from '@spvkit/core';

const LINE_EXTENSION = 'GL_GOOGLE_cpp_style_line_directive';

/**
 * Removes the debug info the plugin asked glslang for (`-g`): OpLine/OpNoLine, the OpStrings
 * they name, OpSource's file and text (its language and version stay, as without `-g`),
 * OpSourceContinued, and the OpSourceExtension of the `#line` extension the plugin inserted.
 * OpName and OpMemberName stay (reflection reports them). Modules with NonSemantic debug info
 * are left as they are, since its instructions refer to OpStrings.
 */
export function stripCompilerDebugInfo(module: Module): void {
  for (const inst of module.extInstImports) {
    const name = decodeString(inst.operands);
    if (name.startsWith('NonSemantic.')) return;
  }
  const isLine = (i: Instruction): boolean => i.opcode === Op.Line || i.opcode === Op.NoLine;
  for (const fn of module.functions) {
    fn.leading = fn.leading.filter((i) => !isLine(i));
    fn.preamble = fn.preamble.filter((i) => !isLine(i));
    for (const block of fn.blocks) block.instructions = block.instructions.filter((i) => !isLine(i));
  }
  module.trailing = module.trailing.filter((i) => !isLine(i));
  module.globals = module.globals.filter((i) => !isLine(i));
  const kept: Instruction[] = [];
  for (const inst of module.debugStrings) {
    if (inst.opcode === Op.String || inst.opcode === Op.SourceContinued) continue;
    if (inst.opcode === Op.SourceExtension && decodeString(inst.operands) === LINE_EXTENSION) continue;
    if (inst.opcode === Op.Source && inst.operandCount > 2) {
      const source = new Instruction(Op.Source, 0, 0, [inst.word(0), inst.word(1)]);
      kept.push(source);
      continue;
    }
    kept.push(inst);
  }
  module.debugStrings = kept;
  module.invalidateAnalyses();
}

function decodeString(words: ReadonlyUint32Array): string {
  return decodeLiteralString(words, 0, words.length).value;
}
