import type { Diagnostic } from '@spvkit/core';

/**
 * A diagnostic of a module assembled from text, told in the text's terms: located at its
 * instruction's place in the text (`file:line:column`) when it has no place of its own (OpLine
 * and debug info win), and with the ids of its message and hint written as the author named them
 * (`%lii`, not `%2`). Passes print ids as numbers because a module may have no names; the
 * assembler's id names (`onIdNames`) give them back. An id the text named by number (`%12`) stays.
 */
export function inAuthorsTerms(d: Diagnostic, idNames: ReadonlyMap<number, string> | undefined): Diagnostic {
  const span = d.location === undefined ? d.instruction?.span : undefined;
  const location = span !== undefined ? { location: { ...(span.file !== undefined ? { file: span.file } : {}), line: span.line, column: span.column } } : {};
  if (idNames === undefined || idNames.size === 0) return span === undefined ? d : { ...d, ...location };
  return {
    ...d,
    ...location,
    message: withIdNames(d.message, idNames),
    ...(d.hint !== undefined ? { hint: withIdNames(d.hint, idNames) } : {}),
  };
}

/** `%N` in `text`, for each N the author named, as `%name`. */
export function withIdNames(text: string, idNames: ReadonlyMap<number, string>): string {
  return text.replace(/%(\d+)(?![\w.])/g, (whole, n: string) => {
    const name = idNames.get(Number(n));
    return name === undefined ? whole : `%${name}`;
  });
}
