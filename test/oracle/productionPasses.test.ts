/**
 * The production passes of issue 16 against spirv-opt: for each pass list (each pass alone, the
 * release preset `--size`, and a specialization list for each module with spec constants), every
 * module of the corpus (glslang with and without -g / -gV, and the hand-written assembly) goes
 * through our passes and through spirv-opt with the same flags. Both outputs must pass spirv-val;
 * over each list our output must total at most spirv-opt's bytes; and where the two removed
 * different instructions (counted by opcode), the difference must be one listed in
 * KNOWN_DIFFERENCES with its reason, so that a new one fails until it is understood.
 *
 * The oracle is Debian's spirv-opt; with SPVKIT_SPIRV_TOOLS_HEAD naming a folder that holds a
 * newer spirv-opt, it is compared as well (never required). Without Debian's tools the suite
 * skips with a message, or fails under SPVKIT_REQUIRE_ORACLES=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { decodeModule, encodeModule, opcodeName, reflectModule, runPasses, type Module } from '@spvkit/core';
import { RELEASE_PASSES } from '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, runTool, spirvVal, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';

const debianOpt = spawnSync('spirv-opt', ['--version'], { encoding: 'utf8' });
const corpusTools = corpusToolsAvailable();
const availability =
  debianOpt.status !== 0
    ? { ok: false, reason: "Debian's spirv-opt (spirv-tools) is not installed" }
    : corpusTools.ok
      ? { ok: true }
      : { ok: false, reason: corpusTools.reason ?? 'the corpus tools are missing' };
const headDir = process.env.SPVKIT_SPIRV_TOOLS_HEAD;
const headOpt = headDir !== undefined && headDir !== '' && existsSync(join(headDir, 'spirv-opt')) ? join(headDir, 'spirv-opt') : undefined;

/** A pass list: spirv-opt's flags, for a module (undefined: the list does not apply to it). */
interface PassList {
  readonly name: string;
  flags(m: CorpusModule): string[] | undefined;
}

const SINGLE_PASSES = [
  'strip-debug',
  'strip-nonsemantic',
  'strip-reflect',
  'eliminate-dead-functions',
  'eliminate-dead-const',
  'eliminate-dead-variables',
  'remove-unused-interface-variables',
  'compact-ids',
  'freeze-spec-const',
  'fold-spec-const-op-composite',
];

/** Values other than the defaults for a module's spec constants, as spirv-opt's argument; undefined without any. */
function specializationArgument(m: CorpusModule): string | undefined {
  const specs = reflectModule(decodeModule(m.words)).specConstants;
  if (specs.length === 0) return undefined;
  return specs
    .map((s) => {
      const d = s.default;
      const v = typeof d === 'boolean' ? String(!d) : typeof d === 'bigint' ? String(d + 1n) : s.type.startsWith('float') ? String(d + 0.5) : String(d + 1);
      return `${s.id}:${v}`;
    })
    .join(' ');
}

const PASS_LISTS: readonly PassList[] = [
  ...SINGLE_PASSES.map((p) => ({ name: `--${p}`, flags: () => [`--${p}`] })),
  { name: '--size', flags: () => RELEASE_PASSES.map((p) => `--${p}`) },
  {
    name: '--set-spec-const-default-value (then freeze, fold)',
    flags: (m) => {
      const arg = specializationArgument(m);
      return arg === undefined ? undefined : ['--set-spec-const-default-value', arg, '--freeze-spec-const', '--fold-spec-const-op-composite'];
    },
  },
  {
    name: '--set-spec-const-default-value then --size',
    flags: (m) => {
      const arg = specializationArgument(m);
      return arg === undefined
        ? undefined
        : ['--set-spec-const-default-value', arg, '--freeze-spec-const', '--fold-spec-const-op-composite', ...RELEASE_PASSES.map((p) => `--${p}`)];
    },
  },
];

/** spirv-opt flags as our pass specs: `--a`, `--b VALUE` -> `['a', 'b=VALUE']`. */
function specsOf(flags: readonly string[]): string[] {
  const specs: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const name = flags[i].slice(2);
    if (name === 'set-spec-const-default-value') specs.push(`${name}=${flags[++i]}`);
    else specs.push(name);
  }
  return specs;
}

/**
 * Differences in what the two removed, each understood. `list` and `module` match the pass list's
 * and the module's names; `opcodes` the instructions counted differently (ours minus spirv-opt's:
 * negative where ours removed more). A difference not matched here fails the test.
 */
interface KnownDifference {
  readonly list: RegExp;
  readonly module: RegExp;
  readonly opcodes: RegExp;
  /** Only where ours has fewer of each (removed more), never more. */
  readonly oursFewer?: boolean;
  readonly why: string;
}

const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    list: /./,
    module: /:gV$|extinst_shader_debuginfo100/,
    opcodes: /^OpExtInst$/,
    why: 'spirv-opt rebuilds NonSemantic.Shader.DebugInfo.100 scopes when it writes a module, whatever the pass: it emits a DebugScope or DebugNoScope at each block start and after calls, so its output has more of them than its input; ours keeps the instructions as they were',
  },
  {
    list: /^--eliminate-dead-functions$/,
    module: /extinst_shader_debuginfo100/,
    opcodes: /^Op(Constant|TypeFunction|ExtInst)$/,
    why: "ours also removes the types and constants only the dead function used (issue 16: 'and the unused types ... these leave behind'); spirv-opt leaves them for --eliminate-dead-const",
  },
  {
    list: /^--eliminate-dead-const$|^--size$/,
    module: /particles_update\.comp/,
    opcodes: /^Op(Decorate|SpecConstant|SpecConstantComposite|ExtInst)$/,
    why: "the OpSpecConstantComposite decorated BuiltIn WorkgroupSize is what makes local_size_x_id's SpecId size the workgroup: Debian's spirv-opt deletes it (and the spec constant and its SpecId) as unused, so specializing SpecId 0 no longer changes the size; ours keeps it, as a driver reads it",
  },
  {
    list: /^--eliminate-dead-(variables|functions)$|--size$/,
    module: /./,
    opcodes: /^Op(Type[A-Za-z]+|Constant[A-Za-z]*|Decorate|MemberDecorate|DecorationGroup|GroupDecorate|GroupMemberDecorate)$/,
    oursFewer: true,
    why: "ours also removes the types, constants and decorations that the removed functions and variables alone used (issue 16: 'and the unused types, decorations and names these leave behind'); spirv-opt's --eliminate-dead-variables and --eliminate-dead-functions leave them, and its --eliminate-dead-const removes constants only",
  },
  {
    list: /^--strip-(nonsemantic|reflect)$|--size$/,
    module: /extinst_debugprintf/,
    opcodes: /^Op(String|Type[A-Za-z]+)$/,
    oursFewer: true,
    why: 'the OpStrings only NonSemantic.DebugPrintf named (its format strings), and with --size the types only its arguments used, are unused once strip-nonsemantic has removed the printf instructions; ours removes them, spirv-opt keeps them',
  },
  {
    list: /^--freeze-spec-const$/,
    module: /lii_spec_(size|mixed)\.comp|particles_update\.comp/,
    opcodes: /^Op(SpecConstantComposite|ConstantComposite|ExtInst)$/,
    why: 'ours freezes an OpSpecConstantComposite whose constituents are all constants once frozen (the WorkgroupSize vector) into an OpConstantComposite, so the size is a constant after one pass; spirv-opt freezes scalars only and leaves the composite to --fold-spec-const-op-composite',
  },
  {
    list: /^--set-spec-const-default-value/,
    module: /./,
    opcodes: /^Op(Constant|ConstantTrue|ConstantFalse|ConstantComposite|ExtInst)$/,
    oursFewer: true,
    why: 'spirv-opt adds a new OpConstant for each folded or frozen value even where an equal constant exists (%uint_9 and %uint_9_0 side by side); ours reuses the existing constant',
  },
  {
    list: /^--strip-(nonsemantic|reflect)$/,
    module: /:gV$|extinst_shader_debuginfo100/,
    opcodes: /^OpNoLine$/,
    oursFewer: true,
    why: 'HEAD spirv-opt re-emits line information from its IR when it writes a module with NonSemantic.Shader.DebugInfo.100, adding OpNoLine at block ends; ours leaves the instructions as they were',
  },
  {
    list: /--size$/,
    module: /:gV$|extinst_shader_debuginfo100/,
    opcodes: /^Op(String|TypeFunction)$/,
    oursFewer: true,
    why: 'the OpStrings that only NonSemantic.Shader.DebugInfo.100 instructions named (file names, source text, type and function names) are unused once strip-nonsemantic has removed those; HEAD spirv-opt keeps them, ours removes them with the rest of the debug info',
  },
  {
    list: /^--set-spec-const-default-value/,
    module: /spec_constant_op\.spvasm/,
    opcodes: /^Op(SpecConstantOp|Constant|ConstantTrue|ConstantFalse|ConstantComposite|TypeInt)$/,
    why: 'an OpSpecConstantOp VectorShuffle with an undefined (0xFFFFFFFF) component stays for the driver in ours, HEAD spirv-opt folds it choosing a value; the constants it alone needed stay with it, and spirv-opt adds duplicate constants (see above)',
  },
  {
    list: /^--set-spec-const-default-value/,
    module: /local_size_id\.spvasm/,
    opcodes: /^Op(ExecutionMode|ExecutionModeId|Constant)$/,
    why: 'issue 16 asks fold-spec-const-op-composite to resolve LocalSizeId to fixed sizes once its operands are constants: ours writes OpExecutionMode LocalSize, spirv-opt keeps OpExecutionModeId LocalSizeId; with --size the constants only LocalSizeId named are then dead and go',
  },
];

/**
 * Modules on which Debian's spirv-opt writes an output that spirv-val refuses: its bugs, fixed in
 * later SPIRV-Tools. Compared for size only where its output is valid, so these are listed, not
 * compared.
 */
interface OracleBug {
  readonly list: RegExp;
  readonly module: RegExp;
  readonly why: string;
}

const ORACLE_BUGS: readonly OracleBug[] = [
  {
    list: /^--strip-debug$/,
    module: /:gV$|extinst_shader_debuginfo100/,
    why: 'HEAD spirv-opt --strip-debug removes a DebugFunction but keeps the DebugFunctionDefinition that names it, an undefined id (Debian 2023.1 crashes on these modules instead)',
  },
  {
    list: /^--eliminate-dead-variables$|--size$/,
    module: /decorate_string_hlsl_google\.spvasm/,
    why: 'Debian spirv-opt removes the unused counter buffer but keeps the OpDecorateId HlslCounterBufferGOOGLE that names it, an undefined id',
  },
];

/** Instruction counts by opcode name. */
function histogram(words: Uint32Array): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 5; i < words.length;) {
    const wc = words[i] >>> 16;
    const name = opcodeName(words[i] & 0xffff) ?? `Op${words[i] & 0xffff}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    i += Math.max(1, wc);
  }
  return counts;
}

/** `ours` minus `theirs`, per opcode, without the zeros. */
function countDifference(ours: Uint32Array, theirs: Uint32Array): Map<string, number> {
  const a = histogram(ours);
  const b = histogram(theirs);
  const diff = new Map<string, number>();
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const d = (a.get(k) ?? 0) - (b.get(k) ?? 0);
    if (d !== 0) diff.set(k, d);
  }
  return diff;
}

const dir = mkdtempSync(join(tmpdir(), 'spvkit-production-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** spirv-opt (`tool`) over `words` with `flags`; the output, or its message when it refused. */
async function spirvOpt(tool: string, words: Uint32Array, targetEnv: string, flags: readonly string[]): Promise<{ words: Uint32Array } | { refused: string }> {
  const n = files++;
  const input = join(dir, `in${n}.spv`);
  const output = join(dir, `out${n}.spv`);
  writeFileSync(input, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  // spirv-opt takes --target-env=ENV only in this form.
  const r = await runTool(tool, [`--target-env=${targetEnv}`, ...flags, input, '-o', output]);
  // Debian's 2023.1 crashes (SIGSEGV, no exit code) on -gV modules under the strip passes.
  if (r.code !== 0) return { refused: r.code === null ? 'crashed' : `${r.stdout}${r.stderr}`.trim().split('\n')[0] || `exit ${r.code}` };
  const bytes = readFileSync(output);
  rmSync(input);
  rmSync(output);
  return { words: new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice() };
}

/** Our passes over `words`. */
function ours(words: Uint32Array, specs: readonly string[], targetEnv: string): Uint32Array {
  const module: Module = decodeModule(words);
  const r = runPasses(module, specs, { targetEnv });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((d) => d.message).join('\n'));
  return encodeModule(module);
}

/** Runs `jobs` at most `limit` at a time (each spawns tools). */
async function inBatches<T>(jobs: readonly (() => Promise<T>)[], limit = 4): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

interface ListOutcome {
  ourBytes: number;
  theirBytes: number;
  compared: number;
  problems: string[];
  unexplained: string[];
  refused: string[];
  explained: string[];
}

async function compareList(list: PassList, modules: readonly CorpusModule[], tool: string): Promise<ListOutcome> {
  const outcome: ListOutcome = { ourBytes: 0, theirBytes: 0, compared: 0, problems: [], unexplained: [], refused: [], explained: [] };
  const jobs = modules.map((m) => async () => {
    const flags = list.flags(m);
    if (flags === undefined) return;
    const theirs = await spirvOpt(tool, m.words, m.targetEnv, flags);
    if ('refused' in theirs) {
      // spirv-opt validates its input first; a module it cannot read is listed, not compared.
      outcome.refused.push(`${m.name}: ${theirs.refused}`);
      return;
    }
    let mine: Uint32Array;
    try {
      mine = ours(m.words, specsOf(flags), m.targetEnv);
    } catch (e) {
      outcome.problems.push(`${m.name}: our passes failed: ${(e as Error).message}`);
      return;
    }
    const [vOurs, vTheirs] = await Promise.all([spirvVal(mine, m.targetEnv), spirvVal(theirs.words, m.targetEnv)]);
    if (!vOurs.ok) outcome.problems.push(`${m.name}: our output fails spirv-val: ${vOurs.message}`);
    if (!vTheirs.ok) {
      const bug = ORACLE_BUGS.find((b) => b.list.test(list.name) && b.module.test(m.name));
      if (bug === undefined) outcome.problems.push(`${m.name}: spirv-opt's output fails spirv-val: ${vTheirs.message}`);
      else outcome.refused.push(`${m.name}: spirv-opt's output is invalid (${bug.why})`);
      if (bug !== undefined) return;
    }
    outcome.ourBytes += mine.byteLength;
    outcome.theirBytes += theirs.words.byteLength;
    outcome.compared++;
    const diff = countDifference(mine, theirs.words);
    if (diff.size === 0) return;
    const text = [...diff].map(([op, d]) => `${op} ${d > 0 ? '+' : ''}${d}`).join(', ');
    const known = KNOWN_DIFFERENCES.find(
      (k) => k.list.test(list.name) && k.module.test(m.name) && [...diff].every(([op, d]) => k.opcodes.test(op) && (k.oursFewer !== true || d < 0)),
    );
    if (known === undefined) outcome.unexplained.push(`${m.name}: ours minus spirv-opt's: ${text}`);
    else outcome.explained.push(`${m.name}: ${text} (${known.why})`);
  });
  await inBatches(jobs);
  return outcome;
}

const totals: string[] = [];
afterAll(() => {
  if (totals.length > 0) console.info(`production passes vs spirv-opt, bytes over the corpus:\n${totals.join('\n')}`);
});

describeWithOracle('production passes against spirv-opt over the corpus', availability, () => {
  const modulesPromise = loadCorpus();
  const tools: [string, string][] = [[`Debian spirv-opt (${`${debianOpt.stdout}${debianOpt.stderr}`.trim().split('\n')[0]})`, 'spirv-opt']];
  if (headOpt !== undefined) tools.push(['HEAD spirv-opt', headOpt]);

  for (const list of PASS_LISTS) {
    for (const [toolName, tool] of tools) {
      it(`${list.name} vs ${toolName}`, { timeout: 600_000 }, async () => {
        const modules = await modulesPromise;
        const o = await compareList(list, modules, tool);
        totals.push(
          `  ${list.name.padEnd(52)} vs ${toolName}: ours ${o.ourBytes} B, spirv-opt ${o.theirBytes} B over ${o.compared} modules` +
            (o.refused.length > 0 ? ` (${o.refused.length} refused by spirv-opt)` : ''),
        );
        if (o.explained.length > 0) console.info(`${list.name} vs ${toolName}: known differences:\n  ${o.explained.join('\n  ')}`);
        if (o.refused.length > 0) console.info(`${list.name} vs ${toolName}: not compared:\n  ${o.refused.join('\n  ')}`);
        expect(o.problems, `${list.name}:\n${o.problems.join('\n')}`).toEqual([]);
        expect(o.compared).toBeGreaterThan(0);
        expect(o.unexplained, `${list.name}: differences in what was removed, not in KNOWN_DIFFERENCES:\n${o.unexplained.join('\n')}`).toEqual([]);
        expect(o.ourBytes, `${list.name}: our total exceeds spirv-opt's`).toBeLessThanOrEqual(o.theirBytes);
      });
    }
  }
});
