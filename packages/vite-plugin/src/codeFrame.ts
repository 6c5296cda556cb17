/**
 * Code frames in Vite's layout. Vite's error overlay shows an error's `frame` only when its lines
 * look like Vite's own (`9  |  code`, then `   |    ^`: the client tests each line against
 * `/^(?:>?\s*\d+\s+\|.*|\s+\|\s*\^.*)\r?\n/m`); a frame in Rollup's layout (`9: code`) is dropped
 * and the overlay shows only the message and the place. The terminal prints whatever `frame` is,
 * so drawing it this way gives the terminal and the overlay the same frame, as for Vite's errors.
 */
import type { CodeFrameLayout } from '@spvkit/rollup-plugin';

/** Lines shown on each side of the problem's line, as Vite shows. */
const CONTEXT = 2;

/**
 * The frame of 1-based `line` and `column` of `text` in Vite's layout: up to two lines each side,
 * the line numbers padded to one width, and a caret under the column. Tabs are drawn as two
 * spaces, so that the caret stands under the character whatever the overlay's tab width.
 */
export const viteCodeFrame: CodeFrameLayout = (text, line, column) => {
  const lines = text.split(/\r\n|\r|\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - CONTEXT);
  const last = Math.min(lines.length, line + CONTEXT);
  // Vite's own: at least three columns, and one more than the widest number.
  const width = Math.max(3, String(last).length + 1);
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const src = lines[n - 1] ?? '';
    out.push(`${String(n).padEnd(width)}|  ${src.replace(/\t/g, '  ')}`);
    if (n === line) {
      const before = src.slice(0, Math.max(0, column - 1)).replace(/\t/g, '  ');
      out.push(`${' '.repeat(width)}|  ${' '.repeat(before.length)}^`);
    }
  }
  return out.join('\n');
};
