// Finds, compiles and instantiates glslang's WebAssembly. The glue never loads anything itself
// (the build gives it an `instantiateWasm` hook only): this file fetches the bytes (Node: read from
// the file the URL names; browsers: fetch), so the same code runs in both and a bundler sees the
// wasm through the `new URL(..., import.meta.url)` below.
import type { GlslangModule, GlslangModuleArguments } from '../wasm/glslang.js';
import { GlslangError } from './GlslangError.js';

/** Where the WebAssembly comes from: a URL (or string URL), its bytes, or a compiled module. */
export type WasmSource = URL | string | ArrayBuffer | Uint8Array<ArrayBuffer> | WebAssembly.Module;

/** The default wasm, beside the glue in the package's wasm/ folder. */
export function defaultWasmUrl(): URL {
  return new URL('../wasm/glslang.wasm', import.meta.url);
}

// Compiling the wasm is most of the load time; instances of the same default URL share it.
let defaultModule: Promise<WebAssembly.Module> | undefined;

async function readBytes(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  if (url.protocol === 'file:') {
    // Hidden from bundlers: the browser path never reaches this line (its URLs are http(s) or blob).
    const fsModule = 'node:fs/promises';
    const urlModule = 'node:url';
    const { readFile } = (await import(/* @vite-ignore */ fsModule)) as { readFile: (path: string) => Promise<Uint8Array<ArrayBuffer>> };
    const { fileURLToPath } = (await import(/* @vite-ignore */ urlModule)) as { fileURLToPath: (url: URL) => string };
    return readFile(fileURLToPath(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function compileFrom(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  let bytes: ArrayBuffer | Uint8Array<ArrayBuffer>;
  let from = 'the bytes given';
  if (source instanceof ArrayBuffer || source instanceof Uint8Array) {
    bytes = source;
  } else {
    const url = typeof source === 'string' ? new URL(source, defaultWasmUrl()) : source;
    from = url.href;
    try {
      bytes = await readBytes(url);
    } catch (e) {
      throw new GlslangError('GLSLANG_LOAD_FAILED', `cannot read glslang's WebAssembly from ${from}: ${e instanceof Error ? e.message : String(e)}`, {
        cause: e,
      });
    }
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new GlslangError('GLSLANG_LOAD_FAILED', `glslang's WebAssembly from ${from} does not compile: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}

/** The compiled wasm for `source` (the package's own when undefined), compiled once for the default. */
export function compileWasm(source: WasmSource | undefined): Promise<WebAssembly.Module> {
  if (source !== undefined) return compileFrom(source);
  defaultModule ??= compileFrom(defaultWasmUrl()).catch((e: unknown) => {
    defaultModule = undefined; // let a later call try again
    throw e;
  });
  return defaultModule;
}

/** Hooks the instance calls back into. */
export interface ModuleHooks {
  include: GlslangModuleArguments['spvkitInclude'];
  // A function property, not a method: the glue calls it detached from this object.
  print: (text: string) => void;
}

/** Instantiates the glue over `wasm`. */
export async function instantiate(wasm: WebAssembly.Module, hooks: ModuleHooks): Promise<GlslangModule> {
  const { default: createGlslangModule } = await import('../wasm/glslang.js');
  // The glue waits for receiveInstance forever if instantiation fails; this settles instead.
  let instantiationFailed!: (e: unknown) => void;
  const failure = new Promise<never>((_, reject) => (instantiationFailed = reject));
  try {
    return await Promise.race([
      createGlslangModule({
        instantiateWasm(imports, receiveInstance) {
          WebAssembly.instantiate(wasm, imports).then((instance) => receiveInstance(instance, wasm), instantiationFailed);
          return {};
        },
        print: hooks.print,
        printErr: hooks.print,
        spvkitInclude: hooks.include,
      }),
      failure,
    ]);
  } catch (e) {
    throw new GlslangError('GLSLANG_LOAD_FAILED', `cannot instantiate glslang's WebAssembly: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
