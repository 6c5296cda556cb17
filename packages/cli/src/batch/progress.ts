import type { Writable } from 'node:stream';

/** How long a run goes before it shows progress: short runs never flash a line. */
const DELAY_MS = 400;
/** At most this often a redraw. */
const EVERY_MS = 100;

/**
 * The `N/TOTAL files` line of a long run over many inputs, on standard error when it is a
 * terminal; nothing at all otherwise (a pipe or a file gets only the results). Cleared before
 * anything else is written to the terminal, and at the end.
 */
export class Progress {
  readonly #stream: Writable;
  readonly #label: string;
  readonly #total: number;
  readonly #start = Date.now();
  readonly #active: boolean;
  #shown = false;
  #lastDraw = 0;

  constructor(stream: Writable, label: string, total: number) {
    this.#stream = stream;
    this.#label = label;
    this.#total = total;
    this.#active = total > 1 && (stream as { isTTY?: boolean }).isTTY === true;
  }

  /** Called as inputs finish: redraws when the run is long enough and the last draw is old enough. */
  update(done: number): void {
    if (!this.#active) return;
    const now = Date.now();
    if (now - this.#start < DELAY_MS || now - this.#lastDraw < EVERY_MS) return;
    this.#lastDraw = now;
    this.#shown = true;
    this.#stream.write(`\r\x1b[K${this.#label}: ${done}/${this.#total} files`);
  }

  /** Removes the line, before other output and at the end. */
  clear(): void {
    if (!this.#shown) return;
    this.#shown = false;
    this.#stream.write('\r\x1b[K');
  }
}
