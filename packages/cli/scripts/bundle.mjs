// Bundles the built CLI and everything it imports into one file, dist/spvkit.mjs. Node's ESM
// loader pays per module file; one file starts the command about a third faster, and start-up is
// most of the time of a typical `spvkit` run.
import { rolldown } from 'rolldown';

const bundle = await rolldown({
  input: new URL('../dist/bin.js', import.meta.url).pathname,
  platform: 'node',
  logLevel: 'warn',
});
await bundle.write({ file: new URL('../dist/spvkit.mjs', import.meta.url).pathname, format: 'esm' });
await bundle.close();
