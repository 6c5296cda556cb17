/**
 * lower-local-invocation-index against the oracles: glslang writes the inputs (several target
 * envs, with and without debug info), spirv-as the hand-written ones, spirv-val judges every
 * output. Beside validity, each output is checked for meaning by a small evaluator over the new
 * instructions: every former load of the index must compute
 * `lid.z * X * Y + lid.y * X + lid.x` for every local id of the workgroup, with the entry point's
 * size and, for specialization constants, with values other than the defaults.
 *
 * Without glslangValidator / spirv-as / spirv-val the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BuiltIn,
  Decoration,
  DecorationsAnalysis,
  EntryPointsAnalysis,
  Op,
  SourceLocationsAnalysis,
  SpirvError,
  StorageClass,
  decodeModule,
  encodeModule,
  passRegistry,
  runPasses,
  type Instruction,
  type Module,
} from '@spvkit/core';
import '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, spirvVal, type CorpusModule } from '../corpus/index.js';
import { computeAsm } from '../support/computeAsm.js';
import { runCli } from '../support/runCli.js';

const PASS = 'lower-local-invocation-index';
const corpusAsm = fileURLToPath(new URL('../corpus/asm/', import.meta.url));
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
const tools = corpusToolsAvailable();

type Vec3 = [number, number, number];

// ------------------------------------------------------------------------------------ tools

function tempDir<T>(f: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-lii-'));
  try {
    return f(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function toWords(bytes: Buffer): Uint32Array {
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** glslangValidator -V, compiled from inside a temp dir so -g debug info names `shader.<stage>`. */
function glsl(source: string, stage: string, env: string, flags: string[] = []): Uint32Array {
  return tempDir((dir) => {
    writeFileSync(join(dir, `shader.${stage}`), source);
    execFileSync('glslangValidator', ['-V', ...flags, '--target-env', env, '-o', 'out.spv', `shader.${stage}`], { cwd: dir, stdio: 'pipe' });
    return toWords(readFileSync(join(dir, 'out.spv')));
  });
}

/** spirv-as (the project's assembler is not exported yet). */
function asm(text: string, env: string): Uint32Array {
  return tempDir((dir) => {
    writeFileSync(join(dir, 'in.spvasm'), text);
    try {
      execFileSync('spirv-as', ['--target-env', env, '-o', 'out.spv', 'in.spvasm'], { cwd: dir, stdio: 'pipe' });
    } catch (e) {
      throw new Error(`spirv-as failed: ${String((e as { stderr?: Buffer }).stderr ?? e)}\n${text}`, { cause: e });
    }
    return toWords(readFileSync(join(dir, 'out.spv')));
  });
}

function dis(words: Uint32Array): string {
  return execFileSync('spirv-dis', ['--raw-id', '-'], { input: Buffer.from(words.buffer, words.byteOffset, words.byteLength), encoding: 'utf8' });
}

async function expectValid(words: Uint32Array, env: string, what = ''): Promise<void> {
  const r = await spirvVal(words, env);
  if (!r.ok) expect.fail(`spirv-val --target-env ${env} ${what}:\n${r.message}\n${dis(words)}`);
}

// ------------------------------------------------------------------------------------ running the pass

/**
 * Runs the pass on a freshly decoded module (function bodies undecoded: the pass may rewrite words)
 * and on one whose bodies were decoded first (the pass edits instructions): both must agree.
 */
function lower(words: Uint32Array): { words: Uint32Array; changed: boolean; module: Module } {
  const module = decodeModule(words);
  const r = passRegistry.create(PASS).run(module, {});
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const out = encodeModule(module);
  const decoded = decodeModule(words);
  void decoded.functions;
  const r2 = passRegistry.create(PASS).run(decoded, {});
  expect(r2.changed).toBe(r.changed);
  expect(Buffer.from(encodeModule(decoded).buffer).equals(Buffer.from(out.buffer)), 'decoded and undecoded bodies give the same output').toBe(true);
  return { words: out, changed: r.changed, module };
}

/** The pass must be exact about `changed` and idempotent. */
function lowerTwice(words: Uint32Array): Uint32Array {
  const once = lower(words);
  expect(once.changed).toBe(true);
  const twice = lower(once.words);
  expect(twice.changed).toBe(false);
  expect(Buffer.from(twice.words.buffer).equals(Buffer.from(once.words.buffer))).toBe(true);
  return once.words;
}

// ------------------------------------------------------------------------------------ checking meaning

/** Result ids of every load of the index in the input (directly, through pointer copies or parameters). */
function indexLoads(words: Uint32Array): { id: number; typeId: number }[] {
  const m = decodeModule(words);
  const vars = m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationIndex);
  const aliases = new Set<number>(vars);
  const ptrTypes = new Set(m.globals.filter((g) => vars.includes(g.resultId)).map((g) => g.typeId));
  const loads: { id: number; typeId: number }[] = [];
  for (const f of m.functions) {
    for (const p of f.parameters) if (ptrTypes.has(p.typeId)) aliases.add(p.resultId);
    for (const b of f.blocks) {
      for (const i of b.instructions) {
        if (
          (i.opcode === Op.CopyObject || ((i.opcode === Op.AccessChain || i.opcode === Op.InBoundsAccessChain) && i.operandCount === 1)) &&
          aliases.has(i.word(0))
        )
          aliases.add(i.resultId);
        if (i.opcode === Op.Load && aliases.has(i.word(0))) loads.push({ id: i.resultId, typeId: i.typeId });
      }
    }
  }
  return loads;
}

interface EvalEnv {
  lid: Vec3;
  /** Size read from a WorkgroupSize input (kernels). */
  size: Vec3;
  spec: Record<number, number>;
  entry: number;
}

/** Interprets the integer arithmetic the pass emits (and the spec-constant ops it relies on). */
function evaluator(m: Module) {
  const defs = new Map<number, Instruction>();
  const fnOf = new Map<number, number>();
  for (const i of m.instructions()) if (i.resultId) defs.set(i.resultId, i);
  for (const f of m.functions) for (const i of f.allInstructions()) if (i.resultId) fnOf.set(i.resultId, f.id);
  const deco = m.analysis(DecorationsAnalysis);
  const width = (t: number): number => {
    const d = defs.get(t)!;
    return d.opcode === Op.TypeVector ? width(d.word(0)) : d.word(0);
  };
  const mask = (v: bigint, w: number) => v & ((1n << BigInt(w)) - 1n);
  const scalar = (i: Instruction) => (i.operandCount > 1 ? BigInt(i.word(0)) | (BigInt(i.word(1)) << 32n) : BigInt(i.word(0)));
  const binop = (op: number, a: bigint, b: bigint, w: number): bigint => {
    switch (op) {
      case Op.IAdd:
        return mask(a + b, w);
      case Op.IMul:
        return mask(a * b, w);
      case Op.ShiftRightLogical:
        return a >> b;
      case Op.UDiv:
        return a / b;
      default:
        throw new Error(`evaluator: op ${op}`);
    }
  };
  const ev = (id: number, env: EvalEnv): bigint | bigint[] => {
    const d = defs.get(id);
    if (!d) throw new Error(`evaluator: %${id} undefined`);
    switch (d.opcode) {
      case Op.Constant:
        return scalar(d);
      case Op.ConstantNull:
        return 0n;
      case Op.SpecConstant: {
        const sid = deco.find(id, Decoration.SpecId)?.[0];
        return sid !== undefined && env.spec[sid] !== undefined ? BigInt(env.spec[sid]) : scalar(d);
      }
      case Op.ConstantComposite:
      case Op.SpecConstantComposite:
        return Array.from(d.operands).map((x) => ev(x, env) as bigint);
      case Op.SpecConstantOp: {
        const op = d.word(0);
        if (op === Op.CompositeExtract) return (ev(d.word(1), env) as bigint[])[d.word(2)];
        if (op === Op.UConvert) return mask(ev(d.word(1), env) as bigint, width(d.typeId));
        return binop(op, ev(d.word(1), env) as bigint, ev(d.word(2), env) as bigint, width(d.typeId));
      }
      case Op.CompositeExtract:
        return (ev(d.word(0), env) as bigint[])[d.word(1)];
      case Op.IAdd:
      case Op.IMul:
        return binop(d.opcode, ev(d.word(0), env) as bigint, ev(d.word(1), env) as bigint, width(d.typeId));
      case Op.Bitcast:
      case Op.CopyObject:
        return ev(d.word(0), env);
      case Op.UConvert:
        return mask(ev(d.word(0), env) as bigint, width(d.typeId));
      case Op.Load: {
        const ptr = d.word(0);
        const b = deco.builtIn(ptr);
        if (b === BuiltIn.LocalInvocationId) return env.lid.map(BigInt);
        if (b === BuiltIn.WorkgroupSize) return env.size.map(BigInt);
        const v = defs.get(ptr);
        if (v?.opcode === Op.Variable && v.word(0) === StorageClass.Private) {
          const entry = m.functions.find((f) => f.id === env.entry)!;
          const store = entry.blocks[0].instructions.find((i) => i.opcode === Op.Store && i.word(0) === ptr);
          if (!store) throw new Error(`evaluator: entry %${env.entry} does not write Private %${ptr} in its first block`);
          return ev(store.word(1), env);
        }
        throw new Error(`evaluator: load of %${ptr}, which is not LocalInvocationId, WorkgroupSize or the Private copy`);
      }
      default:
        throw new Error(`evaluator: cannot evaluate ${d.opcode} (%${id})`);
    }
  };
  return { ev, defs, fnOf };
}

interface SizeCase {
  /** Workgroup size of the entry point (with `spec` applied). */
  size: Vec3;
  spec?: Record<number, number>;
  /** Size a kernel reads from its WorkgroupSize input. */
  inputSize?: Vec3;
}

function* localIds(size: Vec3): Generator<Vec3> {
  const step = (n: number) => (n > 16 ? Math.ceil(n / 16) : 1);
  for (let z = 0; z < size[2]; z += step(size[2]))
    for (let y = 0; y < size[1]; y += step(size[1])) for (let x = 0; x < size[0]; x += step(size[0])) yield [x, y, z];
  yield [size[0] - 1, size[1] - 1, size[2] - 1];
}

/**
 * Every load of the index in `before` must, in `after`, have the loaded type and compute the
 * formula for each entry point reaching it (`sizes` by entry point name, or one for all).
 */
function expectIndexSemantics(before: Uint32Array, after: Uint32Array, sizes: SizeCase[] | Record<string, SizeCase[]>): void {
  const loads = indexLoads(before);
  expect(loads.length).toBeGreaterThan(0);
  const m = decodeModule(after);
  const { ev, defs, fnOf } = evaluator(m);
  const eps = m.analysis(EntryPointsAnalysis);
  for (const load of loads) {
    const d = defs.get(load.id);
    expect(d, `%${load.id} is gone`).toBeDefined();
    expect(d!.typeId, `%${load.id} keeps its type`).toBe(load.typeId);
    const w = defs.get(load.typeId)!.word(0);
    const reaching = eps.reaching(fnOf.get(load.id)!);
    const targets = reaching.length > 0 ? reaching : eps.list.slice(0, 1);
    for (const ep of targets) {
      const cases = Array.isArray(sizes) ? sizes : sizes[ep.name];
      expect(cases, `sizes for entry point ${ep.name}`).toBeDefined();
      for (const c of cases) {
        for (const lid of localIds(c.size)) {
          const env: EvalEnv = { lid, size: c.inputSize ?? c.size, spec: c.spec ?? {}, entry: ep.functionId };
          const want = BigInt(lid[2] * c.size[0] * c.size[1] + lid[1] * c.size[0] + lid[0]) & ((1n << BigInt(w)) - 1n);
          const got = ev(load.id, env);
          expect(got, `%${load.id} in ${ep.name} at lid ${lid.join(',')} size ${c.size.join(',')} spec ${JSON.stringify(c.spec ?? {})}`).toBe(want);
        }
      }
    }
  }
}

/** No decoration BuiltIn LocalInvocationIndex and no load of a variable that had it. */
function expectNoIndex(after: Uint32Array): void {
  const m = decodeModule(after);
  for (const i of m.annotations) {
    const builtin =
      (i.opcode === Op.Decorate && i.word(1) === Decoration.BuiltIn && i.word(2) === BuiltIn.LocalInvocationIndex) ||
      (i.opcode === Op.MemberDecorate && i.word(2) === Decoration.BuiltIn && i.word(3) === BuiltIn.LocalInvocationIndex);
    expect(builtin, 'a BuiltIn LocalInvocationIndex decoration is left').toBe(false);
  }
  expect(m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationIndex)).toEqual([]);
  const text = dis(after);
  expect(text).not.toMatch(/BuiltIn LocalInvocationIndex/);
}

/** SPIR-V 1.4+: each entry point's interface lists every global variable its call tree references. */
function expectInterfacesComplete(after: Uint32Array): void {
  const m = decodeModule(after);
  if (m.header.version < 0x00010400) {
    // Before 1.4 an interface lists Input and Output variables only.
    const vars = new Map(m.globals.filter((g) => g.opcode === Op.Variable).map((g) => [g.resultId, g.word(0)]));
    for (const ep of m.analysis(EntryPointsAnalysis).list) {
      for (const id of ep.interface) expect([StorageClass.Input, StorageClass.Output]).toContain(vars.get(id));
    }
    return;
  }
  const globalsVars = new Set(m.globals.filter((g) => g.opcode === Op.Variable).map((g) => g.resultId));
  const eps = m.analysis(EntryPointsAnalysis);
  for (const ep of eps.list) {
    for (const fnId of ep.reachable) {
      for (const inst of eps.functionById(fnId)!.allInstructions()) {
        for (const w of inst.operands) if (globalsVars.has(w) && inst.opcode !== Op.Line) expect(ep.interface, `${ep.name} lacks %${w}`).toContain(w);
      }
    }
  }
}

function opcodesOf(words: Uint32Array): Map<number, number> {
  const counts = new Map<number, number>();
  for (const i of decodeModule(words).instructions()) counts.set(i.opcode, (counts.get(i.opcode) ?? 0) + 1);
  return counts;
}

// ------------------------------------------------------------------------------------ GLSL fixtures

/** Index read in main and in functions at depth 1-3, inside loops. */
function nestedGlsl(layout: string, opts: { useLocalId?: boolean; useWorkgroupSize?: boolean } = {}): string {
  return `#version 450
${layout}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
uint deep3(uint v) { uint s = 0u; for (uint i = 0u; i < 3u; ++i) s += gl_LocalInvocationIndex + i * v; return s; }
uint deep2(uint v) { return deep3(v) ^ (gl_LocalInvocationIndex << 8); }
uint deep1(uint v) { uint r = 0u; for (uint k = 0u; k < 2u; ++k) r += deep2(v + k); return r; }
void main() {
  uint first = gl_LocalInvocationIndex;
  uint slot = gl_WorkGroupID.x * 4096u + first;
  rec[slot * 3u] = first;
  rec[slot * 3u + 1u] = deep1(7u);
  rec[slot * 3u + 2u] = ${opts.useLocalId ? 'gl_LocalInvocationID.x + gl_LocalInvocationID.y * 100u + gl_LocalInvocationID.z * 10000u' : '0u'}${opts.useWorkgroupSize ? ' + gl_WorkGroupSize.x * gl_WorkGroupSize.y' : ''};
}
`;
}

const VULKAN_ENVS = ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'] as const;
const SIZES: Vec3[] = [
  [7, 3, 2],
  [64, 1, 1],
  [5, 1, 1],
  [1, 6, 1],
  [1, 1, 1],
  [4, 1, 3],
  [1, 1, 8],
  [2, 5, 3],
];
const layoutOf = (s: Vec3) => `layout(local_size_x = ${s[0]}, local_size_y = ${s[1]}, local_size_z = ${s[2]}) in;`;

// ------------------------------------------------------------------------------------ assembly fixtures

/** A parameter given the index pointer by one call and another Input pointer by another: refused. */
function refusedParamAsm(): string {
  return computeAsm({ env: 'vulkan1.1', eps: [{ name: 'main', size: [7, 3, 2] }], read: 'param' })
    .replace('OpCapability Shader', 'OpCapability Shader\nOpCapability GroupNonUniform')
    .replace('OpName %lii', '%file = OpString "fixture.comp"\nOpName %lii')
    .replace('OpDecorate %lii BuiltIn LocalInvocationIndex', 'OpDecorate %lii BuiltIn LocalInvocationIndex\nOpDecorate %sgs BuiltIn SubgroupSize')
    .replace('%lii = OpVariable %p_idx Input', '%lii = OpVariable %p_idx Input\n%sgs = OpVariable %p_idx Input')
    .replace(/(OpEntryPoint GLCompute %ep_main "main" %lii)/, '$1 %sgs')
    .replace(
      '%v = OpFunctionCall %uint %leaf %i %lii',
      'OpLine %file 42 7\n%v = OpFunctionCall %uint %leaf %i %lii\n%v_other = OpFunctionCall %uint %leaf %i %sgs',
    );
}

/** env for spirv-val of a glslang target env. */
const valEnv = (env: string) => (env === 'spirv1.4' ? 'vulkan1.1spv1.4' : env);

// ------------------------------------------------------------------------------------ the suites

if (!tools.ok) {
  const msg = `lower-local-invocation-index oracle tests SKIPPED: ${tools.reason} (install glslang-tools and spirv-tools; SPVKIT_REQUIRE_ORACLES=1 turns this into a failure)`;
  if (!required) console.warn(msg);
  describe('lower-local-invocation-index oracles', () => {
    it('glslangValidator, spirv-as and spirv-val are available', (ctx) => {
      if (required) throw new Error(`SPVKIT_REQUIRE_ORACLES=1 but ${tools.reason}`);
      ctx.skip(msg);
    });
  });
} else {
  describe('case 1: size from LocalSize, constants folded, size-1 terms dropped', () => {
    const cases = VULKAN_ENVS.flatMap((env) => SIZES.map((size) => [env, size] as const));
    it.each(cases)('%s, %j', async (env, size) => {
      const before = glsl(nestedGlsl(layoutOf(size)), 'comp', env);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expectInterfacesComplete(after);
      expectIndexSemantics(before, after, [{ size: [...size] }]);
      // Folding: per read, one IMul for the y term (unless X or Y is 1) and one for the z term
      // (unless Z or X*Y is 1), with X*Y as one constant; nothing multiplies by 1; no spec ops.
      const [X, Y, Z] = size;
      const reads = indexLoads(before).length;
      const perRead = (Y !== 1 && X !== 1 ? 1 : 0) + (Z !== 1 && X * Y !== 1 ? 1 : 0);
      const terms = (X !== 1 ? 1 : 0) + (Y !== 1 ? 1 : 0) + (Z !== 1 ? 1 : 0);
      const d0 = opcodesOf(before);
      const d1 = opcodesOf(after);
      expect((d1.get(Op.IMul) ?? 0) - (d0.get(Op.IMul) ?? 0)).toBe(perRead * reads);
      expect((d1.get(Op.IAdd) ?? 0) - (d0.get(Op.IAdd) ?? 0)).toBe(Math.max(0, terms - 1) * reads);
      expect(d1.get(Op.SpecConstantOp) ?? 0).toBe(d0.get(Op.SpecConstantOp) ?? 0);
      const m = decodeModule(after);
      const constants = new Map(m.globals.filter((g) => g.opcode === Op.Constant).map((g) => [g.resultId, g.word(0)]));
      for (const f of m.functions)
        for (const b of f.blocks)
          for (const i of b.instructions) {
            if (i.opcode === Op.IMul && indexLoads(before).some((l) => l.id === i.resultId)) {
              expect([constants.get(i.word(0)), constants.get(i.word(1))]).not.toContain(1);
            }
          }
      if (Z !== 1 && X !== 1 && Y !== 1) expect([...constants.values()]).toContain(X * Y);
    });
  });

  describe('case 2: a constant composite decorated BuiltIn WorkgroupSize wins over LocalSize', () => {
    it.each(['vulkan1.0', 'vulkan1.1', 'vulkan1.2'])('glslang gl_WorkGroupSize (agreeing), %s', async (env) => {
      const before = glsl(nestedGlsl(layoutOf([6, 2, 3]), { useWorkgroupSize: true }), 'comp', env);
      expect(dis(before)).toMatch(/BuiltIn WorkgroupSize/);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expectIndexSemantics(before, after, [{ size: [6, 2, 3] }]);
    });
    it.each(['vulkan1.1', 'vulkan1.1spv1.4'])('disagreeing LocalSize 4x4x1 vs WorkgroupSize 7x3x2, %s', async (env) => {
      const before = asm(computeAsm({ env, eps: [{ name: 'main', size: [4, 4, 1] }], wgsComposite: [7, 3, 2] }), env);
      await expectValid(before, env, '(input)');
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expectIndexSemantics(before, after, [{ size: [7, 3, 2] }]);
    });
  });

  const specGlsl = nestedGlsl('layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z = 2) in;\nlayout(local_size_x = 8, local_size_y = 4) in;', {
    useWorkgroupSize: true,
  });
  const specCases = (extra: SizeCase[] = []): SizeCase[] => [
    { size: [8, 4, 2] },
    { size: [5, 3, 2], spec: { 0: 5, 1: 3 } },
    { size: [1, 7, 2], spec: { 0: 1, 1: 7 } },
    ...extra,
  ];

  describe('case 3: spec-constant WorkgroupSize (local_size_x_id): arithmetic on the spec constants', () => {
    it.each(['vulkan1.0', 'vulkan1.1', 'vulkan1.2'])('%s', async (env) => {
      const before = glsl(specGlsl, 'comp', env);
      expect(dis(before)).toMatch(/OpSpecConstantComposite/);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expectIndexSemantics(before, after, specCases());
      // X*Y of two spec constants is one OpSpecConstantOp IMul.
      expect(dis(after)).toMatch(/OpSpecConstantOp %\d+ IMul/);
    });
    it('x from a spec constant, y and z fixed (corpus-style mixed sizes)', async () => {
      const src = nestedGlsl('layout(local_size_x_id = 2, local_size_z_id = 3) in;\nlayout(local_size_x = 4, local_size_y = 3, local_size_z = 2) in;');
      for (const env of ['vulkan1.1', 'vulkan1.3']) {
        const before = glsl(src, 'comp', env);
        const after = lowerTwice(before);
        await expectValid(after, env);
        expectIndexSemantics(before, after, [{ size: [4, 3, 2] }, { size: [6, 3, 5], spec: { 2: 6, 3: 5 } }]);
      }
    });
  });

  describe('case 4: LocalSizeId (OpExecutionModeId) with constant or spec-constant ids', () => {
    it.each(['vulkan1.3', 'spirv1.6'])('glslang --target-env %s', async (env) => {
      const before = glsl(specGlsl, 'comp', env);
      expect(dis(before)).toMatch(/OpExecutionModeId %\d+ LocalSizeId/);
      const after = lowerTwice(before);
      await expectValid(after, 'vulkan1.3');
      expectNoIndex(after);
      expectIndexSemantics(before, after, specCases());
    });
    it('LocalSizeId with a spec constant, an OpSpecConstantOp and a constant (corpus asm/local_size_id)', async () => {
      const before = asm(readFileSync(join(corpusAsm, 'local_size_id.spvasm'), 'utf8'), 'vulkan1.3');
      const after = lowerTwice(before);
      await expectValid(after, 'vulkan1.3');
      expectNoIndex(after);
      // size = (X, X >> 1, 1), X = SpecId 0 (default 8)
      expectIndexSemantics(before, after, [{ size: [8, 4, 1] }, { size: [6, 3, 1], spec: { 0: 6 } }, { size: [3, 1, 1], spec: { 0: 3 } }]);
    });
    it('LocalSizeId with plain constants is folded like LocalSize', async () => {
      const text = computeAsm({ env: 'vulkan1.3', eps: [{ name: 'main', size: [7, 3, 2] }] }).replace(
        'OpExecutionMode %ep_main LocalSize 7 3 2',
        'OpExecutionModeId %ep_main LocalSizeId %c7 %c3 %c2',
      );
      const before = asm(text, 'vulkan1.3');
      const after = lowerTwice(before);
      await expectValid(after, 'vulkan1.3');
      expectIndexSemantics(before, after, [{ size: [7, 3, 2] }]);
      expect(dis(after)).not.toMatch(/OpSpecConstantOp/);
    });
  });

  describe('case 5: entry points of different sizes sharing the functions that read the index', () => {
    const eps = [
      { name: 'a', size: [7, 3, 2] as Vec3 },
      { name: 'b', size: [5, 1, 1] as Vec3 },
      { name: 'c', size: [7, 3, 2] as Vec3 },
    ];
    const sizes = { a: [{ size: [7, 3, 2] as Vec3 }], b: [{ size: [5, 1, 1] as Vec3 }], c: [{ size: [7, 3, 2] as Vec3 }] };
    it.each(['vulkan1.1', 'vulkan1.1spv1.4', 'vulkan1.2', 'vulkan1.3'])('%s: a Private copy written by each entry point', async (env) => {
      const before = asm(computeAsm({ env, eps, readInEntry: true }), env);
      await expectValid(before, env, '(input)');
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expectInterfacesComplete(after);
      expectIndexSemantics(before, after, sizes);
      const m = decodeModule(after);
      const priv = m.globals.filter((g) => g.opcode === Op.Variable && g.word(0) === StorageClass.Private);
      expect(priv).toHaveLength(1);
      for (const ep of m.analysis(EntryPointsAnalysis).list) {
        if (m.header.version >= 0x00010400) expect(ep.interface).toContain(priv[0].resultId);
        else expect(ep.interface).not.toContain(priv[0].resultId);
      }
    });
    it('entry points that agree on the size get the arithmetic inline (no Private copy)', async () => {
      const env = 'vulkan1.1spv1.4';
      const before = asm(computeAsm({ env, eps: [eps[0], eps[2]] }), env);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectInterfacesComplete(after);
      expectIndexSemantics(before, after, sizes);
      expect(decodeModule(after).globals.some((g) => g.opcode === Op.Variable && g.word(0) === StorageClass.Private)).toBe(false);
    });
    it('the multi-entry-point corpus module (shared helper, two entry points on one function)', async () => {
      const before = asm(readFileSync(join(corpusAsm, 'multi_entry_points.spvasm'), 'utf8'), 'vulkan1.0');
      const after = lowerTwice(before);
      await expectValid(after, 'vulkan1.0');
      expectNoIndex(after);
      expectIndexSemantics(before, after, {
        main: [{ size: [64, 1, 1] }],
        main_alias: [{ size: [64, 1, 1] }],
        tiles: [{ size: [8, 8, 1] }],
        odd_sized: [{ size: [7, 3, 2] }],
      });
    });
  });

  describe('case 6: reads in called functions at any depth, in loops', () => {
    it.each(['vulkan1.0', 'vulkan1.3'])('%s', async (env) => {
      const src = `#version 450
layout(local_size_x = 3, local_size_y = 5, local_size_z = 2) in;
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
uint d4(uint v) { uint s = 0u; for (uint i = 0u; i < v; ++i) { for (uint j = 0u; j < 2u; ++j) s += gl_LocalInvocationIndex * j; } return s; }
uint d3(uint v) { uint s = 0u; do { s += d4(v) + gl_LocalInvocationIndex; v--; } while (v > 0u); return s; }
uint d2(uint v) { return gl_LocalInvocationIndex > 3u ? d3(v) : d3(v + 1u); }
uint d1(uint v) { uint s = 0u; for (int k = 0; k < 3; ++k) s += d2(v) + d2(v + 1u); return s; }
void main() { rec[gl_WorkGroupID.x * 64u + gl_LocalInvocationIndex] = d1(2u) + d2(1u); }
`;
      const before = glsl(src, 'comp', env);
      expect(indexLoads(before).length).toBeGreaterThanOrEqual(4);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectIndexSemantics(before, after, [{ size: [3, 5, 2] }]);
    });
  });

  describe('case 7: LocalInvocationId reused when present (also as ivec3), created when absent', () => {
    it.each(VULKAN_ENVS)('present (uvec3), %s', async (env) => {
      const before = glsl(nestedGlsl(layoutOf([4, 2, 2]), { useLocalId: true }), 'comp', env);
      const lidBefore = decodeModule(before).analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationId);
      expect(lidBefore).toHaveLength(1);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expect(decodeModule(after).analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationId)).toEqual(lidBefore);
      expectIndexSemantics(before, after, [{ size: [4, 2, 2] }]);
    });
    it.each(VULKAN_ENVS)('absent: created, decorated and listed in the interface, %s', async (env) => {
      const before = glsl(nestedGlsl(layoutOf([4, 2, 2])), 'comp', env);
      expect(decodeModule(before).analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationId)).toEqual([]);
      const after = lowerTwice(before);
      await expectValid(after, env);
      const m = decodeModule(after);
      const lid = m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationId);
      expect(lid).toHaveLength(1);
      expect(lid[0]).toBeGreaterThanOrEqual(decodeModule(before).header.bound);
      expect(m.analysis(EntryPointsAnalysis).list[0].interface).toContain(lid[0]);
      expectIndexSemantics(before, after, [{ size: [4, 2, 2] }]);
    });
    it.each(['uint', 'int'] as const)('asm with a %s LocalInvocationId vector', async (lid) => {
      const env = 'vulkan1.1';
      const before = asm(computeAsm({ env, eps: [{ name: 'main', size: [7, 3, 2] }], lid }), env);
      const after = lowerTwice(before);
      await expectValid(after, env);
      expect(decodeModule(after).analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationId)).toHaveLength(1);
      expectIndexSemantics(before, after, [{ size: [7, 3, 2] }]);
    });
  });

  describe('case 8: the index declared as a signed int', () => {
    it.each([
      ['vulkan1.1', undefined],
      ['vulkan1.1', 'int'],
      ['vulkan1.1spv1.4', 'uint'],
      ['vulkan1.2', undefined],
    ] as const)('%s, LocalInvocationId %s', async (env, lid) => {
      for (const size of [
        [7, 3, 2],
        [64, 1, 1],
        [1, 1, 1],
        [1, 4, 1],
      ] as Vec3[]) {
        const before = asm(computeAsm({ env, eps: [{ name: 'main', size }], liiSigned: true, lid, readInEntry: true }), env);
        await expectValid(before, env, '(input)');
        const after = lowerTwice(before);
        await expectValid(after, env);
        expectIndexSemantics(before, after, [{ size }]);
      }
    });
  });

  describe('case 9: interfaces before and from SPIR-V 1.4', () => {
    it.each(['vulkan1.0', 'vulkan1.1', 'vulkan1.1spv1.4', 'vulkan1.2', 'vulkan1.3'])('%s', async (env) => {
      const glslEnv = env === 'vulkan1.1spv1.4' ? 'spirv1.4' : env;
      const before = glsl(nestedGlsl(layoutOf([8, 2, 1])), 'comp', glslEnv);
      const after = lowerTwice(before);
      await expectValid(after, valEnv(env));
      expectInterfacesComplete(after);
      const m = decodeModule(after);
      const ep = m.analysis(EntryPointsAnalysis).list[0];
      const vars = m.globals.filter((g) => g.opcode === Op.Variable);
      if (m.header.version >= 0x00010400) expect(new Set(ep.interface)).toEqual(new Set(vars.map((v) => v.resultId)));
      else expect(vars.filter((v) => v.word(0) === StorageClass.Input).every((v) => ep.interface.includes(v.resultId))).toBe(true);
    });
  });

  describe('case 10: mesh and task shaders', () => {
    const ext = (stage: 'mesh' | 'task') => `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 8, local_size_y = 2, local_size_z = 2) in;
${stage === 'mesh' ? 'layout(triangles, max_vertices = 3, max_primitives = 1) out;' : ''}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
uint f(uint v) { uint s = 0u; for (uint i = 0u; i < v; ++i) s += gl_LocalInvocationIndex; return s; }
void main() {
  rec[gl_LocalInvocationIndex] = f(3u);
  ${stage === 'mesh' ? 'SetMeshOutputsEXT(0, 0);' : 'EmitMeshTasksEXT(0, 0, 0);'}
}
`;
    const nv = (stage: 'mesh' | 'task') => `#version 460
#extension GL_NV_mesh_shader : require
layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;
${stage === 'mesh' ? 'layout(triangles, max_vertices = 3, max_primitives = 1) out;' : ''}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
uint f(uint v) { return gl_LocalInvocationIndex * v; }
void main() {
  rec[gl_LocalInvocationIndex] = f(3u);
  ${stage === 'mesh' ? 'gl_PrimitiveCountNV = 0;' : 'gl_TaskCountNV = 0;'}
}
`;
    it.each([
      ['MeshEXT', ext('mesh'), 'mesh', 'vulkan1.2', [8, 2, 2]],
      ['TaskEXT', ext('task'), 'task', 'vulkan1.2', [8, 2, 2]],
      ['MeshEXT spirv1.6', ext('mesh'), 'mesh', 'vulkan1.3', [8, 2, 2]],
      ['MeshNV', nv('mesh'), 'mesh', 'vulkan1.1', [16, 1, 1]],
      ['TaskNV', nv('task'), 'task', 'vulkan1.1', [16, 1, 1]],
    ] as const)('%s', async (_name, src, stage, env, size) => {
      for (const flags of [[], ['-g'], ['-gV']]) {
        const before = glsl(src, stage, env, flags);
        const after = lowerTwice(before);
        await expectValid(after, env);
        expectNoIndex(after);
        expectInterfacesComplete(after);
        expectIndexSemantics(before, after, [{ size: [...size] }]);
      }
    });
  });

  describe('case 11: pointer copies and pointer arguments', () => {
    it.each(['copy', 'accesschain', 'param', 'copymemory', 'memory-operands'] as const)('%s is lowered', async (read) => {
      for (const env of ['vulkan1.1', 'vulkan1.2']) {
        const before = asm(computeAsm({ env, eps: [{ name: 'main', size: [7, 3, 2] }], read }), env);
        // Logical addressing allows no Input pointer as an argument, so spirv-val rejects that
        // input; the pass removes the parameter and its output must be valid.
        if (read !== 'param') await expectValid(before, env, '(input)');
        const after = lowerTwice(before);
        await expectValid(after, env);
        expectNoIndex(after);
        if (read !== 'copymemory') expectIndexSemantics(before, after, [{ size: [7, 3, 2] }]);
      }
    });
    it('a parameter that also receives another pointer is refused with the instruction and its line', () => {
      const env = 'vulkan1.1';
      const text = refusedParamAsm();
      const before = asm(text, env);
      const module = decodeModule(before);
      let error: unknown;
      try {
        passRegistry.create(PASS).run(module, {});
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SpirvError);
      const e = error as SpirvError;
      expect(e.code).toBe('PASS_FAILED');
      expect(e.message).toMatch(/OpFunctionCall %\d+/);
      expect(e.message).toContain('fixture.comp:42:7');
      expect(e.location).toMatchObject({ file: 'fixture.comp', line: 42, column: 7 });
      // Refused before any edit.
      expect(Buffer.from(encodeModule(module).buffer).equals(Buffer.from(before.buffer))).toBe(true);
      // Through runPasses it is an error diagnostic.
      const r = runPasses(decodeModule(before), [PASS]);
      expect(r.ok).toBe(false);
      expect(r.diagnostics[0]).toMatchObject({ severity: 'error', code: 'PASS_FAILED', pass: PASS });
    });
  });

  describe('case 12: OpenCL kernels', () => {
    const kernel = (o: { bits: 32 | 64; localSize?: Vec3; wgsVar: boolean; sizeHint?: boolean }) => {
      const T = o.bits === 64 ? '%ulong' : '%uint';
      const L = [
        'OpCapability Addresses',
        'OpCapability Linkage',
        'OpCapability Kernel',
        o.bits === 64 ? 'OpCapability Int64' : '',
        `OpMemoryModel Physical${o.bits} OpenCL`,
        `OpEntryPoint Kernel %k "k" %lii${o.wgsVar ? ' %wgs' : ''}`,
        o.localSize ? `OpExecutionMode %k LocalSize ${o.localSize.join(' ')}` : '',
        o.sizeHint ? 'OpExecutionMode %k LocalSizeHint 9 9 9' : '',
        'OpDecorate %lii BuiltIn LocalInvocationIndex',
        'OpDecorate %lii Constant',
        'OpDecorate %lii LinkageAttributes "__spirv_BuiltInLocalInvocationIndex" Import',
        o.wgsVar ? 'OpDecorate %wgs BuiltIn WorkgroupSize' : '',
        '%void = OpTypeVoid',
        '%uint = OpTypeInt 32 0',
        o.bits === 64 ? '%ulong = OpTypeInt 64 0' : '',
        `%v3 = OpTypeVector ${T} 3`,
        `%pi = OpTypePointer Input ${T}`,
        '%pv = OpTypePointer Input %v3',
        `%pg = OpTypePointer CrossWorkgroup ${T}`,
        '%fn = OpTypeFunction %void %pg',
        `%fh = OpTypeFunction ${T} %pg`,
        '%lii = OpVariable %pi Input',
        o.wgsVar ? '%wgs = OpVariable %pv Input' : '',
        `%h = OpFunction ${T} None %fh`,
        '%hp = OpFunctionParameter %pg',
        '%hl = OpLabel',
        `%i2 = OpLoad ${T} %lii Aligned ${o.bits / 8}`,
        `%q = OpInBoundsPtrAccessChain %pg %hp %i2`,
        `OpStore %q %i2 Aligned ${o.bits / 8}`,
        'OpReturnValue %i2',
        'OpFunctionEnd',
        '%k = OpFunction %void None %fn',
        '%out = OpFunctionParameter %pg',
        '%l = OpLabel',
        `%i = OpLoad ${T} %lii`,
        `%r = OpFunctionCall ${T} %h %out`,
        'OpReturn',
        'OpFunctionEnd',
      ];
      return L.filter(Boolean).join('\n') + '\n';
    };
    it.each([
      [
        '64-bit, WorkgroupSize input, no static size',
        { bits: 64, wgsVar: true },
        [
          { size: [5, 3, 2], inputSize: [5, 3, 2] },
          { size: [16, 1, 1], inputSize: [16, 1, 1] },
        ],
      ],
      [
        '64-bit, no WorkgroupSize input (created), LocalSizeHint ignored',
        { bits: 64, wgsVar: false, sizeHint: true },
        [{ size: [4, 4, 4], inputSize: [4, 4, 4] }],
      ],
      ['32-bit, WorkgroupSize input', { bits: 32, wgsVar: true }, [{ size: [7, 3, 2], inputSize: [7, 3, 2] }]],
      ['64-bit, LocalSize (reqd_work_group_size) folded', { bits: 64, wgsVar: true, localSize: [8, 4, 2] }, [{ size: [8, 4, 2], inputSize: [0, 0, 0] }]],
    ] as const)('%s', async (_name, o, cases) => {
      const before = asm(kernel(o as Parameters<typeof kernel>[0]), 'opencl1.2');
      await expectValid(before, 'opencl1.2', '(input)');
      const after = lowerTwice(before);
      await expectValid(after, 'opencl1.2');
      await expectValid(after, 'spv1.0');
      expectNoIndex(after);
      expectIndexSemantics(before, after, cases as unknown as SizeCase[]);
      const m = decodeModule(after);
      const ep = m.analysis(EntryPointsAnalysis).list[0];
      const wgs = m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.WorkgroupSize);
      const wgsLoads = [...m.instructions()].filter((i) => i.opcode === Op.Load && wgs.includes(i.word(0)));
      if ((o as { localSize?: Vec3 }).localSize) expect(wgsLoads, 'a static size needs no WorkgroupSize load').toEqual([]);
      else {
        expect(wgs).toHaveLength(1);
        expect(ep.interface).toContain(wgs[0]);
      }
    });
  });

  describe('case 5 and 12: kernels of different sizes sharing a helper; a pointer parameter (Physical addressing allows one)', () => {
    const text = (o: { param: boolean }) => `OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k1 "k1" %lii
OpEntryPoint Kernel %k2 "k2" %lii
OpExecutionMode %k1 LocalSize 8 1 1
OpExecutionMode %k2 LocalSize 4 4 2
OpDecorate %lii BuiltIn LocalInvocationIndex
%void = OpTypeVoid
%ulong = OpTypeInt 64 0
%pi = OpTypePointer Input %ulong
%pg = OpTypePointer CrossWorkgroup %ulong
%fn = OpTypeFunction %void %pg
%fh = OpTypeFunction %ulong %pg${o.param ? ' %pi' : ''}
%lii = OpVariable %pi Input
%h = OpFunction %ulong None %fh
%hp = OpFunctionParameter %pg
${o.param ? '%hq = OpFunctionParameter %pi' : ''}
%hl = OpLabel
%i = OpLoad %ulong ${o.param ? '%hq' : '%lii'} Aligned 8
%q = OpInBoundsPtrAccessChain %pg %hp %i
OpStore %q %i Aligned 8
OpReturnValue %i
OpFunctionEnd
%k1 = OpFunction %void None %fn
%o1 = OpFunctionParameter %pg
%l1 = OpLabel
%r1 = OpFunctionCall %ulong %h %o1${o.param ? ' %lii' : ''}
OpReturn
OpFunctionEnd
%k2 = OpFunction %void None %fn
%o2 = OpFunctionParameter %pg
%l2 = OpLabel
%r2 = OpFunctionCall %ulong %h %o2${o.param ? ' %lii' : ''}
OpReturn
OpFunctionEnd
`;
    it.each([false, true])('pointer parameter %s', async (param) => {
      const before = asm(text({ param }), 'opencl1.2');
      await expectValid(before, 'opencl1.2', '(input)');
      const after = lowerTwice(before);
      await expectValid(after, 'opencl1.2');
      expectNoIndex(after);
      // Kernels have no Private storage: the shared helper reads the WorkgroupSize input.
      expectIndexSemantics(before, after, { k1: [{ size: [8, 1, 1] }], k2: [{ size: [4, 4, 2] }] });
      const m = decodeModule(after);
      const wgs = m.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.WorkgroupSize);
      expect(wgs).toHaveLength(1);
      for (const ep of m.analysis(EntryPointsAnalysis).list) expect(ep.interface).toContain(wgs[0]);
    });
  });

  describe('reads the pass refuses, before changing anything', () => {
    const refused = (text: string, env: string, pattern: RegExp) => {
      const before = asm(text, env);
      const module = decodeModule(before);
      expect(() => passRegistry.create(PASS).run(module, {})).toThrow(pattern);
      expect(Buffer.from(encodeModule(module).buffer).equals(Buffer.from(before.buffer))).toBe(true);
    };
    const base = computeAsm({ env: 'vulkan1.1', eps: [{ name: 'main', size: [7, 3, 2] }] });
    it('an entry point without a workgroup (Fragment) reaching a read', () => {
      const text = base
        .replace('OpEntryPoint GLCompute', 'OpEntryPoint Fragment %frag "frag" %lii\nOpEntryPoint GLCompute')
        .replace(/$/, '%frag = OpFunction %void None %fn\n%fl = OpLabel\n%fc = OpFunctionCall %void %record %c0\nOpReturn\nOpFunctionEnd\n');
      refused(text, 'spv1.3', /OpLoad %\d+ .*entry point 'frag' \(Fragment\), which has no workgroup/);
    });
    it('a GLCompute entry point without any size', () => {
      refused(base.replace('OpExecutionMode %ep_main LocalSize 7 3 2\n', ''), 'spv1.3', /declares no workgroup size/);
    });
    it('an exported function of a library', () => {
      const text = `OpCapability Shader
OpCapability Linkage
OpMemoryModel Logical GLSL450
OpDecorate %lii BuiltIn LocalInvocationIndex
OpDecorate %f LinkageAttributes "f" Export
%uint = OpTypeInt 32 0
%p = OpTypePointer Input %uint
%fn = OpTypeFunction %uint
%lii = OpVariable %p Input
%f = OpFunction %uint None %fn
%l = OpLabel
%x = OpLoad %uint %lii
OpReturnValue %x
OpFunctionEnd
`;
      refused(text, 'spv1.3', /in function %\d+, which is exported, so its workgroup size is unknown/);
    });
    it('a pointer to the index in an OpSelect (VariablePointers)', () => {
      const text = base
        .replace('OpCapability Shader', 'OpCapability Shader\nOpCapability VariablePointers\nOpExtension "SPV_KHR_variable_pointers"')
        .replace('%x = OpLoad %uint %lii', '%t = OpIEqual %bool %k %c0\n%sel = OpSelect %p_idx %t %lii %lii\n%x = OpLoad %uint %sel');
      refused(text, 'spv1.3', /OpSelect %\d+ .*uses the pointer %\d+ to LocalInvocationIndex in a way this pass cannot rewrite/);
    });
  });

  describe("a function no entry point calls (dead code) is lowered with an entry point's size", () => {
    it.each(['vulkan1.1', 'vulkan1.2'])('%s', async (env) => {
      const text =
        computeAsm({ env, eps: [{ name: 'main', size: [7, 3, 2] }] }) +
        '%dead = OpFunction %uint None %fn_leaf\n%dk = OpFunctionParameter %uint\n%dl = OpLabel\n%dx = OpLoad %uint %lii\nOpReturnValue %dx\nOpFunctionEnd\n';
      const before = asm(text, env);
      await expectValid(before, env, '(input)');
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
    });
  });

  describe('case 13: modules without the index are untouched; the pass is idempotent', () => {
    it.each(VULKAN_ENVS)('a compute shader using gl_LocalInvocationID only, %s', (env) => {
      const src = `#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
void main() { rec[gl_LocalInvocationID.x + gl_LocalInvocationID.y * 4u] = gl_WorkGroupSize.x; }
`;
      for (const flags of [[], ['-g'], ['-gV']]) {
        const before = glsl(src, 'comp', env, flags);
        const module = decodeModule(before);
        const r = passRegistry.create(PASS).run(module, {});
        expect(r.changed).toBe(false);
        expect(module.hasLazyFunctions, 'function bodies were not even decoded').toBe(true);
        expect(module.header.bound).toBe(before[3]);
        expect(Buffer.from(encodeModule(module).buffer).equals(Buffer.from(before.buffer))).toBe(true);
      }
    });
    it('a variable referenced only by OpName, OpDecorate and OpEntryPoint is still removed (a change)', async () => {
      for (const env of ['vulkan1.1', 'vulkan1.1spv1.4']) {
        const text = computeAsm({ env, eps: [{ name: 'main', size: [7, 3, 2] }] }).replace('%x = OpLoad %uint %lii', '%x = OpCopyObject %uint %c4');
        const before = asm(text, env);
        const r = lower(before);
        expect(r.changed).toBe(true);
        expect(r.module.header.bound).toBe(decodeModule(before).header.bound);
        await expectValid(r.words, env);
        expectNoIndex(r.words);
        expect(dis(r.words)).not.toMatch(/gl_LocalInvocationIndex/);
        expect(lower(r.words).changed).toBe(false);
      }
    });
    it('the index in a decoration group, and read first thing in the entry function', async () => {
      const env = 'vulkan1.0';
      const text = computeAsm({ env: 'vulkan1.1', eps: [{ name: 'main', size: [3, 3, 3] }], readInEntry: true })
        .replace(
          'OpDecorate %lii BuiltIn LocalInvocationIndex',
          'OpDecorate %grp BuiltIn LocalInvocationIndex\n%grp = OpDecorationGroup\nOpGroupDecorate %grp %lii',
        )
        .replace('OpCapability Shader', 'OpCapability Shader\nOpExtension "SPV_KHR_storage_buffer_storage_class"');
      const before = asm(text, env);
      await expectValid(before, env, '(input)');
      const after = lowerTwice(before);
      await expectValid(after, env);
      expectNoIndex(after);
      expect(dis(after)).not.toMatch(/OpDecorationGroup|OpGroupDecorate/);
      expectIndexSemantics(before, after, [{ size: [3, 3, 3] }]);
    });
    it('the result through runPasses equals a direct run, and reports changed', () => {
      const before = glsl(nestedGlsl(layoutOf([7, 3, 2])), 'comp', 'vulkan1.1');
      const m = decodeModule(before);
      const r = runPasses(m, [PASS]);
      expect(r).toMatchObject({ ok: true, changed: true });
      expect(Buffer.from(encodeModule(m).buffer).equals(Buffer.from(lower(before).words.buffer))).toBe(true);
    });
  });

  describe('debug info: the line that covered a read covers its replacement', () => {
    it.each(
      VULKAN_ENVS.flatMap(
        (env) =>
          [
            [env, '-g'],
            [env, '-gV'],
          ] as const,
      ),
    )('%s %s', async (env, flag) => {
      for (const size of [
        [7, 3, 2],
        [64, 1, 1],
        [1, 1, 1],
      ] as Vec3[]) {
        const before = glsl(nestedGlsl(layoutOf(size)), 'comp', env, [flag]);
        const after = lowerTwice(before);
        await expectValid(after, env);
        expectIndexSemantics(before, after, [{ size }]);
        const mb = decodeModule(before);
        const ma = decodeModule(after);
        const lb = mb.analysis(SourceLocationsAnalysis);
        const la = ma.analysis(SourceLocationsAnalysis);
        const byId = (m: Module) => new Map([...m.instructions()].filter((i) => i.resultId).map((i) => [i.resultId, i]));
        const db = byId(mb);
        const da = byId(ma);
        for (const { id } of indexLoads(before)) {
          const want = lb.of(db.get(id)!);
          expect(want, `glslang ${flag} gave the read %${id} a line`).toBeDefined();
          // The instruction that now defines the value and every instruction emitted with it.
          const fn = ma.functions.find((f) => [...f.allInstructions()].includes(da.get(id)!))!;
          for (const b of fn.blocks) {
            const at = b.instructions.indexOf(da.get(id)!);
            if (at < 0) continue;
            let i = at;
            while (i > 0 && b.instructions[i - 1].resultId >= mb.header.bound) i--;
            for (let j = i; j <= at; j++) expect(la.of(b.instructions[j]), `line of new instruction ${j} for %${id}`).toEqual(want);
          }
        }
        // The OpLine before each OpFunction still precedes it.
        const lineBeforeFunction = (text: string) =>
          text
            .split('\n')
            .map((l, i, a) => (/= OpFunction /.test(l) ? a[i - 1] : null))
            .filter((x) => x !== null);
        expect(lineBeforeFunction(dis(after))).toEqual(lineBeforeFunction(dis(before)));
        if (flag === '-gV') expect(dis(after)).toMatch(/DebugGlobalVariable %\d+ %\d+ %\d+ %\d+ %\d+ %\d+ %\d+ %(\d+) /);
      }
    });
  });

  describe('spvkit opt', () => {
    const cli = (args: string[]) => runCli(['opt', ...args]);
    const inDir = <T>(f: (dir: string) => Promise<T>) => {
      const dir = mkdtempSync(join(tmpdir(), 'spvkit-opt-'));
      return f(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
    };
    const write = (path: string, words: Uint32Array) => writeFileSync(path, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const read = (path: string) => toWords(readFileSync(path));

    it('--lower-local-invocation-index and --passes give the pass output; --validate runs validate-builtins', () =>
      inDir(async (dir) => {
        const before = glsl(nestedGlsl(layoutOf([7, 3, 2])), 'comp', 'vulkan1.2', ['-g']);
        write(join(dir, 'in.spv'), before);
        const want = lower(before).words;
        for (const args of [
          ['--lower-local-invocation-index'],
          ['--passes', 'lower-local-invocation-index'],
          ['--lower-local-invocation-index', '--validate', '--target-env', 'vulkan1.2'],
        ]) {
          const r = await cli([join(dir, 'in.spv'), '-o', join(dir, 'out.spv'), ...args]);
          expect(r, r.stderr).toMatchObject({ code: 0 });
          expect(Buffer.from(read(join(dir, 'out.spv')).buffer).equals(Buffer.from(want.buffer))).toBe(true);
          await expectValid(read(join(dir, 'out.spv')), 'vulkan1.2');
        }
      }));
    it('.spvasm in and out', () =>
      inDir(async (dir) => {
        const before = glsl(nestedGlsl(layoutOf([4, 2, 2])), 'comp', 'vulkan1.1');
        write(join(dir, 'in.spv'), before);
        expect((await cli([join(dir, 'in.spv'), '-o', join(dir, 'out.spvasm'), '--lower-local-invocation-index'])).code).toBe(0);
        const text = readFileSync(join(dir, 'out.spvasm'), 'utf8');
        expect(text).toMatch(/OpEntryPoint GLCompute/);
        expect(text).not.toMatch(/LocalInvocationIndex/);
        const reassembled = asm(text, 'vulkan1.1');
        await expectValid(reassembled, 'vulkan1.1');
        // spirv-as numbers ids its own way: compare what is there, not the numbering.
        expect(opcodesOf(reassembled)).toEqual(opcodesOf(lower(before).words));
        // and back in: nothing left to lower
        const r = await cli([join(dir, 'out.spvasm'), '-o', join(dir, 'again.spv'), '--lower-local-invocation-index', '--target-env', 'vulkan1.1']);
        expect(r, r.stderr).toMatchObject({ code: 0 });
        await expectValid(read(join(dir, 'again.spv')), 'vulkan1.1');
      }));
    it('a refused module: exit 1, the diagnostic names the instruction and line, no output', () =>
      inDir(async (dir) => {
        write(join(dir, 'in.spv'), asm(refusedParamAsm(), 'vulkan1.1'));
        const r = await cli([join(dir, 'in.spv'), '-o', join(dir, 'out.spv'), '--lower-local-invocation-index']);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/^fixture\.comp:42:7: error: \[PASS_FAILED\] lower-local-invocation-index: OpFunctionCall %\d+/m);
        expect(existsSync(join(dir, 'out.spv'))).toBe(false);
      }));
    it('bad usage: exit 2', () =>
      inDir(async (dir) => {
        write(join(dir, 'in.spv'), glsl(nestedGlsl(layoutOf([4, 2, 2])), 'comp', 'vulkan1.1'));
        expect((await cli([join(dir, 'in.spv'), '-o', join(dir, 'o.spv'), '--passes', 'no-such-pass'])).code).toBe(2);
        expect((await cli([join(dir, 'in.spv'), '--lower-local-invocation-index'])).code).toBe(2);
        expect((await cli([join(dir, 'in.spv'), '-o', join(dir, 'o.spv'), '--target-env', 'vulkan9'])).code).toBe(2);
        expect((await cli([join(dir, 'missing.spv'), '-o', join(dir, 'o.spv')])).code).toBe(1);
      }));
  });

  const modules = await loadCorpus();
  describe('the whole corpus through the pass', () => {
    it.each(modules.map((m) => [m.name, m] as [string, CorpusModule]))('%s', async (_name, cm) => {
      const hasIndex = decodeModule(cm.words).analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationIndex).length > 0;
      const module = decodeModule(cm.words);
      const r = passRegistry.create(PASS).run(module, {});
      expect(r.changed).toBe(hasIndex);
      const out = encodeModule(module);
      if (hasIndex) expect(Buffer.from(lower(cm.words).words.buffer).equals(Buffer.from(out.buffer))).toBe(true);
      if (!hasIndex) {
        expect(Buffer.from(out.buffer).equals(Buffer.from(cm.words.buffer)), 'byte-identical').toBe(true);
        return;
      }
      await expectValid(out, cm.targetEnv, cm.name);
      expectNoIndex(out);
      expectInterfacesComplete(out);
      const again = lower(out);
      expect(again.changed).toBe(false);
    });
  });
}
