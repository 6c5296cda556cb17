import { readFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { SpirvError } from '@spvkit/core';

/** Reads a file, or standard input for `-`, as bytes. Missing files become SpirvError BAD_INPUT. */
export async function readInput(path: string, stdin: Readable): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(path);
  } catch (e) {
    throw new SpirvError('BAD_INPUT', `cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** Writes bytes or text to a file. */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (e) {
    throw new SpirvError('BAD_INPUT', `cannot write ${path}: ${(e as Error).message}`);
  }
}

/** The bytes of a word array, without copying. */
export function wordBytes(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
