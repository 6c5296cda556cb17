import { extname } from 'node:path';

/** `rel` with its extension replaced by `ext` (`a/b.spv` -> `a/b.spvasm`), or `ext` appended when it has none. */
export function withExtension(rel: string, ext: string): string {
  const old = extname(rel);
  return (old === '' ? rel : rel.slice(0, -old.length)) + ext;
}
