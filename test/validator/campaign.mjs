// The validator's mutation campaign (issue 19's proof): seeded mutants of valid modules (the test
// corpus and the shader folder), spread over every mutation kind of mutate.ts, each judged by
// spirv-val and by validate(); prints how often the two agree on accept/reject, overall and per
// kind (target: 99%), how often both name the same rule family where both reject, and every class
// of disagreement (kind + spirv-val's message pattern + our codes) with its count and one example.
// Exits 0 whatever it finds (a report, not a test): PASS or FAIL says where it stands.
//
// Usage: node test/validator/campaign.mjs [--mutants 20000] [--seed N] [--spirv-val PATH] [--jobs 2]
//        [--kinds break-offset,drop-decoration]   (only these kinds, as many of each as in the full run)
//        (or: pnpm campaign:validator -- --mutants 2000)
// The judge is the current SPIRV-Tools' spirv-val: ../shared/spirv-tools-head/spirv-val beside the
// repository, or the folder SPVKIT_SPIRV_TOOLS_HEAD names, else Debian's spirv-val from PATH.
// The TypeScript it needs (mutate.ts, the validator's sources, ...) is loaded through Vite's module
// runner with vitest.config.js's aliases, as the tests see it: no build needed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, createServerModuleRunner } from 'vite';
import config from '../../vitest.config.js';
import { loadShaderFolder, mapBounded } from '../shaders/folder.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const TARGET = 0.99;

const { values: args } = parseArgs({
  options: {
    mutants: { type: 'string', default: '20000' },
    seed: { type: 'string', default: String(0xc0ffee) },
    'spirv-val': { type: 'string' },
    jobs: { type: 'string', default: '2' },
    kinds: { type: 'string' },
  },
});
const MUTANTS = Number(args.mutants);
const SEED = Number(args.seed);
const JOBS = Math.max(1, Number(args.jobs));
const headDir = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const judge = args['spirv-val'] ?? (existsSync(join(headDir, 'spirv-val')) ? join(headDir, 'spirv-val') : 'spirv-val');
const judgeVersion = execFileSync(judge, ['--version'], { encoding: 'utf8' }).split('\n')[0];
/** Which list of spirv-val's own differences applies: Debian's 2023.1, or a later one. */
const judgeName = /v2023\.1\b/.test(judgeVersion) ? 'debian' : 'head';

// --- The TypeScript modules, through one module runner (one instance of each module) ---------
const server = await createServer({
  configFile: false,
  root,
  resolve: config.resolve,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
const load = (p) => runner.import(join(root, p));
const { validate } = await load('packages/validator/src/index.ts');
const { MUTATION_KINDS, mutate } = await load('test/validator/mutate.ts');
const { explain, explainFamily } = await load('test/validator/knownDifferences.ts');
const { spirvValFamily, spirvValPattern: pattern } = await load('test/validator/spirvValFamilies.ts');
const { Random } = await load('test/fuzz/random.ts');
const { loadCorpus } = await load('test/corpus/index.ts');

/** Runs the judge on a module; a crash or a hang is a verdict of its own. */
function spirvVal(words, targetEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(judge, ['--target-env', targetEnv, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const message = Buffer.concat(out).toString('utf8').trim();
      resolve(
        signal !== null || (code !== 0 && code !== 1)
          ? { ok: false, crashed: true, message: `spirv-val ${signal ?? `exit ${code}`}: ${message}` }
          : { ok: code === 0, message },
      );
    });
    child.stdin.on('error', () => {
      /* it exited before reading its input: its exit says why */
    });
    child.stdin.end(new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  });
}

/** Our verdict; a throw is a finding of its own (validate() must never throw). */
function ours(words, targetEnv) {
  try {
    return { diagnostics: validate(words, { targetEnv }) };
  } catch (e) {
    return { diagnostics: [], threw: e instanceof Error ? e.message : String(e) };
  }
}

const started = performance.now();
const load1 = loadavg()[0];

// --- Sources: the valid modules, as the judge sees them -----------------------------------------
const corpus = (await loadCorpus()).map((m) => ({ name: `corpus/${m.name}`, words: m.words, targetEnv: m.targetEnv }));
const folder = (await loadShaderFolder()).shaders.map((s) => ({ name: `shaders/${s.path}`, words: s.words, targetEnv: s.targetEnv }));
const candidates = [...corpus, ...folder];
const originals = await mapBounded(candidates, JOBS, async (m) => ({ m, theirs: await spirvVal(m.words, m.targetEnv), ours: ours(m.words, m.targetEnv) }));
const sources = [];
const cleanRejected = [];
for (const { m, theirs, ours: o } of originals) {
  if (!theirs.ok) continue;
  if (o.diagnostics.length > 0 || o.threw !== undefined) cleanRejected.push(`${m.name}: ${o.threw ?? `${o.diagnostics[0].code}: ${o.diagnostics[0].message}`}`);
  else sources.push(m);
}

// --- Mutants, spread evenly over the kinds -----------------------------------------------------
const random = new Random(SEED);
const mutants = [];
const perKind = Math.ceil(MUTANTS / MUTATION_KINDS.length);
const kinds = args.kinds === undefined ? MUTATION_KINDS : args.kinds.split(',');
for (const kind of kinds) if (!MUTATION_KINDS.includes(kind)) throw new Error(`--kinds: no mutation kind ${kind} (${MUTATION_KINDS.join(', ')})`);
for (const kind of kinds) {
  let made = 0;
  for (let tries = 0; made < perKind && mutants.length < MUTANTS && tries < perKind * 50; tries++) {
    const source = random.pick(sources);
    const mutant = mutate(source.words, kind, random);
    if (mutant === undefined) continue;
    mutants.push({ ...mutant, targetEnv: source.targetEnv, source: source.name });
    made++;
  }
}

// --- Judging -----------------------------------------------------------------------------------
const cpuBefore = process.cpuUsage();
let done = 0;
const verdicts = await mapBounded(mutants, JOBS, async (m) => {
  const theirs = await spirvVal(m.words, m.targetEnv);
  const o = ours(m.words, m.targetEnv);
  if (++done % 1000 === 0) process.stderr.write(`  ${done}/${mutants.length} judged, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  return { m, theirs, ours: o };
});
const ourCpu = process.cpuUsage(cpuBefore);

const byKind = new Map(kinds.map((k) => [k, { total: 0, agree: 0, known: 0, theirRejects: 0, bothReject: 0, sameFamily: 0 }]));
const classes = new Map();
const addClass = (what, key, example) => {
  const c = classes.get(`${what}\u0000${key}`);
  if (c === undefined) classes.set(`${what}\u0000${key}`, { what, key, count: 1, example });
  else c.count++;
};
let agree = 0;
let known = 0;
let bothReject = 0;
let sameFamily = 0;
let knownFamily = 0;
let crashes = 0;
let throws = 0;
for (const { m, theirs, ours: o } of verdicts) {
  const s = byKind.get(m.kind);
  s.total++;
  if (!theirs.ok) s.theirRejects++;
  const codes = [...new Set(o.diagnostics.map((d) => d.code))].sort().join(' ') || 'accepts';
  const example = `${m.source}: ${m.what}\n      spirv-val: ${theirs.ok ? 'accepts' : theirs.message.split('\n')[0]}\n      ours: ${
    o.threw !== undefined
      ? `throws ${o.threw}`
      : o.diagnostics
          .map((d) => `${d.code}: ${d.message}`)
          .slice(0, 2)
          .join(' | ') || 'accepts'
  }`;
  if (theirs.crashed) crashes++;
  if (o.threw !== undefined) {
    throws++;
    addClass('validate() throws', `${m.kind} | ${o.threw.slice(0, 100)}`, example);
  }
  if (theirs.ok === (o.diagnostics.length === 0)) {
    agree++;
    s.agree++;
    if (theirs.ok) continue;
    bothReject++;
    s.bothReject++;
    const family = spirvValFamily(theirs.message);
    if (family !== undefined && o.diagnostics.some((d) => d.family === family)) {
      sameFamily++;
      s.sameFamily++;
    } else if (
      explainFamily(
        m.kind,
        family,
        theirs.message,
        o.diagnostics.map((d) => d.family),
      )
    )
      knownFamily++;
    else addClass(`both reject, other family (spirv-val: ${family ?? '?'})`, `${m.kind} | ${pattern(theirs.message)} | ${codes}`, example);
    continue;
  }
  const isKnown = explain(m.kind, theirs.ok, theirs.message, o.diagnostics, judgeName) !== undefined;
  if (isKnown) {
    known++;
    s.known++;
  }
  addClass(
    `${theirs.ok ? 'spirv-val accepts, we reject' : 'spirv-val rejects, we accept'}${isKnown ? ' (known difference)' : ''}`,
    `${m.kind} | ${theirs.ok ? 'accepts' : pattern(theirs.message)} | ${codes}`,
    example,
  );
}

// --- Report ------------------------------------------------------------------------------------
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(2)}%`);
const seconds = (performance.now() - started) / 1000;
console.log(`validator campaign: ${mutants.length} mutants, seed ${SEED}, judge ${judge} (${judgeVersion}), ${JOBS} jobs`);
console.log(
  `sources: ${sources.length} valid modules (${corpus.length} corpus, ${folder.length} shader folder; ${candidates.length - sources.length - cleanRejected.length} rejected by the judge and left out)`,
);
if (cleanRejected.length > 0) console.log(`  valid modules we reject (left out): ${cleanRejected.length}\n    ${cleanRejected.slice(0, 10).join('\n    ')}`);
console.log(`\nper kind: agreement on accept/reject (known differences among the rest; spirv-val rejects; same family where both reject)`);
for (const [kind, s] of byKind) {
  console.log(
    `  ${kind.padEnd(22)} ${pct(s.agree, s.total).padStart(8)}  ${String(s.agree).padStart(5)}/${String(s.total).padEnd(5)} known ${String(s.known).padStart(4)}  rejects ${String(s.theirRejects).padStart(5)}  same family ${pct(s.sameFamily, s.bothReject)}`,
  );
}
console.log(
  `\noverall agreement on accept/reject: ${pct(agree, mutants.length)} (${agree}/${mutants.length}); disagreements ${mutants.length - agree}, of them listed known differences ${known}`,
);
console.log(`same family where both reject: ${pct(sameFamily, bothReject)} (${sameFamily}/${bothReject}; listed family differences ${knownFamily})`);
console.log(`spirv-val crashes or hangs: ${crashes}; validate() throws: ${throws}`);
const sorted = [...classes.values()].sort((a, b) => b.count - a.count);
console.log(`\nclasses (${sorted.length}): count, verdicts, kind | spirv-val's message | our codes, one example`);
for (const c of sorted) console.log(`  ${String(c.count).padStart(5)}  ${c.what}\n         ${c.key}\n      e.g. ${c.example}`);
const worst = Math.min(...[...byKind.values()].filter((s) => s.total > 0).map((s) => s.agree / s.total));
console.log(
  `\n${agree / mutants.length >= TARGET && worst >= TARGET ? 'PASS' : 'FAIL'}: agreement ${pct(agree, mutants.length)} overall, ${pct(worst, 1)} in the worst kind, against the ${TARGET * 100}% target`,
);
console.log(
  `time: ${seconds.toFixed(0)} s wall, this process ${((ourCpu.user + ourCpu.system) / 1e6).toFixed(1)} s CPU while judging (validate() and the mutants); load average ${load1.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
);
await runner.close();
await server.close();
