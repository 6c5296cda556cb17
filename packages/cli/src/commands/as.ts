import { basename, dirname, extname, join } from 'node:path';
import { assemble, encodeModule, formatAssemblyDiagnostic } from '@spvkit/core';
import { warmUpAssembler } from '../input/warmUpAssembler.js';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { withExtension } from '../batch/outputPath.js';
import { inFile } from '../errors/FileError.js';
import { inputName, readInput, wordBytes, writeNewOutput, writeOutput } from '../files.js';
import { targetEnvOption } from '../options/targetEnv.js';

const USAGE = `spvkit as IN.spvasm [-o OUT.spv] [--target-env ENV] [--preserve-numeric-ids]
  IN.spvasm               assembly in spirv-as syntax; '-' reads standard input
  -o, --output OUT.spv    where to write; '-' writes standard output. Without -o: IN with the
                          extension .spv, next to it (shader.spvasm -> shader.spv; out.spv for
                          standard input), and only when no such file exists: an existing file
                          is replaced only when -o names it. (spirv-as always writes out.spv.)
  --target-env ENV        header version and allowed names, as spirv-as (default spv1.6):
                          vulkan1.0-1.4, vulkan1.1spv1.4, spv1.0-1.6, universal1.0-1.6,
                          opencl1.2-2.2 (and ...embedded), opengl4.0-4.3, opengl4.5
  --preserve-numeric-ids  keep numeric ids (%12 stays 12); named ids fill the gaps
Output: spirv-as's bytes for the same text and options, but generator word 0 (spirv-as
writes 0x00070000). Every error is reported, with a code frame and a hint.`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  'target-env': { type: 'string' },
  'preserve-numeric-ids': { type: 'boolean' },
} as const satisfies CommandOptions;

/**
 * `spvkit as`: assembles text to a binary module, as spirv-as does, reporting every error at once.
 *
 * Without `-o` it writes a file, as spirv-as users expect (a binary module on a terminal is of
 * no use), but never over an existing one: that file may be a compiler's output, and spirv-as's
 * silent replacement of out.spv is what lost one. The user names the output to replace it.
 */
export const asCommand: Command = {
  name: 'as',
  summary: 'assemble SPIR-V assembly text (spirv-as syntax) to a binary module',
  usage: USAGE,
  options: OPTIONS,
  batch: { inputExtensions: ['.spvasm'], outputPath: (rel) => withExtension(rel, '.spv') },
  async run(args, io) {
    const { values, positionals } = parseArgsOnce({
      args,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const targetEnv = values['target-env'] === undefined ? undefined : targetEnvOption(values['target-env']);
    const input = positionals[0];
    const output = values.output ?? defaultOutput(input);
    const file = inputName(input);
    const text = await readInput(input, () => io.stdin);
    // A large text is read faster after the warm-up (see warmUpAssembler).
    warmUpAssembler(text.length);
    const words = inFile(file, () =>
      encodeModule(
        assemble(text, {
          file,
          ...(targetEnv !== undefined ? { targetEnv } : {}),
          preserveNumericIds: values['preserve-numeric-ids'] === true,
          onWarning: (d) => io.stderr.write(`${formatAssemblyDiagnostic(d)}\n`),
        }),
      ),
    );
    if (output === '-') io.stdout.write(wordBytes(words));
    else if (values.output === undefined) writeNewOutput(output, wordBytes(words), '-o');
    else writeOutput(output, wordBytes(words));
    return 0;
  },
};

/** shader.spvasm → shader.spv in the same folder; standard input → out.spv. */
export function defaultOutput(input: string): string {
  if (input === '-') return 'out.spv';
  const ext = extname(input);
  if (ext === '.spv') throw new UsageError(`the input ${input} already ends in .spv; give the output with -o`);
  return join(dirname(input), `${basename(input, ext)}.spv`);
}
