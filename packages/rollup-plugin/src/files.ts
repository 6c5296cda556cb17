import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { ShaderError, type ProblemLocation } from './problems/problem.js';

const SPIRV_MAGIC = 0x07230203;

function sizeText(n: number): string {
  return n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} bytes`;
}

/** A path as messages show it: relative to root when inside it. */
export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel === '' || rel.startsWith('..') || /^[a-zA-Z]:/.test(rel) || rel.startsWith('/') ? file : rel.replace(/\\/g, '/');
}

/**
 * Reads a file as bytes after checking its size. `from` is where the file was named (an
 * #include line); errors point there.
 */
export async function readBytes(file: string, maxFileSize: number, root: string, from?: ProblemLocation): Promise<Buffer> {
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw ShaderError.of('NOT_A_FILE', `${displayPath(file, root)} is not a file`, from);
    size = s.size;
  } catch (e) {
    if (e instanceof ShaderError) throw e;
    throw ShaderError.of('READ_FAILED', `cannot read ${displayPath(file, root)}: ${(e as Error).message}`, from);
  }
  if (size > maxFileSize) {
    throw ShaderError.of(
      'FILE_TOO_LARGE',
      `${displayPath(file, root)} is ${sizeText(size)}, over the maxFileSize limit of ${sizeText(maxFileSize)}`,
      from,
      'raise the maxFileSize option if this file is meant to be that large',
    );
  }
  const bytes = await readFile(file);
  if (bytes.length > maxFileSize) {
    throw ShaderError.of('FILE_TOO_LARGE', `${displayPath(file, root)} is over the maxFileSize limit of ${sizeText(maxFileSize)}`, from);
  }
  return bytes;
}

/** True when the bytes start with the SPIR-V magic number in either byte order. */
export function looksLikeSpirvBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const le = (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0;
  const be = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  return le === SPIRV_MAGIC || be === SPIRV_MAGIC;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a text file (GLSL, assembly). A SPIR-V binary or any other binary is refused with a
 * message that says what the file looks like. `what` names the expected content.
 */
export function decodeText(bytes: Uint8Array, file: string, root: string, what: string, from?: ProblemLocation): string {
  const name = displayPath(file, root);
  if (looksLikeSpirvBinary(bytes)) {
    const hint = /\.spvasm$/i.test(file) ? `rename it to ${name.replace(/\.spvasm$/i, '.spv')}` : 'import a SPIR-V binary from a .spv file';
    throw ShaderError.of('BINARY_NOT_TEXT', `${name} is a SPIR-V binary, not ${what}`, from, hint);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw ShaderError.of('BINARY_NOT_TEXT', `${name} is not UTF-8 text, so it cannot be ${what}`, from);
  }
  if (text.includes('\0')) throw ShaderError.of('BINARY_NOT_TEXT', `${name} contains NUL bytes, so it is not ${what}`, from);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
