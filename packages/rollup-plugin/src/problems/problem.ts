/** A problem the plugin reports with a place in the user's files. */

export interface ProblemLocation {
  /** Absolute path of the file where the problem is. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface Problem {
  readonly message: string;
  readonly location?: ProblemLocation;
  readonly hint?: string;
  /** A stable code, e.g. `INCLUDE_CYCLE`, `GLSL_COMPILE`, a SpirvError code, a Vulkan VUID. */
  readonly code: string;
}

/** Thrown inside the plugin; the hooks turn it into `this.error` with `loc` and `frame`. */
export class ShaderError extends Error {
  override readonly name = 'ShaderError';
  /** The first entry is the one `loc` points at; the rest are listed in the message. */
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(problems[0]?.message ?? 'shader error');
    this.problems = problems;
  }

  static of(code: string, message: string, location?: ProblemLocation, hint?: string): ShaderError {
    return new ShaderError([{ code, message, ...(location ? { location } : {}), ...(hint ? { hint } : {}) }]);
  }
}

/**
 * Draws the code frame of a problem: lines of `text` around 1-based `line`, with a caret under
 * 1-based `column`. Hosts differ in the layout they recognise (Vite's error overlay shows a frame
 * only in Vite's own layout), so a host may bring its own; {@link codeFrame} is Rollup's.
 */
export type CodeFrameLayout = (text: string, line: number, column: number) => string;

/** Rollup's code frame layout: two lines of context, the line with a caret under the column. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const src = (lines[n - 1] ?? '').replace(/\t/g, '  ');
    out.push(`${String(n).padStart(width)}: ${src}`);
    if (n === line) {
      const before = (lines[n - 1] ?? '').slice(0, Math.max(0, column - 1)).replace(/\t/g, '  ');
      out.push(`${' '.repeat(width + 2 + before.length)}^`);
    }
  }
  return out.join('\n');
}
