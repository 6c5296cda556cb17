import { assemble } from '@spvkit/core';
import { warmUpText } from './warmUpText.js';

/**
 * The shortest text worth a warm-up (bytes, or UTF-16 units): the warm-up costs ~1 ms and saves
 * ~15 ms on an 8 MB text; under 1 MiB it measured no better. More rounds of it measured no better either.
 */
const WARM_UP_FROM = 1 << 20;
let warmedUp = false;

/**
 * Prepares the assembler of this process for a large text, once: assembles {@link warmUpText}
 * (which says why this helps) the first time it is called with a length of at least 1 MiB, and
 * does nothing otherwise. The CLI calls it before it assembles a text of that length; it is the
 * CLI's own (an engine's warm-up is a tool's concern, not a library's), so core's `assemble` and
 * a page that assembles never carry the warm-up text.
 * @param textLength The length of the text about to be assembled (bytes or UTF-16 units).
 * @example
 * ```ts
 * warmUpAssembler(text.length);
 * const module = assemble(text);
 * ```
 */
export function warmUpAssembler(textLength: number): void {
  if (warmedUp || textLength < WARM_UP_FROM) return;
  warmedUp = true;
  assemble(warmUpText);
}
