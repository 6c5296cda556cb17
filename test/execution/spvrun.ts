/**
 * The driver of the C harness (harness/spvrun.c): builds it, asks it which Vulkan device jobs run
 * on and what that device can do, and runs one job (a compute dispatch, a mesh draw, or a draw of
 * a vertex and a fragment shader) returning the final bytes of its buffers and, for a draw, of its
 * color attachments. runCompute.ts, runMesh.ts and runDraw.ts are the typed front ends.
 *
 * The harness is compiled once per process (`cc -O1 -o spvrun spvrun.c -lvulkan`) into
 * test/.cache/execution/<sha256 of spvrun.c>/spvrun and reused across processes. Jobs run on one
 * `spvrun --serve` per test process, one after another: starting the driver and creating a device
 * is most of a small job's time (about 40 ms of lavapipe's 45), so a process per job would spend a
 * suite's time there. A server that fails a job as a lost device would is replaced for the next.
 *
 * The Vulkan driver is whatever the loader picks from the environment; set SPVKIT_VK_ICD to an ICD
 * json path to force one (it is passed on as VK_ICD_FILENAMES and VK_DRIVER_FILES).
 * SPVRUN_DEVICE_INDEX / SPVRUN_DEVICE_NAME (see spvrun.c) select among several devices.
 *
 * With SPVRUN_RECORD_DIR set, every job that runs is also kept there, with the bytes it gave, to
 * be replayed on another Vulkan device by harness/replay.sh (no Node needed there).
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Vec3 = [number, number, number];

/** A storage (or uniform) buffer of a job. */
export interface JobBuffer {
  /** Its descriptor type: a storage buffer (the default) or a uniform buffer. */
  kind?: 'storage' | 'uniform';
  /** Descriptor set (default 0). */
  set?: number;
  binding: number;
  /** Size in bytes, > 0. */
  size: number;
  /** Initial bytes (at most `size`; the rest is zero). Default: all zero. */
  init?: Uint8Array;
}

/** What every job shares: group counts (compute and mesh), buffers, specialization and push constants. */
export interface JobResources {
  /** vkCmdDispatch / vkCmdDrawMeshTasksEXT group counts. */
  groups: Vec3;
  buffers: JobBuffer[];
  /** constant_id -> 32-bit value (an integer in [-2^31, 2^32); floats: pass their bit pattern). */
  specConstants?: Record<number, number>;
  /** Push-constant bytes at offset 0; length a multiple of 4. */
  pushConstants?: Uint8Array;
  /** Kill the harness after this long (default 60 s). */
  timeoutMs?: number;
}

/** Limits of the mesh and task stages (VkPhysicalDeviceMeshShaderPropertiesEXT). */
export interface MeshShaderLimits {
  taskShader: boolean;
  maxMeshWorkGroupSize: Vec3;
  maxMeshWorkGroupInvocations: number;
  maxTaskWorkGroupSize: Vec3;
  maxTaskWorkGroupInvocations: number;
  maxTaskPayloadSize: number;
}

export interface VulkanEnvironment {
  deviceName: string;
  deviceIndex: number;
  deviceType: string;
  /** API version used (min of instance/device, capped at 1.3), e.g. '1.3.0'. */
  apiVersion: string;
  deviceApiVersion: string;
  driverName?: string;
  driverInfo?: string;
  maxComputeWorkGroupSize: Vec3;
  maxComputeWorkGroupInvocations: number;
  /** Present when the device runs mesh shaders (VK_EXT_mesh_shader with meshShader). */
  mesh?: MeshShaderLimits;
}

/**
 * A failed harness run: exitCode 1 = bad job/input, 2 = a Vulkan call failed, 3 = this device
 * cannot run the job (no mesh shaders, a size beyond its limits), null = killed by a signal.
 */
export class SpvRunError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'SpvRunError';
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const sourcePath = join(here, 'harness', 'spvrun.c');
const cacheRoot = join(here, '..', '.cache', 'execution');

interface ExecResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  spawnError?: NodeJS.ErrnoException;
}

function exec(file: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(file, args, { env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 16 << 20, encoding: 'utf8' }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
      if (e && typeof e.code === 'string') {
        resolve({ code: null, signal: null, stdout, stderr, spawnError: e });
        return;
      }
      resolve({ code: e ? ((e.code as number | undefined) ?? null) : 0, signal: e?.signal ?? null, stdout, stderr });
    });
  });
}

function harnessEnv(): NodeJS.ProcessEnv {
  const icd = process.env.SPVKIT_VK_ICD;
  return icd ? { ...process.env, VK_ICD_FILENAMES: icd, VK_DRIVER_FILES: icd } : process.env;
}

let buildPromise: Promise<string> | undefined;

/** Compile harness/spvrun.c (once per process; cached on disk by source hash). Returns the binary path. */
export function buildHarness(): Promise<string> {
  buildPromise ??= (async () => {
    const source = await readFile(sourcePath);
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const dir = join(cacheRoot, hash);
    const bin = join(dir, 'spvrun');
    try {
      if ((await stat(bin)).isFile()) return bin;
    } catch {
      /* not built yet */
    }
    await mkdir(dir, { recursive: true });
    // Build under a unique name and rename: several test processes may build at once.
    const tmp = `${bin}.${process.pid}.${Date.now()}.tmp`;
    const r = await exec('cc', ['-O1', '-o', tmp, sourcePath, '-lvulkan'], { timeoutMs: 120_000 });
    if (r.spawnError) throw new Error(`cannot run C compiler 'cc': ${r.spawnError.message}`);
    if (r.code !== 0) {
      await rm(tmp, { force: true });
      throw new Error(`building spvrun failed (cc exit ${r.code}; need a C compiler, vulkan headers and libvulkan):\n${r.stderr}`);
    }
    await rename(tmp, bin);
    return bin;
  })();
  buildPromise.catch(() => {
    buildPromise = undefined;
  });
  return buildPromise;
}

function parseInfo(stdout: string): VulkanEnvironment {
  const kv = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) kv.set(line.slice(0, eq), line.slice(eq + 1));
  }
  const deviceName = kv.get('deviceName');
  if (deviceName === undefined) throw new Error(`spvrun printed no deviceName:\n${stdout}`);
  const num = (key: string): number => {
    const v = Number(kv.get(key));
    if (!Number.isInteger(v)) throw new Error(`spvrun --info printed no ${key}:\n${stdout}`);
    return v;
  };
  const vec3 = (key: string): Vec3 => {
    const v = (kv.get(key) ?? '').split(',').map(Number);
    if (v.length !== 3 || !v.every(Number.isInteger)) throw new Error(`spvrun --info printed no ${key}:\n${stdout}`);
    return v as Vec3;
  };
  return {
    deviceName,
    deviceIndex: Number(kv.get('deviceIndex')),
    deviceType: kv.get('deviceType') ?? 'unknown',
    apiVersion: kv.get('apiVersion') ?? '',
    deviceApiVersion: kv.get('deviceApiVersion') ?? '',
    driverName: kv.get('driverName'),
    driverInfo: kv.get('driverInfo'),
    maxComputeWorkGroupSize: vec3('maxComputeWorkGroupSize'),
    maxComputeWorkGroupInvocations: num('maxComputeWorkGroupInvocations'),
    ...(kv.get('meshShader') === '1'
      ? {
          mesh: {
            taskShader: kv.get('taskShader') === '1',
            maxMeshWorkGroupSize: vec3('maxMeshWorkGroupSize'),
            maxMeshWorkGroupInvocations: num('maxMeshWorkGroupInvocations'),
            maxTaskWorkGroupSize: vec3('maxTaskWorkGroupSize'),
            maxTaskWorkGroupInvocations: num('maxTaskWorkGroupInvocations'),
            maxTaskPayloadSize: num('maxTaskPayloadSize'),
          },
        }
      : {}),
  };
}

function describeFailure(what: string, r: ExecResult): SpvRunError {
  const how = r.spawnError ? r.spawnError.message : r.signal ? `killed by ${r.signal}` : `exit ${r.code}`;
  return new SpvRunError(`${what} failed (${how}):\n${r.stderr.trim()}`, r.code, r.stderr);
}

let envPromise: Promise<VulkanEnvironment> | undefined;

/** Build the harness and create a Vulkan device with it; resolves to the device that jobs run on. */
export function describeVulkanEnvironment(): Promise<VulkanEnvironment> {
  envPromise ??= (async () => {
    const bin = await buildHarness();
    const r = await exec(bin, ['--info'], { env: harnessEnv(), timeoutMs: 30_000 });
    if (r.code !== 0) throw describeFailure('spvrun --info', r);
    return parseInfo(r.stdout);
  })();
  return envPromise;
}

let availablePromise: Promise<{ ok: true } | { ok: false; reason: string }> | undefined;

/** Whether compute jobs can run here (C compiler, Vulkan headers/loader, a device). Cached. */
export function vulkanAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  availablePromise ??= describeVulkanEnvironment().then(
    () => ({ ok: true as const }),
    (e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
  );
  return availablePromise;
}

export function checkUint(name: string, v: number, max = 0xffffffff): void {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`${name} must be an integer in [0, ${max}], got ${v}`);
}

/** A one-line job-file argument (an entry point name): no line breaks, not empty. */
export function checkName(what: string, name: string): void {
  if (!name || /[\r\n]/.test(name)) throw new Error(`bad ${what} ${JSON.stringify(name)}`);
}

/** A vertex input of a draw job, read from a vertex buffer of its own. */
export interface JobAttribute {
  location: number;
  /** `f32xN`, `i32xN` or `u32xN`, N = 1..4 (spvrun.c). */
  format: string;
  /** Bytes from one vertex to the next. */
  stride: number;
  data: Uint8Array;
}

/** One harness run: the lines naming its shaders and stages, and the resources it binds. */
export interface HarnessJob extends Omit<JobResources, 'groups'> {
  /** Group counts of a compute or mesh job (a draw has none). */
  groups?: Vec3;
  /** Job-file lines before the resources (`entry`, `size`, `color`, ...), without the module lines. */
  lines: string[];
  /** Modules by job-file key (`spv`, `mesh`, `task`, `vert`, `frag`); each is written to its own file. */
  modules: { key: 'spv' | 'mesh' | 'task' | 'vert' | 'frag'; spirv: Uint32Array }[];
  /** Vertex inputs of a draw. */
  attributes?: JobAttribute[];
  /** Byte sizes of what the harness writes after the buffers: a draw's color attachments, in `color` line order. */
  images?: number[];
}

/**
 * Runs one job with spvrun; returns every buffer's final bytes, in `job.buffers` order, followed
 * by the bytes of each of `job.images`.
 */
export async function runHarnessJob(job: HarnessJob): Promise<Uint8Array[]> {
  job.groups?.forEach((g, i) => checkUint(`groups[${i}]`, g));
  const lines = [...job.lines, ...(job.groups ? [`groups ${job.groups.join(' ')}`] : [])];
  const files: [string, Uint8Array][] = [];
  const dir = await mkdtemp(join(tmpdir(), 'spvrun-'));
  try {
    for (const m of job.modules) {
      const p = join(dir, `${m.key}.spv`);
      files.push([p, new Uint8Array(m.spirv.buffer, m.spirv.byteOffset, m.spirv.byteLength)]);
      lines.push(`${m.key} ${p}`);
    }
    (job.attributes ?? []).forEach((a, i) => {
      checkUint(`attributes[${i}].location`, a.location);
      checkUint(`attributes[${i}].stride`, a.stride);
      checkName(`attributes[${i}].format`, a.format);
      if (a.data.length === 0) throw new RangeError(`attributes[${i}].data is empty`);
      const p = join(dir, `attribute${i}.bin`);
      files.push([p, a.data]);
      lines.push(`attribute ${a.location} ${a.format} ${a.stride} ${p}`);
    });
    job.buffers.forEach((b, i) => {
      checkUint(`buffers[${i}].set`, b.set ?? 0);
      checkUint(`buffers[${i}].binding`, b.binding);
      checkUint(`buffers[${i}].size`, b.size, Number.MAX_SAFE_INTEGER);
      if (b.size === 0) throw new RangeError(`buffers[${i}].size must be > 0`);
      let line = `${b.kind === 'uniform' ? 'uniform' : 'buffer'} ${b.set ?? 0} ${b.binding} ${b.size}`;
      if (b.init) {
        if (b.init.length > b.size) throw new RangeError(`buffers[${i}].init is longer than its size`);
        const p = join(dir, `init${i}.bin`);
        files.push([p, b.init]);
        line += ` file ${p}`;
      }
      lines.push(line);
    });
    for (const [id, value] of Object.entries(job.specConstants ?? {})) {
      checkUint(`specConstants id`, Number(id));
      if (!Number.isInteger(value) || value < -0x80000000 || value > 0xffffffff)
        throw new RangeError(`specConstants[${id}] must be a 32-bit integer, got ${value}`);
      lines.push(`spec ${id} ${value >>> 0}`);
    }
    if (job.pushConstants && job.pushConstants.length > 0) {
      if (job.pushConstants.length % 4) throw new RangeError('pushConstants length must be a multiple of 4');
      const p = join(dir, 'push.bin');
      files.push([p, job.pushConstants]);
      lines.push(`push ${p}`);
    }
    const out = join(dir, 'out.bin');
    lines.push(`out ${out}`);
    const jobFile = join(dir, 'job.txt');
    files.push([jobFile, new TextEncoder().encode(lines.join('\n') + '\n')]);

    const [bin] = await Promise.all([buildHarness(), ...files.map(([p, data]) => writeFile(p, data))]);
    const r = await runOnServer(bin, jobFile, job.timeoutMs ?? 60_000);
    if (r.code !== 0) throw describeFailure('spvrun', r);
    const bytes = await readFile(out);
    const sizes = [...job.buffers.map((b) => b.size), ...(job.images ?? [])];
    const total = sizes.reduce((s, n) => s + n, 0);
    if (bytes.length !== total) throw new Error(`spvrun wrote ${bytes.length} bytes, expected ${total}`);
    const record = process.env.SPVRUN_RECORD_DIR;
    if (record) await recordJob(record, dir, lines, files, bytes);
    const result: Uint8Array[] = [];
    let off = 0;
    for (const size of sizes) {
      result.push(new Uint8Array(bytes.subarray(off, off + size)));
      off += size;
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A running `spvrun --serve`: its reply lines, and how it ended once it has. */
interface HarnessServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** The harness binary and the environment it runs with: another of either needs another server. */
  readonly key: string;
  readonly replies: string[];
  /** Called with the next reply line, or null once the server has exited. */
  waiter?: (line: string | null) => void;
  stderr: string;
  exit?: { code: number | null; signal: NodeJS.Signals | null; spawnError?: NodeJS.ErrnoException };
}

let server: HarnessServer | undefined;
/** Jobs run one at a time on the server: each waits for the one before. */
let serverQueue: Promise<unknown> = Promise.resolve();

function startServer(bin: string, key: string): HarnessServer {
  const child = spawn(bin, ['--serve'], { env: harnessEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  const s: HarnessServer = { child, key, replies: [], stderr: '' };
  const deliver = (line: string | null): void => {
    const w = s.waiter;
    s.waiter = undefined;
    if (w) w(line);
    else if (line !== null) s.replies.push(line);
  };
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    partial += chunk;
    for (let nl = partial.indexOf('\n'); nl >= 0; nl = partial.indexOf('\n')) {
      deliver(partial.slice(0, nl));
      partial = partial.slice(nl + 1);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    s.stderr += chunk;
  });
  child.on('error', (e: NodeJS.ErrnoException) => {
    s.exit = { code: null, signal: null, spawnError: e };
    deliver(null);
  });
  child.on('close', (code, signal) => {
    s.exit ??= { code, signal };
    deliver(null);
  });
  // A dead server's stdin fails the write: the 'close' above reports it.
  child.stdin.on('error', () => {});
  // The server ends when its stdin does, with the test process: it must not keep that process alive.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  return s;
}

function nextReply(s: HarnessServer): Promise<string | null> {
  if (s.replies.length > 0) return Promise.resolve(s.replies.shift()!);
  if (s.exit) return Promise.resolve(null);
  return new Promise((resolve) => {
    s.waiter = resolve;
  });
}

/** Runs the job file on this process's server (started, or started again, as needed). */
function runOnServer(bin: string, jobFile: string, timeoutMs: number): Promise<ExecResult> {
  const run = serverQueue.then(() => serveOne(bin, jobFile, timeoutMs));
  serverQueue = run.catch(() => undefined);
  return run;
}

async function serveOne(bin: string, jobFile: string, timeoutMs: number): Promise<ExecResult> {
  const env = harnessEnv();
  const key = JSON.stringify([
    bin,
    ...['VK_ICD_FILENAMES', 'VK_DRIVER_FILES', 'SPVRUN_DEVICE_INDEX', 'SPVRUN_DEVICE_NAME', 'SPVRUN_TIMEOUT_MS'].map((k) => env[k]),
  ]);
  if (server && (server.exit || server.key !== key)) {
    server.child.kill('SIGKILL');
    server = undefined;
  }
  const s = (server ??= startServer(bin, key));
  const stderrBefore = s.stderr.length;
  s.child.stdin.write(`${jobFile}\n`);
  let timer: NodeJS.Timeout | undefined;
  const reply = await Promise.race([
    nextReply(s),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  const stderr = s.stderr.slice(stderrBefore);
  if (reply === 'timeout') {
    // As execFile's timeout did: the job is killed (with the server), and reported as a signal.
    s.child.kill('SIGKILL');
    if (server === s) server = undefined;
    return { code: null, signal: 'SIGKILL', stdout: '', stderr: `${stderr}spvrun: no reply in ${timeoutMs} ms` };
  }
  if (reply === 'ok') return { code: 0, signal: null, stdout: '', stderr };
  const failed = reply === null ? undefined : /^(error|fatal) (\d+) (.*)$/.exec(reply);
  if (failed) {
    // After `fatal` the server exits; the next job must not be written to it while it does.
    if (failed[1] === 'fatal' && server === s) server = undefined;
    return { code: Number(failed[2]), signal: null, stdout: '', stderr: `${stderr}${failed[3]}\n` };
  }
  if (server === s) server = undefined;
  if (reply !== null) s.child.kill('SIGKILL');
  const exit = s.exit ?? { code: null, signal: null };
  return {
    code: exit.code,
    signal: exit.signal,
    stdout: '',
    stderr: reply === null ? stderr : `${stderr}unexpected reply: ${reply}\n`,
    spawnError: exit.spawnError,
  };
}

let recorded = 0;

/**
 * Keeps a job that ran in `root`/<pid>-<n>/: its files under their base names, job.txt naming them
 * relative to that folder, and expected.bin, the bytes this device gave (harness/replay.sh).
 */
async function recordJob(root: string, dir: string, lines: string[], files: [string, Uint8Array][], out: Uint8Array): Promise<void> {
  const into = join(root, `${process.pid}-${recorded++}`);
  await mkdir(into, { recursive: true });
  const relative = (text: string): string => text.split(`${dir}/`).join('');
  await Promise.all([
    ...files.map(([p, data]) => writeFile(join(into, relative(p)), p.endsWith('job.txt') ? relative(lines.join('\n') + '\n') : data)),
    writeFile(join(into, 'expected.bin'), out),
  ]);
}
