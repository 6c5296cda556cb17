// The Node examples are plain .mjs files without declarations (they are meant to be read and run
// as they are); these loaders import them by URL and check the shapes the tests rely on, so a
// changed example fails here with a message instead of a TypeError deep in a test.
import type { OutputOptions, RollupOptions } from 'rollup';

const apiUrl = new URL('../../examples/api/main.mjs', import.meta.url).href;
const rollupConfigUrl = new URL('../../examples/rollup-node/rollup.config.mjs', import.meta.url).href;

/** examples/api's `main(args, log)`: runs the example and returns its exit code. */
export type ApiMain = (args: string[], log: (line: string) => void) => number;

/** A Rollup config with a single output object, as examples/rollup-node exports. */
export type SingleOutputConfig = RollupOptions & { output: OutputOptions };

async function importByUrl(url: string): Promise<Record<string, unknown>> {
  const namespace: unknown = await import(url);
  if (typeof namespace !== 'object' || namespace === null) throw new Error(`${url} did not load as a module`);
  return Object.fromEntries(Object.entries(namespace));
}

/** Imports examples/api/main.mjs and returns its `main`, checking that it returns an exit code. */
export async function loadApiMain(): Promise<ApiMain> {
  const main = (await importByUrl(apiUrl)).main;
  if (typeof main !== 'function') throw new Error(`examples/api/main.mjs does not export a function main`);
  return (args, log) => {
    const code: unknown = Reflect.apply(main, undefined, [args, log]);
    if (typeof code !== 'number') throw new Error(`examples/api main() returned ${typeof code}, expected an exit code`);
    return code;
  };
}

function isSingleOutputConfig(value: unknown): value is SingleOutputConfig {
  return (
    typeof value === 'object' && value !== null && 'input' in value && 'output' in value && typeof value.output === 'object' && !Array.isArray(value.output)
  );
}

/** Imports examples/rollup-node/rollup.config.mjs and returns its default export. */
export async function loadRollupNodeConfig(): Promise<SingleOutputConfig> {
  const config = (await importByUrl(rollupConfigUrl)).default;
  if (!isSingleOutputConfig(config)) throw new Error('examples/rollup-node/rollup.config.mjs does not export a config with input and one output');
  return config;
}
