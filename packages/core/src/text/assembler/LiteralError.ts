/**
 * Why a literal token could not be encoded. The number and string parsers return it instead of
 * throwing, so a caller can try another reading of the token first (spirv-as reads the word after
 * `!<integer>` as a number, else a string, else an id).
 */
export class LiteralError {
  constructor(
    readonly message: string,
    readonly hint?: string,
  ) {}
}

/** The ASCII text of `bytes[start, end)` (for messages; tokens that matter here are short). */
export function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
  return s;
}
