// The spvkit API in one script: decode a module, register a pass of your own, run it with
// lower-local-invocation-index (validating after each), validate the result with
// validate-builtins, encode it and write the file.
//
//   node main.mjs [IN.spv] [OUT.spv]     (default: ../shaders/reduce.spv -> out/reduce.lowered.spv)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Op, decodeModule, encodeModule, formatDiagnostic, passRegistry, reflectModule, runPasses, versionOf } from '@spvkit/core';
// Importing @spvkit/passes registers 'lower-local-invocation-index' (and the other built-in
// passes); @spvkit/validator/register registers the validator's 'validate-builtins'.
import '@spvkit/passes';
import '@spvkit/validator/register';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A pass of our own: drops the debug names (OpName, OpMemberName). A pass returns whether it
 * changed the module and what it found; this one also reports how many names it removed.
 * @type {import('@spvkit/core').Pass}
 */
const stripNames = {
  name: 'strip-names',
  description: 'remove OpName and OpMemberName',
  run(module) {
    const before = module.debugNames.length;
    module.debugNames = module.debugNames.filter((inst) => inst.opcode !== Op.Name && inst.opcode !== Op.MemberName);
    const removed = before - module.debugNames.length;
    return {
      changed: removed > 0,
      diagnostics: [{ severity: 'info', message: `removed ${removed} OpName/OpMemberName instructions` }],
    };
  },
};

// Registered by name, it can be named in runPasses, `spvkit opt --passes` and the plugins' `passes`.
passRegistry.register('strip-names', () => stripNames, stripNames.description);

function countInstructions(module) {
  let n = 0;
  for (const it = module.instructions()[Symbol.iterator](); !it.next().done;) n++;
  return n;
}

const show = (path) => relative(process.cwd(), path) || path;

/**
 * Runs the example. Returns the exit code; `log` receives each line of output.
 * @param {string[]} args `[IN.spv] [OUT.spv]`
 */
export function main(args = [], log = console.log) {
  const input = resolve(args[0] ?? resolve(here, '../shaders/reduce.spv'));
  const output = resolve(args[1] ?? resolve(here, 'out/reduce.lowered.spv'));

  // 1. Decode: any byte order, any alignment; the module keeps every word.
  const bytes = readFileSync(input);
  const module = decodeModule(bytes);
  const { major, minor } = versionOf(module.header.version);
  log(`decoded   ${show(input)}: SPIR-V ${major}.${minor}, ${bytes.length} bytes, ${countInstructions(module)} instructions, bound ${module.header.bound}`);

  // 2. Transform: the built-in lowering, then our pass; validate-builtins checks after each pass
  //    that changed the module, and the run stops at the first error.
  const run = runPasses(module, ['lower-local-invocation-index', 'strip-names'], {
    targetEnv: 'vulkan1.1',
    validate: 'each',
    validator: 'validate-builtins',
  });
  for (const t of run.timings) log(`pass      ${t.pass}: ${t.changed ? 'changed the module' : 'no change'} (${t.ms.toFixed(2)} ms)`);
  for (const d of run.diagnostics) log(`          ${formatDiagnostic(d)}`);
  if (!run.ok) return 1;

  // 3. Validate the result on its own, as `spvkit val` does.
  const check = runPasses(module, ['validate-builtins'], { targetEnv: 'vulkan1.1' });
  log(`validate  validate-builtins (vulkan1.1): ${check.diagnostics.length === 0 ? 'no findings' : `${check.diagnostics.length} finding(s)`}`);
  for (const d of check.diagnostics) log(`          ${formatDiagnostic(d)}`);
  if (!check.ok) return 1;

  // 4. Encode and write.
  const words = encodeModule(module);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, words);
  log(`wrote     ${show(output)}: ${words.byteLength} bytes, ${countInstructions(module)} instructions, bound ${module.header.bound}`);

  // 5. Read it back: what a pipeline needs to know about it.
  const written = decodeModule(readFileSync(output));
  const { entryPoints, bindings } = reflectModule(written);
  for (const ep of entryPoints) log(`reflect   entry point ${ep.name} (${ep.executionModel}), workgroup ${ep.workgroupSize?.join(' x ') ?? '-'}`);
  for (const b of bindings) log(`reflect   set ${b.set} binding ${b.binding}: ${b.kind}${b.name ? ` ${b.name}` : ' (its name went with strip-names)'}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
