/**
 * Shader binaries in the dev server, where a plugin cannot emit files: kept in memory by content
 * hash and served under `base` + {@link DEV_ASSET_PREFIX}, so `?url` imports and `emit: 'asset'`
 * work in dev as in a build.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The URL prefix (after `base`) at which the dev server serves shader binaries. */
export const DEV_ASSET_PREFIX = '@spvkit/asset/';

/** The binaries one dev server serves. */
export interface DevAssets {
  /** Keeps `bytes` and returns the URL they are served at (the Rollup plugin's `serveAsset` host hook). */
  readonly serve: (name: string, bytes: Uint8Array) => string;
  /** Connect middleware that answers requests for the kept binaries and passes on the rest. */
  readonly middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

/** A store of dev binaries; `base` is read at each use, as Vite resolves it after the plugin is made. */
export function createDevAssets(base: () => string): DevAssets {
  /** URL path (without base) -> bytes. */
  const assets = new Map<string, Uint8Array>();
  return {
    serve(name, bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const path = `${DEV_ASSET_PREFIX}${hash}/${encodeURIComponent(name)}`;
      assets.set(path, bytes);
      return `${base()}${path}`;
    },
    middleware(req, res, next) {
      const prefix = base();
      const url = (req.url ?? '').split('?')[0];
      const path = url.startsWith(prefix) ? url.slice(prefix.length) : url.startsWith('/') ? url.slice(1) : url;
      if (!path.startsWith(DEV_ASSET_PREFIX)) return next();
      const bytes = assets.get(path);
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
    },
  };
}
