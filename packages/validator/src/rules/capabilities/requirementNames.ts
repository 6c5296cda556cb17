import { NO_VERSION, enumerantName } from '@spvkit/core';

/** "1.4" for a version word. */
export function versionText(word: number): string {
  return `${(word >>> 16) & 0xff}.${(word >>> 8) & 0xff}`;
}

/** The capabilities' names, space-separated, as spirv-val lists them. */
export function capabilityNames(capabilities: readonly number[]): string {
  return capabilities.map((c) => enumerantName('Capability', c) ?? String(c)).join(' ');
}

/** Whether a version word is a real version (not the grammar's 'None', nor an absent last version). */
export function isVersion(word: number): boolean {
  return word !== NO_VERSION;
}
