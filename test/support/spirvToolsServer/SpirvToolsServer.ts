/**
 * Debian's spirv-val and spirv-as, asked without starting a process per module: a small C++
 * program (spirvToolsServer.cpp) linked against the spirv-tools package's libSPIRV-Tools.a, the
 * library those tools are built from, answers every request of a test process in one process.
 *
 * It is built here on first use (g++, a second or two) into test/.cache/spirv-tools-server/, by a
 * hash of its source and of the library's version. Where it cannot be built (no g++) or stops, the
 * callers spawn spirv-val and spirv-as as before: it changes what a verdict costs, never the
 * verdict; spirvToolsServer.test.ts compares the two on every kind of module.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** What a tool run gave: its exit status, its output file (spirv-as) and its message. */
export interface ToolAnswer {
  readonly status: number;
  readonly output: Uint8Array;
  readonly message: string;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const cacheDir = join(here, '..', '..', '.cache', 'spirv-tools-server');
/** Far beyond one validation (milliseconds): reached only if the server hangs. */
const ANSWER_TIMEOUT_MS = 120_000;

/** The server binary for this source and this SPIRV-Tools, built if needed; undefined where it cannot be. */
function serverBinary(): string | undefined {
  const source = join(here, 'spirvToolsServer.cpp');
  const version = spawnSync('spirv-val', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) return undefined;
  const key = createHash('sha256').update(readFileSync(source)).update(version.stdout).digest('hex').slice(0, 16);
  const binary = join(cacheDir, `spirvToolsServer-${key}`);
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  // Built aside and renamed: test processes starting together each see a whole binary or none.
  const tmp = `${binary}.${process.pid}.tmp`;
  const built = spawnSync('g++', ['-O1', '-std=c++17', '-o', tmp, source, '-lSPIRV-Tools'], { encoding: 'utf8' });
  if (built.status !== 0) return undefined;
  renameSync(tmp, binary);
  return binary;
}

/** A connection to one server process; every call blocks until the server answers. */
export class SpirvToolsServer {
  private readonly signal = new SharedArrayBuffer(4);
  private readonly flag = new Int32Array(this.signal);
  private readonly port;
  private readonly worker;
  private broken: string | undefined;

  private constructor(binary: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./serverWorker.mjs', import.meta.url), {
      workerData: { binary, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // Neither may keep a finished test process alive.
    this.worker.unref();
    this.port.unref();
  }

  /** The process's server, started on first use; undefined where it cannot be built. */
  static shared(): SpirvToolsServer | undefined {
    if (shared === undefined) {
      const binary = process.env.SPVKIT_SPIRV_TOOLS_SERVER === '0' ? undefined : serverBinary();
      shared = binary === undefined ? null : new SpirvToolsServer(binary);
    }
    return shared ?? undefined;
  }

  /** `spirv-val --target-env ENV FLAGS -` on `bytes`; undefined if the server cannot answer (then spawn spirv-val). */
  validate(bytes: Uint8Array, targetEnv: string, flags: readonly string[]): ToolAnswer | undefined {
    if (![targetEnv, ...flags].every(isWord)) return undefined;
    return this.ask(`val ${targetEnv} ${flags.length === 0 ? '-' : flags.join(',')} ${bytes.byteLength}\n`, bytes);
  }

  /** `spirv-as --target-env ENV` on `text`; undefined if the server cannot answer (then spawn spirv-as). */
  assemble(text: string, targetEnv: string): ToolAnswer | undefined {
    if (!isWord(targetEnv)) return undefined;
    const body = Buffer.from(text, 'utf8');
    return this.ask(`as ${targetEnv} ${body.byteLength}\n`, body);
  }

  private ask(header: string, body: Uint8Array): ToolAnswer | undefined {
    if (this.broken !== undefined) return undefined;
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage({ header, body });
    if (Atomics.wait(this.flag, 0, 0, ANSWER_TIMEOUT_MS) === 'timed-out') return this.fail('no answer in time');
    const received = receiveMessageOnPort(this.port)?.message as (ToolAnswer & { error?: undefined }) | { error: string } | undefined;
    if (received === undefined) return this.fail('an answer without a message');
    if (received.error !== undefined) return this.fail(received.error);
    // 256 (no process exits with it): a flag or target env the server does not take; the tool itself judges it.
    return received.status === 256 ? undefined : received;
  }

  private fail(why: string): undefined {
    this.broken = why;
    console.warn(`spirvToolsServer: ${why}; spawning spirv-val and spirv-as from here on`);
    void this.worker.terminate();
    return undefined;
  }
}

let shared: SpirvToolsServer | null | undefined;

/** A field of a request line: no spaces, no commas (the flags' separator). */
const isWord = (s: string): boolean => /^[^\s,]+$/.test(s);
