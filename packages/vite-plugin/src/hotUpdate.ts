/**
 * HMR for shaders: a change to a file that shaders include (or a missing include appearing)
 * updates those shaders' modules and, through them, their importers. Vite knows includes that
 * loaded without error from `addWatchFile`; after a failed load only the include graph knows them.
 * A shader whose every load so far failed was never analyzed, and Vite propagates no update from
 * such a module; the page is reloaded instead, so fixing the error clears the overlay.
 */
import { resolve } from 'node:path';
import type { SpvkitApi } from '@spvkit/rollup-plugin';
import type { EnvironmentModuleNode, Plugin } from 'vite';

/** Vite's `hotUpdate` hook, as a function. */
type HotUpdateHook = Extract<NonNullable<Plugin['hotUpdate']>, (...args: never[]) => unknown>;

/** The `hotUpdate` hook for the plugin whose `api` is given. */
export function shaderHotUpdate(api: SpvkitApi): HotUpdateHook {
  return function ({ file, modules, timestamp }) {
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
  };
}
