/**
 * What the execution suites of lower-local-invocation-index share: the pass applied to words,
 * SPIR-V assembled with spirv-as, and the index a workgroup's invocations must see.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { decodeModule, encodeModule, passRegistry } from '@spvkit/core';
import '@spvkit/passes';
import { carryTwin } from './compilerTwins.js';

export type Vec3 = [number, number, number];

/** The module after lower-local-invocation-index, which must have changed it (with its twin lowered too). */
export function lower(spirv: Uint32Array): Uint32Array {
  const m = decodeModule(spirv);
  const r = passRegistry.create('lower-local-invocation-index').run(m, {});
  expect(r.changed).toBe(true);
  return carryTwin(spirv, encodeModule(m), lower);
}

/** spirv-as, or the reason it cannot be used. */
export function spirvAsAvailable(): { ok: true } | { ok: false; reason: string } {
  const r = spawnSync('spirv-as', ['--version']);
  return r.error || r.status !== 0 ? { ok: false, reason: 'spirv-as not found (Debian package spirv-tools)' } : { ok: true };
}

/** Assemble SPIR-V text with spirv-as for `env`. */
export function assemble(text: string, env: string): Uint32Array {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-exec-asm-'));
  try {
    writeFileSync(join(dir, 'in.spvasm'), text);
    execFileSync('spirv-as', ['--target-env', env, '-o', join(dir, 'out.spv'), join(dir, 'in.spvasm')], { stdio: 'pipe' });
    const b = readFileSync(join(dir, 'out.spv'));
    return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every buffer of `after` byte-identical to `before`'s; returns `after` as words. */
export function expectSameBuffers(before: Uint8Array[], after: Uint8Array[]): Uint32Array[] {
  expect(after.length).toBe(before.length);
  after.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(before[i])), `buffer ${i} differs after lowering`).toBe(true));
  return after.map((b) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2));
}

/** Invocations in a workgroup of `size`. */
export const volume = (size: Vec3): number => size[0] * size[1] * size[2];

/** Every global invocation of a dispatch with its local id, local index and linear slot (x fastest). */
export function* invocations(groups: Vec3, size: Vec3): Generator<{ slot: number; lid: Vec3; index: number }> {
  const n: Vec3 = [groups[0] * size[0], groups[1] * size[1], groups[2] * size[2]];
  for (let z = 0; z < n[2]; z++)
    for (let y = 0; y < n[1]; y++)
      for (let x = 0; x < n[0]; x++) {
        const lid: Vec3 = [x % size[0], y % size[1], z % size[2]];
        yield { slot: x + n[0] * (y + n[1] * z), lid, index: lid[2] * size[0] * size[1] + lid[1] * size[0] + lid[0] };
      }
}

/**
 * GLSL helpers reading the index 1-3 calls deep, in loops; {@link deep1} is what `deep1(7u)`
 * returns for an index.
 */
export const DEEP_GLSL = `uint deep3(uint v) { uint s = 0u; for (uint i = 0u; i < 3u; ++i) s += gl_LocalInvocationIndex + i * v; return s; }
uint deep2(uint v) { return deep3(v) ^ (gl_LocalInvocationIndex << 8); }
uint deep1(uint v) { uint r = 0u; for (uint k = 0u; k < 2u; ++k) r += deep2(v + k); return r; }
`;

export function deep1(index: number): number {
  const deep2 = (v: number) => ((3 * index + 3 * v) ^ (index << 8)) >>> 0;
  return (deep2(7) + deep2(8)) >>> 0;
}

/**
 * Workgroup sizes at a device's limits: the longest workgroup along each axis, and a box that
 * fills the invocation limit (16 x 8 x the rest).
 */
export function limitSizes(maxSize: Vec3, maxInvocations: number): Vec3[] {
  const line = (axis: number): Vec3 => {
    const s: Vec3 = [1, 1, 1];
    s[axis] = Math.min(maxSize[axis], maxInvocations);
    return s;
  };
  const x = Math.min(maxSize[0], 16, maxInvocations);
  const y = Math.min(maxSize[1], 8, Math.floor(maxInvocations / x));
  const z = Math.max(1, Math.min(maxSize[2], Math.floor(maxInvocations / (x * y))));
  return [line(0), line(1), line(2), [x, y, z]];
}
