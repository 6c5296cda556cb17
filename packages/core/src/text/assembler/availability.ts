import { makeVersion } from '../../words/header.js';
import type { VersionAvailability } from '../../grammar/index.js';

/** The SPIR-V versions in which an opcode or enumerant can be named, as version words. */
export interface VersionRange {
  readonly minVersion: number;
  readonly lastVersion: number;
  /** Enabled by an extension or a capability, which spirv-as takes as available in any version. */
  readonly enabledOtherwise: boolean;
}

const ALWAYS = 0xffffffff;

function versionWord(version: string | undefined, absent: number): number {
  if (version === undefined) return absent;
  if (version === 'None') return ALWAYS;
  const [major, minor] = version.split('.').map(Number);
  return makeVersion(major ?? 0, minor ?? 0);
}

/** The {@link VersionRange} of a grammar entry. */
export function versionRange(a: VersionAvailability): VersionRange {
  return {
    // 'None' with no capability or extension of its own (the cooperative matrix operands, the
    // reduce modes): nothing gates the name but the instruction that takes it, and spirv-as takes
    // it in every version.
    minVersion: a.version === 'None' && !a.enabledOtherwise ? makeVersion(1, 0) : versionWord(a.version, makeVersion(1, 0)),
    lastVersion: versionWord(a.lastVersion, ALWAYS),
    enabledOtherwise: a.enabledOtherwise,
  };
}

/**
 * Whether spirv-as accepts the name for a module of SPIR-V version `version` (a version word):
 * the version is in range, or an extension or capability can enable it (whether the module declares
 * it is for the validator).
 */
export function isAvailable(range: VersionRange, version: number): boolean {
  return range.enabledOtherwise || (version >= range.minVersion && version <= range.lastVersion);
}

/** "SPIR-V 1.4" for a version word. */
export function versionName(word: number): string {
  return `SPIR-V ${(word >>> 16) & 0xff}.${(word >>> 8) & 0xff}`;
}
