// spvkit opt's pass flags (issue 16): every registered pass is a flag with spirv-opt's spelling,
// run in command-line order together with --passes and the --size preset; a pass's argument is
// the flag's value (separate or after '='); an argument the pass refuses is exit 2 with the pass's
// own message. Each run is compared with runPasses over the same specs, so the CLI adds nothing of
// its own to what the passes do.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, Op, passRegistry, runPasses, SpirvError } from '@spvkit/core';
import { PERFORMANCE_PASSES, RELEASE_PASSES, SIZE_PASSES, availableRecipe } from '@spvkit/passes';
import { runCli as spvkit } from '../support/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-opt-passes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Debug info, a dead function, a dead constant, an unused global and two spec constants: every
 * pass of the release set and of specialization has something to do here.
 */
const shader = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "shader.comp"
OpSource GLSL 450 %file
OpName %main "main"
OpName %dead "dead"
OpName %unused "unused"
OpName %out "out"
OpDecorate %width SpecId 0
OpDecorate %flag SpecId 1
OpDecorate %block Block
OpMemberDecorate %block 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%width = OpSpecConstant %uint 8
%flag = OpSpecConstantFalse %bool
%seven = OpConstant %uint 7
%uint_0 = OpConstant %uint 0
%block = OpTypeStruct %uint
%ptr_block = OpTypePointer StorageBuffer %block
%ptr_uint = OpTypePointer StorageBuffer %uint
%ptr_private = OpTypePointer Private %uint
%out = OpVariable %ptr_block StorageBuffer
%unused = OpVariable %ptr_private Private
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %file 3 1
%p = OpAccessChain %ptr_uint %out %uint_0
%v = OpSelect %uint %flag %width %uint_0
OpStore %p %v
OpReturn
OpFunctionEnd
%dead = OpFunction %void None %fn
%dead_entry = OpLabel
OpReturn
OpFunctionEnd
`;

const input = join(dir, 'shader.spvasm');
writeFileSync(input, shader);

let outputs = 0;
/** Runs `spvkit opt shader.spvasm -o OUT.spv ARGS` and returns its result and output words. */
async function opt(args: string[]): Promise<{ code: number; stderr: string; words?: Uint32Array }> {
  const out = join(dir, `out${outputs++}.spv`);
  const r = await spvkit(['opt', input, '-o', out, '--target-env', 'vulkan1.1', ...args]);
  if (r.code !== 0) return { code: r.code, stderr: r.stderr };
  const bytes = readFileSync(out);
  return { code: r.code, stderr: r.stderr, words: new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice() };
}

/** What runPasses makes of the same input with `specs`. */
function expected(specs: readonly string[]): Uint32Array {
  const module = assemble(shader, { targetEnv: 'vulkan1.1' });
  const r = runPasses(module, specs, { targetEnv: 'vulkan1.1' });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

describe('spvkit opt: pass flags from the registry', () => {
  it('--help lists every registered pass as a flag, and --size with its passes', async () => {
    const r = await spvkit(['opt', '--help']);
    expect(r.code).toBe(0);
    for (const p of passRegistry.list()) {
      // A pass whose argument is optional shows it as spirv-opt does: --scalar-replacement[="<limit>"].
      const flag =
        p.argument === undefined ? `--${p.name}` : p.argument.required ? `--${p.name} "${p.argument.syntax}"` : `--${p.name}[="${p.argument.syntax}"]`;
      expect(r.stdout).toContain(flag);
      if (p.description !== '') expect(r.stdout).toContain(p.description.slice(0, 40));
    }
    expect(r.stdout).toContain('--size');
    expect(r.stdout).toContain(RELEASE_PASSES.map((p) => `--${p}`).join(' '));
  });

  it('an unknown flag or pass is bad usage (exit 2)', async () => {
    expect((await opt(['--strip-everything'])).code).toBe(2);
    const r = await opt(['--passes', 'no-such-pass']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown pass 'no-such-pass'");
  });

  it('passes run in command-line order, flags and --passes mixed', async () => {
    const a = await opt(['--strip-debug', '--passes', 'eliminate-dead-functions', '--compact-ids']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.words).toEqual(expected(['strip-debug', 'eliminate-dead-functions', 'compact-ids']));
    // compact-ids first leaves the holes the later passes make: a different, larger bound.
    const b = await opt(['--compact-ids', '--strip-debug', '--passes', 'eliminate-dead-functions']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.words).toEqual(expected(['compact-ids', 'strip-debug', 'eliminate-dead-functions']));
    expect(b.words![3]).toBeGreaterThan(a.words![3]);
  });

  it("spirv-opt's four release flags on a binary (the bodies edited as words, written once) give the bytes of the passes", async () => {
    const live = shader.slice(0, shader.indexOf('%dead = OpFunction')).replace('OpName %dead "dead"\n', '');
    const spv = join(dir, 'live.spv');
    writeFileSync(spv, encodeModule(assemble(live, { targetEnv: 'vulkan1.1' })));
    const flags = ['--strip-debug', '--eliminate-dead-functions', '--eliminate-dead-const', '--compact-ids'];
    const out = join(dir, 'live.out.spv');
    const r = await spvkit(['opt', spv, '-o', out, ...flags]);
    expect(r.code, r.stderr).toBe(0);
    const module = decodeModule(readFileSync(spv));
    expect(
      runPasses(
        module,
        flags.map((f) => f.slice(2)),
      ).ok,
    ).toBe(true);
    expect(new Uint8Array(readFileSync(out))).toEqual(new Uint8Array(encodeModule(module).buffer));
    // The dead constant and the unused variable went, the names and lines with them.
    expect(decodeModule(readFileSync(out)).globals.length).toBeLessThan(decodeModule(readFileSync(spv)).globals.length);
  });

  it('a body the decoder would reject fails a run of several passes as it fails a run of one', async () => {
    const live = shader.slice(0, shader.indexOf('%dead = OpFunction')).replace('OpName %dead "dead"\n', '');
    const words = encodeModule(assemble(live, { targetEnv: 'vulkan1.1' }));
    // The body's OpLabel defines the id of the module's first constant again.
    const module = decodeModule(words);
    const start = words.length - module.lazyFunctionWords()!.length;
    let label = start;
    while ((words[label] & 0xffff) !== Op.Label) label += words[label] >>> 16;
    words[label + 1] = module.globals.find((inst) => inst.opcode === Op.Constant)!.resultId;
    const spv = join(dir, 'duplicate.spv');
    writeFileSync(spv, words);
    const listRun = await spvkit([
      'opt',
      spv,
      '-o',
      join(dir, 'never.spv'),
      '--strip-debug',
      '--eliminate-dead-functions',
      '--eliminate-dead-const',
      '--compact-ids',
    ]);
    const passRun = await spvkit(['opt', spv, '-o', join(dir, 'never.spv'), '--strip-debug']);
    expect(passRun.code).not.toBe(0);
    expect(passRun.stderr).toContain('already defined');
    expect({ code: listRun.code, stderr: listRun.stderr }).toEqual({ code: passRun.code, stderr: passRun.stderr });
  });

  it("-O and -Os run spirv-opt's recipes, in its order, with the other flags where they stand", async () => {
    for (const [flag, recipe] of [
      ['-O', PERFORMANCE_PASSES],
      ['-Os', SIZE_PASSES],
    ] as const) {
      const { passes, missing } = availableRecipe(recipe);
      const r = await opt(['--strip-debug', flag, '--compact-ids']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.words).toEqual(expected(['strip-debug', ...passes, 'compact-ids']));
      // What the recipe lacks is named once, not read as -O -s or as a usage error.
      if (missing.length > 0)
        expect(r.stderr).toContain(`${flag} runs ${passes.length} of the ${recipe.length} passes of spirv-opt's recipe: spvkit has no --${missing[0]}`);
      else expect(r.stderr).toBe('');
      // After `--` it is a file name, as any other argument: a second input, which -o cannot take.
      const named = await spvkit(['opt', input, '-o', join(dir, 'x.spv'), '--', flag]);
      expect(named.code).toBe(2);
      expect(named.stderr).not.toContain("spirv-opt's recipe");
    }
  });

  it('--size runs the release set, in its order', async () => {
    const r = await opt(['--size']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.words).toEqual(expected(RELEASE_PASSES));
    const m = decodeModule(r.words!);
    const ops = [...m.debugNames, ...m.debugStrings].map((i) => i.opcode);
    expect(ops.filter((op) => op === Op.Name || op === Op.String || op === Op.Source)).toEqual([]);
    expect(m.functions.length).toBe(1);
    // Ids compacted: the bound is the number of ids plus one.
    expect(r.words!.length).toBeLessThan(expected([]).length);
  });

  it('--set-spec-const-default-value takes its value separately or after =, as spirv-opt does', async () => {
    const spec = 'set-spec-const-default-value=0:64 1:true';
    const separate = await opt(['--set-spec-const-default-value', '0:64 1:true', '--freeze-spec-const']);
    const inline = await opt(['--set-spec-const-default-value=0:64 1:true', '--freeze-spec-const']);
    const listed = await opt(['--passes', `${spec},freeze-spec-const`]);
    expect(separate.code, separate.stderr).toBe(0);
    const want = expected([spec, 'freeze-spec-const']);
    expect(separate.words).toEqual(want);
    expect(inline.words).toEqual(want);
    expect(listed.words).toEqual(want);
    // 64 is now a plain constant of the module.
    const m = decodeModule(separate.words!);
    expect(m.globals.some((i) => i.opcode === Op.Constant && i.operands[i.operands.length - 1] === 64)).toBe(true);
    expect(m.globals.some((i) => i.opcode === Op.SpecConstant)).toBe(false);
  });

  it('--set-spec-const-default-value warns of a SpecId the module lacks and sets the others (spirv-opt ignores it)', async () => {
    const r = await opt(['--set-spec-const-default-value', '0:64 7:1', '--freeze-spec-const']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: set-spec-const-default-value: no specialization constant has SpecId 7');
    expect(r.stderr).toContain("hint: the module's SpecIds: 0, 1");
    expect(r.words).toEqual(expected(['set-spec-const-default-value=0:64', 'freeze-spec-const']));
  });

  it("an argument the pass refuses is exit 2 with the pass's message", async () => {
    let message = '';
    try {
      passRegistry.create('set-spec-const-default-value=zero:64');
    } catch (e) {
      if (!(e instanceof SpirvError)) throw e;
      message = e.message;
    }
    expect(message).not.toBe('');
    const r = await opt(['--set-spec-const-default-value', 'zero:64']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    // A flag that needs a value and has none.
    const bare = await spvkit(['opt', input, '-o', join(dir, 'never.spv'), '--set-spec-const-default-value']);
    expect(bare.code).toBe(2);
    // An argument to a pass that takes none.
    const extra = await opt(['--passes', 'strip-debug=yes']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain("pass 'strip-debug' takes no argument");
  });
});
