/**
 * The candidates closest to `name` by edit distance (insertions, deletions, substitutions and
 * swaps of neighbours; a difference in case costs half), best first: for "did you mean" hints.
 * Only candidates close enough to be a plausible typo are returned.
 *
 * @example nearestNames('OpLaod', ['OpLoad', 'OpStore', 'OpLabel']) // ['OpLoad', 'OpLabel']
 */
export function nearestNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(1, Math.min(4, Math.floor(name.length / 3) + 1));
  const scored: { candidate: string; distance: number; order: number }[] = [];
  let order = 0;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    order++;
    if (candidate === name) continue;
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(name, candidate, lower);
    if (distance <= limit) scored.push({ candidate, distance, order });
  }
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  // A close match makes farther ones noise: keep ties, and one step more only when nothing is close.
  const best = scored[0]?.distance ?? 0;
  const cutoff = best + (best >= 2 ? 1 : 0);
  const out: string[] = [];
  for (const s of scored) {
    if (s.distance > cutoff) break;
    if (!out.includes(s.candidate)) out.push(s.candidate);
    if (out.length === max) break;
  }
  return out;
}

/** Optimal-string-alignment distance; a substitution that only changes case costs 0.5. */
function editDistance(a: string, b: string, aLower: string): number {
  const bLower = b.toLowerCase();
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : aLower[i - 1] === bLower[j - 1] ? 0.5 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + same);
      if (i > 1 && j > 1 && aLower[i - 1] === bLower[j - 2] && aLower[i - 2] === bLower[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** "did you mean X?" / "did you mean X, Y or Z?", or undefined without suggestions. */
export function didYouMean(suggestions: readonly string[], prefix = ''): string | undefined {
  if (suggestions.length === 0) return undefined;
  const names = suggestions.map((s) => `${prefix}${s}`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `did you mean ${list}?`;
}
