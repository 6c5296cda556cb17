// The time budgets of .ci/run on the 2-core CI machine: the unit tier in at most 3 minutes, the
// whole .ci/run (a fresh machine: Debian packages, pnpm, install, build, every tier, lint) in at
// most 20. Prints one line a budget, from vitest's JSON report and the seconds .ci/run has taken.
// It never fails the run: a time depends on the machine as well as on the suites. A line that says
// OVER asks the change that made it to find its time inside the budget.
//
// Usage: node .ci/budgets.mjs REPORT.json ELAPSED_SECONDS
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [reportFile, elapsedText] = process.argv.slice(2);
// The e2e list is vitest.config.js's own; without an install (no vitest to load it) only the
// .ci/run budget is printed.
const E2E = await import('../vitest.config.js').then(
  (m) => m.E2E,
  () => undefined,
);

/** The tier of a test file, as vitest.config.js's projects place it. */
function tierOf(file) {
  const rel = relative(root, file).split('\\').join('/');
  if (rel.startsWith('packages/')) return 'unit';
  return E2E.some((pattern) => matches(pattern, rel)) ? 'e2e' : 'oracle';
}

/** A glob of the E2E list: `**` any folders, `*` any name part. */
function matches(pattern, path) {
  const source = pattern
    .split('**/')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`).test(path);
}

const BUDGETS = { unit: 180, ciRun: 1200 };
const line = (what, seconds, budget) =>
  `budget: ${what} ${seconds.toFixed(0)} s of ${budget} s${seconds > budget ? ` — OVER by ${(seconds - budget).toFixed(0)} s` : ''}`;

if (E2E && existsSync(reportFile ?? '')) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const spans = new Map();
  // A file that failed to load ran no test: its times are the run's start, not a span of its tier.
  for (const f of report.testResults.filter((r) => r.assertionResults.length > 0)) {
    const tier = tierOf(f.name);
    const span = spans.get(tier) ?? { start: Infinity, end: 0, files: 0 };
    span.start = Math.min(span.start, f.startTime);
    span.end = Math.max(span.end, f.endTime);
    span.files++;
    spans.set(tier, span);
  }
  // The tiers run one after another (sequence.groupOrder): a tier's time is from its first file's
  // start to its last file's end.
  for (const tier of ['unit', 'oracle', 'e2e']) {
    const s = spans.get(tier);
    if (!s) continue;
    const seconds = (s.end - s.start) / 1000;
    console.log(tier === 'unit' ? line(`${tier} tier (${s.files} files)`, seconds, BUDGETS.unit) : `tier: ${tier} (${s.files} files) ${seconds.toFixed(0)} s`);
  }
}
if (elapsedText !== undefined) console.log(line('.ci/run', Number(elapsedText), BUDGETS.ciRun));
