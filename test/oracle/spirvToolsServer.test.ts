// The suites ask SpirvToolsServer (test/support/spirvToolsServer) what Debian's spirv-val and
// spirv-as would answer. Here the server and the tools answer the same requests and must agree
// byte for byte: valid and mutated modules, every target env the suites use, the layout flags,
// input that is not SPIR-V, assembly that assembles and assembly that does not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { asmDir, corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { binaryMutators } from '../fuzz/binaryMutators.js';
import { Random } from '../fuzz/random.js';
import { describeWithOracle } from '../support/oracles.js';
import { SpirvToolsServer } from '../support/spirvToolsServer/SpirvToolsServer.js';

const gxx = spawnSync('g++', ['--version']).status === 0;
const tools = corpusToolsAvailable();
const availability = !tools.ok ? tools : gxx ? { ok: true } : { ok: false, reason: 'g++ is missing (Debian g++): the suites spawn spirv-val instead' };

const work = mkdtempSync(join(tmpdir(), 'spvkit-server-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bytesOf = (words: Uint32Array): Uint8Array => new Uint8Array(words.buffer, words.byteOffset, words.byteLength);

function spirvValTool(bytes: Uint8Array, env: string, flags: readonly string[]): { ok: boolean; message: string } {
  const r = spawnSync('spirv-val', ['--target-env', env, ...flags, '-'], { input: bytes, encoding: 'utf8' });
  return { ok: r.status === 0, message: `${r.stdout}${r.stderr}`.trim() };
}

function spirvAsTool(text: string, env: string): { status: number | null; output: Uint8Array; message: string } {
  const src = join(work, 'in.spvasm');
  const out = join(work, 'out.spv');
  rmSync(out, { force: true });
  writeFileSync(src, text);
  const r = spawnSync('spirv-as', ['--target-env', env, src, '-o', out], { encoding: 'utf8' });
  let output = new Uint8Array();
  try {
    output = new Uint8Array(readFileSync(out));
  } catch {
    // no output file: spirv-as refused the text
  }
  return { status: r.status, output, message: `${r.stdout}${r.stderr}`.trim() };
}

describeWithOracle('SpirvToolsServer answers as spirv-val and spirv-as do', availability, () => {
  it('validates every kind of module with the same verdict and message as spirv-val', async () => {
    const server = SpirvToolsServer.shared();
    expect(server, 'the server builds with g++ against libSPIRV-Tools.a').toBeDefined();
    const corpus = (await loadCorpus()).filter((m) => m.words.length < 20_000);
    const rng = new Random(20261207);
    const requests: { what: string; bytes: Uint8Array; env: string; flags: string[] }[] = [];
    const envs = ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3', 'spv1.6', 'spv1.3'];
    for (let i = 0; i < 24; i++) {
      const m = rng.pick(corpus);
      requests.push({ what: `${m.name} as it is`, bytes: bytesOf(m.words), env: m.targetEnv, flags: [] });
      requests.push({ what: `${m.name} under another env`, bytes: bytesOf(m.words), env: rng.pick(envs), flags: [] });
      for (const mutator of ['bitFlip', 'idCorruption', 'truncate'] as const) {
        requests.push({ what: `${m.name} ${mutator}`, bytes: bytesOf(binaryMutators[mutator](m.words, rng, m.words)), env: m.targetEnv, flags: [] });
      }
    }
    const layouts = [
      '--relax-block-layout',
      '--uniform-buffer-standard-layout',
      '--scalar-block-layout',
      '--workgroup-scalar-block-layout',
      '--skip-block-layout',
    ];
    for (const flag of [...layouts, '--relax-logical-pointer', '--before-hlsl-legalization', '--allow-localsizeid', '--relax-struct-store']) {
      const m = rng.pick(corpus);
      requests.push({ what: `${m.name} ${flag}`, bytes: bytesOf(m.words), env: m.targetEnv, flags: [flag] });
    }
    requests.push({
      what: 'two layout flags',
      bytes: bytesOf(corpus[0].words),
      env: corpus[0].targetEnv,
      flags: ['--scalar-block-layout', '--skip-block-layout'],
    });
    requests.push({ what: 'no bytes', bytes: new Uint8Array(), env: 'vulkan1.0', flags: [] });
    requests.push({ what: 'a header only', bytes: bytesOf(corpus[0].words.slice(0, 5)), env: 'vulkan1.0', flags: [] });
    requests.push({ what: 'not SPIR-V', bytes: new Uint8Array(64).fill(7), env: 'vulkan1.0', flags: [] });
    const swapped = corpus[0].words.map((w) => ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24));
    requests.push({ what: 'byte-swapped', bytes: bytesOf(new Uint32Array(swapped)), env: corpus[0].targetEnv, flags: [] });

    let invalid = 0;
    for (const r of requests) {
      const answer = server!.validate(r.bytes, r.env, r.flags);
      expect(answer, r.what).toBeDefined();
      const tool = spirvValTool(r.bytes, r.env, r.flags);
      expect({ ok: answer!.status === 0, message: answer!.message.trim() }, r.what).toEqual(tool);
      if (!tool.ok) invalid++;
    }
    // The comparison covers refusals, not only modules both accept.
    expect(invalid).toBeGreaterThan(requests.length / 5);
    expect(requests.length - invalid).toBeGreaterThan(requests.length / 5);
  });

  it('refuses to guess at a flag it does not know: the caller runs spirv-val', () => {
    const server = SpirvToolsServer.shared()!;
    expect(server.validate(new Uint8Array(), 'vulkan1.0', ['--max-id-bound=10'])).toBeUndefined();
    expect(server.validate(new Uint8Array(), 'vulkan9.9', [])).toBeUndefined();
    expect(server.validate(new Uint8Array(), 'vulkan1.0', [])).toBeDefined();
  });

  it('assembles every corpus text and every broken one as spirv-as does', () => {
    const server = SpirvToolsServer.shared()!;
    const texts = readdirSync(asmDir)
      .filter((f) => f.endsWith('.spvasm'))
      .slice(0, 30)
      .map((f) => readFileSync(join(asmDir, f), 'utf8'));
    const broken = [
      '%1 = OpTypeInt 32',
      'OpCapability Shader\n%x = OpTypeFloat 32 extra',
      'OpCapability Shader\nOpMemoryModel Logical GLSL450\n  %1 = OpNoSuchThing\n',
      '%a = OpConstant %b 1\n',
      'OpCapability MeshShadingEXT\n',
    ];
    let refused = 0;
    for (const text of [...texts, ...broken]) {
      for (const env of ['vulkan1.0', 'spv1.6']) {
        const answer = server.assemble(text, env);
        expect(answer, text.slice(0, 60)).toBeDefined();
        const tool = spirvAsTool(text, env);
        expect({ status: answer!.status, message: answer!.message.trim() }, text.slice(0, 60)).toEqual({ status: tool.status, message: tool.message });
        expect(Buffer.from(answer!.output).equals(Buffer.from(tool.output)), text.slice(0, 60)).toBe(true);
        if (tool.status !== 0) refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(broken.length * 2 - 2);
  });
});
