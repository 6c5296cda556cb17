import { loadCommand } from '../commands/index.js';
import { runCommand } from '../runCommand.js';
import { captureIo, type FileOutcome } from './captureIo.js';

/** One input's run, as the batch layer hands it to this thread or a worker: plain data, so it can be posted. */
export interface FileJob {
  /** The command's name (`dis`). */
  readonly command: string;
  /** Its arguments for this one input: the options, `-o OUT` when there is one, `--`, the input. */
  readonly args: readonly string[];
  /** Whether standard output is a terminal (dis's default colors). */
  readonly stdoutIsTTY: boolean;
}

/**
 * Runs one input's job with its output kept (see captureIo). Never throws: a bug in spvkit is this
 * input's failure, exit code 70 with the stack, and the other inputs still run.
 */
export async function runFile(job: FileJob): Promise<FileOutcome> {
  const { io, outcome } = captureIo(job.stdoutIsTTY);
  const command = await loadCommand(job.command);
  if (command === undefined) {
    io.stderr.write(`spvkit: internal error: no command '${job.command}'\n`);
    return outcome(70);
  }
  try {
    // One line per file for a usage error: the usage once per input would bury the messages.
    return outcome(await runCommand(command, () => command.run([...job.args], io), io, { args: job.args, withUsage: false }));
  } catch (e) {
    io.stderr.write(`spvkit ${command.name}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return outcome(70);
  }
}
