// Lets a test see what the Vite dev server sends to browsers (HMR updates, reloads, overlay errors)
// while still sending it: the dev server was started with `ws: false`, so nothing else observes it.
import type { HotPayload, ViteDevServer } from 'vite';

type HotChannel = ViteDevServer['environments']['client']['hot'];

/** Wraps `hot.send` so that every payload goes to `onPayload` before it is sent. */
export function recordHotPayloads(hot: HotChannel, onPayload: (payload: HotPayload) => void): void {
  const send = hot.send.bind(hot);
  function recordingSend(payload: HotPayload): void;
  function recordingSend(event: string, data?: unknown): void;
  function recordingSend(first: HotPayload | string, data?: unknown): void {
    if (typeof first === 'string') {
      // The custom-event form; Vite sends it as this payload.
      onPayload({ type: 'custom', event: first, data });
      send(first, data);
    } else {
      onPayload(first);
      send(first);
    }
  }
  hot.send = recordingSend;
}
