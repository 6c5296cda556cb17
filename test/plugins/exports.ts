// Readers for the exports of a built entry (runOutput): each narrows one export to the type the
// test expects and fails with the export's name and what it really was, instead of a TypeError later.
import type { OutputModule } from './helpers.js';

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor.name;
  return typeof value;
}

function mismatch(name: string, expected: string, value: unknown): Error {
  return new Error(`export '${name}' is ${describeValue(value)}, expected ${expected}`);
}

/** The export `name` as SPIR-V words. */
export function wordsExport(module: OutputModule, name: string): Uint32Array {
  const value = module[name];
  if (!(value instanceof Uint32Array)) throw mismatch(name, 'a Uint32Array', value);
  return value;
}

/** The export `name` as bytes. */
export function bytesExport(module: OutputModule, name: string): Uint8Array {
  const value = module[name];
  if (!(value instanceof Uint8Array)) throw mismatch(name, 'a Uint8Array', value);
  return value;
}

/** The export `name` as a string (base64, a URL, or disassembly). */
export function stringExport(module: OutputModule, name: string): string {
  const value = module[name];
  if (typeof value !== 'string') throw mismatch(name, 'a string', value);
  return value;
}

/** The export `name` as a list of records (entryPoints, bindings, ...). */
export function recordsExport(module: OutputModule, name: string): ReadonlyArray<Readonly<Record<string, unknown>>> {
  const value = module[name];
  if (!Array.isArray(value)) throw mismatch(name, 'an array', value);
  return value.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) throw mismatch(`${name}[${i}]`, 'an object', item);
    return { ...item };
  });
}
