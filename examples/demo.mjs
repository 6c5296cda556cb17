// The root `pnpm demo`, after the packages and the examples are built: the CLI's summary of the
// bundled shader, the API example, the Rollup/Node example, and where the inspector page is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rel = (p) => relative(process.cwd(), join(root, p)) || '.';
const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s);

function section(title, command, args) {
  console.log(`\n${bold(`── ${title}`)}\n$ ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`demo: '${title}' failed (exit code ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

section('spvkit info: a summary of the bundled shader', process.execPath, ['packages/cli/bin/spvkit.js', 'info', 'examples/shaders/reduce.spv']);
section('examples/api: decode, a pass of your own, lower, validate, encode, write', process.execPath, [
  'examples/api/main.mjs',
  'examples/shaders/reduce.spv',
  'examples/api/out/reduce.lowered.spv',
]);
section('examples/rollup-node: a Rollup bundle that imports a compute shader', process.execPath, ['examples/rollup-node/dist/main.js']);

const dist = join(root, 'examples/inspector/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('demo: examples/inspector/dist/index.html is missing (run `pnpm --filter @spvkit/example-inspector build`)');
  process.exit(1);
}
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(dist);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`\n${bold('── examples/inspector: the shader inspector page')}`);
console.log(`built to ${rel('examples/inspector/dist')}/ by Vite 8 with @spvkit/vite-plugin:`);
for (const f of files.sort()) console.log(`  ${relative(dist, f).padEnd(34)} ${kib(statSync(f).size).padStart(10)}`);
console.log(`serve it:  pnpm --filter @spvkit/example-inspector preview   (then open http://localhost:4173/)`);
console.log(`           or any static file server on ${rel('examples/inspector/dist')}/ (module scripts do not load from file://)`);
console.log(`dev mode:  pnpm --filter @spvkit/example-inspector dev       (shader edits reload through the plugin's HMR)`);
