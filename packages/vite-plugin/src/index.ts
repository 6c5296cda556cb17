/**
 * @spvkit/vite-plugin — the spvkit Rollup plugin for Vite 8, plus what only a dev server has:
 * HMR when a shader or any file it includes changes, compile and validation errors in the error
 * overlay (the server keeps running; fixing the file recovers), and working URLs for shader
 * binaries (`?url`, `emit: 'asset'`) in dev.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * import { defineConfig } from 'vite';
 * import spvkit from '@spvkit/vite-plugin';
 * export default defineConfig({ plugins: [spvkit({ passes: ['lower-local-invocation-index'] })] });
 * ```
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import createRollupPlugin, { type SpvkitApi, type SpvkitOptions } from '@spvkit/rollup-plugin';
import type { EnvironmentModuleNode, Plugin, ResolvedConfig } from 'vite';

export type {
  SpvkitOptions,
  GlslCompiler,
  GlslCompileContext,
  EmitOption,
  WgslOptions,
  WgslPushConstantBinding,
  WgslSourceMap,
  GlslStage,
  SpecializationValue,
  SpecializeOption,
  SpvkitApi,
  FilterPattern,
  SpvkitLog,
  Diagnostic,
  Pass,
  PassContext,
  PassFactory,
  PassResult,
  Severity,
} from '@spvkit/rollup-plugin';

/** The URL prefix (after `base`) at which the dev server serves shader binaries. */
export const DEV_ASSET_PREFIX = '@spvkit/asset/';

/** The Vite plugin; its `api` is the Rollup plugin's. */
export type SpvkitVitePlugin = Plugin<SpvkitApi> & { api: SpvkitApi };

/**
 * Creates the spvkit Vite plugin.
 *
 * @param options - the same options as `@spvkit/rollup-plugin`; `root` defaults to Vite's root.
 */
export default function spvkit(options: SpvkitOptions = {}): SpvkitVitePlugin {
  const inner = createRollupPlugin(options);
  const api = inner.api;
  let config: ResolvedConfig | undefined;
  /** URL path (without base) -> bytes, for binaries served in dev. */
  const devAssets = new Map<string, Uint8Array>();

  const serveAsset = (name: string, bytes: Uint8Array): string => {
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const path = `${DEV_ASSET_PREFIX}${hash}/${encodeURIComponent(name)}`;
    devAssets.set(path, bytes);
    return `${config?.base ?? '/'}${path}`;
  };

  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const base = config?.base ?? '/';
    const url = (req.url ?? '').split('?')[0];
    const path = url.startsWith(base) ? url.slice(base.length) : url.startsWith('/') ? url.slice(1) : url;
    if (!path.startsWith(DEV_ASSET_PREFIX)) return next();
    const bytes = devAssets.get(path);
    if (bytes === undefined) {
      res.statusCode = 404;
      res.end('spvkit: no such shader binary (was its module transformed in this server session?)');
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', String(bytes.length));
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  };

  return {
    // The Rollup plugin's hooks are typed by the part of the plugin context that Rollup,
    // Rolldown and Vite's dev server all provide, so they fit Vite's hooks as they are.
    ...inner,
    name: 'spvkit',
    enforce: 'pre',
    api,

    configResolved(resolved) {
      config = resolved;
      const serve = resolved.command === 'serve';
      // `vite build` is a production build: the release passes run unless `release: false`.
      api.configure({
        root: options.root ?? resolved.root,
        serveAsset: serve ? serveAsset : undefined,
        watchMissingIncludes: !serve,
        production: resolved.command === 'build',
      });
    },

    configureServer(server) {
      server.middlewares.use(middleware);
    },

    // A change to a file that shaders include (or a missing include appearing) updates those
    // shaders' modules and, through them, their importers. Vite knows includes that loaded
    // without error from `addWatchFile`; after a failed load only the include graph knows them.
    // A shader whose every load so far failed was never analyzed, and Vite propagates no update
    // from such a module; the page is reloaded instead, so fixing the error clears the overlay.
    hotUpdate({ file, modules, timestamp }) {
      const shaders = api.dependents(resolve(file));
      const isShader = api.handles(file);
      if (shaders.length === 0 && !isShader) return;
      const graph = this.environment.moduleGraph;
      const affected: EnvironmentModuleNode[] = [...modules];
      for (const shader of shaders) {
        for (const mod of graph.getModulesByFile(shader) ?? []) if (!affected.includes(mod)) affected.push(mod);
      }
      const neverLoaded = affected.some((mod) => mod.isSelfAccepting === undefined && mod.id !== null && api.handles(mod.id));
      if (!neverLoaded) return affected;
      const seen = new Set<EnvironmentModuleNode>();
      for (const mod of affected) graph.invalidateModule(mod, seen, timestamp, true);
      if (this.environment.name === 'client') this.environment.hot.send({ type: 'full-reload', path: '*', triggeredBy: file });
      return [];
    },
  };
}
