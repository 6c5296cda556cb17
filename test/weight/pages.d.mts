/** A page of the browser-weight suite. */
export interface Page {
  readonly name: string;
  /** The page's script: imports, then a use of each import on globalThis, so nothing is shaken out. */
  readonly source: string;
  /**
   * Scripts the page loads with import() (written beside it under `file`): the target holds what
   * the page loads up front; these count only in the total.
   */
  readonly lazy?: readonly { readonly file: string; readonly source: string }[];
  /** Issue 13's target for the page's gzip size, in bytes. */
  readonly target: number;
}

/** The pages, for the repository at `root`. */
export declare function PAGE_SOURCES(root: string): readonly Page[];
