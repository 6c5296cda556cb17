// A line diff for the side-by-side view: Myers' O(ND) algorithm on the lines between the common
// prefix and suffix, then deletions and insertions paired up row by row.

/** One row of the side-by-side view. Line numbers are 1-based. */
export interface DiffRow {
  readonly kind: 'same' | 'changed' | 'deleted' | 'added';
  readonly left?: { readonly line: number; readonly text: string };
  readonly right?: { readonly line: number; readonly text: string };
}

type Edit = { op: 'same'; a: number; b: number } | { op: 'delete'; a: number } | { op: 'insert'; b: number };

/** Above this many edits the middle part is shown as one replaced block (never slow, never wrong). */
const MAX_EDITS = 4000;

export function diffLines(before: string, after: string): DiffRow[] {
  const a = splitLines(before);
  const b = splitLines(after);
  return toRows(a, b, editScript(a, b));
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function editScript(a: readonly string[], b: readonly string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const edits: Edit[] = [];
  for (let i = 0; i < start; i++) edits.push({ op: 'same', a: i, b: i });
  // Lines as small integers, so the inner loop compares numbers.
  const ids = new Map<string, number>();
  const intern = (s: string): number => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const ma = Int32Array.from(a.slice(start, endA), intern);
  const mb = Int32Array.from(b.slice(start, endB), intern);
  const middle = myers(ma, mb) ?? replaceAll(ma.length, mb.length);
  for (const e of middle) {
    if (e.op === 'same') edits.push({ op: 'same', a: e.a + start, b: e.b + start });
    else if (e.op === 'delete') edits.push({ op: 'delete', a: e.a + start });
    else edits.push({ op: 'insert', b: e.b + start });
  }
  for (let i = 0; endA + i < a.length; i++) edits.push({ op: 'same', a: endA + i, b: endB + i });
  return edits;
}

function replaceAll(n: number, m: number): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < n; i++) edits.push({ op: 'delete', a: i });
  for (let j = 0; j < m; j++) edits.push({ op: 'insert', b: j });
  return edits;
}

/** The shortest edit script, or undefined when it has more than MAX_EDITS edits. */
function myers(a: Int32Array, b: Int32Array): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  const limit = Math.min(max, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[k] for k = -d..d after step d, at index k + d.
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= limit && found < 0; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) found = d;
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  if (found < 0) return undefined;

  const at = (d: number, k: number): number => trace[d][k + d];
  const reversed: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const k = x - y;
    const prevK = k === -d || (k !== d && at(d - 1, k - 1) < at(d - 1, k + 1)) ? k + 1 : k - 1;
    const prevX = at(d - 1, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) reversed.push({ op: 'same', a: --x, b: --y });
    if (x === prevX) reversed.push({ op: 'insert', b: --y });
    else reversed.push({ op: 'delete', a: --x });
  }
  while (x > 0 && y > 0) reversed.push({ op: 'same', a: --x, b: --y });
  return reversed.reverse();
}

/** Runs of deletions and insertions side by side: the i-th deleted line beside the i-th inserted one. */
function toRows(a: readonly string[], b: readonly string[], edits: readonly Edit[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let deleted: number[] = [];
  let inserted: number[] = [];
  const flush = (): void => {
    const count = Math.max(deleted.length, inserted.length);
    for (let i = 0; i < count; i++) {
      const l = deleted[i];
      const r = inserted[i];
      const left = l === undefined ? undefined : { line: l + 1, text: a[l] };
      const right = r === undefined ? undefined : { line: r + 1, text: b[r] };
      const kind = left && right ? 'changed' : left ? 'deleted' : 'added';
      rows.push({ kind, ...(left ? { left } : {}), ...(right ? { right } : {}) });
    }
    deleted = [];
    inserted = [];
  };
  for (const e of edits) {
    if (e.op === 'delete') deleted.push(e.a);
    else if (e.op === 'insert') inserted.push(e.b);
    else {
      flush();
      rows.push({ kind: 'same', left: { line: e.a + 1, text: a[e.a] }, right: { line: e.b + 1, text: b[e.b] } });
    }
  }
  flush();
  return rows;
}
