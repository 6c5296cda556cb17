/** Where two buffers that should be byte-identical first differ, for the execution suites' messages. */

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

const word = (b: Uint8Array, at: number): string => {
  const w = at & ~3;
  return b.length >= w + 4 ? `0x${new DataView(b.buffer, b.byteOffset + w, 4).getUint32(0, true).toString(16)}` : 'none';
};

/**
 * undefined when `expected` and `actual` are byte-identical; else where they first differ and the
 * two words there, as "differs first at byte N (word 0x.. expected, 0x.. actual)".
 */
export function describeDifference(expected: Uint8Array, actual: Uint8Array): string | undefined {
  const at = firstDifference(expected, actual);
  if (at < 0) return undefined;
  return `differs first at byte ${at} (word ${word(expected, at)} expected, ${word(actual, at)} got; lengths ${expected.length} and ${actual.length})`;
}
