// What the pack suite asks of every module a packed package produced (a bundler's build, a Node
// script, the installed CLI): lowered, and valid by SPIRV-Tools when it is installed.
import { readFileSync } from 'node:fs';
import { decodeModule, disassemble } from '@spvkit/core';
import { expect } from 'vitest';
import { spirvVal } from '../support/spirvTools.js';

/** The words of a SPIR-V binary file. */
export function wordsOfFile(path: string): Uint32Array {
  const bytes = readFileSync(path);
  if (bytes.byteLength % 4 !== 0) throw new Error(`${path}: ${bytes.byteLength} bytes is not a whole number of words`);
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
}

/**
 * Expects `words` to be a module that lower-local-invocation-index has run on: no variable is
 * decorated LocalInvocationIndex any more, and LocalInvocationId (what the pass computes it from)
 * is there.
 */
export function expectLowered(words: Uint32Array, what: string): void {
  const text = disassemble(decodeModule(words));
  expect(text, `${what}: still reads LocalInvocationIndex`).not.toMatch(/BuiltIn LocalInvocationIndex\b/);
  expect(text, `${what}: does not read LocalInvocationId`).toMatch(/BuiltIn LocalInvocationId\b/);
}

/** Expects spirv-val to accept `words` for Vulkan 1.1 (the target every project of the suite names). */
export function expectValid(words: Uint32Array, what: string): void {
  const r = spirvVal(words, 'vulkan1.1');
  expect(r.ok, `${what}: spirv-val: ${r.message}`).toBe(true);
}
