/**
 * Bytes of input per thread below which worker threads cost more than they save. A worker loads
 * the bundle and compiles its code afresh (its first modules run unoptimized): measured ~200 ms
 * before it works at full speed, while one thread works through ~6 MB/s of small modules cold,
 * ~20 MB/s warm. So the test/shaders folder (379 modules, 1.6 MB) ran in 0.50 s in this thread
 * and 0.69 s with two workers on 2 cores (Node 20.20, `spvkit dis DIR --out-dir`); workers pay
 * off from a few MB per thread.
 */
const BYTES_PER_THREAD = 4 * 1024 * 1024;

/**
 * How many threads a batch of `bytes` of input gets when --jobs is not given: one per
 * {@link BYTES_PER_THREAD} of disassembly's work, `workPerByte` times that for a command whose
 * byte is more work (see BatchSupport.workPerByte), at most one per core, at least one (this one).
 *
 * @example
 * ```ts
 * threadCount(1.7e6, 1, 2); // 1: `dis` of a 1.7 MB folder is done before a worker would start
 * threadCount(1.7e6, 6, 2); // 2: `opt -O` of it is not
 * ```
 */
export function threadCount(bytes: number, workPerByte: number, cores: number): number {
  return Math.max(1, Math.min(cores, Math.floor((bytes * workPerByte) / BYTES_PER_THREAD)));
}
