// The examples of packages/core/README.md's "Walking and editing the IR" run as written, so the
// README cannot drift from the API: the section's ```ts blocks are taken from the README, type-
// checked (strict) against core's declarations, and run in order, on the section's ```spvasm shader as
// `fill.spvasm`. The lines of a block that start with `// ` at the beginning of the line are what
// the block prints, and must be what it prints.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { compileFunction } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as core from '@spvkit/core';
import { repoRoot } from '../plugins/helpers.js';

const README = join(repoRoot, 'packages', 'core', 'README.md');
const SECTION = '## Walking and editing the IR';
const CORE_TYPES = join(repoRoot, 'packages', 'core', 'dist', 'index.d.ts');

interface Example {
  readonly code: string;
  /** What the block says it prints. */
  readonly prints: string[];
}

function readSection(): { shader: string; examples: Example[] } {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`packages/core/README.md has no "${SECTION}" section`);
  const next = text.indexOf('\n## ', start + SECTION.length + 2);
  const section = text.slice(start, next < 0 ? undefined : next);
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], body: m[2] }));
  const shaders = blocks.filter((b) => b.lang === 'spvasm');
  if (shaders.length !== 1) throw new Error(`expected one spvasm block in "${SECTION}", found ${shaders.length}`);
  const examples = blocks
    .filter((b) => b.lang === 'ts')
    .map((b) => ({
      code: b.body,
      prints: b.body
        .split('\n')
        .filter((l) => l.startsWith('// '))
        .map((l) => l.slice(3).trim()),
    }));
  return { shader: shaders[0].body, examples };
}

/** The blocks as one module, the way a reader follows them: each goes on from the ones before. */
function program(examples: readonly Example[]): string {
  return examples.map((e) => e.code).join('\n');
}

describe('packages/core/README.md: Walking and editing the IR', () => {
  const { shader, examples } = readSection();

  it('has its examples, each saying what it prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const e of examples) expect(e.prints.length, e.code).toBeGreaterThan(0);
  });

  it('type-checks (strict) against @spvkit/core', () => {
    if (!existsSync(CORE_TYPES)) throw new Error('packages/core/dist is missing: run `pnpm build` first (`pnpm test` does)');
    const file = join(repoRoot, 'test', 'core', '__readme__.ts');
    const source = `export {};\n${program(examples)}`;
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      skipLibCheck: true,
      // Core's declarations as users get them (built by `pnpm build`, which `pnpm test` runs
      // first); checking against its sources instead costs half a minute.
      paths: { '@spvkit/core': [CORE_TYPES] },
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, onError, create) =>
      name === file ? ts.createSourceFile(name, source, version, true) : getSourceFile(name, version, onError, create);
    const checked = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(checked)
      .filter((d) => d.file?.fileName === file)
      .map((d) => `README example line ${d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('runs and prints what it says', () => {
    const js = ts.transpileModule(program(examples), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: false },
    }).outputText;
    const printed: string[] = [];
    const fakeConsole = { log: (...args: unknown[]) => void printed.push(format(...args)) };
    const modules: Record<string, unknown> = {
      '@spvkit/core': core,
      'node:fs': {
        readFileSync(path: string, encoding?: string) {
          if (path !== 'fill.spvasm' || encoding !== 'utf8') throw new Error(`the README reads ${path} (${encoding}); only fill.spvasm as utf8 is there`);
          return shader;
        },
      },
    };
    const requireFromReadme = (name: string): unknown => {
      if (!(name in modules)) throw new Error(`the README imports ${name}`);
      return modules[name];
    };
    const exportsObject = {};
    // console.log formats its first argument (`%i` is a placeholder), so the README's calls
    // are formatted exactly as Node would.
    // Run as CommonJS in this realm (so typed arrays are this realm's), as `new Function` would.
    const runReadme = compileFunction(js, ['require', 'exports', 'console']);
    Reflect.apply(runReadme, undefined, [requireFromReadme, exportsObject, fakeConsole]);
    expect(printed.flatMap((p) => p.split('\n')).map((l) => l.trim())).toEqual(examples.flatMap((e) => e.prints));
  });

  it('the edited module is a valid module: it encodes, decodes and keeps its other instructions', () => {
    // The README's edit, checked beyond what it prints: decode its words and look at the body.
    const module = core.assemble(shader, { targetEnv: 'vulkan1.1' });
    const before = [...module.instructions()].length;
    const block = module.functions[0].blocks[0];
    const load = block.instructions.find((inst) => inst.opcode === core.Op.Load)!;
    const uses = module.analysis(core.DefUseAnalysis).uses(load.resultId);
    const three = module.analysis(core.TypesAnalysis).constantUint(3);
    const tripled = new core.Builder(module).after(block, load).iMul(load.typeId, load.resultId, three);
    for (const { instruction, operand } of uses) if (instruction.opcode !== core.Op.Name) module.setOperand(instruction, operand, tripled.resultId);
    const decoded = core.decodeModule(core.encodeModule(module));
    expect([...decoded.instructions()].length).toBe(before + 2); // OpIMul and OpConstant %uint 3
    const body = decoded.functions[0].blocks[0].instructions.map((i) => core.opcodeName(i.opcode));
    expect(body).toEqual(['OpLoad', 'OpIMul', 'OpAccessChain', 'OpStore', 'OpReturn']);
    // The load keeps its name; the product is what the access chain and the store use.
    const [newLoad, product, chain, store] = decoded.functions[0].blocks[0].instructions;
    expect(decoded.analysis(core.NamesAnalysis).name(newLoad.resultId)).toBe('i');
    expect([product.word(0), product.word(1)]).toEqual([newLoad.resultId, three]);
    expect(chain.word(chain.operandCount - 1)).toBe(product.resultId);
    expect(store.word(1)).toBe(product.resultId);
  });
});
