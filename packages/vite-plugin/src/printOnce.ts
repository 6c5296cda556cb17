/**
 * A shader's failure printed once in the dev server's terminal, not twice.
 *
 * Why it printed twice: Vite 8's dev server transforms a module's static imports as soon as it
 * has transformed the module (`preTransformRequests`, `DevEnvironment.warmupRequest`), and logs a
 * failure there as "Pre-transform error". The browser then asks for the import, and the error
 * middleware logs the failure of that request as "Internal server error" (and sends it to the
 * error overlay): a failed transform is not cached, so a request after the warm-up loads the
 * shader again and fails again, and a request during it waits on the same load and gets the same
 * error. Vite's logger dedupes nothing (it records the errors it logged, but nothing in Vite 8
 * asks `hasErrorLogged`), so nothing the plugin could put on the error would make Vite print it
 * once. Vite's own errors (a syntax error in an imported module) print twice the same way.
 *
 * So the Vite plugin wraps the logger's `error`: of the two prints of one failure of this plugin,
 * the warm-up's and the request's, only the first is printed. Which comes first varies: when the
 * browser asks while the warm-up is still loading, both wait on the same load and the request's
 * print may come first. The overlay gets the error all the same (the error middleware sends it
 * after logging). A failure met only by requests, as on a page reload, where nothing is warmed
 * up, prints once per request, as before.
 */
import { stripVTControlCharacters } from 'node:util';
import type { Logger, LogErrorOptions } from 'vite';

/** The part of an error that Vite prints: the same failure met twice gives the same key. */
function failureKey(error: NonNullable<LogErrorOptions['error']>): string {
  const { id, loc, frame } = error as { id?: unknown; loc?: unknown; frame?: unknown };
  return JSON.stringify([error.message, id, loc, frame]);
}

/**
 * Makes `logger` print a failure of the plugin named `plugin` once when Vite's warm-up and then
 * the browser's request both meet it.
 *
 * @param logger - the dev server's logger (`config.logger`, which every environment's logger
 *   forwards to); its `error` is replaced, the other methods are left alone.
 */
export function printFailuresOnce(logger: Logger, plugin: string): void {
  const print = logger.error.bind(logger);
  /** For each failure, where it was last printed while its other print has not come yet. */
  const unpaired = new Map<string, Origin>();
  logger.error = (msg, options) => {
    const error = options?.error;
    const origin = printOrigin(msg);
    if (error && origin !== undefined && (error as { plugin?: unknown }).plugin === plugin) {
      const key = failureKey(error);
      const earlier = unpaired.get(key);
      if (earlier !== undefined && earlier !== origin) {
        // The other half of a pair already printed this failure.
        unpaired.delete(key);
        return;
      }
      unpaired.delete(key);
      unpaired.set(key, origin);
      // A failure only ever met by requests (page reloads) stays unpaired; keep the newest few.
      if (unpaired.size > MAX_UNPAIRED) unpaired.delete(unpaired.keys().next().value as string);
    }
    print(msg, options);
  };
}

/** How many unpaired failures are remembered; a pair's halves come within one page load. */
const MAX_UNPAIRED = 100;

/** The two places Vite's dev server prints a failed module from. */
type Origin = 'warm-up' | 'request';

/** Where Vite printed `msg` from, by the headline it gives each (the request's is colored). */
function printOrigin(msg: string): Origin | undefined {
  const headline = stripVTControlCharacters(msg);
  if (headline.startsWith('Pre-transform error:')) return 'warm-up';
  if (headline.startsWith('Internal server error:')) return 'request';
  return undefined;
}
