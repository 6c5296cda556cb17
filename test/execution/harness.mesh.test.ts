/**
 * Checks the mesh pipeline of the execution harness itself: task and mesh shaders run on the
 * Vulkan driver with buffers, push constants and specialization constants visible to both stages,
 * and their storage buffers must hold exactly what JS computes; a job beyond the device's limits
 * is refused with exit code 3; recorded mesh jobs replay with harness/replay.sh.
 *
 * Without Vulkan mesh and task shaders or glslangValidator the suite is skipped with a message,
 * or fails when SPVKIT_REQUIRE_ORACLES=1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { compileStage, glslangAvailable } from './glsl.js';
import { buildHarness, describeVulkanEnvironment, SpvRunError } from './spvrun.js';
import { meshShadingAvailable, runMesh } from './runMesh.js';

const checks = [await meshShadingAvailable(), await glslangAvailable()];
const reasons = checks.flatMap((c) => (c.ok ? [] : [c.reason]));
const availability = reasons.length ? { ok: false as const, reason: reasons.join('; ') } : { ok: true as const };

const u32 = (b: Uint8Array) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);

// Each task workgroup (4 invocations) writes its record, puts (its number, the push constant) in
// the payload and launches K mesh workgroups (K a spec constant); each mesh invocation (3x2)
// writes the payload and its own ids into set 1.
const TASK = `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 4) in;
layout(constant_id = 3) const uint K = 1u;
layout(push_constant) uniform P { uint tag; } pc;
struct Payload { uint group; uint tag; };
taskPayloadSharedEXT Payload payload;
layout(std430, set = 0, binding = 2) buffer T { uint t[]; };
void main() {
  uint wg = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  t[wg * 4u + gl_LocalInvocationIndex] = (wg << 16) | (gl_LocalInvocationID.x << 8) | K;
  if (gl_LocalInvocationIndex == 0u) { payload.group = wg; payload.tag = pc.tag; }
  EmitMeshTasksEXT(K, 1u, 1u);
}
`;
const MESH = `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 3, local_size_y = 2) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
layout(constant_id = 3) const uint K = 1u;
layout(push_constant) uniform P { uint tag; } pc;
struct Payload { uint group; uint tag; };
taskPayloadSharedEXT Payload payload;
layout(std430, set = 1, binding = 0) buffer M { uint m[]; };
void main() {
  SetMeshOutputsEXT(0u, 0u);
  uint slot = ((payload.group * K + gl_WorkGroupID.x) * 6u + gl_LocalInvocationIndex) * 4u;
  m[slot + 0u] = payload.group;
  m[slot + 1u] = payload.tag ^ pc.tag;
  m[slot + 2u] = gl_WorkGroupID.x | (gl_NumWorkGroups.x << 8);
  m[slot + 3u] = gl_LocalInvocationID.x | (gl_LocalInvocationID.y << 8);
}
`;

describeWithOracle('runMesh on Vulkan (task and mesh shaders)', availability, () => {
  it('task payload, push and spec constants, and buffers in two sets reach both stages', async () => {
    const env = await describeVulkanEnvironment();
    console.info(`mesh harness device: ${env.deviceName} (${env.driverInfo ?? env.driverName ?? '?'})`);
    const task = await compileStage(TASK, 'task', 'vulkan1.2');
    const mesh = await compileStage(MESH, 'mesh', 'vulkan1.2');
    for (const [groups, k] of [
      [[1, 1, 1], 1],
      [[3, 2, 1], 2],
      [[2, 1, 1], 5],
    ] as [[number, number, number], number][]) {
      const G = groups[0] * groups[1];
      const [t, m] = await runMesh({
        task,
        mesh,
        groups,
        specConstants: { 3: k },
        pushConstants: new Uint8Array(new Uint32Array([0xc0ffee]).buffer),
        buffers: [
          { set: 0, binding: 2, size: (G * 4 + 4) * 4 },
          { set: 1, binding: 0, size: (G * k * 6 * 4 + 4) * 4 },
        ],
      });
      const expT = new Uint32Array(G * 4 + 4);
      for (let g = 0; g < G; g++) for (let i = 0; i < 4; i++) expT[g * 4 + i] = (g << 16) | (i << 8) | k;
      const expM = new Uint32Array(G * k * 6 * 4 + 4);
      for (let g = 0; g < G; g++)
        for (let w = 0; w < k; w++) for (let i = 0; i < 6; i++) expM.set([g, 0, w | (k << 8), (i % 3) | (Math.floor(i / 3) << 8)], ((g * k + w) * 6 + i) * 4);
      expect(u32(t), `task records, groups ${groups.join(',')} K ${k}`).toEqual(expT);
      expect(u32(m), `mesh records, groups ${groups.join(',')} K ${k}`).toEqual(expM);
    }
  });

  it('a mesh shader alone, without a task shader', async () => {
    const mesh = await compileStage(
      `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 8) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
layout(std430, set = 0, binding = 0) buffer M { uint m[]; };
void main() {
  SetMeshOutputsEXT(0u, 0u);
  m[gl_GlobalInvocationID.x + 8u * gl_NumWorkGroups.x * gl_WorkGroupID.y] = gl_LocalInvocationIndex + 100u * gl_WorkGroupID.x;
}
`,
      'mesh',
      'vulkan1.3',
    );
    const [m] = await runMesh({ mesh, groups: [3, 2, 1], buffers: [{ binding: 0, size: 48 * 4 }] });
    expect([...u32(m)]).toEqual(Array.from({ length: 48 }, (_, s) => (s % 8) + 100 * (Math.floor(s / 8) % 3)));
  });

  it('refuses a workgroup or a group count beyond the device limits with exit code 3, and a bad job with 1', async () => {
    const env = await describeVulkanEnvironment();
    const mesh = await compileStage(
      `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
void main() { SetMeshOutputsEXT(0u, 0u); }
`,
      'mesh',
      'vulkan1.2',
    );
    const tooWide: [number, number, number] = [env.mesh!.maxMeshWorkGroupSize[0] + 1, 1, 1];
    const err = await runMesh({ mesh, meshWorkgroupSize: tooWide, groups: [1, 1, 1], buffers: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpvRunError);
    expect((err as SpvRunError).exitCode).toBe(3);
    expect((err as SpvRunError).stderr).toMatch(/mesh workgroup size .* exceeds this device's/);
    const tooMany = await runMesh({ mesh, groups: [0xffffffff, 1, 1], buffers: [] }).catch((e: unknown) => e);
    expect((tooMany as SpvRunError).exitCode).toBe(3);
    await expect(runMesh({ mesh, taskEntryPoint: 'main', groups: [1, 1, 1], buffers: [] })).rejects.toThrow(/without a task module/);
    const dir = mkdtempSync(join(tmpdir(), 'spvrun-badjob-'));
    try {
      writeFileSync(join(dir, 'job.txt'), 'task t.spv\nout o.bin\n');
      const r = spawnSync(await buildHarness(), [join(dir, 'job.txt')], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("missing 'spv' (or 'mesh' or 'vert')");
      writeFileSync(join(dir, 'job.txt'), 'spv a.spv\nmesh b.spv\nout o.bin\n');
      expect(spawnSync(await buildHarness(), [join(dir, 'job.txt')], { encoding: 'utf8' }).stderr).toContain("more than one of 'spv', 'mesh' and 'vert'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records mesh jobs under SPVRUN_RECORD_DIR, and replay.sh runs them again, naming a job this device cannot run', async () => {
    // One compiler: this test counts the recorded jobs (with both, each run is recorded twice).
    const task = await compileStage(TASK, 'task', 'vulkan1.2', 'glslangValidator');
    const mesh = await compileStage(MESH, 'mesh', 'vulkan1.2', 'glslangValidator');
    const root = mkdtempSync(join(tmpdir(), 'spvrun-record-mesh-'));
    const saved = process.env.SPVRUN_RECORD_DIR;
    process.env.SPVRUN_RECORD_DIR = root;
    try {
      await runMesh({
        task,
        mesh,
        groups: [2, 1, 1],
        specConstants: { 3: 2 },
        pushConstants: new Uint8Array(4),
        buffers: [
          { set: 0, binding: 2, size: 64 },
          { set: 1, binding: 0, size: 2 * 2 * 6 * 16 },
        ],
      });
      const jobs = readdirSync(root);
      expect(jobs.length).toBe(1);
      const replay = fileURLToPath(new URL('./harness/replay.sh', import.meta.url));
      const spvrun = await buildHarness();
      const ok = execFileSync('sh', [replay, spvrun, root], { encoding: 'utf8' });
      expect(ok).toContain('1 of the jobs that ran were mesh jobs; 0 could not run on this device');
      expect(ok).toMatch(/\n1 same, 0 different\n$/);
      // A job recorded on a device with larger limits: named, and not counted as different.
      const job = join(root, jobs[0], 'job.txt');
      execFileSync('sh', ['-c', `printf 'size 100000 1 1\\n' >> "${job}"`]);
      const skipped = execFileSync('sh', [replay, spvrun, root], { encoding: 'utf8' });
      expect(skipped).toContain(`cannot run here: ${root}/${jobs[0]}/`);
      expect(skipped).toMatch(/\n0 same, 0 different\n$/);
    } finally {
      if (saved === undefined) delete process.env.SPVRUN_RECORD_DIR;
      else process.env.SPVRUN_RECORD_DIR = saved;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
