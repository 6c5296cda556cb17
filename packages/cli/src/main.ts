import { SpirvError } from '@spvkit/core';
import { UsageError, type Command, type CommandIo } from './CommandIo.js';
import { commands } from './commands/index.js';

const HELP = `spvkit — read, write, transform and check SPIR-V

usage: spvkit <command> [options]

commands:
${commands.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

Run 'spvkit <command> --help' for a command's options. '-' as a file name reads standard input.
Exit codes: 0 success, 1 bad input, 2 bad usage.
`;

/**
 * Runs the spvkit command line and returns its exit code.
 *
 * @example
 * ```ts
 * const code = await main(['dis', 'shader.spv'], { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
 * ```
 */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    io.stdout.write('spvkit 0.1.0\n');
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr.write(`spvkit: unknown command '${name}'\n\n${HELP}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n\n${command.summary}\n`);
    return 0;
  }
  return runCommand(command, rest, io);
}

async function runCommand(command: Command, args: string[], io: CommandIo): Promise<number> {
  try {
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError || isParseArgsError(e)) {
      io.stderr.write(`spvkit ${command.name}: ${(e as Error).message}\nusage: ${command.usage}\n`);
      return 2;
    }
    if (e instanceof SpirvError) {
      io.stderr.write(formatError(e) + '\n');
      return 1;
    }
    throw e;
  }
}

function isParseArgsError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** The text of a SpirvError for a terminal: its message, where it is, and the hint. */
export function formatError(e: SpirvError): string {
  const where = e.location ? `${e.location.file ?? '<input>'}:${e.location.line}:${e.location.column}: ` : '';
  const lines = [`${where}error: ${e.message}`];
  if (e.hint) lines.push(`hint: ${e.hint}`);
  return lines.join('\n');
}

export { UsageError, type Command, type CommandIo };
