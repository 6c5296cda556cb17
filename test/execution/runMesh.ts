/**
 * Run a mesh pipeline (an optional task shader and a mesh shader) on a real Vulkan driver with
 * VK_EXT_mesh_shader, through harness/spvrun.c: rasterizer discard, no attachments, one
 * vkCmdDrawMeshTasksEXT over `groups`; the storage buffers, push constants and specialization
 * constants are visible to both stages. Returns the final contents of the storage buffers.
 */
import { runWithTwins } from './compilerTwins.js';
import { checkName, checkUint, describeVulkanEnvironment, runHarnessJob, type JobResources, type Vec3 } from './spvrun.js';

export interface MeshJob extends JobResources {
  /** The module holding the mesh shader. */
  mesh: Uint32Array;
  /** Its entry point name, default 'main'. */
  meshEntryPoint?: string;
  /** The module holding the task shader, if the pipeline has one (may be `mesh` itself). */
  task?: Uint32Array;
  /** Its entry point name, default 'main'. */
  taskEntryPoint?: string;
  /** The mesh workgroup size, when known: a size beyond the device's limits is refused (exit code 3). */
  meshWorkgroupSize?: Vec3;
  /** The task workgroup size, likewise. */
  taskWorkgroupSize?: Vec3;
}

/**
 * Draw once; returns every buffer's final bytes, in `job.buffers` order. Modules compiled from
 * GLSL are run again as @spvkit/glslang compiled them, and must give the same bytes (compilerTwins.ts).
 */
export async function runMesh(job: MeshJob): Promise<Uint8Array[]> {
  const lines = [`entry ${job.meshEntryPoint ?? 'main'}`];
  checkName('mesh entry point name', job.meshEntryPoint ?? 'main');
  if (job.meshWorkgroupSize) {
    job.meshWorkgroupSize.forEach((n, i) => checkUint(`meshWorkgroupSize[${i}]`, n));
    lines.push(`size ${job.meshWorkgroupSize.join(' ')}`);
  }
  const modules: { key: 'mesh' | 'task'; spirv: Uint32Array }[] = [{ key: 'mesh', spirv: job.mesh }];
  if (job.task) {
    checkName('task entry point name', job.taskEntryPoint ?? 'main');
    lines.push(`task-entry ${job.taskEntryPoint ?? 'main'}`);
    modules.push({ key: 'task', spirv: job.task });
    if (job.taskWorkgroupSize) {
      job.taskWorkgroupSize.forEach((n, i) => checkUint(`taskWorkgroupSize[${i}]`, n));
      lines.push(`task-size ${job.taskWorkgroupSize.join(' ')}`);
    }
  } else if (job.taskEntryPoint !== undefined || job.taskWorkgroupSize !== undefined) {
    throw new Error('taskEntryPoint / taskWorkgroupSize given without a task module');
  }
  return runWithTwins(
    modules.map((m) => m.spirv),
    (spirvs) => runHarnessJob({ ...job, lines, modules: modules.map((m, i) => ({ key: m.key, spirv: spirvs[i] })) }),
  );
}

let meshPromise: Promise<{ ok: true } | { ok: false; reason: string }> | undefined;

/**
 * Whether mesh and task jobs can run here: a Vulkan device with VK_EXT_mesh_shader and both its
 * meshShader and taskShader features (lavapipe from Mesa 25, not Debian 12's Mesa 22.3). Cached.
 */
export function meshShadingAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  meshPromise ??= describeVulkanEnvironment().then(
    (env) => {
      const where = `${env.deviceName}, ${env.driverInfo ?? env.driverName ?? 'unknown driver'}`;
      if (!env.mesh)
        return {
          ok: false as const,
          reason: `the Vulkan device (${where}) has no VK_EXT_mesh_shader mesh shaders; lavapipe has them from Mesa 25 (Debian bookworm-backports)`,
        };
      if (!env.mesh.taskShader) return { ok: false as const, reason: `the Vulkan device (${where}) has mesh but no task shaders` };
      return { ok: true as const };
    },
    (e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
  );
  return meshPromise;
}
