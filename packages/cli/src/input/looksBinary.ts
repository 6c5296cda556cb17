import { SPIRV_MAGIC } from '@spvkit/core';

/** True when the bytes start with the SPIR-V magic number in either byte order. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const le = (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0;
  const be = (bytes[3] | (bytes[2] << 8) | (bytes[1] << 16) | (bytes[0] << 24)) >>> 0;
  return le === SPIRV_MAGIC || be === SPIRV_MAGIC;
}
