import { parseArgs } from 'node:util';
import { decodeModule, disassembleToUtf8 } from '@spvkit/core';
import { UsageError, type Command } from '../CommandIo.js';
import { readInput, writeOutput } from '../files.js';

/**
 * `spvkit dis`: the text spirv-dis prints for the same module and flags. The options are
 * spirv-dis's own, so scripts can switch between the two.
 */
export const disCommand: Command = {
  name: 'dis',
  summary: 'disassemble a module to SPIR-V assembly, exactly as spirv-dis prints it',
  usage: 'spvkit dis IN.spv [-o OUT] [--raw-id] [--no-header] [--no-indent] [--offsets] [--comment]',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string', short: 'o' },
        'raw-id': { type: 'boolean' },
        'no-header': { type: 'boolean' },
        'no-indent': { type: 'boolean' },
        offsets: { type: 'boolean' },
        comment: { type: 'boolean' },
      },
    });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const module = decodeModule(await readInput(positionals[0]!, () => io.stdin));
    // The bytes of the text, written as they are: no string to build and encode back (~8 ms on 8 MB).
    const text = disassembleToUtf8(module, {
      rawId: values['raw-id'] === true,
      header: values['no-header'] !== true,
      indent: values['no-indent'] !== true,
      offsets: values.offsets === true,
      comment: values.comment === true,
    });
    if (values.output === undefined || values.output === '-') io.stdout.write(text);
    else await writeOutput(values.output, text);
    return 0;
  },
};
