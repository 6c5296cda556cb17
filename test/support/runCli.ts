import { PassThrough } from 'node:stream';
import { main } from '../../packages/cli/src/main.js';

/** What {@link runCli} gives back: the exit code and what the command wrote. */
export interface CliRun {
  code: number;
  /** Standard output as UTF-8 text. */
  stdout: string;
  /** Standard output as it was written (`-o -` writes a binary module there). */
  stdoutBytes: Buffer;
  stderr: string;
}

/**
 * Runs `spvkit ARGS` in this process, through the CLI's `main` from source, with `stdin` as its
 * standard input and its output captured. `stdoutIsTTY` makes standard output look like a
 * terminal (what decides spvkit dis's default colors).
 *
 * @example
 * ```ts
 * const { code, stderr } = await runCli(['val', 'shader.spv']);
 * ```
 */
export async function runCli(args: readonly string[], stdin: Uint8Array | string = '', options: { stdoutIsTTY?: boolean } = {}): Promise<CliRun> {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.stdoutIsTTY === true });
  const stderr = new PassThrough();
  const input = new PassThrough();
  input.end(stdin);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (d: Buffer) => out.push(d));
  stderr.on('data', (d: Buffer) => err.push(d));
  const code = await main(args, { stdout, stderr, stdin: input });
  const bytes = Buffer.concat(out);
  return { code, stdout: bytes.toString('utf8'), stdoutBytes: bytes, stderr: Buffer.concat(err).toString('utf8') };
}
