/**
 * lower-local-invocation-index on mesh and task shaders, executed on a Vulkan driver with
 * VK_EXT_mesh_shader (lavapipe from Mesa 25 in CI): each pipeline runs before and after the pass,
 * over LocalSize, LocalSizeId and spec-constant sizes from 1x1x1 up to the device's limits, with
 * the index read in helper functions, carried from a task shader to its mesh shaders in the task
 * payload, and in a module of several task and mesh entry points. Every buffer must be identical
 * before and after, and hold what the formula gives.
 *
 * Without Vulkan, mesh and task shaders, glslangValidator or spirv-as the suite is skipped with a
 * message, or fails when SPVKIT_REQUIRE_ORACLES=1.
 */
import { expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { compileStage, glslangAvailable } from './glsl.js';
import { assemble, deep1, DEEP_GLSL, expectSameBuffers, invocations, limitSizes, lower, spirvAsAvailable, volume, type Vec3 } from './lowering.js';
import { describeVulkanEnvironment, type MeshShaderLimits } from './spvrun.js';
import { meshShadingAvailable, runMesh, type MeshJob } from './runMesh.js';

type Stage = 'mesh' | 'task';

const availability = await (async () => {
  const checks = [await meshShadingAvailable(), await glslangAvailable(), spirvAsAvailable()];
  const reasons = checks.flatMap((c) => (c.ok ? [] : [c.reason]));
  return reasons.length ? { ok: false as const, reason: `mesh and task shaders cannot run here: ${reasons.join('; ')}` } : { ok: true as const };
})();
const env = availability.ok ? await describeVulkanEnvironment() : undefined;
if (env) console.info(`mesh and task lowering runs on: ${env.deviceName} (${env.driverInfo ?? env.driverName ?? '?'})`);
const limits: MeshShaderLimits | undefined = env?.mesh;

type Env = 'vulkan1.2' | 'vulkan1.3';
const ENVS: Env[] = ['vulkan1.2', 'vulkan1.3'];
const MESH_OUT = 'layout(triangles, max_vertices = 3, max_primitives = 1) out;';
const layoutOf = (s: Vec3) => `layout(local_size_x = ${s[0]}, local_size_y = ${s[1]}, local_size_z = ${s[2]}) in;`;
const SPEC_LAYOUT = 'layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;';
const specOf = (s: Vec3) => ({ 0: s[0], 1: s[1], 2: s[2] });

/** Runs `job` with the modules before and after the pass; returns the buffers, identical in both. */
async function runBoth(job: MeshJob, lowered: Partial<Pick<MeshJob, 'mesh' | 'task'>>): Promise<Uint32Array[]> {
  const [before, after] = await Promise.all([runMesh(job), runMesh({ ...job, ...lowered })]);
  return expectSameBuffers(before, after);
}

// ------------------------------------------------------------------------ one stage alone

/**
 * A mesh or task shader that records, for each invocation at its global slot, the index read in
 * main, the index read three calls deep, and a marker; a task shader launches no mesh shader.
 */
function recorderGlsl(stage: Stage, layout: string): string {
  return `#version 460
#extension GL_EXT_mesh_shader : require
${layout}
${stage === 'mesh' ? MESH_OUT : ''}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
${DEEP_GLSL}
void main() {
  ${stage === 'mesh' ? 'SetMeshOutputsEXT(0u, 0u);' : ''}
  uint first = gl_LocalInvocationIndex;
  uvec3 n = gl_NumWorkGroups * gl_WorkGroupSize;
  uvec3 g = gl_GlobalInvocationID;
  uint slot = g.x + n.x * (g.y + n.y * g.z);
  rec[slot * 3u + 0u] = first;
  rec[slot * 3u + 1u] = deep1(7u);
  rec[slot * 3u + 2u] = 0x5a5a5a5au;
  ${stage === 'task' ? 'EmitMeshTasksEXT(0u, 0u, 0u);' : ''}
}
`;
}

/** The mesh shader a task-only case needs to make a pipeline: it is never launched. */
const IDLE_MESH = `#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
${MESH_OUT}
void main() { SetMeshOutputsEXT(0u, 0u); }
`;

async function checkRecorder(
  stage: Stage,
  spirv: Uint32Array,
  lowered: Uint32Array,
  idle: Uint32Array | undefined,
  groups: Vec3,
  size: Vec3,
  spec?: Record<number, number>,
): Promise<void> {
  const words = volume(groups) * volume(size) * 3;
  const job: MeshJob =
    stage === 'mesh'
      ? { mesh: spirv, meshWorkgroupSize: size, groups, buffers: [{ binding: 0, size: (words + 16) * 4 }] }
      : { mesh: idle!, task: spirv, taskWorkgroupSize: size, groups, buffers: [{ binding: 0, size: (words + 16) * 4 }] };
  if (spec) job.specConstants = spec;
  const [rec] = await runBoth(job, stage === 'mesh' ? { mesh: lowered } : { task: lowered });
  for (const inv of invocations(groups, size)) {
    const ctx = `${stage} slot ${inv.slot} lid ${inv.lid.join(',')} size ${size.join(',')} groups ${groups.join(',')}`;
    expect(rec[inv.slot * 3], `index, ${ctx}`).toBe(inv.index);
    expect(rec[inv.slot * 3 + 1], `index in nested calls, ${ctx}`).toBe(deep1(inv.index));
    expect(rec[inv.slot * 3 + 2], ctx).toBe(0x5a5a5a5a);
  }
  for (let i = words; i < words + 16; i++) expect(rec[i], 'past the last invocation').toBe(0);
}

const maxSize = (stage: Stage): [Vec3, number] =>
  stage === 'mesh' ? [limits!.maxMeshWorkGroupSize, limits!.maxMeshWorkGroupInvocations] : [limits!.maxTaskWorkGroupSize, limits!.maxTaskWorkGroupInvocations];

// Replayed on an NVIDIA H200 (driver 580.159.04, harness/replay.sh): for mesh and task workgroups
// of shape 1xNx1 and 1x1xN that driver reports LocalInvocationId (and GlobalInvocationId) as if
// the shape were Nx1x1, while LocalInvocationIndex is right; so there the unlowered modules
// record at other slots and the lowered ones, which rebuild the index from LocalInvocationId,
// read 0. Every other shape here gave lavapipe's bytes; sizes past its 128 invocations it refuses.
const SIZES: Vec3[] = [
  [1, 1, 1],
  [7, 3, 2],
  [32, 1, 1],
  [1, 6, 1],
  [1, 1, 5],
  [4, 4, 4],
];

describeWithOracle('lower-local-invocation-index on mesh and task shaders (VK_EXT_mesh_shader)', availability, () => {
  const idleMesh = (e: Env) => compileStage(IDLE_MESH, 'mesh', e);

  it.each(ENVS.flatMap((e) => (['mesh', 'task'] as const).map((stage) => [stage, e] as const)))(
    '%s shader, LocalSize, the index read in main and in helpers (%s), sizes 1x1x1 up to the device limits',
    async (stage, e) => {
      const idle = stage === 'task' ? await idleMesh(e) : undefined;
      const sizes = [...SIZES, ...limitSizes(...maxSize(stage))];
      for (const size of sizes) {
        const spirv = await compileStage(recorderGlsl(stage, layoutOf(size)), stage, e);
        const lowered = lower(spirv);
        for (const groups of [
          [1, 1, 1],
          [3, 2, 1],
        ] as Vec3[])
          await checkRecorder(stage, spirv, lowered, idle, groups, size);
      }
    },
  );

  // vulkan1.2: glslang writes a spec-constant WorkgroupSize; vulkan1.3 (SPIR-V 1.6): LocalSizeId.
  it.each(ENVS.flatMap((e) => (['mesh', 'task'] as const).map((stage) => [stage, e] as const)))(
    '%s shader, sizes from specialization constants (%s), 1x1x1 up to the device limits',
    async (stage, e) => {
      const idle = stage === 'task' ? await idleMesh(e) : undefined;
      const spirv = await compileStage(recorderGlsl(stage, SPEC_LAYOUT), stage, e);
      const text = new Uint32Array(spirv);
      // The form of the size that each target writes, so that both forms are the ones executed.
      const localSizeId = text.some((w, i) => w === ((6 << 16) | 331) && text[i + 2] === 38);
      expect(localSizeId).toBe(e === 'vulkan1.3');
      const lowered = lower(spirv);
      for (const size of [...SIZES, ...limitSizes(...maxSize(stage))]) await checkRecorder(stage, spirv, lowered, idle, [2, 1, 2], size, specOf(size));
      // No specialization: the default size, 1x1x1.
      await checkRecorder(stage, spirv, lowered, idle, [3, 1, 1], [1, 1, 1]);
    },
  );

  // ---------------------------------------------------------------- task payload to mesh

  /**
   * A task workgroup of T invocations puts every invocation's index (and its helper's value) in
   * the payload with its workgroup's number, and launches two mesh workgroups; each mesh
   * invocation records its own index, its helper's value, and the payload's entry at its index
   * modulo T.
   */
  const payloadDecl = (t: number) => `struct Payload { uint group; uint index[${t}]; uint deep[${t}]; };
taskPayloadSharedEXT Payload payload;`;
  const payloadTask = (t: Vec3) => `#version 460
#extension GL_EXT_mesh_shader : require
${layoutOf(t)}
${payloadDecl(volume(t))}
layout(std430, set = 0, binding = 1) buffer TaskOut { uint trec[]; };
${DEEP_GLSL}
void main() {
  uint wg = gl_WorkGroupID.x + gl_NumWorkGroups.x * (gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z);
  uint i = gl_LocalInvocationIndex;
  payload.index[i] = i;
  payload.deep[i] = deep1(7u);
  if (gl_LocalInvocationIndex == 0u) payload.group = wg;
  trec[wg * ${volume(t)}u + i] = gl_LocalInvocationIndex;
  EmitMeshTasksEXT(2u, 1u, 1u);
}
`;
  const payloadMesh = (t: Vec3, m: Vec3) => `#version 460
#extension GL_EXT_mesh_shader : require
${layoutOf(m)}
${MESH_OUT}
${payloadDecl(volume(t))}
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };
${DEEP_GLSL}
void main() {
  SetMeshOutputsEXT(0u, 0u);
  uint slot = (payload.group * 2u + gl_WorkGroupID.x) * ${volume(m)}u + gl_LocalInvocationIndex;
  uint t = gl_LocalInvocationIndex % ${volume(t)}u;
  rec[slot * 4u + 0u] = gl_LocalInvocationIndex;
  rec[slot * 4u + 1u] = deep1(7u);
  rec[slot * 4u + 2u] = payload.index[t];
  rec[slot * 4u + 3u] = payload.deep[t];
}
`;

  it.each(ENVS)('a task shader hands its indices to the mesh shader in the payload (%s)', async (e) => {
    const pairs: [Vec3, Vec3][] = [
      [
        [1, 1, 1],
        [1, 1, 1],
      ],
      [
        [4, 2, 1],
        [5, 2, 1],
      ],
      [
        [32, 1, 1],
        [2, 4, 4],
      ],
      [
        [3, 1, 5],
        [1, 7, 1],
      ],
    ];
    // The largest workgroups the device allows, within the payload's size.
    const [tMax, tInv] = maxSize('task');
    const [mMax, mInv] = maxSize('mesh');
    const payloadRoom = Math.floor((limits!.maxTaskPayloadSize - 4) / 8);
    const tLine: Vec3 = [Math.min(tMax[0], tInv, payloadRoom), 1, 1];
    const mBox = limitSizes(mMax, mInv)[3];
    pairs.push([tLine, mBox], [limitSizes(tMax, Math.min(tInv, payloadRoom))[3], [1, 1, Math.min(mMax[2], mInv)]]);
    for (const [t, m] of pairs) {
      const task = await compileStage(payloadTask(t), 'task', e);
      const mesh = await compileStage(payloadMesh(t, m), 'mesh', e);
      const lowered = { task: lower(task), mesh: lower(mesh) };
      for (const groups of [
        [1, 1, 1],
        [3, 1, 1],
        [2, 2, 1],
      ] as Vec3[]) {
        const taskGroups = volume(groups);
        const T = volume(t);
        const M = volume(m);
        const recWords = taskGroups * 2 * M * 4;
        const [rec, trec] = await runBoth(
          {
            task,
            mesh,
            taskWorkgroupSize: t,
            meshWorkgroupSize: m,
            groups,
            buffers: [
              { binding: 0, size: (recWords + 16) * 4 },
              { binding: 1, size: (taskGroups * T + 16) * 4 },
            ],
          },
          lowered,
        );
        const ctx = `task ${t.join(',')} mesh ${m.join(',')} groups ${groups.join(',')}`;
        for (let g = 0; g < taskGroups; g++) {
          for (let i = 0; i < T; i++) expect(trec[g * T + i], `task index, ${ctx}`).toBe(i);
          for (let w = 0; w < 2; w++)
            for (let i = 0; i < M; i++) {
              const at = ((g * 2 + w) * M + i) * 4;
              const ti = i % T;
              expect([...rec.subarray(at, at + 4)], `task group ${g} mesh group ${w} index ${i}, ${ctx}`).toEqual([i, deep1(i), ti, deep1(ti)]);
            }
        }
        for (let i = recWords; i < recWords + 16; i++) expect(rec[i], 'past the last mesh invocation').toBe(0);
        for (let i = taskGroups * T; i < taskGroups * T + 16; i++) expect(trec[i], 'past the last task invocation').toBe(0);
      }
    }
  });

  // ------------------------------------------------- several entry points in one module

  // On the H200 (driver 580.159.04) the pipelines of the second task entry point (task2 + meshA)
  // wrote nothing and meshB alone only its first workgroup, before and after lowering alike; the
  // same shapes in modules of one entry point gave lavapipe's bytes there.
  it.each(ENVS)('one module of two task and two mesh entry points sharing a helper that reads the index (%s)', async (e) => {
    const eps: MultiEntry[] = [
      { name: 'task', model: 'TaskEXT', size: [4, 2, 1] },
      { name: 'task2', model: 'TaskEXT', size: [3, 1, 1] },
      { name: 'meshA', model: 'MeshEXT', size: [5, 2, 1], payload: true },
      { name: 'meshB', model: 'MeshEXT', size: [2, 2, 3] },
    ];
    const spirv = assemble(multiEntryAsm(eps), e);
    const lowered = lower(spirv);
    const size = (name: string) => eps.find((x) => x.name === name)!.size;
    for (const groups of [
      [1, 1, 1],
      [3, 1, 1],
      [2, 1, 2],
    ] as Vec3[]) {
      const G = volume(groups);
      for (const [task, mesh] of [
        ['task', 'meshA'],
        ['task2', 'meshA'],
        [undefined, 'meshB'],
      ] as const) {
        const M = volume(size(mesh));
        const meshSlots = G * (task ? 2 : 1) * M;
        const words = (MESH_SLOT_BASE + meshSlots) * 2;
        const job: MeshJob = { mesh: spirv, meshEntryPoint: mesh, meshWorkgroupSize: size(mesh), groups, buffers: [{ binding: 0, size: (words + 16) * 4 }] };
        if (task) Object.assign(job, { task: spirv, taskEntryPoint: task, taskWorkgroupSize: size(task) });
        const [rec] = await runBoth(job, task ? { mesh: lowered, task: lowered } : { mesh: lowered });
        const expected = new Uint32Array(words + 16);
        const put = (slot: number, index: number) => expected.set([index, index * 2], slot * 2);
        if (task) for (let g = 0; g < G; g++) for (let i = 0; i < volume(size(task)); i++) put(g * volume(size(task)) + i, i);
        for (let s = 0; s < meshSlots; s++) put(MESH_SLOT_BASE + s, s % M);
        expect([...rec], `${task ?? '(no task)'} + ${mesh}, groups ${groups.join(',')}`).toEqual([...expected]);
      }
    }
  });
});

// ---------------------------------------------------------------- assembly of several entries

interface MultiEntry {
  name: string;
  model: 'TaskEXT' | 'MeshEXT';
  size: Vec3;
  /** A mesh entry point that takes its task workgroup's number from the payload. */
  payload?: boolean;
}

/** Where the mesh entry points' records start, in slots of two words; the task ones start at 0. */
const MESH_SLOT_BASE = 256;

/**
 * Task and mesh entry points sharing `record(slot)`, which calls `leaf(k)` = index * (k + 1) for
 * k = 0, 1 and stores rec[2*slot + k]. A task entry point records at wg * T + index, puts its
 * workgroup number in the payload and launches two mesh workgroups; a mesh entry point records at
 * MESH_SLOT_BASE + (payload * 2 + wg.x) * M + index with a payload, or at MESH_SLOT_BASE + wg * M
 * + index without one (wg: the linear workgroup number).
 */
function multiEntryAsm(eps: MultiEntry[]): string {
  const consts = new Set<number>([0, 1, 2, MESH_SLOT_BASE]);
  for (const ep of eps) consts.add(volume(ep.size));
  const L: string[] = ['OpCapability Shader', 'OpCapability MeshShadingEXT', 'OpExtension "SPV_EXT_mesh_shader"', 'OpMemoryModel Logical GLSL450'];
  for (const ep of eps) {
    const iface = ep.model === 'TaskEXT' ? '%lii %wgid %nwg %out %payload' : ep.payload ? '%lii %wgid %out %payload' : '%lii %wgid %nwg %out';
    L.push(`OpEntryPoint ${ep.model} %ep_${ep.name} "${ep.name}" ${iface}`);
  }
  for (const ep of eps) {
    L.push(`OpExecutionMode %ep_${ep.name} LocalSize ${ep.size.join(' ')}`);
    if (ep.model === 'MeshEXT')
      L.push(
        `OpExecutionMode %ep_${ep.name} OutputVertices 3`,
        `OpExecutionMode %ep_${ep.name} OutputPrimitivesEXT 1`,
        `OpExecutionMode %ep_${ep.name} OutputTrianglesEXT`,
      );
  }
  L.push(
    'OpDecorate %lii BuiltIn LocalInvocationIndex',
    'OpDecorate %wgid BuiltIn WorkgroupId',
    'OpDecorate %nwg BuiltIn NumWorkgroups',
    'OpDecorate %rarr ArrayStride 4',
    'OpMemberDecorate %Out 0 Offset 0',
    'OpDecorate %Out Block',
    'OpDecorate %out DescriptorSet 0',
    'OpDecorate %out Binding 0',
    '%void = OpTypeVoid',
    '%bool = OpTypeBool',
    '%uint = OpTypeInt 32 0',
    '%v3uint = OpTypeVector %uint 3',
    '%fn = OpTypeFunction %void',
    '%fn_u = OpTypeFunction %void %uint',
    '%fn_leaf = OpTypeFunction %uint %uint',
  );
  for (const c of consts) L.push(`%c${c} = OpConstant %uint ${c}`);
  L.push(
    '%rarr = OpTypeRuntimeArray %uint',
    '%Out = OpTypeStruct %rarr',
    '%p_sb_Out = OpTypePointer StorageBuffer %Out',
    '%p_sb_uint = OpTypePointer StorageBuffer %uint',
    '%p_in_uint = OpTypePointer Input %uint',
    '%p_in_v3uint = OpTypePointer Input %v3uint',
    '%p_pl_uint = OpTypePointer TaskPayloadWorkgroupEXT %uint',
    '%out = OpVariable %p_sb_Out StorageBuffer',
    '%lii = OpVariable %p_in_uint Input',
    '%wgid = OpVariable %p_in_v3uint Input',
    '%nwg = OpVariable %p_in_v3uint Input',
    '%payload = OpVariable %p_pl_uint TaskPayloadWorkgroupEXT',
    // leaf(k) = index * (k + 1)
    '%leaf = OpFunction %uint None %fn_leaf',
    '%k = OpFunctionParameter %uint',
    '%leaf_l = OpLabel',
    '%x = OpLoad %uint %lii',
    '%k1 = OpIAdd %uint %k %c1',
    '%res = OpIMul %uint %x %k1',
    'OpReturnValue %res',
    'OpFunctionEnd',
    // record(slot): rec[2*slot + i] = leaf(i), i = 0, 1
    '%record = OpFunction %void None %fn_u',
    '%slot = OpFunctionParameter %uint',
    '%r0 = OpLabel',
    'OpBranch %hdr',
    '%hdr = OpLabel',
    '%i = OpPhi %uint %c0 %r0 %inext %body',
    '%cond = OpULessThan %bool %i %c2',
    'OpLoopMerge %merge %body None',
    'OpBranchConditional %cond %body %merge',
    '%body = OpLabel',
    '%v = OpFunctionCall %uint %leaf %i',
    '%s2 = OpIMul %uint %slot %c2',
    '%s = OpIAdd %uint %s2 %i',
    '%p = OpAccessChain %p_sb_uint %out %c0 %s',
    'OpStore %p %v',
    '%inext = OpIAdd %uint %i %c1',
    'OpBranch %hdr',
    '%merge = OpLabel',
    'OpReturn',
    'OpFunctionEnd',
  );
  for (const ep of eps) {
    const n = ep.name;
    const count = `%c${volume(ep.size)}`;
    L.push(`%ep_${n} = OpFunction %void None %fn`, `%${n}_l = OpLabel`);
    if (ep.model === 'MeshEXT') L.push('OpSetMeshOutputsEXT %c0 %c0');
    L.push(`%${n}_idx = OpLoad %uint %lii`, `%${n}_wg = OpLoad %v3uint %wgid`, `%${n}_wx = OpCompositeExtract %uint %${n}_wg 0`);
    if (ep.payload) {
      // (payload * 2 + wg.x): the task workgroup launched two of these
      L.push(`%${n}_base = OpLoad %uint %payload`, `%${n}_b2 = OpIMul %uint %${n}_base %c2`, `%${n}_lin = OpIAdd %uint %${n}_b2 %${n}_wx`);
    } else {
      // wg.x + nwg.x * (wg.y + nwg.y * wg.z)
      L.push(
        `%${n}_n = OpLoad %v3uint %nwg`,
        `%${n}_wy = OpCompositeExtract %uint %${n}_wg 1`,
        `%${n}_wz = OpCompositeExtract %uint %${n}_wg 2`,
        `%${n}_nx = OpCompositeExtract %uint %${n}_n 0`,
        `%${n}_ny = OpCompositeExtract %uint %${n}_n 1`,
        `%${n}_t0 = OpIMul %uint %${n}_ny %${n}_wz`,
        `%${n}_t1 = OpIAdd %uint %${n}_wy %${n}_t0`,
        `%${n}_t2 = OpIMul %uint %${n}_nx %${n}_t1`,
        `%${n}_lin = OpIAdd %uint %${n}_wx %${n}_t2`,
      );
    }
    L.push(`%${n}_m = OpIMul %uint %${n}_lin ${count}`, `%${n}_s0 = OpIAdd %uint %${n}_m %${n}_idx`);
    if (ep.model === 'MeshEXT') L.push(`%${n}_slot = OpIAdd %uint %${n}_s0 %c${MESH_SLOT_BASE}`);
    else L.push(`%${n}_slot = OpCopyObject %uint %${n}_s0`);
    L.push(`%${n}_call = OpFunctionCall %void %record %${n}_slot`);
    if (ep.model === 'TaskEXT') {
      // Invocation 0 writes the workgroup number; every invocation then launches the mesh workgroups.
      L.push(
        `%${n}_first = OpIEqual %bool %${n}_idx %c0`,
        `OpSelectionMerge %${n}_join None`,
        `OpBranchConditional %${n}_first %${n}_put %${n}_join`,
        `%${n}_put = OpLabel`,
        `OpStore %payload %${n}_lin`,
        `OpBranch %${n}_join`,
        `%${n}_join = OpLabel`,
        `OpEmitMeshTasksEXT %c2 %c1 %c1 %payload`,
        'OpFunctionEnd',
      );
    } else L.push('OpReturn', 'OpFunctionEnd');
  }
  return L.join('\n') + '\n';
}
