import { UsageError, type Command, type CommandIo } from './CommandIo.js';
import { BATCH_USAGE, runBatch } from './batch/runBatch.js';
import { commandNames, loadCommand, loadCommands } from './commands/index.js';
import { runCommand } from './runCommand.js';
import { VERSION } from './version.js';

/** The help text; it lists every command's summary, so it loads them all (only --help and mistakes pay for that). */
const help = async (): Promise<string> => `spvkit ${VERSION} — read, write, transform and check SPIR-V

usage: spvkit <command> [options]
       spvkit -v | --version
       spvkit -h | --help

commands:
${(await loadCommands()).map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

options:
  -h, --help     this text; 'spvkit <command> --help' lists a command's options
  -v, --version  print spvkit's version

Several files, folders and quoted glob patterns run in one process (--out-dir, --jobs, --json).
'-' as a file name reads standard input. Files ending in .spvasm are assembly text, others
binary modules; standard input is told apart by the SPIR-V magic number.
Exit codes: 0 success, 1 bad input (the message names the file), 2 bad usage.
`;

/**
 * Runs the spvkit command line and returns its exit code: 0 success, 1 bad input, 2 bad usage.
 * Nothing is thrown for bad input or usage; a thrown error is a bug in spvkit.
 *
 * @example
 * ```ts
 * const code = await main(['dis', 'shader.spv'], { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
 * ```
 */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(await help());
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(await help());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`spvkit ${VERSION}\n`);
    return 0;
  }
  const command = commandNames.includes(name) ? await loadCommand(name) : undefined;
  if (command === undefined) {
    io.stderr.write(`spvkit: unknown command '${name}'\n\n${await help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n\n${command.summary}\n${command.batch !== undefined ? `\n${BATCH_USAGE}\n` : ''}`);
    return 0;
  }
  const batch = command.batch;
  const args = command.rewriteArgs?.(rest) ?? rest;
  return runCommand(command, () => (batch !== undefined ? runBatch(command, batch, args, io) : command.run(args, io)), io, { args, withUsage: true });
}

export { UsageError, type Command, type CommandIo };
