// The slowest test files of a vitest JSON report (what .ci/run writes to test/.cache/ci-report.json):
// each file's time from its first test's start to its last one's end, its test count and its
// slowest test, then the totals. Usage: node .ci/slowest.mjs REPORT.json [N=20]
import { readFileSync } from 'node:fs';

const [file, count = '20'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node .ci/slowest.mjs REPORT.json [N]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const rows = report.testResults.map((f) => ({
  name: f.name.replace(/^.*?\/(?=(packages|test)\/)/, ''),
  ms: f.endTime - f.startTime,
  tests: f.assertionResults.length,
  slowest: Math.max(0, ...f.assertionResults.map((a) => a.duration ?? 0)),
}));
rows.sort((a, b) => b.ms - a.ms);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
for (const r of rows.slice(0, Number(count)))
  console.log(`${s(r.ms).padStart(8)}  ${String(r.tests).padStart(4)} tests  slowest test ${s(r.slowest).padStart(7)}  ${r.name}`);
const wall = Math.max(...report.testResults.map((f) => f.endTime)) - report.startTime;
const sum = rows.reduce((t, r) => t + r.ms, 0);
console.log(
  `${rows.length} files, ${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed); file times add up to ${s(sum)}, the run took ${s(wall)}`,
);
