import type { Writable } from 'node:stream';
import type { CommandIo } from '../CommandIo.js';

/** What one input's run wrote: its exit code, standard output's bytes, standard error's text. */
export interface FileOutcome {
  readonly code: number;
  readonly stdout: Uint8Array;
  readonly stderr: string;
}

/**
 * An io whose output is kept in memory, so that runs over many inputs (in this thread or in
 * workers) print each input's output whole and in input order, whatever order they finish in.
 * The streams' write() is replaced by a plain push: every command writes through write() only,
 * and a real stream would hand chunks over on a later tick. Standard input is empty (`-` is
 * taken only alone).
 */
export function captureIo(stdoutIsTTY: boolean): { io: CommandIo; outcome: (code: number) => FileOutcome } {
  const out: Uint8Array[] = [];
  const err: string[] = [];
  // Plain objects with write(), not Writables: every command only calls write() (and dis reads
  // isTTY), and constructing two streams per input was ~0.5 ms of each small shader's run
  // (--cpu-prof of `spvkit dis` over 180 shaders: Writable's constructor the top self time).
  const stdout = {
    isTTY: stdoutIsTTY,
    write(chunk: Uint8Array | string): boolean {
      out.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
      return true;
    },
  } as unknown as Writable;
  const stderr = {
    write(chunk: Uint8Array | string): boolean {
      err.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
  } as unknown as Writable;
  return {
    io: {
      stdout,
      stderr,
      get stdin() {
        // node:stream taken on use, not imported: the bundle would load it (~9 ms) in every run's start-up.
        return process.getBuiltinModule('node:stream').Readable.from([]);
      },
    },
    outcome: (code) => ({ code, stdout: out.length === 1 ? out[0] : Buffer.concat(out), stderr: err.join('') }),
  };
}
