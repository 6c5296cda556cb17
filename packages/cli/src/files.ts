// Synchronous reads and writes: the command waits for the file either way, and readFileSync /
// writeFileSync save the thread-pool round trips of fs/promises (open, stat, read, close; the
// main thread sat idle ~5 ms reading an 8 MB input) and loading node:fs/promises at start-up:
// `spvkit as` on 8.5 MB of text ~3 ms faster, `spvkit val` ~1.5 ms (medians of 21).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { FileError } from './errors/FileError.js';

/** The name messages give an input: the path as given, `<stdin>` for `-`. */
export function inputName(path: string): string {
  return path === '-' ? '<stdin>' : path;
}

/**
 * Reads a file, or standard input for `-`, as bytes. A file that cannot be read is a
 * {@link FileError} naming it. `stdin` may be given as a function, called only for `-`: bin.ts
 * creates process.stdin only when it is used (making it costs a few ms of start-up).
 */
export async function readInput(path: string, stdin: Readable | (() => Readable)): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of typeof stdin === 'function' ? stdin() : stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks);
  }
  try {
    return readFileSync(path);
  } catch (e) {
    throw new FileError(path, `cannot read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** Writes bytes or text to a file the user named (replacing it when it exists). */
export function writeOutput(path: string, data: Uint8Array | string): void {
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new FileError(path, `cannot write: ${(e as Error).message}`);
  }
}

/**
 * Writes a file the user did not name (a default output such as `shader.spv` for `shader.spvasm`)
 * only when there is none: an existing file there may be another tool's output, and replacing it
 * silently loses it. Created exclusively (`wx`), so a file that appears meanwhile is not replaced
 * either. `option` is the flag that names the output, for the hint.
 */
export function writeNewOutput(path: string, data: Uint8Array | string, option: string): void {
  try {
    writeFileSync(path, data, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new FileError(path, 'exists already, and no output was named, so it was left as it is', {
        hint: `name the output to replace it (${option} ${path}), or write standard output (${option} -)`,
      });
    }
    throw new FileError(path, `cannot write: ${(e as Error).message}`);
  }
}

/** The bytes of a word array, without copying. */
export function wordBytes(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
