import { disassembleToUtf8 } from '@spvkit/core';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { withExtension } from '../batch/outputPath.js';
import { inFile } from '../errors/FileError.js';
import { readInput, writeOutput } from '../files.js';
import { moduleOf } from '../input/readModule.js';
import { warmUpDisassembler } from '../input/warmUpDisassembler.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  'raw-id': { type: 'boolean' },
  'no-header': { type: 'boolean' },
  'no-indent': { type: 'boolean' },
  offsets: { type: 'boolean' },
  comment: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const satisfies CommandOptions;

/**
 * `spvkit dis`: the text spirv-dis prints for the same module and flags. The options are
 * spirv-dis's own, so scripts can switch between the two. A `.spvasm` input (or text on standard
 * input) is assembled first, so the command also shows how spirv-dis would print a text.
 */
export const disCommand: Command = {
  name: 'dis',
  summary: 'disassemble a module to SPIR-V assembly, exactly as spirv-dis prints it',
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'], outputPath: (rel) => withExtension(rel, '.spvasm'), defaultsToStdout: true },
  usage: `spvkit dis IN... [-o OUT | --out-dir DIR] [--raw-id] [--no-header] [--no-indent] [--offsets] [--comment] [--color | --no-color]
  IN              a module (.spv), or assembly (.spvasm) to assemble first; '-' reads
                  standard input (binary or text)
  -o OUT          write the text to OUT ('-' or none: standard output)
  --raw-id        ids as numbers (%12), not friendly names (%main, %uint)
  --no-header     leave out the '; SPIR-V' header comments
  --no-indent     do not right-align result ids
  --offsets       end each line with the instruction's byte offset
  --comment       titles before the sections and functions, and each OpName's id
  --color         ANSI colors, as spirv-dis on a terminal (the default when standard output is
                  one); --no-color: none. The last of the two wins; a file never gets colors.`,
  async run(args, io) {
    const { values, positionals, tokens } = parseArgsOnce({
      args,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: OPTIONS,
    });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const output = values.output === undefined || values.output === '-' ? undefined : values.output;
    const toStdout = output === undefined;
    // As spirv-dis: colors only on standard output, by default when it is a terminal.
    const lastColorFlag = tokens.filter((t) => t.kind === 'option' && (t.name === 'color' || t.name === 'no-color')).at(-1);
    const color =
      toStdout &&
      (lastColorFlag === undefined ? (io.stdout as { isTTY?: boolean }).isTTY === true : lastColorFlag.kind === 'option' && lastColorFlag.name === 'color');
    const input = positionals[0];
    const bytes = await readInput(input, () => io.stdin);
    if (!input.toLowerCase().endsWith('.spvasm')) warmUpDisassembler(bytes.length);
    const { module, file } = await moduleOf(bytes, input, io);
    // The bytes of the text, written as they are: no string to build and encode back (~8 ms on 8 MB).
    // Function bodies are decoded here, on first read: their errors are the input's too.
    const text = inFile(file, () =>
      disassembleToUtf8(module, {
        rawId: values['raw-id'] === true,
        header: values['no-header'] !== true,
        indent: values['no-indent'] !== true,
        offsets: values.offsets === true,
        comment: values.comment === true,
        color,
      }),
    );
    if (output === undefined) io.stdout.write(text);
    else writeOutput(output, text);
    return 0;
  },
};
