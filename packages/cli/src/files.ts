// Synchronous reads and writes: the command waits for the file either way, and readFileSync /
// writeFileSync save the thread-pool round trips of fs/promises (open, stat, read, close; the
// main thread sat idle ~5 ms reading an 8 MB input) and loading node:fs/promises at start-up:
// `spvkit as` on 8.5 MB of text ~3 ms faster, `spvkit val` ~1.5 ms (medians of 21).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { SpirvError } from '@spvkit/core';

/**
 * Reads a file, or standard input for `-`, as bytes. Missing files become SpirvError BAD_INPUT.
 * `stdin` may be given as a function, called only for `-`: bin.ts creates process.stdin only when
 * it is used (making it costs a few ms of start-up).
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
    throw new SpirvError('BAD_INPUT', `cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** Writes bytes or text to a file. */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new SpirvError('BAD_INPUT', `cannot write ${path}: ${(e as Error).message}`);
  }
}

/** The bytes of a word array, without copying. */
export function wordBytes(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
