/**
 * From a file to checked, transformed words and their reflection: read (bytes for .spv, text for
 * the rest), the file's front end (assemble, compile or decode), then the transform. Results are
 * cached by content hash (the options are fixed per plugin).
 */
import { ShaderCache } from '../cache.js';
import { readBytes } from '../files.js';
import type { Frontend, ShaderInputs } from '../frontends/frontend.js';
import { glslFrontend } from '../frontends/glsl.js';
import { spvFrontend } from '../frontends/spv.js';
import { spvasmFrontend } from '../frontends/spvasm.js';
import type { ShaderRequest, SourceKind } from '../ids.js';
import type { ResolvedOptions } from '../options.js';
import { loadTranslator, type Translate } from '../wgsl.js';
import { transformPlan } from './plan.js';
import { transform, type ShaderResult } from './transform.js';

export type { ShaderInputs } from '../frontends/frontend.js';

const FRONTENDS: Readonly<Record<SourceKind, Frontend>> = { spv: spvFrontend, spvasm: spvasmFrontend, glsl: glslFrontend };

/** What the pipeline reads at each run: the host may change the root and the build kind between builds. */
export interface PipelineEnv {
  readonly root: string;
  readonly options: ResolvedOptions;
  /** A production build (`vite build`, Rollup with NODE_ENV=production): the release passes' default. */
  readonly production: boolean;
}

/** Timings kept, newest last. */
const MAX_TIMINGS = 10_000;

/** The work, cached by content. One per plugin instance. */
export class ShaderPipeline {
  private readonly cache = new ShaderCache<ShaderResult>();
  /** @spvkit/wgsl's translator, once an import asked for WGSL. */
  private translate: Translate | undefined;
  /**
   * Milliseconds of the plugin's own work per transform (decode or assemble, passes, validation,
   * encode, reflection; not file reads, not the GLSL compiler), newest last, at most 10000.
   */
  readonly timings: { file: string; ms: number }[] = [];

  constructor(private readonly env: () => PipelineEnv) {}

  /** How many times a shader was actually transformed (not served from the cache). */
  get transforms(): number {
    return this.cache.misses;
  }

  /** Transforms `request.file`; fills `inputs` with every file read, also when it fails. */
  async run(request: ShaderRequest, inputs: ShaderInputs): Promise<ShaderResult> {
    const { root, options, production } = this.env();
    const file = request.file;
    inputs.files.push(file);
    const plan = transformPlan(request, { options, production, root });
    if (plan.wgsl) this.translate ??= await loadTranslator();
    const bytes = await readBytes(file, options.maxFileSize, root);
    const prepared = await FRONTENDS[request.source]({ request, bytes, root, options, planTag: plan.tag, inputs });
    return this.cache.get(prepared.key, async () => {
      const shader = await prepared.compile();
      try {
        return transform({ ...shader, key: prepared.key, plan, file }, { root, options, translate: this.translate });
      } finally {
        this.record(file, performance.now() - shader.startedAt);
      }
    });
  }

  private record(file: string, ms: number): void {
    if (this.timings.length >= MAX_TIMINGS) this.timings.shift();
    this.timings.push({ file, ms });
  }
}
