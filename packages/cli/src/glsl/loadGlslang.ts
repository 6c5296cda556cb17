import type { Glslang } from '@spvkit/glslang';

/** The module @spvkit/glslang, as the glsl command uses it. */
export type GlslangPackage = typeof import('@spvkit/glslang');

let loading: Promise<{ package: GlslangPackage; glslang: Glslang }> | undefined;

/**
 * @spvkit/glslang and one compiler instance of it, loaded on the first call and shared by every
 * later one in this thread (a run over many shaders loads the wasm once per thread). Only `spvkit
 * glsl` calls this: the other commands never read the 1.9 MB wasm. It is a dependency of the
 * package, not part of the one-script bundle, because the wasm and its glue are files that
 * @spvkit/glslang finds beside itself. A failure is thrown each time (a later call tries again).
 */
export function loadGlslang(): Promise<{ package: GlslangPackage; glslang: Glslang }> {
  loading ??= (async () => {
    const pkg = await import('@spvkit/glslang');
    return { package: pkg, glslang: await pkg.createGlslang() };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
