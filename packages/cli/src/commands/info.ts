import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { inFile } from '../errors/FileError.js';
import { formatInfo } from '../info/formatInfo.js';
import { moduleInfo } from '../info/moduleInfo.js';
import { readModule } from '../input/readModule.js';

const OPTIONS = { json: { type: 'boolean' } } as const satisfies CommandOptions;

/**
 * `spvkit info`: what a person, or a script with `--json`, wants to know before opening the
 * disassembly: header, capabilities, entry points, and what a pipeline needs (workgroup size,
 * bindings, push constants, spec constants).
 */
export const infoCommand: Command = {
  name: 'info',
  summary: 'summarize a module: version, generator, entry points, workgroup size, bindings, push and spec constants',
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'] },
  usage: `spvkit info IN... [--json]
  IN      a module (.spv), or assembly (.spvasm) to assemble first; '-' reads standard input
  --json  print the summary as one JSON object: {version, generator, bound, capabilities,
          instructions, entryPoints, bindings, pushConstants, specConstants}; 64-bit spec
          constant defaults are strings (JSON numbers lose their precision)`,
  async run(args, io) {
    const { values, positionals } = parseArgsOnce({ args, allowPositionals: true, strict: true, options: OPTIONS });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const { module, file } = await readModule(positionals[0], io);
    const info = inFile(file, () => moduleInfo(module));
    if (values.json === true) io.stdout.write(`${JSON.stringify(info, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
    else io.stdout.write(`${formatInfo(info)}\n`);
    return 0;
  },
};
