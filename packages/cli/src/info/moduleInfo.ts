import { enumerantByValue, generatorById, reflectModule, versionOf, type Module, type Reflection } from '@spvkit/core';

/** What `spvkit info` tells about a module; `--json` prints this object. */
export interface ModuleInfo {
  /** SPIR-V version of the header, `major.minor`. */
  readonly version: string;
  readonly generator: {
    /** The registered tool id (upper 16 bits of the generator word). */
    readonly id: number;
    /** Vendor and tool from the SPIR-V registry; null for an unregistered id. */
    readonly vendor: string | null;
    readonly tool: string | null;
    /** The tool's own version number (lower 16 bits). */
    readonly version: number;
  };
  readonly bound: number;
  readonly capabilities: readonly string[];
  readonly instructions: number;
  /** Entry points with execution model and, for compute-like models, the workgroup size. */
  readonly entryPoints: Reflection['entryPoints'];
  readonly bindings: Reflection['bindings'];
  /** Null when the module has no push-constant block. */
  readonly pushConstants: NonNullable<Reflection['pushConstants']> | null;
  readonly specConstants: Reflection['specConstants'];
}

/** Everything `spvkit info` prints about `module`, with its reflection from core's `reflectModule`. */
export function moduleInfo(module: Module): ModuleInfo {
  const { major, minor } = versionOf(module.header.version);
  const gen = module.header.generator;
  const tool = generatorById(gen >>> 16);
  let instructions = 0;
  for (const it = module.instructions()[Symbol.iterator](); !it.next().done;) instructions++;
  const reflection = reflectModule(module);
  return {
    version: `${major}.${minor}`,
    generator: { id: gen >>> 16, vendor: tool?.vendor ?? null, tool: tool?.tool || null, version: gen & 0xffff },
    bound: module.header.bound,
    capabilities: module.capabilities.map((c) => enumerantByValue('Capability', c.word(0))?.name ?? `Capability(${c.word(0)})`),
    instructions,
    entryPoints: reflection.entryPoints,
    bindings: reflection.bindings,
    pushConstants: reflection.pushConstants ?? null,
    specConstants: reflection.specConstants,
  };
}
